import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession, getAccessToken } from '../../../lib/session.ts';
import { logout } from '../api/logout.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * POST /api/logout (best effort: the session ends here whatever the answer), then `/`. Ending the session also
 * empties the query cache (app/query-client.ts clearOnSignOut) and signs out the other tabs (lib/session.ts).
 */
export const useSignOut = () => {
  const navigate = useNavigate();
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
      if (options.redirect ?? true) navigate(paths.signIn.href(), { replace: true });
    },
    [navigate],
  );
};
