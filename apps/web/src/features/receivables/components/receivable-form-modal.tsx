import {
  COMMISSION_PERCENTAGE_MAX,
  commissionSplitAmount,
  formatMoney,
  PAYOUT_TYPE_LABELS,
  PAYOUT_TYPES,
  type PayoutType,
  percentSum,
  RECEIVABLE_ACCOUNT_HOLDER_MAX,
  RECEIVABLE_DESCRIPTION_MAX,
  RECEIVABLE_FREQUENCIES,
  RECEIVABLE_FREQUENCY_LABELS,
  RECEIVABLE_PAYMENTS_MAX,
  RECEIVABLE_POLICY_NUMBER_MAX,
  RECEIVABLE_PRODUCT_TYPES,
  type Receivable,
  type ReceivableBody,
  type ReceivableFrequency,
  receivableBodySchema,
  receivableSchedule,
  receivableTotal,
  totalProductPayments,
} from '@centric/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  Controller,
  type FieldErrors,
  type FieldPath,
  type Resolver,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { HouseholdPicker } from '../../../components/household-picker.tsx';
import { MoneyField } from '../../../components/money-field.tsx';
import { RecordFormModal } from '../../../components/record-form-modal.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { type PickedUser, UserPicker } from '../../../components/user-picker.tsx';
import type { HouseholdOption } from '../../../lib/lookups/household-search.ts';
import { formatDate } from '../../../lib/format.ts';
import { moneyForInput, moneyFromInput } from '../../../lib/money.ts';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useReceivableOptions } from '../api/get-receivable-options.ts';
import { useSaveReceivable } from '../api/save-receivable.ts';

const PRODUCT_TYPE_OPTIONS = RECEIVABLE_PRODUCT_TYPES.map((p) => ({ value: p.value, label: p.label }));
const FREQUENCY_OPTIONS = RECEIVABLE_FREQUENCIES.map((value) => ({
  value,
  label: RECEIVABLE_FREQUENCY_LABELS[value],
}));
const SPLIT_TYPE_OPTIONS = PAYOUT_TYPES.map((value) => ({ value, label: PAYOUT_TYPE_LABELS[value] }));

export type SplitFields = {
  type: PayoutType | null;
  payee: PickedUser | null;
  appPercentage: string;
  commissionPercentage: string;
  startDate: string;
  numberOfPayments: number | string;
  creditTo: string;
};

/** The form as typed: the household picked with its name, the amount with thousands commas. */
export type ReceivableFields = {
  household: HouseholdOption | null;
  productType: string | null;
  receivableProductId: string | null;
  providerId: string | null;
  accountHolder: string;
  description: string;
  policyNumber: string;
  amount: string;
  paymentFrequency: ReceivableFrequency | null;
  numberOfPayments: number | string;
  startDate: string;
  splits: SplitFields[];
  /** Where the totals' rules are said (no input of their own). */
  totalAppPercentage?: string;
  totalCommissionPercentage?: string;
};

const emptySplit = (startDate: string, payments: number | string): SplitFields => ({
  type: null,
  payee: null,
  appPercentage: '',
  commissionPercentage: '',
  startDate,
  numberOfPayments: payments,
  creditTo: '100',
});

const valuesOf = (receivable: Receivable | null): ReceivableFields =>
  receivable
    ? {
        household: { clientId: receivable.household.id, name: receivable.household.name },
        productType: receivable.productType,
        receivableProductId: String(receivable.product.id),
        providerId: String(receivable.provider.id),
        accountHolder: receivable.accountHolder,
        description: receivable.description ?? '',
        policyNumber: receivable.policyNumber ?? '',
        amount: moneyForInput(receivable.amount),
        paymentFrequency: receivable.paymentFrequency,
        numberOfPayments: receivable.numberOfPayments,
        startDate: receivable.startDate,
        splits: receivable.splits.map((s) => ({
          type: s.type,
          payee: s.payee ? { id: s.payee.id, fullName: s.payee.fullName, profileImageUrl: null } : null,
          appPercentage: s.appPercentage,
          commissionPercentage: s.commissionPercentage,
          startDate: s.startDate,
          numberOfPayments: s.numberOfPayments,
          creditTo: s.creditTo,
        })),
      }
    : {
        household: null,
        productType: null,
        receivableProductId: null,
        providerId: null,
        accountHolder: '',
        description: '',
        policyNumber: '',
        amount: '',
        paymentFrequency: 'MONTHLY',
        numberOfPayments: 12,
        startDate: '',
        splits: [],
      };

const count = (value: number | string) => (value === '' ? undefined : Number(value));

/** The request body the form stands for (the contract reads it as the server does). */
export const receivableBodyOf = (values: ReceivableFields) => ({
  productType: values.productType ?? undefined,
  receivableProductId: values.receivableProductId ?? undefined,
  providerId: values.providerId ?? undefined,
  clientId: values.household?.clientId,
  accountHolder: values.accountHolder,
  description: values.description,
  policyNumber: values.policyNumber,
  amount: moneyFromInput(values.amount),
  paymentFrequency: values.paymentFrequency ?? undefined,
  numberOfPayments: count(values.numberOfPayments),
  startDate: values.startDate,
  splits: values.splits.map((s) => ({
    type: s.type ?? undefined,
    payeeId: s.type === 'FIRM' ? null : (s.payee?.id ?? null),
    appPercentage: s.appPercentage,
    commissionPercentage: s.commissionPercentage,
    startDate: s.startDate,
    numberOfPayments: count(s.numberOfPayments),
    creditTo: s.creditTo,
  })),
});

const TOP_FIELDS: Readonly<Record<string, FieldPath<ReceivableFields>>> = {
  clientId: 'household',
  productType: 'productType',
  receivableProductId: 'receivableProductId',
  providerId: 'providerId',
  accountHolder: 'accountHolder',
  description: 'description',
  policyNumber: 'policyNumber',
  amount: 'amount',
  paymentFrequency: 'paymentFrequency',
  numberOfPayments: 'numberOfPayments',
  startDate: 'startDate',
  totalAppPercentage: 'totalAppPercentage',
  totalCommissionPercentage: 'totalCommissionPercentage',
};
const SPLIT_FIELDS = [
  'type',
  'payeeId',
  'appPercentage',
  'commissionPercentage',
  'startDate',
  'numberOfPayments',
  'creditTo',
] as const;

/** Where a contract or server field path shows on this form ('splits.1.payeeId' on that split's payee). */
export const receivableFieldOf = (path: string): FieldPath<ReceivableFields> | undefined => {
  const [top, index, field] = path.split('.');
  if (top === 'splits' && index !== undefined && field !== undefined) {
    const known = SPLIT_FIELDS.find((f) => f === field);
    if (!known) return undefined;
    return `splits.${Number(index)}.${known === 'payeeId' ? 'payee' : known}` as FieldPath<ReceivableFields>;
  }
  return top ? TOP_FIELDS[top] : undefined;
};

/** The contract's issues as the form's (nested) errors, the first message per field. */
const errorsOf = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const field = receivableFieldOf(issue.path.map(String).join('.'));
    if (!field) continue;
    const parts = field.split('.');
    let node = errors;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= /^\d+$/.test(parts[parts.indexOf(part) + 1] ?? '') ? [] : {};
      node = node[part] as Record<string, unknown>;
    }
    const last = parts.at(-1) as string;
    if (!node[last]) node[last] = { type: 'validate', message: issue.message };
  }
  return errors as FieldErrors<ReceivableFields>;
};

/** The contract's schema checks the body the form would send, with the server's own messages. */
const resolver: Resolver<ReceivableFields, unknown, ReceivableBody> = (values) => {
  const parsed = receivableBodySchema.safeParse(receivableBodyOf(values));
  return parsed.success
    ? { values: parsed.data, errors: {} }
    : { values: {}, errors: errorsOf(parsed.error.issues) };
};

/** A split row is filled when each of its fields is (a payee unless the firm is paid). */
const splitFilled = (s: SplitFields) =>
  s.type !== null &&
  (s.type === 'FIRM' || s.payee !== null) &&
  s.appPercentage.trim() !== '' &&
  s.commissionPercentage.trim() !== '' &&
  s.startDate !== '' &&
  s.numberOfPayments !== '' &&
  s.creditTo.trim() !== '';

const isPercent = (value: string) => /^\d{1,3}(\.\d{1,2})?$/.test(value.trim());

/** What one split takes of each payment, as the server computes it (decision 0018); '' while incomplete. */
const sharePreview = (amount: string, split: SplitFields) => {
  const typed = moneyFromInput(amount);
  if (
    !/^\d+(\.\d{1,2})?$/.test(typed) ||
    !isPercent(split.appPercentage) ||
    !isPercent(split.commissionPercentage)
  )
    return '';
  return formatMoney(
    commissionSplitAmount(typed, split.appPercentage.trim(), split.commissionPercentage.trim()),
  );
};

type ReceivableFormModalProps = {
  /** null: closed; 'new': a new receivable; a receivable: edit it. */
  target: Receivable | 'new' | null;
  onClose: () => void;
  /** After a save: the receivable as the server answered it (the screen opens its schedule). */
  onSaved?: (receivable: Receivable) => void;
};

/** The receivable form (spec §2 the receivable form, §3 Receivable and Commission split, §5), new or edit. */
export const ReceivableFormModal = ({ target, onClose, onSaved }: ReceivableFormModalProps) => (
  <RecordFormModal target={target} noun="receivable" onClose={onClose} size="xl">
    {(receivable) => <ReceivableForm receivable={receivable} onClose={onClose} onSaved={onSaved} />}
  </RecordFormModal>
);

type ReceivableFormProps = {
  receivable: Receivable | null;
  onClose: () => void;
  onSaved?: ((receivable: Receivable) => void) | undefined;
};

const ReceivableForm = ({ receivable, onClose, onSaved }: ReceivableFormProps) => {
  const save = useSaveReceivable(onSaved);
  const options = useReceivableOptions();
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<ReceivableFields, unknown, ReceivableBody>({ defaultValues: valuesOf(receivable), resolver });
  const splits = useFieldArray({ control, name: 'splits' });
  const [productType, frequency, payments, amount, startDate, splitValues] = useWatch({
    control,
    name: ['productType', 'paymentFrequency', 'numberOfPayments', 'amount', 'startDate', 'splits'],
  });

  const products = (options.data?.products ?? [])
    .filter((p) => p.productType === productType)
    .map((p) => ({ value: String(p.id), label: p.name }));
  const providers = (options.data?.providers ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const loadingChoices = options.isPending ? 'Loading...' : 'No Data Available';

  const paymentCount = frequency === 'ONE_TIME' ? 1 : count(payments);
  const typedAmount = moneyFromInput(amount);
  const scheduled =
    frequency && paymentCount && /^\d+(\.\d{1,2})?$/.test(typedAmount) && startDate
      ? receivableSchedule({
          paymentFrequency: frequency,
          numberOfPayments: paymentCount,
          startDate,
          amount: typedAmount,
        })
      : null;
  const totalAmount =
    scheduled && frequency ? receivableTotal(typedAmount, frequency, scheduled.length) : null;
  const total =
    frequency === 'PAID_UP'
      ? 'paid up: only what is recorded as received.'
      : scheduled && totalAmount
        ? `${formatMoney(totalAmount)} over ${scheduled.length} ${scheduled.length === 1 ? 'payment' : 'payments'}, the last on ${formatDate(scheduled.at(-1)?.dueDate ?? '')}.`
        : 'amount, frequency, number of payments and start date make the schedule.';

  const lastSplit = splitValues.at(-1);
  const canAddSplit = !lastSplit || splitFilled(lastSplit);
  const totalApp = percentSum(splitValues.map((s) => s.appPercentage.trim()).filter(isPercent));
  const totalCommission = percentSum(splitValues.map((s) => s.commissionPercentage.trim()).filter(isPercent));

  const handleSave = handleSubmit((body) =>
    saveRecord(save, { id: receivable?.id, body }, { onClose, setError, fields: receivableFieldOf }),
  );

  return (
    <form
      onSubmit={(event) => void handleSave(event)}
      noValidate
      aria-label={receivable ? 'Edit receivable' : 'New receivable'}
    >
      <Stack gap="md">
        <Controller
          control={control}
          name="household"
          render={({ field }) => (
            <HouseholdPicker
              label="Household"
              withAsterisk
              value={field.value}
              onChange={(household) => {
                field.onChange(household);
              }}
              error={errors.household?.message}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <SelectField
            control={control}
            name="productType"
            nullable
            label="Product type"
            withAsterisk
            placeholder="Choose a type"
            data={PRODUCT_TYPE_OPTIONS}
            onChosen={() => setValue('receivableProductId', null)}
            searchable
            error={errors.productType?.message}
          />
          <SelectField
            control={control}
            name="receivableProductId"
            nullable
            label="Receivable product"
            withAsterisk
            placeholder={productType ? 'Choose a product' : 'Choose a product type first'}
            disabled={!productType}
            data={products}
            searchable
            nothingFoundMessage={loadingChoices}
            error={errors.receivableProductId?.message}
          />
          <SelectField
            control={control}
            name="providerId"
            nullable
            label="Provider"
            withAsterisk
            placeholder="Choose a provider"
            data={providers}
            searchable
            nothingFoundMessage={loadingChoices}
            error={errors.providerId?.message}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            label="Account holder"
            withAsterisk
            maxLength={RECEIVABLE_ACCOUNT_HOLDER_MAX}
            error={errors.accountHolder?.message}
            {...register('accountHolder')}
          />
          <TextInput
            label="Policy or contract number"
            placeholder="As on the carrier's statements"
            maxLength={RECEIVABLE_POLICY_NUMBER_MAX}
            error={errors.policyNumber?.message}
            {...register('policyNumber')}
          />
          <TextInput
            label="Description"
            maxLength={RECEIVABLE_DESCRIPTION_MAX}
            error={errors.description?.message}
            {...register('description')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MoneyField
            control={control}
            name="amount"
            label="Amount per payment"
            withAsterisk
            error={errors.amount?.message}
          />
          <SelectField
            control={control}
            name="paymentFrequency"
            nullable
            label="Payment frequency"
            withAsterisk
            data={FREQUENCY_OPTIONS}
            onChosen={(value) => {
              if (value === 'ONE_TIME') setValue('numberOfPayments', 1);
            }}
            allowDeselect={false}
            error={errors.paymentFrequency?.message}
          />
          <Controller
            control={control}
            name="numberOfPayments"
            render={({ field }) => (
              <NumberInput
                ref={field.ref}
                label="Number of payments"
                withAsterisk
                min={1}
                max={RECEIVABLE_PAYMENTS_MAX}
                allowDecimal={false}
                allowNegative={false}
                disabled={frequency === 'ONE_TIME'}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                onBlur={field.onBlur}
                error={errors.numberOfPayments?.message}
              />
            )}
          />
          <TextInput
            label="Start date"
            type="date"
            withAsterisk
            error={errors.startDate?.message}
            {...register('startDate')}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          Total: {total}
        </Text>

        <Divider />
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={3} size="h5">
              Commission splits
            </Title>
            <Text size="xs" c="dimmed">
              A payee takes payment × app % × commission %; the firm keeps the rest.
            </Text>
          </Stack>
          <Tooltip label="Fill in the last split first" disabled={canAddSplit}>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden="true" />}
              disabled={!canAddSplit}
              onClick={() =>
                splits.append(emptySplit(startDate, frequency === 'ONE_TIME' ? 1 : (payments ?? '')))
              }
            >
              Add split
            </Button>
          </Tooltip>
        </Group>
        {splits.fields.length === 0 && (
          <Text size="sm" c="dimmed">
            No splits: every payment is the firm&apos;s.
          </Text>
        )}
        {splits.fields.map((item, index) => {
          const splitErrors = errors.splits?.[index];
          const value = splitValues[index];
          const share = value ? sharePreview(amount, value) : '';
          const title = `Split ${index + 1}`;
          return (
            <Paper key={item.id} withBorder radius="md" p="sm" component="fieldset" aria-label={title} m={0}>
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text size="sm" fw={600}>
                    {title}
                    {share && (
                      <Text span size="sm" c="dimmed" fw={400}>
                        {' '}
                        · {share} a payment
                      </Text>
                    )}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={`Remove ${title.toLowerCase()}`}
                    onClick={() => splits.remove(index)}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <SelectField
                    control={control}
                    name={`splits.${index}.type`}
                    nullable
                    label="Type"
                    withAsterisk
                    placeholder="Choose a type"
                    data={SPLIT_TYPE_OPTIONS}
                    onChosen={(next) => {
                      if (next === 'FIRM') setValue(`splits.${index}.payee`, null);
                    }}
                    error={splitErrors?.type?.message}
                  />
                  {value?.type === 'FIRM' ? (
                    <TextInput label="Payee" value="The firm" readOnly />
                  ) : (
                    <Controller
                      control={control}
                      name={`splits.${index}.payee`}
                      render={({ field }) => (
                        <UserPicker
                          label="Payee"
                          value={field.value}
                          onChange={(user) => field.onChange(user)}
                          error={splitErrors?.payee?.message}
                        />
                      )}
                    />
                  )}
                </SimpleGrid>
                <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
                  <TextInput
                    label="App %"
                    withAsterisk
                    placeholder="0–100"
                    inputMode="decimal"
                    autoComplete="off"
                    error={splitErrors?.appPercentage?.message}
                    {...register(`splits.${index}.appPercentage`)}
                  />
                  <TextInput
                    label="Commission %"
                    withAsterisk
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder={`0–${COMMISSION_PERCENTAGE_MAX}`}
                    error={splitErrors?.commissionPercentage?.message}
                    {...register(`splits.${index}.commissionPercentage`)}
                  />
                  <TextInput
                    label="Start date"
                    type="date"
                    withAsterisk
                    error={splitErrors?.startDate?.message}
                    {...register(`splits.${index}.startDate`)}
                  />
                  <Controller
                    control={control}
                    name={`splits.${index}.numberOfPayments`}
                    render={({ field }) => (
                      <NumberInput
                        ref={field.ref}
                        label="Payments"
                        withAsterisk
                        min={1}
                        max={totalProductPayments(frequency ?? 'MONTHLY', Number(payments) || 1)}
                        allowDecimal={false}
                        allowNegative={false}
                        value={field.value}
                        onChange={(next) => field.onChange(next)}
                        onBlur={field.onBlur}
                        error={splitErrors?.numberOfPayments?.message}
                      />
                    )}
                  />
                  <TextInput
                    label="Credit to %"
                    withAsterisk
                    inputMode="decimal"
                    autoComplete="off"
                    error={splitErrors?.creditTo?.message}
                    {...register(`splits.${index}.creditTo`)}
                  />
                </SimpleGrid>
              </Stack>
            </Paper>
          );
        })}
        {splits.fields.length > 0 && (
          <Group gap="lg">
            <Text size="sm">
              Total app %: <b>{totalApp}%</b>
            </Text>
            <Text size="sm">
              Total commission %: <b>{totalCommission}%</b>
            </Text>
          </Group>
        )}
        {(errors.totalAppPercentage || errors.totalCommissionPercentage) && (
          <Alert color="red" variant="light" role="alert">
            <Stack gap={2}>
              {errors.totalAppPercentage?.message && (
                <Text size="sm">{errors.totalAppPercentage.message}</Text>
              )}
              {errors.totalCommissionPercentage?.message && (
                <Text size="sm">{errors.totalCommissionPercentage.message}</Text>
              )}
            </Stack>
          </Alert>
        )}
        <FormActions
          onCancel={onClose}
          saveLabel={receivable ? 'Save receivable' : 'Add receivable'}
          saving={save.isPending}
        />
      </Stack>
    </form>
  );
};
