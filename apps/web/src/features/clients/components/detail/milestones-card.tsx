import {
  CLIENT_API_MESSAGES,
  type ClientDetail,
  MILESTONE_DESCRIPTION_MAX,
  type Milestone,
  type MilestoneInput,
  type MilestoneItem,
  milestoneSchema,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconFlag, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { formatDate } from '../../../../lib/format.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useAddMilestone, useDeleteMilestone, useUpdateMilestone } from '../../api/milestones.ts';
import { ConfirmDeleteModal } from '../../../../components/confirm-delete-modal.tsx';
import { useConfirmedDelete } from './use-confirmed-delete.ts';
import { CalendarDateField as DateField } from '../date-field.tsx';
import { showSaveError } from './form-errors.ts';
import { memberOptions } from './member-options.ts';
import { SectionCard, SectionEmpty } from './section-card.tsx';

type Detail = Pick<ClientDetail, 'members' | 'milestones'>;
const FIELDS = ['memberId', 'fullName', 'description', 'dob'] as const;

type MilestoneModalProps = {
  clientId: string;
  detail: Detail;
  entry: MilestoneItem | null;
  onClose: () => void;
};

/** Add or edit a family/milestone entry: member, full name (1–60), date of birth, description (max 300). */
export const MilestoneModal = ({ clientId, detail, entry, onClose }: MilestoneModalProps) => {
  const add = useAddMilestone();
  const update = useUpdateMilestone();
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<MilestoneInput, unknown, Milestone>({
    resolver: zodResolver(milestoneSchema),
    mode: 'onTouched',
    defaultValues: entry
      ? {
          memberId: entry.memberId,
          fullName: entry.fullName,
          dob: entry.dob,
          description: entry.description ?? '',
        }
      : { memberId: '', fullName: '', dob: '', description: '' },
  });
  const description = watch('description') ?? '';

  const handleValid = (body: Milestone) => {
    const callbacks = {
      onSuccess: ({ message }: { message: string }) => {
        notifySuccess(
          message || (entry ? CLIENT_API_MESSAGES.milestoneUpdated : CLIENT_API_MESSAGES.milestoneAdded),
        );
        onClose();
      },
      onError: (error: unknown) => showSaveError(error, setError, FIELDS),
    };
    if (entry) update.mutate({ clientId, id: entry.id, body }, callbacks);
    else add.mutate({ clientId, body }, callbacks);
  };

  const title = entry ? 'Edit milestone' : 'Add milestone';
  return (
    <Modal opened onClose={onClose} title={title} centered size="md">
      <form onSubmit={handleSubmit(handleValid)} noValidate aria-label={title}>
        <Stack gap="md">
          <Controller
            control={control}
            name="memberId"
            render={({ field }) => (
              <Select
                label="Member"
                allowDeselect={false}
                required
                placeholder="Select a member"
                data={memberOptions(detail.members)}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={errors.memberId?.message}
                nothingFoundMessage="No Data Available"
                comboboxProps={{ withinPortal: true }}
                data-autofocus
              />
            )}
          />
          <TextInput label="Full name" required error={errors.fullName?.message} {...register('fullName')} />
          <Controller
            control={control}
            name="dob"
            render={({ field }) => (
              <DateField
                label="Date of birth"
                required
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.dob?.message}
              />
            )}
          />
          <Textarea
            label="Description"
            rows={3}
            description={`${description.length}/${MILESTONE_DESCRIPTION_MAX}`}
            error={errors.description?.message}
            {...register('description')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" type="button" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending || update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

type MilestonesCardProps = { clientId: string; detail: Detail; canWrite: boolean; canDelete: boolean };

/** Family and milestone entries of the members (a grandchild born, a child's wedding …). */
export const MilestonesCard = ({ clientId, detail, canWrite, canDelete }: MilestonesCardProps) => {
  const del = useConfirmedDelete(
    useDeleteMilestone(),
    (entry: MilestoneItem) => ({ clientId, id: entry.id }),
    CLIENT_API_MESSAGES.milestoneDeleted,
  );
  const { deleting } = del;
  const [editing, setEditing] = useState<MilestoneItem | 'new' | null>(null);
  const canAdd = canWrite && detail.members.length > 0;

  return (
    <SectionCard
      title="Family & milestones"
      icon={<IconFlag size={18} />}
      count={detail.milestones.length}
      actions={
        canAdd && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => setEditing('new')}
          >
            Add milestone
          </Button>
        )
      }
    >
      {detail.milestones.length === 0 ? (
        <SectionEmpty
          message="No milestones yet"
          actionLabel={canAdd ? 'Add milestone' : undefined}
          onAction={canAdd ? () => setEditing('new') : undefined}
        />
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Milestones">
          {detail.milestones.map((entry) => (
            <Group
              component="li"
              key={entry.id}
              wrap="nowrap"
              align="flex-start"
              gap="sm"
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Stack gap={2} style={{ flex: 1 }} miw={0}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {entry.fullName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    DOB {formatDate(entry.dob)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  Member: {entry.memberName}
                </Text>
                {entry.description && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {entry.description}
                  </Text>
                )}
              </Stack>
              <Group gap={2} wrap="nowrap">
                {canWrite && (
                  <Tooltip label="Edit milestone">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Edit milestone ${entry.fullName}`}
                      onClick={() => setEditing(entry)}
                    >
                      <IconPencil size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                )}
                {canDelete && (
                  <Tooltip label="Delete milestone">
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={`Delete milestone ${entry.fullName}`}
                      onClick={() => del.ask(entry)}
                    >
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {editing !== null && (
        <MilestoneModal
          clientId={clientId}
          detail={detail}
          entry={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={del.isPending}
        onConfirm={del.confirm}
        onClose={del.cancel}
      >
        Are you sure you want to delete the milestone {deleting?.fullName}?
      </ConfirmDeleteModal>
    </SectionCard>
  );
};
