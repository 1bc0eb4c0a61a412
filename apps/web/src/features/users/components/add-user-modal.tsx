import { type AddUserFormValues, USER_MESSAGES, addUserFormSchema } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Modal, Select, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type FieldError, type FieldErrors, useForm } from 'react-hook-form';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAddUser } from '../api/add-user.ts';
import { useUserOptions } from '../api/get-user-options.ts';
import { failureMessage } from './failure-message.ts';
import { TeamsMultiSelect } from './teams-multi-select.tsx';
import { FormActions } from '../../../components/form-actions.tsx';

type AddUserModalProps = { opened: boolean; onClose: () => void };

const EMPTY: AddUserFormValues = { fullName: '', email: '', roleId: '', teamIds: [] };

/** A missing field is marked red; the one text 'Please fill all required field' says why (spec §8). */
export const fieldError = (error: FieldError | undefined) =>
  error ? (error.message === USER_MESSAGES.fillRequired ? true : error.message) : undefined;

/** Add user: name, email, role, teams. The user is created ACTIVE and receives the invitation mail. */
export const AddUserModal = ({ opened, onClose }: AddUserModalProps) => {
  const add = useAddUser();
  const options = useUserOptions(opened);
  const [incomplete, setIncomplete] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AddUserFormValues>({ resolver: zodResolver(addUserFormSchema), defaultValues: EMPTY });

  const handleClose = () => {
    reset(EMPTY);
    setIncomplete(false);
    add.reset();
    onClose();
  };

  const handleValid = (values: AddUserFormValues) => {
    setIncomplete(false);
    add.mutate(
      {
        fullName: values.fullName,
        email: values.email,
        roleId: Number(values.roleId),
        teamIds: values.teamIds.map(Number),
      },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message || USER_MESSAGES.added);
          handleClose();
        },
        onError: (error) => notifyError(failureMessage(error)),
      },
    );
  };

  const handleInvalid = (invalid: FieldErrors<AddUserFormValues>) =>
    setIncomplete(
      [invalid.fullName, invalid.email, invalid.roleId].some(
        (e) => e?.message === USER_MESSAGES.fillRequired,
      ),
    );

  const roles = (options.data?.roles ?? []).map((r) => ({ value: String(r.id), label: r.role }));

  return (
    <Modal opened={opened} onClose={handleClose} title="Add user" centered size="md">
      <form onSubmit={handleSubmit(handleValid, handleInvalid)} noValidate aria-label="Add user">
        <Stack gap="md">
          {incomplete && (
            <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} role="alert">
              {USER_MESSAGES.fillRequired}
            </Alert>
          )}
          <TextInput
            label="Full name"
            required
            data-autofocus
            autoComplete="off"
            error={fieldError(errors.fullName)}
            {...register('fullName')}
          />
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="off"
            error={fieldError(errors.email)}
            {...register('email')}
          />
          <Controller
            control={control}
            name="roleId"
            render={({ field }) => (
              <Select
                label="Role"
                required
                placeholder={options.isLoading ? 'Loading...' : 'Select a role'}
                data={roles}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={fieldError(errors.roleId)}
                nothingFoundMessage="No data available"
                allowDeselect={false}
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
          <FormActions onCancel={handleClose} saving={add.isPending} saveLabel="Add user" />
        </Stack>
      </form>
    </Modal>
  );
};
