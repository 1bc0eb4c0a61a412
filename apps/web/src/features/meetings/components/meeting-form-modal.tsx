import { type CreateMeetingBody, createMeetingBodySchema, type Meeting } from '@centric/contracts';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { HouseholdField } from '../../../components/household-picker.tsx';
import { RecordFormModal } from '../../../components/record-form-modal.tsx';
import { UsersPicker } from '../../../components/users-picker.tsx';
import { useFirmTimeZone } from '../../../lib/firm-calendar.ts';
import type { HouseholdOption } from '../../../lib/lookups/household-search.ts';
import { contractFieldErrors } from '../../../lib/form-errors.ts';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useSaveMeeting } from '../api/save-meeting.ts';
import { firmClock, firmInstant } from './meeting-time.ts';

export type MeetingFormValues = {
  title: string;
  day: string;
  startTime: string;
  endTime: string;
  location: string;
  videoUrl: string;
  attendeeIds: string[];
  household: HouseholdOption | null;
};

type FormField = keyof MeetingFormValues;

/** The request body the form stands for, its times read on the firm's clock. */
export const meetingBodyOf = (values: MeetingFormValues, timeZone: string): CreateMeetingBody => ({
  title: values.title,
  startsAt: firmInstant(values.day, values.startTime, timeZone),
  endsAt: firmInstant(values.day, values.endTime, timeZone),
  location: values.location,
  videoUrl: values.videoUrl,
  attendeeIds: values.attendeeIds,
  clientId: values.household?.clientId ?? null,
});

const formFieldOf = (path: string): FormField | undefined => {
  const top = path.split('.')[0] ?? '';
  if (top === 'startsAt') return 'startTime';
  if (top === 'endsAt') return 'endTime';
  if (top === 'clientId') return 'household';
  return ['title', 'location', 'videoUrl', 'attendeeIds'].includes(top) ? (top as FormField) : undefined;
};

const resolverFor =
  (timeZone: string): Resolver<MeetingFormValues> =>
  (values) => {
    const parsed = createMeetingBodySchema.safeParse(meetingBodyOf(values, timeZone));
    const errors: FieldErrors<MeetingFormValues> = {
      ...(values.day ? {} : { day: { type: 'required', message: 'Date is required.' } }),
      ...(parsed.success ? {} : contractFieldErrors<MeetingFormValues>(parsed.error.issues, formFieldOf)),
    };
    // Without a day the times cannot be read: say what is missing, not that the time is invalid.
    if (!values.day) {
      if (errors.startTime && values.startTime) delete errors.startTime;
      if (errors.endTime && values.endTime) delete errors.endTime;
    }
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
  };

const valuesOf = (
  meeting: Meeting | null,
  me: { id: string } | null,
  household: HouseholdOption | null,
  timeZone: string,
): MeetingFormValues => {
  if (!meeting)
    return {
      title: '',
      day: '',
      startTime: '',
      endTime: '',
      location: '',
      videoUrl: '',
      attendeeIds: me ? [me.id] : [],
      household,
    };
  const start = firmClock(meeting.startsAt, timeZone);
  return {
    title: meeting.title,
    day: start.day,
    startTime: start.time,
    endTime: firmClock(meeting.endsAt, timeZone).time,
    location: meeting.location ?? '',
    videoUrl: meeting.videoUrl ?? '',
    attendeeIds: meeting.attendees.map((a) => a.id),
    household: meeting.household ? { clientId: meeting.household.id, name: meeting.household.name } : null,
  };
};

type MeetingFormModalProps = {
  /** null: closed; 'new': a new meeting; a meeting: edit it. */
  target: Meeting | 'new' | null;
  /** The household page's own household: preset there. */
  household?: HouseholdOption | undefined;
  onClose: () => void;
};

/** New meeting / Edit meeting: title, date, start and end (the firm's clock), where, attendees, household. */
export const MeetingFormModal = ({ target, household, onClose }: MeetingFormModalProps) => (
  <RecordFormModal target={target} noun="meeting" onClose={onClose}>
    {(meeting) => <MeetingForm meeting={meeting} household={household} onClose={onClose} />}
  </RecordFormModal>
);

type MeetingFormProps = {
  meeting: Meeting | null;
  household: HouseholdOption | undefined;
  onClose: () => void;
};

const MeetingForm = ({ meeting, household, onClose }: MeetingFormProps) => {
  const timeZone = useFirmTimeZone();
  const user = useCurrentUser();
  const save = useSaveMeeting();
  const initialAttendees = meeting
    ? meeting.attendees
    : user
      ? [{ id: user.id, fullName: user.fullName, email: user.email }]
      : [];
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<MeetingFormValues>({
    defaultValues: valuesOf(meeting, user, household ?? null, timeZone),
    resolver: resolverFor(timeZone),
  });

  const handleSave = handleSubmit((values) => {
    const body = meetingBodyOf(values, timeZone);
    saveRecord(save, meeting ? { id: meeting.id, body } : { id: null, body }, {
      onClose,
      setError,
      fields: formFieldOf,
    });
  });

  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate>
      <Stack gap="md">
        <TextInput label="Title" withAsterisk error={errors.title?.message} {...register('title')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput type="date" label="Date" withAsterisk error={errors.day?.message} {...register('day')} />
          <TextInput
            type="time"
            label="Start time"
            withAsterisk
            error={errors.startTime?.message}
            {...register('startTime')}
          />
          <TextInput
            type="time"
            label="End time"
            withAsterisk
            error={errors.endTime?.message}
            {...register('endTime')}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-8}>
          Times are in the firm&apos;s time zone ({timeZone}).
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Location" error={errors.location?.message} {...register('location')} />
          <TextInput
            type="url"
            label="Video link"
            placeholder="https://"
            error={errors.videoUrl?.message}
            {...register('videoUrl')}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="attendeeIds"
          render={({ field }) => (
            <UsersPicker
              label="Attendees"
              value={field.value}
              onChange={field.onChange}
              initialMembers={initialAttendees}
              error={errors.attendeeIds?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="household"
          render={({ field }) => (
            <HouseholdField
              fixed={household}
              value={field.value}
              onChange={field.onChange}
              error={errors.household?.message}
            />
          )}
        />
        <FormActions
          onCancel={onClose}
          saveLabel={meeting ? 'Save' : 'Create meeting'}
          saving={save.isPending}
          saveDisabled={meeting !== null && !isDirty}
        />
      </Stack>
    </form>
  );
};
