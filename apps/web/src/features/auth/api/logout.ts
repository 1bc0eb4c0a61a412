import { api } from '../../../lib/api-client.ts';

/** POST /api/logout: revokes the token. */
export const logout = () => api.post('/logout', undefined, { onUnauthorized: 'error' });
