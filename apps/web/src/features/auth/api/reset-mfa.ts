import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** When users reset their own MFA, the answer carries a new pre-MFA token (their full sessions are revoked). */
const resetMfaResultSchema = z.object({ accessToken: z.string().optional() }).nullable().catch(null);

export type ResetMfaInput = { userId: string; password: string };

/**
 * PUT /api/updateMfa/:userId with the user's password again (a session alone cannot change the second
 * factor): 'MFA has been reset successfully. You will be redirected to Setup MFA'.
 */
export const resetMfa = ({ userId, password }: ResetMfaInput) =>
  api.put(`/updateMfa/${encodeURIComponent(userId)}`, { password }, { schema: resetMfaResultSchema });

export const useResetMfa = () => useMutation({ mutationFn: resetMfa });
