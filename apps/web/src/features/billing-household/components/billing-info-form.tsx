import {
  BILLING_FREQUENCIES,
  BILLING_FREQUENCY_LABELS,
  BILLING_TIMING_LABELS,
  BILLING_TIMINGS,
  type BillingFrequency,
  type BillingTiming,
  type ClientDetail,
  type HouseholdBilling,
  type HouseholdBillingBody,
  householdBillingBodySchema,
  MEMBER_SUBTYPE_LABELS,
  PAY_METHOD_LABELS,
  PAY_METHODS,
  type PayMethod,
} from '@centric/contracts';
import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { LeaveGuard } from '../../../components/leave-guard.tsx';
import { contractFieldErrors, showFormErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateBillingInfo } from '../api/update-billing-info.ts';

export type BillingInfoFormValues = {
  billingContactMemberId: string | null;
  payMethod: PayMethod;
  frequency: BillingFrequency;
  timing: BillingTiming;
  /** yyyy-MM-dd (the date input's value), '' for none. */
  startDate: string;
  applyToAccounts: boolean;
};

/** The server's field paths are the form's. */
const FIELDS = [
  'billingContactMemberId',
  'payMethod',
  'frequency',
  'timing',
  'startDate',
  'applyToAccounts',
] as const satisfies readonly (keyof BillingInfoFormValues)[];

export const billingInfoValuesOf = (billing: HouseholdBilling): BillingInfoFormValues => ({
  billingContactMemberId: billing.billingContact?.id ?? null,
  payMethod: billing.payMethod,
  frequency: billing.frequency,
  timing: billing.timing,
  startDate: billing.startDate ?? '',
  applyToAccounts: false,
});

const fieldOf = (path: string) => FIELDS.find((field) => field === path.split('.')[0]);

/** The contract's body schema checks the form: the same messages the server answers with. */
const billingInfoResolver: Resolver<BillingInfoFormValues> = (values) => {
  const parsed = householdBillingBodySchema.safeParse(values);
  if (parsed.success) return { values, errors: {} };
  return { values: {}, errors: contractFieldErrors<BillingInfoFormValues>(parsed.error.issues, fieldOf) };
};

const options = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) =>
  values.map((value) => ({ value, label: labels[value] }));

const PAY_METHOD_OPTIONS = options(PAY_METHODS, PAY_METHOD_LABELS);
const FREQUENCY_OPTIONS = options(BILLING_FREQUENCIES, BILLING_FREQUENCY_LABELS);
const TIMING_OPTIONS = options(BILLING_TIMINGS, BILLING_TIMING_LABELS);

/**
 * The billing contact's choices: the household's members who can be one (people, trusts, businesses; no
 * pets), in the household's order; the current contact stays a choice when the members are not known (the
 * user may not read households) or it is no longer listed.
 */
export const contactOptionsOf = (
  members: ClientDetail['members'] | undefined,
  current: HouseholdBilling['billingContact'],
) => {
  const listed = (members ?? [])
    .filter((member) => member.type !== 'PET')
    .sort((a, b) => a.displaySequence - b.displaySequence)
    .map((member) => ({
      value: member.id,
      label: member.subType
        ? `${member.fullName} (${MEMBER_SUBTYPE_LABELS[member.subType]})`
        : member.fullName,
    }));
  if (current && !listed.some((option) => option.value === current.id))
    listed.unshift({ value: current.id, label: current.fullName });
  return listed;
};

const accountsWord = (n: number) => `${n} open ${n === 1 ? 'account' : 'accounts'}`;

type BillingInfoFormProps = {
  clientId: string;
  saved: HouseholdBilling;
  /** The household's members (clients read), undefined while unknown. */
  members: ClientDetail['members'] | undefined;
  membersLoading: boolean;
  /** How many open accounts "Also apply to every open account" changes. */
  openAccounts: number;
  canWrite: boolean;
};

/**
 * The unit's billing information (PUT …/billing-info): its billing contact, and the pay method, frequency,
 * timing and start date its new accounts take; ticking "Also apply to every open account" sets them on the
 * open accounts too, after a confirmation that says how many. Read-only without billingUnits write.
 */
export const BillingInfoForm = ({
  clientId,
  saved,
  members,
  membersLoading,
  openAccounts,
  canWrite,
}: BillingInfoFormProps) => {
  const save = useUpdateBillingInfo();
  const [confirming, setConfirming] = useState<HouseholdBillingBody | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<BillingInfoFormValues>({
    defaultValues: billingInfoValuesOf(saved),
    resolver: billingInfoResolver,
  });
  const readOnly = !canWrite;
  const contactOptions = contactOptionsOf(members, saved.billingContact);

  const send = (body: HouseholdBillingBody) =>
    save.mutate(
      { clientId, body },
      {
        onSuccess: ({ billing, message }) => {
          setConfirming(null);
          reset(billingInfoValuesOf(billing));
          notifySuccess(message);
        },
        onError: (error) => {
          setConfirming(null);
          showFormErrors(error, setError, { fields: FIELDS, focus: true });
        },
      },
    );

  const handleSave = handleSubmit((values) => {
    const body = householdBillingBodySchema.parse(values);
    if (body.applyToAccounts) setConfirming(body);
    else send(body);
  });

  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate aria-label="Billing information">
      <Stack gap="md">
        {readOnly && (
          <Text size="sm" c="dimmed">
            You can see the billing information; changing it needs permission to write billing units.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={control}
            name="billingContactMemberId"
            render={({ field }) => (
              <Select
                ref={field.ref}
                label="Billing contact"
                description="The member of the household who receives the bills"
                placeholder={membersLoading ? 'Loading...' : 'No billing contact'}
                data={contactOptions}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                onBlur={field.onBlur}
                clearable
                searchable
                nothingFoundMessage="No Data Found."
                readOnly={readOnly}
                error={errors.billingContactMemberId?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <Controller
            control={control}
            name="payMethod"
            render={({ field }) => (
              <Select
                ref={field.ref}
                label="Pay method"
                description="ACH collects from the bank account below; Indirect has the custodian deduct it"
                withAsterisk={canWrite}
                data={PAY_METHOD_OPTIONS}
                value={field.value}
                onChange={(value) => field.onChange(value ?? field.value)}
                onBlur={field.onBlur}
                allowDeselect={false}
                readOnly={readOnly}
                error={errors.payMethod?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <Controller
            control={control}
            name="frequency"
            render={({ field }) => (
              <Select
                ref={field.ref}
                label="Frequency"
                withAsterisk={canWrite}
                data={FREQUENCY_OPTIONS}
                value={field.value}
                onChange={(value) => field.onChange(value ?? field.value)}
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
              <Select
                ref={field.ref}
                label="Timing"
                description="Arrears bills a period after it ends; Advance bills it ahead"
                withAsterisk={canWrite}
                data={TIMING_OPTIONS}
                value={field.value}
                onChange={(value) => field.onChange(value ?? field.value)}
                onBlur={field.onBlur}
                allowDeselect={false}
                readOnly={readOnly}
                error={errors.timing?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <TextInput
            type="date"
            label="Start date"
            description="The date new accounts start billing from"
            readOnly={readOnly}
            error={errors.startDate?.message}
            {...register('startDate')}
          />
        </SimpleGrid>
        {canWrite && (
          <Checkbox
            label="Also apply to every open account"
            description={
              openAccounts > 0
                ? `Sets this pay method, frequency, timing and start date on the household's ${accountsWord(openAccounts)}.`
                : 'The household has no open account.'
            }
            disabled={openAccounts === 0}
            error={errors.applyToAccounts?.message}
            {...register('applyToAccounts')}
          />
        )}
        {canWrite && (
          <Group justify="flex-end">
            <Button
              variant="default"
              type="button"
              disabled={!isDirty || save.isPending}
              onClick={() => reset(billingInfoValuesOf(saved))}
            >
              Discard changes
            </Button>
            <Button type="submit" loading={save.isPending && confirming === null} disabled={!isDirty}>
              Save billing information
            </Button>
          </Group>
        )}
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => (save.isPending ? undefined : setConfirming(null))}
        title="Apply to every open account?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            Saving also sets the pay method, frequency, timing and start date of{' '}
            <strong>{accountsWord(openAccounts)}</strong> of this household to these. With Indirect, each
            account keeps its fee-paying account (or pays its own fee); accounts that pay other accounts&apos;
            fees stay Indirect.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button onClick={() => confirming && send(confirming)} loading={save.isPending}>
              Apply to {accountsWord(openAccounts)}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <LeaveGuard
        when={canWrite && isDirty && !save.isPending}
        message="Your changes to the billing information are not saved."
      />
    </form>
  );
};
