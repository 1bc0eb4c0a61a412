import {
  CLIENT_API_MESSAGES,
  CLIENT_MESSAGES,
  type ClientDetail,
  SPECIAL_DATE_DESCRIPTION_MAX,
  SPECIAL_DATE_TYPES,
  type SpecialDate,
  type SpecialDateInput,
  type SpecialDateItem,
  specialDateSchema,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Group, Select, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { formatDate } from '../../../../lib/format.ts';
import { useAddSpecialDate, useDeleteSpecialDate, useUpdateSpecialDate } from '../../api/special-dates.ts';
import { EntryCard } from './entry-card.tsx';
import { DescriptionField, EntryDateField, EntryFormModal, MemberSelect } from './entry-form.tsx';
import { saveCallbacks } from './form-errors.ts';
import { memberOptions } from './member-options.ts';
import { useConfirmedDelete } from './use-confirmed-delete.ts';

type Detail = Pick<ClientDetail, 'members' | 'specialDates'>;

type SpecialDateModalProps = {
  clientId: string;
  detail: Detail;
  /** The entry being edited; null to add one. */
  entry: SpecialDateItem | null;
  onClose: () => void;
};

const FIELDS = ['memberId', 'dateType', 'date', 'description'] as const;

/** Add or edit a special date: member, date type, date and a short description (spec §5 Dates). */
export const SpecialDateModal = ({ clientId, detail, entry, onClose }: SpecialDateModalProps) => {
  const add = useAddSpecialDate();
  const update = useUpdateSpecialDate();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SpecialDateInput, unknown, SpecialDate>({
    resolver: zodResolver(specialDateSchema),
    mode: 'onTouched',
    defaultValues: entry
      ? {
          memberId: entry.memberId,
          dateType: entry.dateType,
          date: entry.date,
          description: entry.description ?? '',
        }
      : { memberId: '', date: '', description: '' },
  });

  const handleValid = (values: SpecialDate) => {
    const duplicate = detail.specialDates.some(
      (d) => d.memberId === values.memberId && d.dateType === values.dateType && d.id !== entry?.id,
    );
    if (duplicate) {
      setError('dateType', { type: 'duplicate', message: CLIENT_MESSAGES.specialDateDuplicate });
      return;
    }
    const body: SpecialDateInput = values;
    // The duplicate answer belongs to the date type, with or without field errors in it.
    const callbacks = saveCallbacks({
      setError,
      fields: FIELDS,
      fallbackMessage: entry ? CLIENT_API_MESSAGES.specialDateUpdated : CLIENT_API_MESSAGES.specialDateAdded,
      onSaved: onClose,
      conflictField: 'dateType',
    });
    if (entry) update.mutate({ clientId, id: entry.id, body }, callbacks);
    else add.mutate({ clientId, body }, callbacks);
  };

  return (
    <EntryFormModal
      title={entry ? 'Edit special date' : 'Add special date'}
      onSubmit={handleSubmit(handleValid)}
      saving={add.isPending || update.isPending}
      onClose={onClose}
    >
      <MemberSelect control={control} name="memberId" options={memberOptions(detail.members)} autoFocus />
      <Controller
        control={control}
        name="dateType"
        render={({ field }) => (
          <Select
            label="Date type"
            allowDeselect={false}
            required
            placeholder="Select a date type"
            data={[...SPECIAL_DATE_TYPES]}
            value={field.value ?? null}
            onChange={(value) => field.onChange(value ?? undefined)}
            onBlur={field.onBlur}
            error={errors.dateType?.message}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      <EntryDateField control={control} name="date" label="Date" />
      <DescriptionField control={control} name="description" max={SPECIAL_DATE_DESCRIPTION_MAX} rows={2} />
    </EntryFormModal>
  );
};

type SpecialDatesCardProps = { clientId: string; detail: Detail; canWrite: boolean; canDelete: boolean };

/** Birthdays, anniversaries and other dates of the members, with add, edit and delete. */
export const SpecialDatesCard = ({ clientId, detail, canWrite, canDelete }: SpecialDatesCardProps) => {
  const deletion = useConfirmedDelete(
    useDeleteSpecialDate(),
    (entry: SpecialDateItem) => ({ clientId, id: entry.id }),
    CLIENT_API_MESSAGES.specialDateDeleted,
  );
  return (
    <EntryCard
      title="Special dates"
      icon={<IconCalendarEvent size={18} />}
      entries={detail.specialDates}
      listLabel="Special dates"
      addLabel="Add special date"
      emptyMessage="No special dates yet"
      canAdd={canWrite && detail.members.length > 0}
      renderEntry={(entry) => (
        <>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color="grape" radius="sm" size="sm">
              {entry.dateType}
            </Badge>
            <Text size="sm" fw={600}>
              {formatDate(entry.date)}
            </Text>
          </Group>
          <Text size="sm">{entry.fullName}</Text>
          {entry.description && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {entry.description}
            </Text>
          )}
        </>
      )}
      renderForm={(entry, onClose) => (
        <SpecialDateModal clientId={clientId} detail={detail} entry={entry} onClose={onClose} />
      )}
      edit={
        canWrite
          ? { tooltip: 'Edit special date', label: (entry) => `Edit ${entry.dateType} of ${entry.fullName}` }
          : undefined
      }
      remove={
        canDelete
          ? {
              tooltip: 'Delete special date',
              label: (entry) => `Delete ${entry.dateType} of ${entry.fullName}`,
            }
          : undefined
      }
      deletion={deletion}
      deleteQuestion={(entry) => (
        <>
          Are you sure you want to delete the {entry?.dateType} of {entry?.fullName}?
        </>
      )}
    />
  );
};
