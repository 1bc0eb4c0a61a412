import { TEAM_MESSAGES, type Team, type TeamFormValues, teamFormSchema } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Modal, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateTeam } from '../api/create-team.ts';
import { useUpdateTeam } from '../api/update-team.ts';
import { UsersPicker } from '../../../components/users-picker.tsx';
import { FormActions } from '../../../components/form-actions.tsx';

type TeamFormModalProps = {
  /** null: closed; 'new': create; a team: edit it. */
  target: Team | 'new' | null;
  onClose: () => void;
};

const EMPTY: TeamFormValues = { name: '', location: '', emailAlias: '', memberIds: [] };

/** Team (spec §3, §5): name max 30, location max 30, email alias max 255 and valid; and its members. */
export const TeamFormModal = ({ target, onClose }: TeamFormModalProps) => {
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const editing = target !== null && target !== 'new' ? target : null;
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TeamFormValues>({
    resolver: zodResolver(teamFormSchema),
    values: editing
      ? {
          name: editing.name,
          location: editing.location,
          emailAlias: editing.emailAlias,
          memberIds: editing.members.map((m) => m.id),
        }
      : EMPTY,
  });

  const handleClose = () => {
    reset(EMPTY);
    onClose();
  };

  const handleValid = (values: TeamFormValues) => {
    const callbacks = {
      onSuccess: ({ message }: { message: string }) => {
        notifySuccess(message || (editing ? TEAM_MESSAGES.updated : TEAM_MESSAGES.created));
        handleClose();
      },
      onError: (error: unknown) => notifyError(errorMessage(error)),
    };
    if (editing) update.mutate({ id: editing.id, body: values }, callbacks);
    else create.mutate(values, callbacks);
  };

  return (
    <Modal
      opened={target !== null}
      onClose={handleClose}
      title={editing ? 'Edit team' : 'New team'}
      centered
      size="lg"
    >
      <form onSubmit={handleSubmit(handleValid)} noValidate aria-label={editing ? 'Edit team' : 'New team'}>
        <Stack gap="md">
          <TextInput
            label="Team name"
            required
            data-autofocus
            error={errors.name?.message}
            {...register('name')}
          />
          <Group grow align="flex-start">
            <TextInput label="Location" error={errors.location?.message} {...register('location')} />
            <TextInput
              label="Email alias"
              type="email"
              placeholder="team@firm.com"
              error={errors.emailAlias?.message}
              {...register('emailAlias')}
            />
          </Group>
          <Controller
            control={control}
            name="memberIds"
            render={({ field }) => (
              <UsersPicker
                label="Members"
                key={editing?.id ?? 'new'}
                value={field.value}
                onChange={field.onChange}
                initialMembers={editing?.members ?? []}
              />
            )}
          />
          <FormActions
            onCancel={handleClose}
            saving={create.isPending || update.isPending}
            saveLabel={editing ? 'Save' : 'Create team'}
          />
        </Stack>
      </form>
    </Modal>
  );
};
