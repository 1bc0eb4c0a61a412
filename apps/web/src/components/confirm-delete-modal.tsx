import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert.tsx';

type ConfirmDeleteModalProps = {
  opened: boolean;
  children: ReactNode;
  confirmLabel?: string;
  loading?: boolean;
  /** Why it could not be deleted (a 409 saying where it is used): shown in place of the Delete button. */
  error?: string | null | undefined;
  onConfirm: () => void;
  onClose: () => void;
};

/** 'Please Confirm?' before anything is deleted (spec §8): what goes and what goes with it, Cancel or Delete. */
export const ConfirmDeleteModal = ({
  opened,
  children,
  confirmLabel = 'Delete',
  loading = false,
  error,
  onConfirm,
  onClose,
}: ConfirmDeleteModalProps) => (
  <Modal opened={opened} onClose={loading ? () => undefined : onClose} title="Please Confirm?" centered>
    <Stack gap="md">
      <Text size="sm" component="div">
        {children}
      </Text>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={loading}>
          {error ? 'Close' : 'Cancel'}
        </Button>
        {!error && (
          <Button color="red.9" onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        )}
      </Group>
    </Stack>
  </Modal>
);
