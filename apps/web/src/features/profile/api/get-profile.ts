import { userDetailsSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Spec §9: the profile is refreshed every 20 s (alert and open-request counts, permissions). */
export const PROFILE_REFRESH_MS = 20_000;

/** GET /api/waprofile: the signed-in user's details. A 401 ('Unauthorized') signs out (api-client). */
export const getProfile = async () => (await api.get('/waprofile', { schema: userDetailsSchema })).result;

export const profileQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.profile.me(), queryFn: getProfile, staleTime: 10_000 });

export const useProfile = (options: { refresh?: boolean; enabled?: boolean } = {}) =>
  useQuery({
    ...profileQueryOptions(),
    enabled: options.enabled ?? true,
    refetchInterval: options.refresh ? PROFILE_REFRESH_MS : false,
  });
