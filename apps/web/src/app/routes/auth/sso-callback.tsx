import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { getProfile } from '../../../features/profile/api/get-profile.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { clearSession, setSessionUser, startFullSession } from '../../../lib/session.ts';
import { paths } from '../../../lib/paths.ts';

const SSO_FAILED = 'Single sign-on did not complete. Please try again.';

/**
 * `/sso-callback#accessToken=…`: the server's redirect after Office 365. Single sign-on skips TOTP: keep the
 * full token, mark the session as SSO, load the profile and land on it ("Profile page after single sign-on").
 */
export const SsoCallbackScreen = () => {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('accessToken');
    // The token must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!token) {
      notifyError(SSO_FAILED);
      navigate(paths.signIn.href(), { replace: true });
      return;
    }
    startFullSession({ token, sso: true, user: null });
    getProfile()
      .then((user) => {
        setSessionUser(user);
        navigate(paths.profile.href(user.id), { replace: true });
      })
      .catch((error: unknown) => {
        clearSession();
        notifyError(errorMessage(error));
        navigate(paths.signIn.href(), { replace: true });
      });
  }, [navigate]);

  return <PageLoader label="Signing you in..." />;
};
