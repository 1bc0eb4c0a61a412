import {
  ROLE_DESCRIPTION_MAX,
  ROLE_MESSAGES,
  ROLE_NAME_MAX,
  type Role,
  type RoleFormValues,
  roleFormSchema,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateRole } from '../api/create-role.ts';
import { useUpdateRole } from '../api/update-role.ts';

type RoleFormModalProps = {
  /** null: closed; 'new': create; a role: rename it. */
  target: Role | 'new' | null;
  onClose: () => void;
  onCreated?: (role: Role) => void;
};

const EMPTY: RoleFormValues = { role_name: '', description: '' };

/** Create a role (role_name max 60, description max 300) or rename and describe one. */
export const RoleFormModal = ({ target, onClose, onCreated }: RoleFormModalProps) => {
  const create = useCreateRole();
  const update = useUpdateRole();
  const editing = target !== null && target !== 'new' ? target : null;
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm<RoleFormValues>({
    resolver: zodResolver(roleFormSchema),
    mode: 'onChange',
    values: editing ? { role_name: editing.displayName, description: editing.description } : EMPTY,
  });

  const handleClose = () => {
    reset(EMPTY);
    onClose();
  };

  const handleValid = (values: RoleFormValues) => {
    const done = {
      onError: (error: unknown) => notifyError(errorMessage(error)),
    };
    if (editing) {
      update.mutate(
        { id: editing.id, body: values },
        {
          ...done,
          onSuccess: ({ message }) => {
            notifySuccess(message || ROLE_MESSAGES.updated);
            handleClose();
          },
        },
      );
    } else {
      create.mutate(values, {
        ...done,
        onSuccess: ({ message, result }) => {
          notifySuccess(message || ROLE_MESSAGES.created);
          onCreated?.(result);
          handleClose();
        },
      });
    }
  };

  const description = watch('description') ?? '';

  return (
    <Modal opened={target !== null} onClose={handleClose} title={editing ? 'Edit role' : 'New role'} centered>
      <form onSubmit={handleSubmit(handleValid)} noValidate aria-label={editing ? 'Edit role' : 'New role'}>
        <Stack gap="md">
          <TextInput
            label="Role name"
            required
            data-autofocus
            maxLength={ROLE_NAME_MAX + 10}
            error={errors.role_name?.message}
            {...register('role_name')}
          />
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxRows={6}
            description={`${description.length}/${ROLE_DESCRIPTION_MAX}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errors.description?.message}
            {...register('description')}
          />
          {!editing && (
            <Text size="xs" c="dimmed">
              A new role starts with nothing allowed: grant its permissions next.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" type="button" onClick={handleClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={create.isPending || update.isPending}
              disabled={editing !== null && !isDirty}
            >
              {editing ? 'Save' : 'Create role'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
