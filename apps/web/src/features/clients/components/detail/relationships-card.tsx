import {
  CLIENT_API_MESSAGES,
  type ClientDetail,
  RELATION_MAX,
  type RelationshipInput,
  type RelationshipItem,
  relationshipSchema,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Text, TextInput } from '@mantine/core';
import { IconHierarchy2 } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAddRelationship, useDeleteRelationship } from '../../api/relationships.ts';
import { EntryCard } from './entry-card.tsx';
import { EntryFormModal, MemberSelect } from './entry-form.tsx';
import { saveCallbacks } from './form-errors.ts';
import { memberOptions } from './member-options.ts';
import { useConfirmedDelete } from './use-confirmed-delete.ts';

type Detail = Pick<ClientDetail, 'members' | 'relationships'>;
type RelationshipValues = z.output<typeof relationshipSchema>;
const FIELDS = ['memberId', 'relation', 'relativeId'] as const;

type RelationshipModalProps = { clientId: string; detail: Detail; onClose: () => void };

/** "{member} is {relation} of {relative}": two members of the household and a free relation (max 50). */
export const RelationshipModal = ({ clientId, detail, onClose }: RelationshipModalProps) => {
  const add = useAddRelationship();
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<RelationshipInput, unknown, RelationshipValues>({
    resolver: zodResolver(relationshipSchema),
    mode: 'onTouched',
    defaultValues: { memberId: '', relation: '', relativeId: '' },
  });
  const memberId = watch('memberId');
  const options = memberOptions(detail.members);

  const handleValid = (body: RelationshipValues) => {
    // One relationship per member and relative (the server answers 409 the same way).
    const duplicate = detail.relationships.some(
      (r) => r.memberId === body.memberId && r.relativeId === body.relativeId,
    );
    if (duplicate) {
      setError('relativeId', { type: 'duplicate', message: CLIENT_API_MESSAGES.relationshipDuplicate });
      return;
    }
    add.mutate(
      { clientId, body },
      saveCallbacks({
        setError,
        fields: FIELDS,
        fallbackMessage: CLIENT_API_MESSAGES.relationshipAdded,
        onSaved: onClose,
        conflictField: 'relativeId',
      }),
    );
  };

  return (
    <EntryFormModal
      title="Add relationship"
      onSubmit={handleSubmit(handleValid)}
      saving={add.isPending}
      onClose={onClose}
    >
      <MemberSelect control={control} name="memberId" options={options} autoFocus />
      <TextInput
        label="Relation"
        required
        placeholder="e.g. Father, Guardian, Business partner"
        description={`is … of (up to ${RELATION_MAX} characters)`}
        error={errors.relation?.message}
        {...register('relation')}
      />
      <MemberSelect
        control={control}
        name="relativeId"
        label="Relative"
        options={options.filter((option) => option.value !== memberId)}
      />
    </EntryFormModal>
  );
};

type RelationshipsCardProps = { clientId: string; detail: Detail; canWrite: boolean; canDelete: boolean };

/** How the members relate to each other, read as sentences. */
export const RelationshipsCard = ({ clientId, detail, canWrite, canDelete }: RelationshipsCardProps) => {
  const deletion = useConfirmedDelete(
    useDeleteRelationship(),
    (entry: RelationshipItem) => ({ clientId, id: entry.id }),
    CLIENT_API_MESSAGES.relationshipDeleted,
  );
  return (
    <EntryCard
      title="Relationships"
      icon={<IconHierarchy2 size={18} />}
      entries={detail.relationships}
      listLabel="Relationships"
      addLabel="Add relationship"
      emptyMessage={
        detail.members.length > 1
          ? 'No relationships yet'
          : 'No relationships yet. Add a second member to relate them.'
      }
      canAdd={canWrite && detail.members.length > 1}
      rowAlign="center"
      renderEntry={(entry) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            {entry.memberName}
          </Text>{' '}
          is{' '}
          <Text span fw={600} c="brand.8">
            {entry.relation}
          </Text>{' '}
          of{' '}
          <Text span fw={600}>
            {entry.relativeName}
          </Text>
        </Text>
      )}
      // Relationships are added and deleted, never edited.
      renderForm={(_entry, onClose) => (
        <RelationshipModal clientId={clientId} detail={detail} onClose={onClose} />
      )}
      remove={
        canDelete
          ? {
              tooltip: 'Delete relationship',
              label: (entry) =>
                `Delete relationship: ${entry.memberName} is ${entry.relation} of ${entry.relativeName}`,
            }
          : undefined
      }
      deletion={deletion}
      deleteQuestion={(entry) => (
        <>
          Are you sure you want to delete the relationship “{entry?.memberName} is {entry?.relation} of{' '}
          {entry?.relativeName}”?
        </>
      )}
    />
  );
};
