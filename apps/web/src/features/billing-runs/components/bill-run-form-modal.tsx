import {
  BILL_KIND_LABELS,
  BILL_KINDS,
  BILL_RUN_PERIOD_LABELS,
  BILL_RUN_PERIODS,
  BILL_SCOPE_LABELS,
  BILL_SCOPES,
  type BillRun,
  type BillRunBody,
  type BillRunFormValues,
  billRunBodySchema,
  billRunPeriodOf,
  parseIsoDate,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, type FieldPath, type Resolver, useForm, useWatch } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { HouseholdPicker } from '../../../components/household-picker.tsx';
import { OpenAccountSelect, type PickedAccount } from '../../../components/open-account-select.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { type PickedUser, UserPicker } from '../../../components/user-picker.tsx';
import { showFormErrors } from '../../../lib/form-errors.ts';
import type { HouseholdOption } from '../../../lib/lookups/household-search.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateBillRun } from '../api/create-bill-run.ts';
import { periodText } from './bill-run-text.ts';

const FIELDS: readonly FieldPath<BillRunFormValues>[] = [
  'kind',
  'scope',
  'clientId',
  'accountId',
  'wealthAdvisorId',
  'period',
  'periodStart',
  'periodEnd',
  'valuationDate',
];

const KIND_HINTS: Readonly<Record<(typeof BILL_KINDS)[number], string>> = {
  FORECAST_BILL: 'What the bills would be: changes nothing and is never collected.',
  LIVE_BILL: 'The bills to collect: approved, locked and exported together.',
};
const SCOPE_OPTIONS = BILL_SCOPES.map((value) => ({ value, label: BILL_SCOPE_LABELS[value] }));
const PERIOD_OPTIONS = BILL_RUN_PERIODS.map((value) => ({ value, label: BILL_RUN_PERIOD_LABELS[value] }));

const contractResolver = zodResolver(billRunBodySchema) as Resolver<BillRunFormValues, unknown, BillRunBody>;

/**
 * The contract's checks, all at once: its scope and period rules run only once kind, scope and period are
 * chosen, so a form missing one is checked again with stand-ins to show every other message too.
 */
const resolver: Resolver<BillRunFormValues, unknown, BillRunBody> = async (values, context, options) => {
  const result = await contractResolver(values, context, options);
  if (Object.keys(result.errors).length === 0 || (values.kind && values.scope && values.period)) {
    return result;
  }
  const filled: BillRunFormValues = {
    ...values,
    kind: values.kind || 'FORECAST_BILL',
    scope: values.scope || 'ALL_UNITS',
    period: values.period || 'MONTHLY',
  };
  const more = await contractResolver(filled, context, options);
  return { values: {}, errors: { ...more.errors, ...result.errors } };
};

/** The period the run will bill, once its dates say it: 'Bills 04/01/2026 – 06/30/2026'. */
const periodHint = (values: Pick<BillRunFormValues, 'period' | 'periodStart' | 'periodEnd'>) => {
  const start = values.periodStart?.trim() ?? '';
  if (!values.period || !parseIsoDate(start)) return undefined;
  if (values.period === 'CUSTOM') return undefined;
  const range = billRunPeriodOf({ period: values.period, periodStart: start });
  return `Bills ${periodText(range.start, range.end)}`;
};

type BillRunFormProps = {
  /** The day the date field starts on (the firm's today). */
  today: string;
  onClose: () => void;
  /** The run was started (its page opens). */
  onCreated: (run: BillRun) => void;
};

const BillRunForm = ({ today, onClose, onCreated }: BillRunFormProps) => {
  const create = useCreateBillRun();
  const [household, setHousehold] = useState<HouseholdOption | null>(null);
  const [account, setAccount] = useState<PickedAccount | null>(null);
  const [advisor, setAdvisor] = useState<PickedUser | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<BillRunFormValues, unknown, BillRunBody>({
    defaultValues: {
      scope: 'ALL_UNITS',
      clientId: null,
      accountId: null,
      wealthAdvisorId: null,
      period: 'QUARTERLY',
      periodStart: today,
      periodEnd: '',
      valuationDate: '',
    },
    resolver,
  });
  const [scope, period, periodStart, periodEnd] = useWatch({
    control,
    name: ['scope', 'period', 'periodStart', 'periodEnd'],
  });
  const custom = period === 'CUSTOM';

  const handleSave = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: ({ run, message }) => {
        notifySuccess(message);
        onCreated(run);
      },
      onError: (error) => {
        showFormErrors(error, setError, { fields: FIELDS, focus: true });
      },
    }),
  );

  const handleScope = (value: string | null) => {
    setValue('scope', (value ?? undefined) as BillRunFormValues['scope'], { shouldDirty: true });
    // Only the chosen scope's record is sent.
    setHousehold(null);
    setAccount(null);
    setAdvisor(null);
    setValue('clientId', null);
    setValue('accountId', null);
    setValue('wealthAdvisorId', null);
  };

  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate aria-label="New bill run">
      <Stack gap="md">
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <Radio.Group
              label="Kind"
              withAsterisk
              value={field.value ?? null}
              onChange={(value) => field.onChange(value)}
              error={errors.kind?.message}
            >
              <Stack gap="xs" mt={6}>
                {BILL_KINDS.map((kind) => (
                  <Radio
                    key={kind}
                    value={kind}
                    label={BILL_KIND_LABELS[kind]}
                    description={KIND_HINTS[kind]}
                    {...(kind === BILL_KINDS[0] ? { ref: field.ref } : {})}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <SelectField
          control={control}
          name="scope"
          label="What to bill"
          withAsterisk
          data={SCOPE_OPTIONS}
          onChosen={handleScope}
          allowDeselect={false}
          error={errors.scope?.message}
        />
        {scope === 'SINGLE_UNIT' && (
          <HouseholdPicker
            label="Unit"
            value={household}
            onChange={(picked) => {
              setHousehold(picked);
              setValue('clientId', picked?.clientId ?? null, { shouldValidate: true });
            }}
            error={errors.clientId?.message}
          />
        )}
        {scope === 'SINGLE_ACCOUNT' && (
          <OpenAccountSelect
            label="Account"
            withAsterisk
            value={account}
            onChange={(picked) => {
              setAccount(picked);
              setValue('accountId', picked?.id ?? null, { shouldValidate: true });
            }}
            error={errors.accountId?.message}
          />
        )}
        {scope === 'WEALTH_ADVISOR' && (
          <UserPicker
            label="Wealth Advisor 1"
            value={advisor}
            onChange={(picked) => {
              setAdvisor(picked);
              setValue('wealthAdvisorId', picked?.id ?? null, { shouldValidate: true });
            }}
            error={errors.wealthAdvisorId?.message}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField
            control={control}
            name="period"
            label="Period"
            withAsterisk
            data={PERIOD_OPTIONS}
            allowDeselect={false}
            error={errors.period?.message}
          />
          <TextInput
            type="date"
            label={custom ? 'Period start' : 'A day in the period'}
            description={custom ? undefined : (periodHint({ period, periodStart, periodEnd }) ?? ' ')}
            withAsterisk
            error={errors.periodStart?.message}
            {...register('periodStart')}
          />
          {custom && (
            <TextInput
              type="date"
              label="Period end"
              description="At most one year after the start"
              withAsterisk
              error={errors.periodEnd?.message}
              {...register('periodEnd')}
            />
          )}
          <TextInput
            type="date"
            label="Valuation date"
            description="Optional: the period's end by default"
            error={errors.valuationDate?.message}
            {...register('valuationDate')}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          The run bills each unit of the scope in the background; its page shows the progress as it goes.
        </Text>
        <FormActions onCancel={onClose} saveLabel="Start bill run" saving={create.isPending} />
      </Stack>
    </form>
  );
};

type BillRunFormModalProps = BillRunFormProps & { opened: boolean };

/** New bill run: kind, scope, period and valuation date, checked by the contract before it goes. */
export const BillRunFormModal = ({ opened, ...props }: BillRunFormModalProps) => (
  <Modal opened={opened} onClose={props.onClose} title="New bill run" size="lg" centered>
    {opened && <BillRunForm {...props} />}
  </Modal>
);
