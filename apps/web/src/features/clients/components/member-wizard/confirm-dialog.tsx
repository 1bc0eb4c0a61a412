import { Button, Group, Modal, Text } from '@mantine/core';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  cancelLabel?: string;
};

/** A small confirmation on top of the wizard (discard unsaved changes, delete the member). */
export const ConfirmDialog = ({
  opened,
  title,
  message,
  confirmLabel,
  danger = false,
  loading = false,
  onConfirm,
  onCancel,
  cancelLabel = 'Cancel',
}: ConfirmDialogProps) => (
  <Modal opened={opened} onClose={onCancel} title={title} size="sm" centered zIndex={400}>
    <Text size="sm">{message}</Text>
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={onCancel} data-autofocus>
        {cancelLabel}
      </Button>
      <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
        {confirmLabel}
      </Button>
    </Group>
  </Modal>
);
