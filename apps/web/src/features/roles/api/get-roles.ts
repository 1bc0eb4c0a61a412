import { roleSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/roles: every role with its user count. */
export const getRoles = async () => (await api.get('/roles', { schema: z.array(roleSchema) })).result;

export const rolesQueryOptions = () => queryOptions({ queryKey: queryKeys.roles.list(), queryFn: getRoles });

export const useRoles = () => useQuery(rolesQueryOptions());
