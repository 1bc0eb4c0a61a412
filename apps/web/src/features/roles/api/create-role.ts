import { type CreateRoleBody, roleSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/roles {role_name, description}: the new role starts with nothing allowed. */
export const createRole = (body: CreateRoleBody) => api.post('/roles', body, { schema: roleSchema });

export const useCreateRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    // The users' forms offer the new role.
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.roles.all, queryKeys.users.options()]),
  });
};
