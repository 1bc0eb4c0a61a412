import { addDays, isValidIsoDate, REVIEW_NOTE_MAX, STRATEGY_MESSAGES } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useFirmToday } from '../lib/firm-calendar.ts';
import { showFormErrors } from '../lib/form-errors.ts';
import { FormActions } from './form-actions.tsx';

/**
 * The review snooze form (spec §2 forms, §5 review snooze date required): a date after the firm's today,
 * required; a note of up to 200 characters (the editor's restricted mode), optional.
 */
export const reviewSnoozeFormSchema = (today: string) =>
  z.object({
    snoozeUntil: z
      .string()
      .trim()
      .min(1, STRATEGY_MESSAGES.snoozeDateRequired)
      .refine(isValidIsoDate, { message: STRATEGY_MESSAGES.snoozeDateInvalid, abort: true })
      .refine((day) => day > today, STRATEGY_MESSAGES.snoozeDateFuture),
    note: z.string().trim().max(REVIEW_NOTE_MAX, STRATEGY_MESSAGES.noteMax),
  });
export type ReviewSnoozeValues = z.infer<ReturnType<typeof reviewSnoozeFormSchema>>;

type ReviewSnoozeModalProps = {
  /** The accounts whose review waits (their names, for the text), or null: closed. */
  accounts: readonly { registrationName: string }[] | null;
  onClose: () => void;
  /** Sends the snooze; rejects with the server's error (its field errors land on the fields). */
  onSnooze: (values: ReviewSnoozeValues) => Promise<unknown>;
};

/**
 * Snooze the bookkeeping review of one account or many until a later date, with an optional note that the
 * household's system note carries. Shared by the household's Managed Accounts tab and the review queue.
 */
export const ReviewSnoozeModal = ({ accounts, onClose, onSnooze }: ReviewSnoozeModalProps) => (
  <Modal opened={accounts !== null} onClose={onClose} title="Snooze review" centered>
    {accounts && <ReviewSnoozeForm accounts={accounts} onClose={onClose} onSnooze={onSnooze} />}
  </Modal>
);

const ReviewSnoozeForm = ({
  accounts,
  onClose,
  onSnooze,
}: Omit<ReviewSnoozeModalProps, 'accounts'> & {
  accounts: NonNullable<ReviewSnoozeModalProps['accounts']>;
}) => {
  const today = useFirmToday();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReviewSnoozeValues>({
    defaultValues: { snoozeUntil: addDays(today, 7), note: '' },
    resolver: zodResolver(reviewSnoozeFormSchema(today)),
  });
  const noteLength = watch('note').length;
  const atLimit = noteLength >= REVIEW_NOTE_MAX;
  const [first] = accounts;

  const handleSave = handleSubmit(async (values) => {
    try {
      await onSnooze(values);
    } catch (error) {
      showFormErrors(error, setError, { fields: ['snoozeUntil', 'note'], focus: true });
    }
  });

  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate aria-label="Snooze review">
      <Stack gap="md">
        <Text size="sm">
          {accounts.length === 1 && first
            ? `The review of ${first.registrationName} waits until this date, then needs review again.`
            : `The reviews of ${accounts.length} accounts wait until this date, then need review again.`}{' '}
          A note on the household says so.
        </Text>
        <TextInput
          type="date"
          label="Snooze until"
          withAsterisk
          min={addDays(today, 1)}
          w={{ base: '100%', xs: 220 }}
          error={errors.snoozeUntil?.message}
          data-autofocus
          {...register('snoozeUntil')}
        />
        <Textarea
          label="Note"
          description="Optional: why the review waits, added to the household's note."
          // Not autosize: its resize observer is missing under jsdom, which the screens' tests run in.
          rows={3}
          maxLength={REVIEW_NOTE_MAX}
          error={errors.note?.message ?? (atLimit ? STRATEGY_MESSAGES.noteMax : undefined)}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          {...register('note')}
        />
        <Text size="xs" c={atLimit ? 'red.8' : 'dimmed'} ta="right" mt={-12} aria-live="polite">
          {noteLength} / {REVIEW_NOTE_MAX}
        </Text>
        <FormActions onCancel={onClose} saving={isSubmitting} saveLabel="Snooze" />
      </Stack>
    </form>
  );
};
