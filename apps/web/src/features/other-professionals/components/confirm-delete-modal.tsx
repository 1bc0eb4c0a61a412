import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type ConfirmDeleteModalProps = {
  name: string | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** 'Please Confirm?' before a professional is deleted (its household links go with it). */
export const ConfirmDeleteModal = ({ name, loading, onConfirm, onClose }: ConfirmDeleteModalProps) => (
  <Modal
    opened={name !== null}
    onClose={loading ? () => undefined : onClose}
    title="Please Confirm?"
    centered
  >
    <Stack gap="md">
      <Text size="sm">
        Delete {name}? They are removed from every household they are linked to. This cannot be undone.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={loading}>
          Cancel
        </Button>
        <Button color="red.9" onClick={onConfirm} loading={loading}>
          Delete
        </Button>
      </Group>
    </Stack>
  </Modal>
);
