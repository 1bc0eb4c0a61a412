import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type ChangePasswordInput = { oldPassword: string; newPassword: string };

/** The server may hand back a fresh token when it revokes the other sessions; it is optional. */
const changePasswordResultSchema = z.object({ accessToken: z.string().optional() }).nullable().catch(null);

/** POST /api/changePassword: 'Password updated successfully'. */
export const changePassword = (body: ChangePasswordInput) =>
  api.post('/changePassword', body, { schema: changePasswordResultSchema });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
