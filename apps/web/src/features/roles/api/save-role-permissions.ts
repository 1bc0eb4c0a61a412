import { type RolePermissionRow, rolePermissionsResultSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { rolePermissionsQueryOptions } from './get-role-permissions.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT /api/roles/:id/permissions: the whole matrix at once. */
export const saveRolePermissions = ({
  roleId,
  permissions,
}: {
  roleId: number;
  permissions: RolePermissionRow[];
}) => api.put(`/roles/${roleId}/permissions`, { permissions }, { schema: rolePermissionsResultSchema });

export const useSaveRolePermissions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRolePermissions,
    onSuccess: ({ result }) => {
      queryClient.setQueryData(rolePermissionsQueryOptions(result.roleId).queryKey, result);
      // The signed-in user's own permissions may have changed with their role.
      return queryClient.invalidateQueries({ queryKey: queryKeys.profile.all });
    },
  });
};
