import {
  type Prospect,
  type ProspectActivity,
  PROSPECT_ACTIVITY_TYPES,
  PROSPECT_ACTIVITY_TYPE_LABELS,
  prospectActivityBodySchema,
  type ProspectActivityFormValues,
  usDate,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, TextInput, Timeline, Title } from '@mantine/core';
import { IconMail, IconPhone, IconUsers, IconVideo } from '@tabler/icons-react';
import { useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { SelectField } from '../../../components/select-field.tsx';
import { showFormErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAddProspectActivity } from '../api/save-prospect.ts';

type TimelineActivity = {
  id: string;
  activityType: ProspectActivity['activityType'];
  activityDate: string;
  minutes: number;
  createdBy: { fullName: string } | null;
  /** Where it came from, on a household's page. */
  prospectName?: string;
};

/** Activities as a timeline, newest first: type, date, minutes, who logged it (and of which prospect). */
export const ActivityTimeline = ({ activities }: { activities: readonly TimelineActivity[] }) =>
  activities.length === 0 ? (
    <Text size="sm" c="dimmed">
      No activity yet.
    </Text>
  ) : (
    <Timeline bulletSize={24} lineWidth={2} aria-label="Activity timeline">
      {activities.map((a) => {
        const Icon = ICONS[a.activityType];
        return (
          <Timeline.Item
            key={a.id}
            bullet={<Icon size={14} aria-hidden="true" />}
            title={PROSPECT_ACTIVITY_TYPE_LABELS[a.activityType]}
          >
            <Text size="sm" c="dimmed">
              {usDate(a.activityDate)} · {a.minutes} min{a.createdBy ? ` · ${a.createdBy.fullName}` : ''}
              {a.prospectName ? ` · as prospect ${a.prospectName}` : ''}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );

const ICONS = {
  IN_PERSON_MEETING: IconUsers,
  PHONE_CALL: IconPhone,
  EMAIL: IconMail,
  VIDEO_MEETING: IconVideo,
};
const EMPTY: ProspectActivityFormValues = { activityType: '' as never, activityDate: '', minutes: '' };

/** The prospect's activities as a timeline, newest first, with a form to log one (type, date, minutes). */
export const ProspectActivities = ({ prospect, canWrite }: { prospect: Prospect; canWrite: boolean }) => {
  const headingId = useId();
  const add = useAddProspectActivity();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ProspectActivityFormValues>({
    resolver: zodResolver(prospectActivityBodySchema) as unknown as Resolver<ProspectActivityFormValues>,
    defaultValues: EMPTY,
  });

  const handleValid = (body: ProspectActivityFormValues) =>
    add.mutate(
      { id: prospect.id, body },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          reset(EMPTY);
        },
        onError: (error) => showFormErrors(error, setError),
      },
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Activities
      </Title>
      {canWrite && (
        <form onSubmit={handleSubmit(handleValid)} noValidate aria-label="Log an activity">
          <Group align="flex-start" gap="sm">
            <SelectField
              control={control}
              name="activityType"
              label="Activity type"
              required
              data={PROSPECT_ACTIVITY_TYPES.map((value) => ({
                value,
                label: PROSPECT_ACTIVITY_TYPE_LABELS[value],
              }))}
              error={errors.activityType?.message}
              w={180}
            />
            <TextInput
              label="Date"
              type="date"
              required
              error={errors.activityDate?.message}
              {...register('activityDate')}
            />
            <TextInput
              label="Minutes"
              required
              inputMode="numeric"
              w={100}
              error={errors.minutes?.message}
              {...register('minutes')}
            />
            <Button type="submit" mt={25} loading={add.isPending}>
              Log activity
            </Button>
          </Group>
        </form>
      )}
      <ActivityTimeline activities={prospect.activities} />
    </Stack>
  );
};
