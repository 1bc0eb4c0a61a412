import { rolePermissionsResultSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/roles/:id/permissions: the complete matrix. */
export const getRolePermissions = async (roleId: number) =>
  (await api.get(`/roles/${roleId}/permissions`, { schema: rolePermissionsResultSchema })).result;

export const rolePermissionsQueryOptions = (roleId: number) =>
  queryOptions({
    queryKey: queryKeys.roles.permissions(roleId),
    queryFn: () => getRolePermissions(roleId),
  });

export const useRolePermissions = (roleId: number | null) =>
  useQuery({ ...rolePermissionsQueryOptions(roleId ?? 0), enabled: roleId !== null });
