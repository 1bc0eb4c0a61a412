import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { RequestNotes } from '../../../features/notes/components/prospect-notes.tsx';
import { OpenRequests } from '../../../features/workflows/components/open-requests.tsx';
import { canRead, can } from '../../../lib/permissions.ts';
import { paths } from '../../../lib/paths.ts';
import { useCurrentUser } from '../../../lib/session.ts';

/**
 * `/open-requests` (spec §2, issue 18 §2): the firm's requests by state with their progress; a request opens
 * beside the list with its steps and its notes (the notes feature's, composed here).
 */
export const OpenRequestsScreen = () => {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const canStart = can(user, 'openRequests', 'write');
  const withNotes = user !== null && canRead(user, 'notes');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Open Requests
          </Title>
          <Text c="dimmed" size="sm">
            The firm&apos;s workflows running for households, step by step. Progress counts the required steps
            done.
          </Text>
        </Stack>
        {canStart && (
          <Button
            component={Link}
            to={paths.createRequest.href()}
            leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
          >
            Start request
          </Button>
        )}
      </Group>
      <OpenRequests
        onStart={canStart ? () => void navigate(paths.createRequest.href()) : undefined}
        {...(withNotes
          ? {
              renderNotes: (request) => (
                <RequestNotes requestId={request.id} clientId={request.household.id} name={request.name} />
              ),
            }
          : {})}
      />
    </Stack>
  );
};
