import { api } from '../../../lib/api-client.ts';
import { ssoConfigShape } from '../../../lib/session-shapes.ts';

/** GET /api/sso/config: which single sign-on providers the server has configured. */
export const getSsoConfig = () => api.get('/sso/config', { schema: ssoConfigShape, onUnauthorized: 'error' });
