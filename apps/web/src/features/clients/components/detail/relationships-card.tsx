import {
  CLIENT_API_MESSAGES,
  type ClientDetail,
  RELATION_MAX,
  type RelationshipInput,
  type RelationshipItem,
  relationshipSchema,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Group, Modal, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconHierarchy2, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage, isApiError } from '../../../../lib/api-client.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useAddRelationship, useDeleteRelationship } from '../../api/relationships.ts';
import { ConfirmDeleteModal } from '../../../../components/confirm-delete-modal.tsx';
import { useConfirmedDelete } from './use-confirmed-delete.ts';
import { showSaveError } from './form-errors.ts';
import { memberOptions } from './member-options.ts';
import { SectionCard, SectionEmpty } from './section-card.tsx';

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
      {
        onSuccess: ({ message }) => {
          notifySuccess(message || CLIENT_API_MESSAGES.relationshipAdded);
          onClose();
        },
        onError: (error) => {
          const marked = showSaveError(error, setError, FIELDS);
          if (isApiError(error) && error.status === 409 && marked.length === 0) {
            setError('relativeId', { type: 'server', message: errorMessage(error) });
          }
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Add relationship" centered size="md">
      <form onSubmit={handleSubmit(handleValid)} noValidate aria-label="Add relationship">
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
                data={options}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={errors.memberId?.message}
                comboboxProps={{ withinPortal: true }}
                data-autofocus
              />
            )}
          />
          <TextInput
            label="Relation"
            required
            placeholder="e.g. Father, Guardian, Business partner"
            description={`is … of (up to ${RELATION_MAX} characters)`}
            error={errors.relation?.message}
            {...register('relation')}
          />
          <Controller
            control={control}
            name="relativeId"
            render={({ field }) => (
              <Select
                label="Relative"
                allowDeselect={false}
                required
                placeholder="Select a member"
                data={options.filter((option) => option.value !== memberId)}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={errors.relativeId?.message}
                nothingFoundMessage="No Data Available"
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" type="button" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

type RelationshipsCardProps = { clientId: string; detail: Detail; canWrite: boolean; canDelete: boolean };

/** How the members relate to each other, read as sentences. */
export const RelationshipsCard = ({ clientId, detail, canWrite, canDelete }: RelationshipsCardProps) => {
  const del = useConfirmedDelete(
    useDeleteRelationship(),
    (entry: RelationshipItem) => ({ clientId, id: entry.id }),
    CLIENT_API_MESSAGES.relationshipDeleted,
  );
  const { deleting } = del;
  const [adding, setAdding] = useState(false);
  const canAdd = canWrite && detail.members.length > 1;

  return (
    <SectionCard
      title="Relationships"
      icon={<IconHierarchy2 size={18} />}
      count={detail.relationships.length}
      actions={
        canAdd && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => setAdding(true)}
          >
            Add relationship
          </Button>
        )
      }
    >
      {detail.relationships.length === 0 ? (
        <SectionEmpty
          message={
            detail.members.length > 1
              ? 'No relationships yet'
              : 'No relationships yet. Add a second member to relate them.'
          }
          actionLabel={canAdd ? 'Add relationship' : undefined}
          onAction={canAdd ? () => setAdding(true) : undefined}
        />
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Relationships">
          {detail.relationships.map((entry) => (
            <Group
              component="li"
              key={entry.id}
              wrap="nowrap"
              gap="sm"
              py="sm"
              justify="space-between"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            >
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
              {canDelete && (
                <Tooltip label="Delete relationship">
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={`Delete relationship: ${entry.memberName} is ${entry.relation} of ${entry.relativeName}`}
                    onClick={() => del.ask(entry)}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {adding && <RelationshipModal clientId={clientId} detail={detail} onClose={() => setAdding(false)} />}
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={del.isPending}
        onConfirm={del.confirm}
        onClose={del.cancel}
      >
        Are you sure you want to delete the relationship “{deleting?.memberName} is {deleting?.relation} of{' '}
        {deleting?.relativeName}”?
      </ConfirmDeleteModal>
    </SectionCard>
  );
};
