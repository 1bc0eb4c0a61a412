import { Button } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { StatusPanel } from '../../../components/status-panel.tsx';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';
import { AuthHeading } from './auth-heading.tsx';
import { BackToLogin } from './back-to-login.tsx';
import { paths } from '../../../lib/paths.ts';

/** `/reset-password?email=…&token=…`: from a reset email or an invitation ("Set Password"). */
export const ResetPasswordScreen = () => {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const token = searchParams.get('token') ?? '';

  if (!email || !token) {
    return (
      <StatusPanel
        tone="error"
        icon={<IconLinkOff size={28} />}
        title="This link is incomplete"
        actions={
          <Button component={Link} to={paths.forgotPassword.href()} fullWidth size="md">
            Get a new link
          </Button>
        }
      >
        Open the link from your email again, or ask for a new one.
      </StatusPanel>
    );
  }

  return (
    <>
      <AuthHeading title="Set a new password">Choose the password for {email}.</AuthHeading>
      <ResetPasswordForm email={email} token={token} />
      <BackToLogin />
    </>
  );
};
