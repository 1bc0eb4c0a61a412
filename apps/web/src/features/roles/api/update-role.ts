import { type UpdateRoleBody, roleSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** PATCH /api/roles/:id: rename, describe, (de)activate. */
export const updateRole = ({ id, body }: { id: number; body: UpdateRoleBody }) =>
  api.patch(`/roles/${id}`, body, { schema: roleSchema });

export const useUpdateRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    // Users show their role's name (the list, the forms, the signed-in user's own details).
    onSuccess: () =>
      invalidateKeys(queryClient, [queryKeys.roles.all, queryKeys.users.all, queryKeys.profile.all]),
  });
};
