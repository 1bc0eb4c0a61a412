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
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconCalendarEvent, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorMessage, isApiError } from '../../../../lib/api-client.ts';
import { formatDate } from '../../../../lib/format.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useAddSpecialDate, useDeleteSpecialDate, useUpdateSpecialDate } from '../../api/special-dates.ts';
import { ConfirmDeleteModal } from '../../../../components/confirm-delete-modal.tsx';
import { useConfirmedDelete } from './use-confirmed-delete.ts';
import { CalendarDateField as DateField } from '../date-field.tsx';
import { showSaveError } from './form-errors.ts';
import { memberOptions } from './member-options.ts';
import { SectionCard, SectionEmpty } from './section-card.tsx';

type SpecialDateModalProps = {
  clientId: string;
  detail: Pick<ClientDetail, 'members' | 'specialDates'>;
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
    register,
    handleSubmit,
    setError,
    watch,
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
  const description = watch('description') ?? '';

  const handleValid = (values: SpecialDate) => {
    const duplicate = detail.specialDates.some(
      (d) => d.memberId === values.memberId && d.dateType === values.dateType && d.id !== entry?.id,
    );
    if (duplicate) {
      setError('dateType', { type: 'duplicate', message: CLIENT_MESSAGES.specialDateDuplicate });
      return;
    }
    const body: SpecialDateInput = values;
    const callbacks = {
      onSuccess: ({ message }: { message: string }) => {
        notifySuccess(
          message || (entry ? CLIENT_API_MESSAGES.specialDateUpdated : CLIENT_API_MESSAGES.specialDateAdded),
        );
        onClose();
      },
      onError: (error: unknown) => {
        const marked = showSaveError(error, setError, FIELDS);
        // The duplicate answer belongs to the date type, with or without field errors in it.
        if (isApiError(error) && error.status === 409 && !marked.includes('dateType')) {
          setError('dateType', { type: 'server', message: errorMessage(error) });
        }
      },
    };
    if (entry) update.mutate({ clientId, id: entry.id, body }, callbacks);
    else add.mutate({ clientId, body }, callbacks);
  };

  const title = entry ? 'Edit special date' : 'Add special date';
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
          <Controller
            control={control}
            name="date"
            render={({ field }) => (
              <DateField
                label="Date"
                required
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.date?.message}
              />
            )}
          />
          <Textarea
            label="Description"
            rows={2}
            description={`${description.length}/${SPECIAL_DATE_DESCRIPTION_MAX}`}
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

type SpecialDatesCardProps = {
  clientId: string;
  detail: Pick<ClientDetail, 'members' | 'specialDates'>;
  canWrite: boolean;
  canDelete: boolean;
};

/** Birthdays, anniversaries and other dates of the members, with add, edit and delete. */
export const SpecialDatesCard = ({ clientId, detail, canWrite, canDelete }: SpecialDatesCardProps) => {
  const del = useConfirmedDelete(
    useDeleteSpecialDate(),
    (entry: SpecialDateItem) => ({ clientId, id: entry.id }),
    CLIENT_API_MESSAGES.specialDateDeleted,
  );
  const { deleting } = del;
  const [editing, setEditing] = useState<SpecialDateItem | 'new' | null>(null);
  const canAdd = canWrite && detail.members.length > 0;

  return (
    <SectionCard
      title="Special dates"
      icon={<IconCalendarEvent size={18} />}
      count={detail.specialDates.length}
      actions={
        canAdd && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => setEditing('new')}
          >
            Add special date
          </Button>
        )
      }
    >
      {detail.specialDates.length === 0 ? (
        <SectionEmpty
          message="No special dates yet"
          actionLabel={canAdd ? 'Add special date' : undefined}
          onAction={canAdd ? () => setEditing('new') : undefined}
        />
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Special dates">
          {detail.specialDates.map((entry) => (
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
              </Stack>
              <Group gap={2} wrap="nowrap">
                {canWrite && (
                  <Tooltip label="Edit special date">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Edit ${entry.dateType} of ${entry.fullName}`}
                      onClick={() => setEditing(entry)}
                    >
                      <IconPencil size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                )}
                {canDelete && (
                  <Tooltip label="Delete special date">
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={`Delete ${entry.dateType} of ${entry.fullName}`}
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
        <SpecialDateModal
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
        Are you sure you want to delete the {deleting?.dateType} of {deleting?.fullName}?
      </ConfirmDeleteModal>
    </SectionCard>
  );
};
