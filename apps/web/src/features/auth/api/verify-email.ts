import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/verifyEmail with the token from the link in the email. */
export const verifyEmail = (token: string) =>
  api.post('/verifyEmail', { token }, { onUnauthorized: 'error' });

export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.auth.verifyEmail(token),
    queryFn: () => verifyEmail(token),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useVerifyEmail = (token: string, enabled: boolean) =>
  useQuery({ ...verifyEmailQueryOptions(token), enabled });
