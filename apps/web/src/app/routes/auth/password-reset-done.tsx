import { AUTH_MESSAGES } from '@centric/contracts';
import { Button } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusPanel } from '../../../components/status-panel.tsx';
import { paths } from '../../../lib/paths.ts';

/** `/password-reset-done`: Login Now. */
export const PasswordResetDoneScreen = () => (
  <StatusPanel
    icon={<IconCircleCheck size={30} />}
    title={AUTH_MESSAGES.passwordReset}
    actions={
      <Button component={Link} to={paths.signIn.href()} fullWidth size="md">
        Login Now
      </Button>
    }
  >
    Your password has been set. Sign in with your email and new password.
  </StatusPanel>
);
