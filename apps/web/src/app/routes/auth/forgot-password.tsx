import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';
import { AuthHeading } from './auth-heading.tsx';
import { BackToLogin } from './back-to-login.tsx';

/** `/forgot-password`: company email, Get Reset Link, Back to Login. */
export const ForgotPasswordScreen = () => (
  <>
    <AuthHeading title="Forgot password?">
      Enter your company email and we will send you a link to reset your password.
    </AuthHeading>
    <ForgotPasswordForm />
    <BackToLogin />
  </>
);
