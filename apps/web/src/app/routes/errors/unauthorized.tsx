import { AUTH_MESSAGES } from '@centric/contracts';
import { Button, Center, EmptyState, Group } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/session.ts';
import { paths } from '../../../lib/paths.ts';

/** `/unauthorized`: shown when a route's feature is not readable for the user. */
export const UnauthorizedScreen = () => {
  const navigate = useNavigate();
  const user = useCurrentUser();
  return (
    <Center mih="60vh">
      <EmptyState variant="light" color="navy" icon={<IconLock size={30} aria-hidden="true" />}>
        <EmptyState.Title order={1}>{AUTH_MESSAGES.unauthorized}</EmptyState.Title>
        <EmptyState.Description>{AUTH_MESSAGES.noPermission}</EmptyState.Description>
        <EmptyState.Actions>
          <Group justify="center">
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
              Back
            </Button>
            {user && (
              <Button component={Link} to={paths.profile.href(user.id, 'personal')}>
                My Profile
              </Button>
            )}
          </Group>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
};
