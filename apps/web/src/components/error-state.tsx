import { Button, EmptyState, Group } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type ErrorStateProps = {
  title?: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  actions?: ReactNode;
};

/** What a screen shows when its data could not be loaded: the reason and a way forward. */
export const ErrorState = ({
  title = 'Something went wrong',
  message,
  onRetry,
  retrying,
  actions,
}: ErrorStateProps) => (
  <EmptyState
    role="alert"
    py="xl"
    variant="light"
    color="red"
    icon={<IconAlertTriangle size={28} aria-hidden="true" />}
    title={title}
    description={message}
  >
    {(onRetry || actions) && (
      <EmptyState.Actions>
        <Group justify="center">
          {onRetry && (
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} />}
              onClick={onRetry}
              loading={retrying ?? false}
            >
              Try again
            </Button>
          )}
          {actions}
        </Group>
      </EmptyState.Actions>
    )}
  </EmptyState>
);
