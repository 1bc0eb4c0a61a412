import { ALERT_MESSAGES, addDays, parseIsoDate } from '@centric/contracts';
import { Button, Group, Popover, Stack, TextInput } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFirmToday } from '../../../lib/firm-calendar.ts';

/** The date's problem in the server's words, or null: required, a real date, after the firm's today. */
export const snoozeDateError = (value: string, today: string): string | null => {
  if (value.trim() === '') return ALERT_MESSAGES.snoozeDateRequired;
  if (parseIsoDate(value) === null) return ALERT_MESSAGES.snoozeDateInvalid;
  return value > today ? null : ALERT_MESSAGES.snoozeDateAfterToday;
};

type SnoozeButtonProps = {
  /** What the alert says, for the dialog's name. */
  describedBy: string;
  /** Sends the snooze; rejects with the server's error, shown under the date. */
  onSnooze: (until: string) => Promise<unknown>;
  disabled?: boolean;
};

/** Snooze: a small dialog asking until when (a date after today), tomorrow proposed. */
export const SnoozeButton = ({ describedBy, onSnooze, disabled }: SnoozeButtonProps) => {
  const today = useFirmToday();
  const dateId = useId();
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const open = () => {
    setValue(addDays(today, 1));
    setError(null);
    setOpened(true);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = snoozeDateError(value, today);
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      await onSnooze(value);
      setOpened(false);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      returnFocus
      position="bottom-end"
      shadow="md"
      withinPortal
    >
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconClockPause size={14} aria-hidden="true" />}
          aria-describedby={describedBy}
          aria-haspopup="dialog"
          aria-expanded={opened}
          disabled={disabled}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          Snooze
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="sm" w={240}>
            <TextInput
              id={dateId}
              type="date"
              label="Snooze until"
              min={addDays(today, 1)}
              value={value}
              onChange={(event) => {
                setValue(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button size="xs" type="submit" loading={sending}>
                Snooze
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
};
