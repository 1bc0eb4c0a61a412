import { type UpdateUserBody, userListItemSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PATCH /api/users/:id: full name, role, teams. */
export const updateUser = ({ id, body }: { id: string; body: UpdateUserBody }) =>
  api.patch(`/users/${encodeURIComponent(id)}`, body, { schema: userListItemSchema });

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
};
