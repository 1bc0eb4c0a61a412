import { setupMfaResultSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/setupMfa with the pre-MFA token: a new secret and its QR code. */
export const setupMfa = (email: string) => api.post('/setupMfa', { email }, { schema: setupMfaResultSchema });

export const setupMfaQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.auth.setupMfa(email),
    queryFn: () => setupMfa(email),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useSetupMfa = (email: string) => useQuery(setupMfaQueryOptions(email));
