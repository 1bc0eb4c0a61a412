import { Navigate } from 'react-router';
import { MfaSetupPanel } from '../../../features/auth/components/mfa-setup-panel.tsx';
import { clearSession, useSession } from '../../../lib/session.ts';
import { AuthHeading } from './auth-heading.tsx';
import { BackToLogin } from './back-to-login.tsx';
import { paths } from '../../../lib/paths.ts';

/** `/mfa/setup`: link an authenticator app (QR code or typed key), then confirm with its first code. */
export const MfaSetupScreen = () => {
  const session = useSession();
  if (!session?.email) return <Navigate to={paths.signIn.href()} replace />;
  return (
    <>
      <AuthHeading title="Set up two-step verification">
        Centric asks for a code from an authenticator app each time you sign in.
      </AuthHeading>
      <MfaSetupPanel email={session.email} />
      <BackToLogin onClick={clearSession} label="Use a different account" />
    </>
  );
};
