import { Navigate } from 'react-router';
import { MfaCodeForm } from '../../../features/auth/components/mfa-code-form.tsx';
import { clearSession, useSession } from '../../../lib/session.ts';
import { AuthHeading } from './auth-heading.tsx';
import { BackToLogin } from './back-to-login.tsx';
import { paths } from '../../../lib/paths.ts';

/** `/mfa`: the code from the authenticator app. A user without one yet is sent to the setup. */
export const MfaScreen = () => {
  const session = useSession();
  if (session && !session.mfaEnrolled) return <Navigate to={paths.mfaSetup.href()} replace />;
  return (
    <>
      <AuthHeading title="Two-step verification">
        Enter the 6-digit code from your authenticator app{session?.email ? ` for ${session.email}` : ''}.
      </AuthHeading>
      <MfaCodeForm />
      <BackToLogin onClick={clearSession} label="Use a different account" />
    </>
  );
};
