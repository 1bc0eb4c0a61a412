import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/forgotPassword: mails a reset link; 404 'Email does not exist'. */
export const forgotPassword = (email: string) =>
  api.post('/forgotPassword', { email }, { onUnauthorized: 'error' });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
