import {
  formatMoney,
  RECEIVABLE_NOTE_MAX,
  type ReceivePaymentBody,
  receivePaymentBodySchema,
  writeOffPaymentBodySchema,
} from '@centric/contracts';
import { Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FieldPath, type Resolver, useForm, useWatch } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { MoneyField } from '../../../components/money-field.tsx';
import { contractFieldErrors } from '../../../lib/form-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { moneyForInput, moneyFromInput } from '../../../lib/money.ts';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { type PaymentChange, useChangePayment } from '../api/change-payment.ts';

/** Which payment the modal acts on, and how: received, written off, or a paid-up receivable's receipt. */
export type PaymentTarget =
  | {
      kind: 'receive' | 'writeOff';
      receivableId: string;
      paymentId: string;
      dueDate: string;
      amount: string;
      /** What the payment is, in words ('the 20-Year Term Life payment of Lovelace Household'). */
      name: string;
    }
  | { kind: 'record'; receivableId: string; name: string };

type PaymentFields = { receivedDate: string; amountReceived: string; note: string };
const FIELDS = ['receivedDate', 'amountReceived', 'note'] as const;
const fieldOf = (path: string): FieldPath<PaymentFields> | undefined =>
  FIELDS.find((field) => field === path.split('.')[0]);

/** The contract checks what the form would send, with the server's own messages. */
const resolver: Resolver<PaymentFields, unknown, ReceivePaymentBody> = (values) => {
  const parsed = receivePaymentBodySchema.safeParse({
    ...values,
    amountReceived: moneyFromInput(values.amountReceived),
  });
  return parsed.success
    ? { values: parsed.data, errors: {} }
    : { values: {}, errors: contractFieldErrors<PaymentFields>(parsed.error.issues, fieldOf) };
};

const ReceiveForm = ({
  target,
  today,
  onClose,
}: {
  target: PaymentTarget;
  today: string;
  onClose: () => void;
}) => {
  const change = useChangePayment();
  const expected = target.kind === 'record' ? '' : target.amount;
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PaymentFields, unknown, ReceivePaymentBody>({
    defaultValues: { receivedDate: today, amountReceived: moneyForInput(expected), note: '' },
    resolver,
  });
  const note = useWatch({ control, name: 'note' });
  const handleSave = handleSubmit((body) => {
    const input: PaymentChange =
      target.kind === 'record'
        ? { kind: 'record', receivableId: target.receivableId, body }
        : { kind: 'receive', receivableId: target.receivableId, paymentId: target.paymentId, body };
    saveRecord(change, input, { onClose, setError, fields: fieldOf });
  });
  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate aria-label="Payment received">
      <Stack gap="md">
        {target.kind !== 'record' && (
          <Text size="sm" c="dimmed">
            Expected {formatMoney(target.amount)} on {formatDate(target.dueDate)}. A different amount stays on
            record as received.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Received date"
            type="date"
            withAsterisk
            max={today}
            error={errors.receivedDate?.message}
            {...register('receivedDate')}
          />
          <MoneyField
            control={control}
            name="amountReceived"
            label="Amount received"
            withAsterisk
            error={errors.amountReceived?.message}
          />
        </SimpleGrid>
        <Textarea
          label="Note"
          rows={2}
          maxLength={RECEIVABLE_NOTE_MAX}
          description={`${note.length}/${RECEIVABLE_NOTE_MAX}`}
          error={errors.note?.message}
          {...register('note')}
        />
        <FormActions
          onCancel={onClose}
          saving={change.isPending}
          saveLabel={target.kind === 'record' ? 'Record payment' : 'Mark received'}
        />
      </Stack>
    </form>
  );
};

type WriteOffFields = { note: string };
const writeOffResolver: Resolver<WriteOffFields, unknown, { note: string | null }> = (values) => {
  const parsed = writeOffPaymentBodySchema.safeParse(values);
  return parsed.success
    ? { values: parsed.data, errors: {} }
    : {
        values: {},
        errors: contractFieldErrors<WriteOffFields>(parsed.error.issues, (path) =>
          path === 'note' ? 'note' : undefined,
        ),
      };
};

const WriteOffForm = ({
  target,
  onClose,
}: {
  target: Extract<PaymentTarget, { kind: 'receive' | 'writeOff' }>;
  onClose: () => void;
}) => {
  const change = useChangePayment();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<WriteOffFields, unknown, { note: string | null }>({
    defaultValues: { note: '' },
    resolver: writeOffResolver,
  });
  const note = useWatch({ control, name: 'note' });
  const handleSave = handleSubmit(({ note: text }) =>
    saveRecord(
      change,
      { kind: 'writeOff', receivableId: target.receivableId, paymentId: target.paymentId, note: text },
      { onClose, setError, fields: (field) => (field === 'note' ? 'note' : undefined) },
    ),
  );
  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate aria-label="Write off payment">
      <Stack gap="md">
        <Text size="sm">
          Write off {formatMoney(target.amount)} due {formatDate(target.dueDate)}: it is no longer expected
          and leaves the past-due figures. Undo puts it back.
        </Text>
        <Textarea
          label="Note"
          rows={2}
          maxLength={RECEIVABLE_NOTE_MAX}
          description={`${note.length}/${RECEIVABLE_NOTE_MAX}`}
          error={errors.note?.message}
          data-autofocus
          {...register('note')}
        />
        <FormActions onCancel={onClose} saving={change.isPending} saveLabel="Write off" />
      </Stack>
    </form>
  );
};

type PaymentModalProps = { target: PaymentTarget | null; today: string; onClose: () => void };

/** Mark a payment received (date, amount, note), write it off (note), or record a paid-up receivable's receipt. */
export const PaymentModal = ({ target, today, onClose }: PaymentModalProps) => {
  const title =
    target?.kind === 'writeOff'
      ? 'Write off payment'
      : target?.kind === 'record'
        ? 'Record payment received'
        : 'Mark payment received';
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} size="lg" centered>
      {target && (
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            {target.name}
          </Text>
          {target.kind === 'writeOff' ? (
            <WriteOffForm target={target} onClose={onClose} />
          ) : (
            <ReceiveForm target={target} today={today} onClose={onClose} />
          )}
        </Stack>
      )}
    </Modal>
  );
};
