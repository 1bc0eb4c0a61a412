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
import { Group, Text, TextInput } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { formatDate } from '../../../../lib/format.ts';
import { useAddMilestone, useDeleteMilestone, useUpdateMilestone } from '../../api/milestones.ts';
import { EntryCard } from './entry-card.tsx';
import { DescriptionField, EntryDateField, EntryFormModal, MemberSelect } from './entry-form.tsx';
import { saveCallbacks } from './form-errors.ts';
import { memberOptions } from './member-options.ts';
import { useConfirmedDelete } from './use-confirmed-delete.ts';

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

  const handleValid = (body: Milestone) => {
    const callbacks = saveCallbacks({
      setError,
      fields: FIELDS,
      fallbackMessage: entry ? CLIENT_API_MESSAGES.milestoneUpdated : CLIENT_API_MESSAGES.milestoneAdded,
      onSaved: onClose,
    });
    if (entry) update.mutate({ clientId, id: entry.id, body }, callbacks);
    else add.mutate({ clientId, body }, callbacks);
  };

  return (
    <EntryFormModal
      title={entry ? 'Edit milestone' : 'Add milestone'}
      onSubmit={handleSubmit(handleValid)}
      saving={add.isPending || update.isPending}
      onClose={onClose}
    >
      <MemberSelect control={control} name="memberId" options={memberOptions(detail.members)} autoFocus />
      <TextInput label="Full name" required error={errors.fullName?.message} {...register('fullName')} />
      <EntryDateField control={control} name="dob" label="Date of birth" />
      <DescriptionField control={control} name="description" max={MILESTONE_DESCRIPTION_MAX} rows={3} />
    </EntryFormModal>
  );
};

type MilestonesCardProps = { clientId: string; detail: Detail; canWrite: boolean; canDelete: boolean };

/** Family and milestone entries of the members (a grandchild born, a child's wedding …). */
export const MilestonesCard = ({ clientId, detail, canWrite, canDelete }: MilestonesCardProps) => {
  const deletion = useConfirmedDelete(
    useDeleteMilestone(),
    (entry: MilestoneItem) => ({ clientId, id: entry.id }),
    CLIENT_API_MESSAGES.milestoneDeleted,
  );
  return (
    <EntryCard
      title="Family & milestones"
      icon={<IconFlag size={18} />}
      entries={detail.milestones}
      listLabel="Milestones"
      addLabel="Add milestone"
      emptyMessage="No milestones yet"
      canAdd={canWrite && detail.members.length > 0}
      renderEntry={(entry) => (
        <>
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
        </>
      )}
      renderForm={(entry, onClose) => (
        <MilestoneModal clientId={clientId} detail={detail} entry={entry} onClose={onClose} />
      )}
      edit={
        canWrite
          ? { tooltip: 'Edit milestone', label: (entry) => `Edit milestone ${entry.fullName}` }
          : undefined
      }
      remove={
        canDelete
          ? { tooltip: 'Delete milestone', label: (entry) => `Delete milestone ${entry.fullName}` }
          : undefined
      }
      deletion={deletion}
      deleteQuestion={(entry) => <>Are you sure you want to delete the milestone {entry?.fullName}?</>}
    />
  );
};
