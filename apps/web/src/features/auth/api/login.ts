import { type LoginBody, loginResultSchema } from '@centric/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/login: a pre-MFA token. A 401 here is 'Invalid Credentials.', not a lost session. */
export const login = (body: LoginBody) =>
  api.post('/login', body, { schema: loginResultSchema, onUnauthorized: 'error' });
