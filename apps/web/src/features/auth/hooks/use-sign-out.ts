import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession, getAccessToken } from '../../../lib/session.ts';
import { logout } from '../api/logout.ts';
import { paths } from '../../../lib/paths.ts';

/** POST /api/logout (best effort: the session ends here whatever the answer), forget everything, go to `/`. */
export const useSignOut = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (options: { redirect?: boolean } = {}) => {
      if (getAccessToken()) {
        try {
          await logout();
        } catch {
          // The token may already be revoked or expired; signing out locally is what matters.
        }
      }
      clearSession();
      queryClient.clear();
      if (options.redirect ?? true) navigate(paths.signIn.href(), { replace: true });
    },
    [navigate, queryClient],
  );
};
