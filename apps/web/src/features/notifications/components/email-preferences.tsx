import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreference,
} from '@centric/contracts';
import { Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notifications.ts';

type Choices = Record<NotificationKind, boolean>;

const choicesOf = (preferences: readonly NotificationPreference[]): Choices =>
  Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, preferences.find((p) => p.kind === kind)?.email ?? false]),
  ) as Choices;

const PreferencesForm = ({ saved }: { saved: Choices }) => {
  const headingId = useId();
  const [choices, setChoices] = useState<Choices>(saved);
  const save = useSaveNotificationPreferences();
  const changed = NOTIFICATION_KINDS.some((kind) => choices[kind] !== saved[kind]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(choices, {
      onSuccess: ({ preferences, message }) => {
        setChoices(choicesOf(preferences));
        notifySuccess(message);
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };

  return (
    <form onSubmit={handleSubmit} aria-labelledby={headingId}>
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>
            Notification emails
          </Title>
          <Text size="sm" c="dimmed">
            Every notification shows under the bell. Choose which ones also come to you by email.
          </Text>
        </Stack>
        <Stack gap="md">
          {NOTIFICATION_KINDS.map((kind) => (
            <Switch
              key={kind}
              label={NOTIFICATION_KIND_LABELS[kind]}
              checked={choices[kind]}
              onChange={(event) => {
                const { checked } = event.currentTarget;
                setChoices((current) => ({ ...current, [kind]: checked }));
              }}
            />
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            Save preferences
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Per notification kind, whether an email goes out too (GET and PUT /api/notifications/preferences). */
export const EmailPreferences = () => {
  const query = useNotificationPreferences();
  return (
    <Paper withBorder radius="lg" p="xl">
      <QueryState query={query} loading="Loading your notification preferences...">
        {(preferences) => <PreferencesForm saved={choicesOf(preferences)} />}
      </QueryState>
    </Paper>
  );
};
