import { type AddUserBody, userListItemSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/users: 'New user added.'; the invitation mail goes out at once. */
export const addUser = (body: AddUserBody) => api.post('/users', body, { schema: userListItemSchema });

export const useAddUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    // The new user shows in the users list, in the teams given, and in the user pickers.
    onSuccess: () =>
      invalidateKeys(queryClient, [queryKeys.users.all, queryKeys.teams.all, queryKeys.lookups.users()]),
  });
};
