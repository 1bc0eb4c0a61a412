import { AUTH_MESSAGES } from '@centric/contracts';
import { Button } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { StatusPanel } from '../../../components/status-panel.tsx';
import { paths } from '../../../lib/paths.ts';

const stateSchema = z.object({ email: z.string(), message: z.string() });

/** `/reset-link-sent`: the confirmation after Get Reset Link, with the server's sentence. */
export const ResetLinkSentScreen = () => {
  const location = useLocation();
  const state = stateSchema.safeParse(location.state);
  const message = state.success
    ? state.data.message || `${AUTH_MESSAGES.resetLinkSent} ${state.data.email}`
    : `${AUTH_MESSAGES.resetLinkSent} your email address.`;
  return (
    <StatusPanel
      icon={<IconMailForward size={28} />}
      title="Check your email"
      actions={
        <>
          <Button component={Link} to={paths.signIn.href()} fullWidth size="md">
            Back to Login
          </Button>
          <Button component={Link} to={paths.forgotPassword.href()} variant="subtle" fullWidth>
            Send another link
          </Button>
        </>
      }
    >
      {message}. The link lets you choose a new password.
    </StatusPanel>
  );
};
