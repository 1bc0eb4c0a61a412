import { ssoConfigSchema } from '@centric/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/sso/config: which single sign-on providers the server has configured. */
export const getSsoConfig = () =>
  api.get('/sso/config', { schema: ssoConfigSchema, onUnauthorized: 'error' });
