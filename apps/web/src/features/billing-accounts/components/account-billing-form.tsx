import {
  type AccountBilling,
  type AccountBillingBody,
  type AccountBillingFormValues,
  BILLING_FREQUENCIES,
  BILLING_FREQUENCY_LABELS,
  BILLING_SETUP_MESSAGES,
  BILLING_TIMING_LABELS,
  BILLING_TIMINGS,
  type BillingTiming,
  PAY_METHOD_LABELS,
  PAY_METHODS,
  type PayMethod,
  accountBillingBodySchema,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { LeaveGuard } from '../../../components/leave-guard.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showFormErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useFeeScheduleOptions } from '../api/fee-schedule-options.ts';
import { useUpdateAccountBilling } from '../api/update-account-billing.ts';
import { BillingSection } from './billing-section.tsx';
import { PAY_METHOD_EXPLANATIONS } from './billing-text.ts';
import { FeePayingAccountPicker } from './fee-paying-account-picker.tsx';

const FIELDS = [
  'feeScheduleId',
  'payMethod',
  'frequency',
  'timing',
  'startDate',
  'feePayingAccountId',
] as const satisfies readonly (keyof AccountBillingFormValues)[];

const FREQUENCY_OPTIONS = BILLING_FREQUENCIES.map((value) => ({
  value,
  label: BILLING_FREQUENCY_LABELS[value],
}));

const TIMING_EXPLANATIONS: Readonly<Record<BillingTiming, string>> = {
  ARREARS: 'After each period ends, on its end value.',
  ADVANCE: "Ahead of each period, on the prior period's end value.",
};

/** The form's values for the account as saved. */
export const billingValuesOf = (account: AccountBilling): AccountBillingFormValues => ({
  feeScheduleId: account.feeSchedule?.id ?? null,
  payMethod: account.payMethod,
  frequency: account.frequency,
  timing: account.timing,
  startDate: account.startDate ?? '',
  feePayingAccountId: account.feePayingAccount?.id ?? null,
});

/** Whether the form differs from the saved setting (an empty choice is the same as none). */
const differs = (values: Partial<AccountBillingFormValues>, saved: AccountBillingFormValues) =>
  FIELDS.some((field) => (values[field] ?? null) !== (saved[field] ?? null));

type AccountBillingFormProps = {
  account: AccountBilling;
  /** billingAccounts write: without it the setting is shown, not changed. */
  canWrite: boolean;
};

/**
 * Tab 1 Billing (PUT /api/billing/accounts/:accountId/billing, spec §3 Fee (account), §4): the fee schedule,
 * the pay method with what each means, frequency, timing and start date; an INDIRECT fee needs the account it
 * is deducted from. Checked with the contract (its messages verbatim) before sending; the server's refusals
 * land on their fields.
 */
export const AccountBillingForm = ({ account, canWrite }: AccountBillingFormProps) => {
  const save = useUpdateAccountBilling();
  const schedules = useFeeScheduleOptions();
  const saved = billingValuesOf(account);
  const {
    control,
    register,
    handleSubmit,
    reset,
    getValues,
    setError,
    setValue,
    clearErrors,
    formState: { errors, defaultValues = saved },
  } = useForm<AccountBillingFormValues, unknown, AccountBillingBody>({
    defaultValues: saved,
    resolver: zodResolver(accountBillingBodySchema),
  });
  const values = useWatch({ control });
  // Against what the form was last reset to: the saved setting as this form knows it.
  const changed = differs(values, defaultValues as AccountBillingFormValues);

  // The account changed elsewhere (another tab, a bulk assignment): an untouched form shows it.
  const savedKey = JSON.stringify(saved);
  useEffect(() => {
    const shown = defaultValues as AccountBillingFormValues;
    if (differs(saved, shown) && !differs(getValues(), shown)) reset(saved);
    // Only a new saved setting matters, not each render's copy of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedKey]);
  const readOnly = !canWrite;
  const payMethod = values.payMethod;

  // The saved schedule stays an option even when the first 100 by name leave it out.
  const scheduleOptions = schedules.data ?? [];
  const scheduleData =
    account.feeSchedule && !scheduleOptions.some((o) => o.value === account.feeSchedule?.id)
      ? [{ value: account.feeSchedule.id, label: account.feeSchedule.name }, ...scheduleOptions]
      : scheduleOptions;

  const handlePayMethod = (next: string) => {
    const method = next as PayMethod;
    setValue('payMethod', method, { shouldDirty: true });
    // Only INDIRECT has a paying account: going back to it offers the saved one again.
    const shown = defaultValues as AccountBillingFormValues;
    const payer = method === 'INDIRECT' && shown.payMethod === 'INDIRECT' ? shown.feePayingAccountId : null;
    setValue('feePayingAccountId', payer ?? null, { shouldDirty: true });
    clearErrors(['payMethod', 'feePayingAccountId']);
  };

  const handleSave = handleSubmit((body) =>
    save.mutate(
      { accountId: account.accountId, body },
      {
        onSuccess: ({ account: next, message }) => {
          reset(billingValuesOf(next));
          notifySuccess(message || BILLING_SETUP_MESSAGES.billingUpdated);
        },
        onError: (error) => {
          showFormErrors(error, setError, { fields: FIELDS, focus: true });
        },
      },
    ),
  );

  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate aria-label="Account billing">
      <Stack gap="lg">
        {readOnly && (
          <Text size="sm" c="dimmed">
            You can see this account&apos;s fee setting; changing it needs permission to write Billing
            Accounts.
          </Text>
        )}
        <BillingSection title="Fee schedule">
          <Controller
            control={control}
            name="feeScheduleId"
            render={({ field }) => (
              <Select
                ref={field.ref}
                label="Fee schedule"
                description="The tiers and rates the account is billed on; without one, it is not billed."
                placeholder={schedules.isPending ? 'Loading fee schedules…' : 'No fee schedule'}
                data={scheduleData}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value)}
                onBlur={field.onBlur}
                searchable
                clearable={!readOnly}
                readOnly={readOnly}
                nothingFoundMessage={
                  schedules.isError ? errorMessage(schedules.error) : 'No fee schedule matches'
                }
                maw={420}
                error={errors.feeScheduleId?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        </BillingSection>

        <BillingSection title="Who pays">
          <Controller
            control={control}
            name="payMethod"
            render={({ field }) => (
              <Radio.Group
                label="Pay method"
                withAsterisk={!readOnly}
                value={field.value}
                onChange={handlePayMethod}
                error={errors.payMethod?.message}
              >
                <Stack gap="sm" mt="xs">
                  {PAY_METHODS.map((method) => (
                    <Radio
                      key={method}
                      value={method}
                      label={PAY_METHOD_LABELS[method]}
                      description={PAY_METHOD_EXPLANATIONS[method]}
                      disabled={readOnly}
                      {...(method === field.value ? { ref: field.ref } : {})}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
          {payMethod === 'INDIRECT' && (
            <Controller
              control={control}
              name="feePayingAccountId"
              render={({ field }) => (
                <FeePayingAccountPicker
                  account={account}
                  value={field.value ?? null}
                  onChange={(id) => {
                    field.onChange(id);
                    clearErrors('feePayingAccountId');
                  }}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  readOnly={readOnly}
                  error={errors.feePayingAccountId?.message}
                />
              )}
            />
          )}
          {payMethod !== 'INDIRECT' && errors.feePayingAccountId?.message && (
            <Text size="sm" c="red.8" role="alert">
              {errors.feePayingAccountId.message}
            </Text>
          )}
        </BillingSection>

        <BillingSection title="When it is billed">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            <Controller
              control={control}
              name="frequency"
              render={({ field }) => (
                <Select
                  ref={field.ref}
                  label="Frequency"
                  withAsterisk={!readOnly}
                  data={FREQUENCY_OPTIONS}
                  value={field.value}
                  onChange={(value) => value && field.onChange(value)}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  readOnly={readOnly}
                  error={errors.frequency?.message}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <Controller
              control={control}
              name="timing"
              render={({ field }) => (
                <Radio.Group
                  label="Timing"
                  withAsterisk={!readOnly}
                  value={field.value ?? 'ARREARS'}
                  onChange={(value) => field.onChange(value)}
                  error={errors.timing?.message}
                >
                  <Stack gap="sm" mt="xs">
                    {BILLING_TIMINGS.map((timing) => (
                      <Radio
                        key={timing}
                        value={timing}
                        label={BILLING_TIMING_LABELS[timing]}
                        description={TIMING_EXPLANATIONS[timing]}
                        disabled={readOnly}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
            />
            <TextInput
              type="date"
              label="Start date"
              description="The first day the account is billed from."
              withAsterisk={!readOnly}
              readOnly={readOnly}
              error={errors.startDate?.message}
              {...register('startDate')}
            />
          </SimpleGrid>
        </BillingSection>

        {canWrite && (
          <Group justify="flex-end">
            <Button
              variant="default"
              type="button"
              disabled={!changed || save.isPending}
              onClick={() => reset()}
            >
              Discard changes
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!changed}>
              Save billing
            </Button>
          </Group>
        )}
      </Stack>
      <LeaveGuard
        when={canWrite && changed && !save.isPending}
        message="Your changes to this account's fee setting are not saved."
      />
    </form>
  );
};
