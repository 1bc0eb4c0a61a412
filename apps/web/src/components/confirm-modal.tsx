import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert.tsx';

export type ConfirmModalProps = {
  opened: boolean;
  /** What happens, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  /** A step that takes something away (delete, deactivate, pull out): the button is red. */
  danger?: boolean;
  loading?: boolean;
  /** Why the server refused: shown in place of the confirm button. */
  error?: string | null | undefined;
  onConfirm: () => void;
  onClose: () => void;
};

/** 'Please Confirm?' before a step (spec §8): what it does, Cancel or the step. */
export const ConfirmModal = ({
  opened,
  children,
  confirmLabel,
  danger = false,
  loading = false,
  error,
  onConfirm,
  onClose,
}: ConfirmModalProps) => (
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
          <Button {...(danger ? { color: 'red.9' } : {})} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        )}
      </Group>
    </Stack>
  </Modal>
);
