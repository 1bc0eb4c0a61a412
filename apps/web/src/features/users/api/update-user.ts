import { type UpdateUserBody, userListItemSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/session.ts';
import { invalidateKeys, queryKeys, userViewKeys } from '../../../lib/query-keys.ts';

/** PATCH /api/users/:id: full name, role, teams. */
export const updateUser = ({ id, body }: { id: string; body: UpdateUserBody }) =>
  api.patch(`/users/${encodeURIComponent(id)}`, body, { schema: userListItemSchema });

/** The user's name, role and teams show wherever users do; the signed-in user's own, in their details too. */
export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (_answer, { id }) =>
      invalidateKeys(queryClient, [
        ...userViewKeys(),
        ...(getSession()?.user?.id === id ? [queryKeys.profile.all] : []),
      ]),
  });
};
