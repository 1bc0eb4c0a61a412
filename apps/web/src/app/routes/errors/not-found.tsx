import { Button, Center, EmptyState } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** Unknown routes inside the signed-in app. */
export const NotFoundScreen = () => (
  <Center mih="60vh">
    <EmptyState variant="light" icon={<IconCompass size={30} aria-hidden="true" />}>
      <EmptyState.Title order={1}>Page not found</EmptyState.Title>
      <EmptyState.Description>
        The page you are looking for does not exist or has moved.
      </EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to={paths.dashboard.href()}>
          Go to Dashboard
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  </Center>
);
