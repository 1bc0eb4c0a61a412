import { ssoConfigSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Full-page navigation target that starts the Office 365 sign-in (the server redirects to the provider). */
export const OFFICE365_SIGN_IN_PATH = '/api/sso/office365';

/** GET /api/sso/config: which single sign-on providers the server has configured. */
export const getSsoConfig = () =>
  api.get('/sso/config', { schema: ssoConfigSchema, onUnauthorized: 'error' });

export const ssoConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.ssoConfig(),
    queryFn: async () => (await getSsoConfig()).result,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

export const useSsoConfig = () => useQuery(ssoConfigQueryOptions());
