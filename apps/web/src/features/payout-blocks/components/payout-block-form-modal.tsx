import {
  BILLING_SETUP_MESSAGES,
  PAYOUT_PAYMENT_TYPE_LABELS,
  PAYOUT_PAYMENT_TYPES,
  PAYOUT_PAYMENTS_MAX,
  PAYOUT_TYPE_LABELS,
  PAYOUT_TYPES,
  type PayoutBlock,
  type PayoutBlockBody,
  type PayoutBlockFormValues,
  type PayoutBlockList,
  type PayoutPaymentType,
  type PayoutType,
  payoutBlockBodySchema,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import {
  Controller,
  type FieldPath,
  type Resolver,
  type UseFormRegisterReturn,
  useForm,
  useWatch,
} from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { RecordFormModal } from '../../../components/record-form-modal.tsx';
import { type PickedUser, UserPicker } from '../../../components/user-picker.tsx';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import type { PayoutBlocksLevel } from '../api/payout-blocks-level.ts';
import { useSavePayoutBlock } from '../api/save-payout-block.ts';
import { liveTotalsOf, percentLabel } from './payout-figures.ts';
import { TotalsFigures, TotalsNotice } from './payout-totals.tsx';

const TYPE_OPTIONS = PAYOUT_TYPES.map((value) => ({ value, label: PAYOUT_TYPE_LABELS[value] }));

const valuesOf = (block: PayoutBlock | null): PayoutBlockFormValues =>
  block
    ? {
        type: block.type,
        payeeId: block.payee?.id ?? null,
        payoutPercentage: block.payoutPercentage,
        creditTo: block.creditTo,
        startDate: block.startDate,
        payoutBlockPaymentType: block.payoutBlockPaymentType,
        numberOfPayments: block.numberOfPayments,
      }
    : {
        // Chosen in the form; the schema says 'Type is required.' while it is not.
        type: undefined as unknown as PayoutType,
        payeeId: null,
        payoutPercentage: '',
        creditTo: '',
        startDate: '',
        payoutBlockPaymentType: 'Forever',
        numberOfPayments: null,
      };

/**
 * The rules between fields that the contract checks only once every field is valid on its own (spec §4:
 * Number_Of_Payments makes numberOfPayments required; a payee unless the firm is paid), and what the server
 * also refuses of a change: fewer payments than the block has already paid. The contract's messages.
 */
const crossFieldErrors = (values: PayoutBlockFormValues, paymentsMade: number) => {
  const errors: Partial<Record<'payeeId' | 'numberOfPayments', string>> = {};
  if (values.type && values.type !== 'FIRM' && !values.payeeId)
    errors.payeeId = BILLING_SETUP_MESSAGES.payeeRequired;
  if (values.payoutBlockPaymentType === 'Number_Of_Payments') {
    const count = values.numberOfPayments;
    if (count === null || count === undefined)
      errors.numberOfPayments = BILLING_SETUP_MESSAGES.numberOfPaymentsRequired;
    else if (count < paymentsMade)
      errors.numberOfPayments = BILLING_SETUP_MESSAGES.numberOfPaymentsBelowUsed(paymentsMade);
  }
  return errors;
};

/** The contract's resolver (its messages verbatim), with the cross-field rules said at once. */
const resolverFor = (paymentsMade: number): Resolver<PayoutBlockFormValues, unknown, PayoutBlockBody> => {
  const contract = zodResolver(payoutBlockBodySchema);
  return async (values, context, options) => {
    const result = await contract(values, context, options);
    const extra = Object.entries(crossFieldErrors(values, paymentsMade)).filter(
      ([field]) => !(field in result.errors),
    );
    if (extra.length === 0) return result;
    return {
      values: {},
      errors: {
        ...result.errors,
        ...Object.fromEntries(extra.map(([field, message]) => [field, { type: 'validate', message }])),
      },
    };
  };
};

const FORM_FIELDS: readonly string[] = payoutBlockBodySchema.keyof().options;

/** The form's field for a server field error (the body's fields are the form's). */
const formFieldOf = (field: string) =>
  FORM_FIELDS.includes(field) ? (field as FieldPath<PayoutBlockFormValues>) : undefined;

/** A percent typed as text (0–100, two decimals): the contract parses it as the server does. */
const PercentField = ({
  error,
  ...props
}: { label: string; description: string; error: string | undefined } & UseFormRegisterReturn) => (
  <TextInput
    withAsterisk
    inputMode="decimal"
    autoComplete="off"
    rightSection={<Text size="sm">%</Text>}
    error={error}
    {...props}
  />
);

type PayoutBlockFormModalProps = {
  level: PayoutBlocksLevel;
  /** The level's list as last answered: its active blocks make the form's live totals. */
  list: PayoutBlockList | undefined;
  /** null: closed; 'new': a new block; a block: edit it. */
  target: PayoutBlock | 'new' | null;
  onClose: () => void;
};

/** The payout block form (spec §3 Payout block, §4, §5 Payout), new or edit, with the level's totals live. */
export const PayoutBlockFormModal = ({ level, list, target, onClose }: PayoutBlockFormModalProps) => (
  <RecordFormModal target={target} noun="payout block" onClose={onClose}>
    {(block) => <PayoutBlockForm level={level} list={list} block={block} onClose={onClose} />}
  </RecordFormModal>
);

type PayoutBlockFormProps = {
  level: PayoutBlocksLevel;
  list: PayoutBlockList | undefined;
  block: PayoutBlock | null;
  onClose: () => void;
};

const PayoutBlockForm = ({ level, list, block, onClose }: PayoutBlockFormProps) => {
  const save = useSavePayoutBlock(level);
  const paymentsMade = block?.paymentsMade ?? 0;
  const [resolver] = useState(() => resolverFor(paymentsMade));
  const [payee, setPayee] = useState<PickedUser | null>(
    block?.payee ? { ...block.payee, profileImageUrl: null } : null,
  );
  /** Whether the payee shown came from the household's team (a later type replaces it; a pick does not). */
  const prefilled = useRef(false);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<PayoutBlockFormValues, unknown, PayoutBlockBody>({
    defaultValues: valuesOf(block),
    resolver,
  });
  const [type, payoutPercentage, creditTo, startDate, paymentType, numberOfPayments] = useWatch({
    control,
    name: ['type', 'payoutPercentage', 'creditTo', 'startDate', 'payoutBlockPaymentType', 'numberOfPayments'],
  });

  // A 409 (the blocks active together would pass 100 %) lands on the payout percentage.
  const handleSave = handleSubmit((body) =>
    saveRecord(save, { id: block?.id, body }, { onClose, setError, fields: formFieldOf }),
  );

  const handleType = (value: string | null) => {
    const next = (value ?? undefined) as PayoutType | undefined;
    setValue('type', next as PayoutType, { shouldDirty: true });
    // The firm is paid as itself: no payee.
    if (next === 'FIRM') {
      setPayee(null);
      setValue('payeeId', null, { shouldDirty: true });
      clearErrors('payeeId');
    }
    // A new block's payee is the household's advisor in that role, unless one was picked by hand.
    const member = next === 'FIRM' ? undefined : list?.team.find((entry) => entry.type === next);
    if (!block && (payee === null || prefilled.current)) {
      prefilled.current = member !== undefined;
      setPayee(member ? { ...member.payee, profileImageUrl: null } : null);
      setValue('payeeId', member?.payee.id ?? null, { shouldDirty: true });
      if (member) clearErrors('payeeId');
    }
    if (errors.type) clearErrors('type');
  };

  const handlePaymentType = (value: string) => {
    const next = value as PayoutPaymentType;
    setValue('payoutBlockPaymentType', next, { shouldDirty: true });
    // A block paid forever has no number of payments.
    if (next === 'Forever') {
      setValue('numberOfPayments', null, { shouldDirty: true });
      clearErrors('numberOfPayments');
    }
  };

  const live = list
    ? liveTotalsOf(list, block, {
        payoutPercentage,
        creditTo,
        startDate,
        payoutBlockPaymentType: paymentType,
        numberOfPayments,
      })
    : null;

  return (
    <form
      onSubmit={(event) => void handleSave(event)}
      noValidate
      aria-label={block ? 'Edit payout block' : 'New payout block'}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Type"
            withAsterisk
            placeholder="Choose a type"
            data={TYPE_OPTIONS}
            value={type ?? null}
            onChange={handleType}
            allowDeselect={false}
            error={errors.type?.message}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          {type === 'FIRM' ? (
            <Stack gap={2} justify="center">
              <Text size="sm" fw={500}>
                Payee
              </Text>
              <Text size="sm" c="dimmed">
                The firm is paid as itself: no payee.
              </Text>
            </Stack>
          ) : (
            <UserPicker
              label="Payee"
              placeholder="Search active users"
              value={payee}
              onChange={(user) => {
                prefilled.current = false;
                setPayee(user);
                setValue('payeeId', user?.id ?? null, {
                  shouldDirty: true,
                  shouldValidate: !!errors.payeeId,
                });
              }}
              error={errors.payeeId?.message}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PercentField
            label="Payout percentage"
            description="Share of the fee paid to the payee (0–100)"
            error={errors.payoutPercentage?.message}
            {...register('payoutPercentage')}
          />
          <PercentField
            label="Credit to"
            description="Share credited to the payee's production (0–100); not money"
            error={errors.creditTo?.message}
            {...register('creditTo')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            type="date"
            label="Start date"
            withAsterisk
            error={errors.startDate?.message}
            {...register('startDate')}
          />
          <Radio.Group
            label="Payment type"
            withAsterisk
            value={paymentType ?? null}
            onChange={handlePaymentType}
            error={errors.payoutBlockPaymentType?.message}
          >
            <Group gap="lg" mt={8}>
              {PAYOUT_PAYMENT_TYPES.map((value) => (
                <Radio key={value} value={value} label={PAYOUT_PAYMENT_TYPE_LABELS[value]} />
              ))}
            </Group>
          </Radio.Group>
        </SimpleGrid>
        {paymentType === 'Number_Of_Payments' && (
          <Controller
            control={control}
            name="numberOfPayments"
            render={({ field }) => (
              <NumberInput
                ref={field.ref}
                name={field.name}
                label="Number of payments"
                description={
                  paymentsMade > 0
                    ? `1 to ${PAYOUT_PAYMENTS_MAX}, one per billing period from the start; ${paymentsMade} already paid`
                    : `1 to ${PAYOUT_PAYMENTS_MAX}, one per billing period from the start`
                }
                withAsterisk
                min={1}
                max={PAYOUT_PAYMENTS_MAX}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                w={{ base: '100%', sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
                value={field.value ?? ''}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : null)}
                onBlur={field.onBlur}
                error={errors.numberOfPayments?.message}
              />
            )}
          />
        )}
        {live && list && (
          <Paper withBorder radius="md" p="sm">
            <Stack gap="xs" role="status" aria-live="polite" aria-label="Live totals">
              <Title order={3} size="h6">
                Totals with this block
              </Title>
              <TotalsFigures
                payoutPercentageTotal={live.payoutPercentageTotal}
                creditToTotal={live.creditToTotal}
                period={list.period}
              />
              {!live.editedCounts && (
                <Text size="xs" c="dimmed">
                  This block is not active in the current period (it starts after it, or has made all its
                  payments): it is not in these totals.
                </Text>
              )}
              {live.overHundred ? (
                <TotalsNotice tone="over">
                  {BILLING_SETUP_MESSAGES.payoutTotalAbove100(live.payoutPercentageTotal)} The server will
                  refuse this save.
                </TotalsNotice>
              ) : live.firmResidual !== '0' ? (
                <TotalsNotice tone="residual">
                  {percentLabel(live.firmResidual)} goes to the firm.
                </TotalsNotice>
              ) : (
                <TotalsNotice tone="complete">The whole fee is paid out (100%).</TotalsNotice>
              )}
            </Stack>
          </Paper>
        )}
        <FormActions
          onCancel={onClose}
          saving={save.isPending}
          saveLabel={block ? 'Save payout block' : 'Add payout block'}
        />
      </Stack>
    </form>
  );
};
