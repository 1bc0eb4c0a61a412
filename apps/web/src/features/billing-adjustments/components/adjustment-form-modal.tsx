import {
  ADJUSTMENT_REASON_CODES,
  ADJUSTMENT_REASON_LABELS,
  type AdjustmentBody,
  type AdjustmentFormValues,
  type AdjustmentReasonCode,
  adjustmentBodySchema,
} from '@centric/contracts';
import { Modal, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useId } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { contractFieldErrors } from '../../../lib/form-errors.ts';
import { moneyFromInput } from '../../../lib/money.ts';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useAccountOptions } from '../api/list-account-options.ts';
import { useCreateAdjustment } from '../api/create-adjustment.ts';
import { MoneyField } from '../../../components/money-field.tsx';

const NOTE_MAX = 200;

const REASON_OPTIONS = ADJUSTMENT_REASON_CODES.map((value) => ({
  value,
  label: ADJUSTMENT_REASON_LABELS[value],
}));

const DIRECTION_OPTIONS = [
  { value: 'CHARGE', label: 'Charge' },
  { value: 'CREDIT', label: 'Credit' },
];

type Direction = 'CHARGE' | 'CREDIT';

/** The form as typed: the amount is positive, the direction gives its sign. */
export type AdjustmentFields = {
  accountId: string;
  reasonCode: AdjustmentReasonCode | null;
  direction: Direction;
  /** As typed, with thousands commas ('1,250.00'). */
  amount: string;
  note: string;
};
type FormField = keyof AdjustmentFields;

/** The request body the form stands for: a credit is sent negative. */
export const adjustmentBodyOf = (values: AdjustmentFields): AdjustmentFormValues => {
  const typed = moneyFromInput(values.amount);
  return {
    accountId: values.accountId,
    reasonCode: values.reasonCode as AdjustmentReasonCode,
    amount: typed === '' || values.direction === 'CHARGE' ? typed : `-${typed}`,
    note: values.note,
  };
};

/** Where a contract or server field path shows on this form. */
const fieldOf = (path: string): FormField | undefined => {
  const top = path.split('.')[0];
  return (['accountId', 'reasonCode', 'amount', 'note'] as const).find((field) => field === top);
};

/** The contract's schema checks the body the form would send, with the server's own messages. */
const resolver: Resolver<AdjustmentFields, unknown, AdjustmentBody> = (values) => {
  const parsed = adjustmentBodySchema.safeParse(adjustmentBodyOf(values));
  return parsed.success
    ? { values: parsed.data, errors: {} }
    : {
        values: {},
        errors: contractFieldErrors<AdjustmentFields>(parsed.error.issues, fieldOf),
      };
};

type AdjustmentFormProps = {
  /** Unit view: the account is picked among the unit's open accounts. */
  clientId: string | null;
  /** Account view: the account is fixed. */
  accountId: string | null;
  onClose: () => void;
};

const AdjustmentForm = ({ clientId, accountId, onClose }: AdjustmentFormProps) => {
  const save = useCreateAdjustment();
  const accounts = useAccountOptions(accountId === null ? clientId : null);
  const directionId = useId();
  const options = (accounts.data ?? []).map((account) => ({
    value: account.accountId,
    label: `${account.registrationName} (${account.custodianNumber})`,
  }));
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AdjustmentFields, unknown, AdjustmentBody>({
    defaultValues: {
      accountId: accountId ?? '',
      reasonCode: null,
      direction: 'CREDIT',
      amount: '',
      note: '',
    },
    resolver,
  });
  const [direction, reasonCode, note] = useWatch({ control, name: ['direction', 'reasonCode', 'note'] });

  const handleSave = handleSubmit((body) => saveRecord(save, body, { onClose, setError, fields: fieldOf }));

  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate aria-label="Add adjustment">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The account&apos;s next live bill applies it once. A credit larger than that bill&apos;s fee carries
          the rest forward to the bills after it.
        </Text>
        {accountId === null && (
          <Controller
            control={control}
            name="accountId"
            render={({ field }) => (
              <Select
                ref={field.ref}
                label="Account"
                withAsterisk
                placeholder={accounts.isPending ? 'Loading accounts...' : 'Choose an account'}
                data={options}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                searchable
                nothingFoundMessage="No open account"
                error={
                  errors.accountId?.message ??
                  (accounts.isError ? 'The unit’s accounts could not be loaded.' : undefined)
                }
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        )}
        <Controller
          control={control}
          name="reasonCode"
          render={({ field }) => (
            <Select
              ref={field.ref}
              label="Reason"
              withAsterisk
              placeholder="Choose a reason"
              data={REASON_OPTIONS}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              onBlur={field.onBlur}
              allowDeselect={false}
              error={errors.reasonCode?.message}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap={4}>
            <Text size="sm" fw={500} id={directionId}>
              Charge or credit
            </Text>
            <Controller
              control={control}
              name="direction"
              render={({ field }) => (
                <SegmentedControl
                  aria-labelledby={directionId}
                  data={DIRECTION_OPTIONS}
                  value={field.value}
                  onChange={(value) => field.onChange(value === 'CHARGE' ? 'CHARGE' : 'CREDIT')}
                  fullWidth
                />
              )}
            />
            <Text size="xs" c="dimmed">
              {direction === 'CHARGE' ? 'Added to the next bill.' : 'Taken off the next bill.'}
            </Text>
          </Stack>
          <MoneyField
            control={control}
            name="amount"
            label="Amount"
            withAsterisk
            error={errors.amount?.message}
          />
        </SimpleGrid>
        <Textarea
          label="Note"
          withAsterisk={reasonCode === 'OTHER'}
          rows={3}
          maxLength={NOTE_MAX}
          description={
            reasonCode === 'OTHER'
              ? `${note.length}/${NOTE_MAX}: required when the reason is Other`
              : `${note.length}/${NOTE_MAX}`
          }
          error={errors.note?.message}
          {...register('note')}
        />
        <FormActions onCancel={onClose} saveLabel="Add adjustment" saving={save.isPending} />
      </Stack>
    </form>
  );
};

type AdjustmentFormModalProps = AdjustmentFormProps & { opened: boolean };

/** Add adjustment: account, reason, charge or credit, amount and note, checked by the contract before it goes. */
export const AdjustmentFormModal = ({ opened, onClose, ...props }: AdjustmentFormModalProps) => (
  <Modal opened={opened} onClose={onClose} title="Add adjustment" size="lg" centered>
    {opened && <AdjustmentForm {...props} onClose={onClose} />}
  </Modal>
);
