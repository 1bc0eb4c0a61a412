import { Button } from '@mantine/core';
import { IconMailCheck, IconMailOff } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { StatusPanel } from '../../../components/status-panel.tsx';
import { useVerifyEmail } from '../../../features/auth/api/verify-email.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';

const LoginNow = () => (
  <Button component={Link} to={paths.signIn.href()} fullWidth size="md">
    Login Now
  </Button>
);

/** `/verify-email?token=…`: Email verified + Login Now, or the server's reason. */
export const VerifyEmailScreen = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verification = useVerifyEmail(token, token !== '');

  const failure = !token
    ? 'This verification link is incomplete. Open the link from your email again.'
    : verification.isError
      ? errorMessage(verification.error)
      : null;
  if (failure) {
    return (
      <StatusPanel
        tone="error"
        icon={<IconMailOff size={28} />}
        title="Email not verified"
        actions={<LoginNow />}
      >
        {failure}
      </StatusPanel>
    );
  }
  if (verification.isPending) return <PageLoader label="Verifying your email..." />;
  return (
    <StatusPanel icon={<IconMailCheck size={28} />} title="Email verified" actions={<LoginNow />}>
      {verification.data?.message || 'Your email address is confirmed.'}
    </StatusPanel>
  );
};
