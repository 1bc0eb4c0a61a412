import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT /api/updateMfa/:userId for another user (administrators): their authenticator and sessions go. */
export const resetUserMfa = (userId: string) => api.put(`/updateMfa/${encodeURIComponent(userId)}`);

export const useResetUserMfa = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserMfa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
};
