import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type ConfirmActionModalProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** 'Please Confirm?' style dialog for one row action (deactivate, reactivate, reset MFA). */
export const ConfirmActionModal = ({
  opened,
  title,
  children,
  confirmLabel,
  danger = false,
  loading = false,
  onConfirm,
  onClose,
}: ConfirmActionModalProps) => (
  <Modal opened={opened} onClose={loading ? () => undefined : onClose} title={title} centered>
    <Stack gap="md">
      <Text size="sm" component="div">
        {children}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={loading}>
          Cancel
        </Button>
        <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  </Modal>
);
