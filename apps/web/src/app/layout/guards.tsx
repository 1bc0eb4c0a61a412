import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import { useSession } from '../../lib/session.ts';
import { paths } from '../../lib/paths.ts';

/** /mfa and /mfa/setup need the pre-MFA token from sign-in; a full session has nothing to do there. */
export const RequireMfaStage = () => {
  const session = useSession();
  if (!session) return <Navigate to={paths.signIn.href()} replace />;
  if (session.stage === 'full') return <Navigate to={paths.dashboard.href()} replace />;
  return <Outlet />;
};

/**
 * `/` is the sign-in screen for signed-out users. Spec §2: a signed-in user landing here goes to /mfa (a full
 * session continues from there to the dashboard), or is signed out if the sign-in came through SSO.
 */
export const SignInGate = () => {
  const session = useSession();
  const signOut = useSignOut();
  const ssoSession = session?.stage === 'full' && session.sso;

  useEffect(() => {
    if (ssoSession) void signOut({ redirect: false });
  }, [ssoSession, signOut]);

  if (!session || ssoSession) return <Outlet />;
  return <Navigate to={paths.mfa.href()} replace />;
};
