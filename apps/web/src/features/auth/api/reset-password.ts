import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type ResetPasswordInput = { email: string; token: string; password: string };

/** POST /api/resetPassword: 'Password reset!' or 'token or email mismatched'. Also sets an invited user's password. */
export const resetPassword = (body: ResetPasswordInput) =>
  api.post('/resetPassword', body, { onUnauthorized: 'error' });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
