import { USER_MESSAGES, type UserListItem, addUserFormSchema } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { type z } from 'zod';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUserOptions } from '../api/get-user-options.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { failureMessage } from './failure-message.ts';
import { TeamsMultiSelect } from './teams-multi-select.tsx';
import { FormActions } from '../../../components/form-actions.tsx';

const editUserFormSchema = addUserFormSchema.omit({ email: true });
type EditUserFormValues = z.input<typeof editUserFormSchema>;

type EditUserModalProps = { user: UserListItem | null; onClose: () => void };

/** Change a user's name, role and teams (the email is the sign-in name and stays). */
export const EditUserModal = ({ user, onClose }: EditUserModalProps) => {
  const update = useUpdateUser();
  const options = useUserOptions(user !== null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<EditUserFormValues>({
    resolver: zodResolver(editUserFormSchema),
    values: user
      ? {
          fullName: user.fullName,
          roleId: String(user.role.id),
          teamIds: user.teams.map((team) => String(team.id)),
        }
      : { fullName: '', roleId: '', teamIds: [] },
  });

  const handleValid = (values: EditUserFormValues) => {
    if (!user) return;
    update.mutate(
      {
        id: user.id,
        body: {
          fullName: values.fullName,
          roleId: Number(values.roleId),
          teamIds: values.teamIds.map(Number),
        },
      },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message || USER_MESSAGES.updated);
          onClose();
        },
        onError: (error) => notifyError(failureMessage(error)),
      },
    );
  };

  // The current role stays selectable even if it became inactive.
  const roles = [
    ...(options.data?.roles ?? []).map((r) => ({ value: String(r.id), label: r.role })),
    ...(user && !options.data?.roles.some((r) => r.id === user.role.id)
      ? [{ value: String(user.role.id), label: user.role.role, disabled: true }]
      : []),
  ];

  return (
    <Modal opened={user !== null} onClose={onClose} title="Edit user" centered size="md">
      <form onSubmit={handleSubmit(handleValid)} noValidate aria-label="Edit user">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {user?.email}
          </Text>
          <TextInput label="Full name" required error={errors.fullName?.message} {...register('fullName')} />
          <Controller
            control={control}
            name="roleId"
            render={({ field }) => (
              <Select
                label="Role"
                required
                data={roles}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                allowDeselect={false}
                error={errors.roleId ? USER_MESSAGES.fillRequired : undefined}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <Controller
            control={control}
            name="teamIds"
            render={({ field }) => (
              <TeamsMultiSelect
                teams={options.data?.teams ?? []}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <FormActions
            onCancel={onClose}
            saving={update.isPending}
            saveLabel="Save changes"
            saveDisabled={!isDirty}
          />
        </Stack>
      </form>
    </Modal>
  );
};
