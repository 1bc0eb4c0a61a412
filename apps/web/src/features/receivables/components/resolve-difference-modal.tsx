import {
  formatMoney,
  RECEIVABLE_NOTE_MAX,
  type ResolveDifferenceBody,
  type ResolveDifferenceFormValues,
  resolveDifferenceBodySchema,
  STATEMENT_ACTION_LABELS,
  STATEMENT_ACTIONS,
  STATEMENT_FLAG_LABELS,
  type StatementAction,
  type StatementDifference,
} from '@centric/contracts';
import { Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { contractFieldErrors } from '../../../lib/form-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useResolveDifference } from '../api/carrier-statements.ts';

type Fields = { action: StatementAction; note: string };
const fieldOf = (path: string) => (path === 'note' || path === 'action' ? path : undefined);

/** The contract checks what the form would send (a dispute needs a note), with the server's messages. */
const resolver: Resolver<Fields, unknown, ResolveDifferenceBody> = (values) => {
  const parsed = resolveDifferenceBodySchema.safeParse(values satisfies ResolveDifferenceFormValues);
  return parsed.success
    ? { values: parsed.data, errors: {} }
    : { values: {}, errors: contractFieldErrors<Fields>(parsed.error.issues, fieldOf) };
};

/** What each resolution does to this difference, in words (decision 0019). */
const effectOf = (difference: StatementDifference, action: StatementAction) => {
  const { flag } = difference;
  if (action === 'dispute') return 'It stays open, marked disputed, until you accept or write it off.';
  if (action === 'accept') {
    if (flag === 'CHARGEBACK') return "The chargeback is taken back from the payees' compensation.";
    if (flag === 'UNPAID') return 'The payment stays expected (past due) until a statement pays it.';
    if (flag === 'UNKNOWN') return 'The payment is acknowledged; the book is not changed.';
    return 'The statement stands: the payment stays received with what was paid.';
  }
  if (flag === 'UNPAID') return 'The payment is written off: it is no longer expected.';
  if (flag === 'CHARGEBACK') return 'The firm bears the chargeback: it is not taken back from the payees.';
  return 'The firm bears the difference; the payment stays as it is.';
};

/** What the difference is, in a sentence. */
export const differenceSummary = (d: StatementDifference) => {
  const what = d.receivable
    ? `${d.receivable.product} of ${d.receivable.household.name}`
    : `policy ${d.policyNumber} (not on the book)`;
  switch (d.flag) {
    case 'SHORT_PAID':
      return `${d.provider.name} paid ${formatMoney(d.amount)} of ${formatMoney(d.expected)} for the ${what} on ${formatDate(d.date)}: ${formatMoney(d.difference)} short.`;
    case 'OVERPAID':
      return `${d.provider.name} paid ${formatMoney(d.amount)} for ${formatMoney(d.expected)} expected, the ${what}, on ${formatDate(d.date)}: ${formatMoney(d.difference)} over.`;
    case 'UNPAID':
      return `The ${what}'s ${formatMoney(d.expected)} due ${formatDate(d.date)} is on no line of ${d.provider.name}'s statement.`;
    case 'CHARGEBACK':
      return `${d.provider.name} took back ${formatMoney(d.amount)} on ${formatDate(d.date)} for the ${what}.`;
    default:
      return `${d.provider.name} paid ${formatMoney(d.amount)} on ${formatDate(d.date)} for ${what}.`;
  }
};

const ResolveForm = ({ difference, onClose }: { difference: StatementDifference; onClose: () => void }) => {
  const resolve = useResolveDifference();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Fields, unknown, ResolveDifferenceBody>({
    defaultValues: { action: 'accept', note: difference.note ?? '' },
    resolver,
  });
  const action = useWatch({ control, name: 'action' });
  const note = useWatch({ control, name: 'note' });
  const handleSave = handleSubmit((body) =>
    saveRecord(resolve, { id: difference.id, body }, { onClose, setError, fields: fieldOf }),
  );
  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate aria-label="Resolve the difference">
      <Stack gap="md">
        <Text size="sm">{differenceSummary(difference)}</Text>
        <Controller
          control={control}
          name="action"
          render={({ field }) => (
            <Radio.Group
              label="Resolution"
              value={field.value}
              onChange={(value) => field.onChange(value as StatementAction)}
              error={errors.action?.message}
            >
              <Stack gap="xs" mt={6}>
                {STATEMENT_ACTIONS.map((value) => (
                  <Radio key={value} value={value} label={STATEMENT_ACTION_LABELS[value]} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <Text size="sm" c="dimmed" role="status">
          {effectOf(difference, action)}
        </Text>
        <Textarea
          label="Note"
          rows={2}
          maxLength={RECEIVABLE_NOTE_MAX}
          withAsterisk={action === 'dispute'}
          description={`${note.length}/${RECEIVABLE_NOTE_MAX}`}
          error={errors.note?.message}
          {...register('note')}
        />
        <FormActions
          onCancel={onClose}
          saving={resolve.isPending}
          saveLabel={STATEMENT_ACTION_LABELS[action]}
        />
      </Stack>
    </form>
  );
};

/** Resolve a statement difference: accept, write off, or dispute with a note. */
export const ResolveDifferenceModal = ({
  difference,
  onClose,
}: {
  difference: StatementDifference | null;
  onClose: () => void;
}) => (
  <Modal
    opened={difference !== null}
    onClose={onClose}
    title={difference ? `Resolve: ${STATEMENT_FLAG_LABELS[difference.flag]}` : 'Resolve'}
    size="lg"
    centered
  >
    {difference && <ResolveForm difference={difference} onClose={onClose} />}
  </Modal>
);
