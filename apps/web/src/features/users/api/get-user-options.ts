import { userOptionsSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/users/options: the roles a user can be given and the teams, for the user forms. */
export const getUserOptions = async () =>
  (await api.get('/users/options', { schema: userOptionsSchema })).result;

export const userOptionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.users.options(), queryFn: getUserOptions, staleTime: 60_000 });

export const useUserOptions = (enabled = true) => useQuery({ ...userOptionsQueryOptions(), enabled });
