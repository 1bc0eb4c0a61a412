import { type AddUserBody, userListItemSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/users: 'New user added.'; the invitation mail goes out at once. */
export const addUser = (body: AddUserBody) => api.post('/users', body, { schema: userListItemSchema });

export const useAddUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
};
