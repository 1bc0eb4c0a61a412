import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type ConfirmDeleteModalProps = {
  opened: boolean;
  children: ReactNode;
  confirmLabel?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** 'Please Confirm?' before anything on the household is deleted (spec §8). */
export const ConfirmDeleteModal = ({
  opened,
  children,
  confirmLabel = 'Delete',
  loading = false,
  onConfirm,
  onClose,
}: ConfirmDeleteModalProps) => (
  <Modal opened={opened} onClose={loading ? () => undefined : onClose} title="Please Confirm?" centered>
    <Stack gap="md">
      <Text size="sm" component="div">
        {children}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={loading}>
          Cancel
        </Button>
        <Button color="red.9" onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  </Modal>
);
