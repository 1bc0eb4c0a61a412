import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** When users reset their own MFA, the answer carries a new pre-MFA token (their full sessions are revoked). */
const resetMfaResultSchema = z.object({ accessToken: z.string().optional() }).nullable().catch(null);

/** PUT /api/updateMfa/:userId: 'MFA has been reset successfully. You will be redirected to Setup MFA'. */
export const resetMfa = (userId: string) =>
  api.put(`/updateMfa/${encodeURIComponent(userId)}`, undefined, { schema: resetMfaResultSchema });

export const useResetMfa = () => useMutation({ mutationFn: resetMfa });
