import { userListItemSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/users/:id/invitation: a new 7-day link; older links stop working. */
export const resendInvitation = (id: string) =>
  api.post(`/users/${encodeURIComponent(id)}/invitation`, undefined, { schema: userListItemSchema });

export const useResendInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
};
