import { verifyMfaResultSchema } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/verifyMfa: the user's details and the full access token (the pre-MFA token is then dead). */
export const verifyMfa = (code: string) =>
  api.post('/verifyMfa', { code }, { schema: verifyMfaResultSchema });

export const useVerifyMfa = () => useMutation({ mutationFn: verifyMfa });
