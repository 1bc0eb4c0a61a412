import { AUTH_MESSAGES } from '@centric/contracts';
import { Button, Center, EmptyState, Group } from '@mantine/core';
import { IconArrowLeft, IconMoodSad, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';

const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);

/** Spec §2: an error inside a page shows 'Oops! Something went wrong.' with a Back button. */
export const RouteError = () => {
  const error = useRouteError();
  const navigate = useNavigate();

  useEffect(() => {
    console.error(error);
  }, [error]);

  const stale = isChunkLoadError(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : stale
      ? 'A new version of Centric may have been released. Reload the page to continue.'
      : 'The problem has been logged. Go back and try again.';

  return (
    <Center mih="60vh" p="xl">
      <EmptyState
        role="alert"
        variant="light"
        color="red"
        icon={<IconMoodSad size={30} aria-hidden="true" />}
      >
        <EmptyState.Title order={1}>{AUTH_MESSAGES.pageError}</EmptyState.Title>
        <EmptyState.Description>{detail}</EmptyState.Description>
        <EmptyState.Actions>
          <Group justify="center">
            <Button leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
              Back
            </Button>
            {stale && (
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                onClick={() => window.location.reload()}
              >
                Reload
              </Button>
            )}
          </Group>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
};
