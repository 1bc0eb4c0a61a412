import {
  type BillingSettings,
  type BillingSettingsFormValues,
  billingSettingsSchema,
  type billingSettingsViewSchema,
} from '@centric/contracts';
import { Fieldset, Modal, NumberInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormActions } from '../../../components/form-actions.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { contractFieldErrors } from '../../../lib/form-errors.ts';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useBillingSettings } from '../api/get-billing-settings.ts';
import { useUpdateBillingSettings } from '../api/update-billing-settings.ts';

type SavedSettings = z.infer<typeof billingSettingsViewSchema>;
type Proration = BillingSettings['proration'];

const PRORATIONS: readonly { value: Proration; label: string; hint: string }[] = [
  {
    value: 'FREQUENCY',
    label: 'Frequency',
    hint: 'A period bills its share of the annual fee by the billing frequency: a quarter bills a quarter of it.',
  },
  {
    value: 'ACTUAL_DAYS',
    label: 'Actual days',
    hint: "A period bills the annual fee times the period's days over the year's days.",
  },
];

/** The form as typed: the ACH fields are '' when not set, the window as the number field holds it. */
type SettingsFields = {
  proration: Proration;
  firmName: string;
  collectionWindowDays: number | string;
  achBankRouting: string;
  achBankName: string;
  achCompanyName: string;
  achCompanyId: string;
};
type FormField = keyof SettingsFields;
const FIELDS: readonly FormField[] = [
  'proration',
  'firmName',
  'collectionWindowDays',
  'achBankRouting',
  'achBankName',
  'achCompanyName',
  'achCompanyId',
];
const fieldOf = (path: string): FormField | undefined => FIELDS.find((field) => field === path.split('.')[0]);

const fieldsOf = (saved: SavedSettings): SettingsFields => ({
  proration: saved.proration,
  firmName: saved.firmName,
  collectionWindowDays: saved.collectionWindowDays,
  achBankRouting: saved.achBankRouting ?? '',
  achBankName: saved.achBankName ?? '',
  achCompanyName: saved.achCompanyName ?? '',
  achCompanyId: saved.achCompanyId ?? '',
});

/** The body the form stands for (an empty window is missing, so the contract says its range). */
const bodyOf = (
  values: SettingsFields,
): Omit<BillingSettingsFormValues, 'collectionWindowDays'> & { collectionWindowDays: number | undefined } => {
  const { collectionWindowDays: days, ...rest } = values;
  const windowDays = typeof days === 'number' ? days : days.trim() === '' ? undefined : Number(days);
  return { ...rest, collectionWindowDays: windowDays };
};

/** The contract's schema checks the body the form would send, with the server's own messages. */
const resolver: Resolver<SettingsFields, unknown, BillingSettings> = (values) => {
  const parsed = billingSettingsSchema.safeParse(bodyOf(values));
  return parsed.success
    ? { values: parsed.data, errors: {} }
    : {
        values: {},
        errors: contractFieldErrors<SettingsFields>(parsed.error.issues, fieldOf),
      };
};

type BillingSettingsFormProps = { saved: SavedSettings; onClose: () => void };

const BillingSettingsForm = ({ saved, onClose }: BillingSettingsFormProps) => {
  const save = useUpdateBillingSettings();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<SettingsFields, unknown, BillingSettings>({ defaultValues: fieldsOf(saved), resolver });

  const handleSave = handleSubmit((body) => saveRecord(save, body, { onClose, setError, fields: fieldOf }));

  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate aria-label="Billing settings">
      <Stack gap="md">
        <Controller
          control={control}
          name="proration"
          render={({ field }) => (
            <Radio.Group
              label="Proration"
              description="How a bill run works out a period's fee from the annual fee. Runs started from now on use it."
              withAsterisk
              value={field.value}
              onChange={(value) => field.onChange(value)}
              error={errors.proration?.message}
            >
              <Stack gap="xs" mt={6}>
                {PRORATIONS.map((option, index) => (
                  <Radio
                    key={option.value}
                    value={option.value}
                    label={option.label}
                    description={option.hint}
                    {...(index === 0 ? { ref: field.ref } : {})}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Firm name"
            description="Printed on invoices"
            withAsterisk
            maxLength={100}
            autoComplete="organization"
            error={errors.firmName?.message}
            {...register('firmName')}
          />
          <Controller
            control={control}
            name="collectionWindowDays"
            render={({ field }) => (
              <NumberInput
                ref={field.ref}
                label="Collection window (days)"
                description="After export; a bill not collected by then raises an alert"
                withAsterisk
                min={1}
                max={365}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                hideControls
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.collectionWindowDays?.message}
              />
            )}
          />
        </SimpleGrid>
        <Fieldset legend="ACH originator (NACHA file)" radius="md">
          <Stack gap="sm">
            <Text size="xs" c="dimmed">
              The firm&apos;s bank and company as the NACHA file names them. A NACHA file is exported only
              once they are set.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Bank routing number"
                description="9 digits"
                inputMode="numeric"
                autoComplete="off"
                maxLength={9}
                error={errors.achBankRouting?.message}
                {...register('achBankRouting')}
              />
              <TextInput
                label="Bank name"
                description="At most 23 characters"
                maxLength={23}
                autoComplete="off"
                error={errors.achBankName?.message}
                {...register('achBankName')}
              />
              <TextInput
                label="Company name"
                description="At most 16 characters"
                maxLength={16}
                autoComplete="off"
                error={errors.achCompanyName?.message}
                {...register('achCompanyName')}
              />
              <TextInput
                label="Company id"
                description="10 characters, as the bank assigned it"
                maxLength={10}
                autoComplete="off"
                error={errors.achCompanyId?.message}
                {...register('achCompanyId')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <FormActions
          onCancel={onClose}
          saveLabel="Save settings"
          saving={save.isPending}
          saveDisabled={!isDirty}
        />
      </Stack>
    </form>
  );
};

/** The settings, once loaded (or why they could not be, with Try again). */
const BillingSettingsBody = ({ onClose }: { onClose: () => void }) => {
  const settings = useBillingSettings();
  return (
    <QueryState
      query={settings}
      loading={<ListSkeleton label="Loading billing settings..." rows={4} />}
      errorTitle="The billing settings could not be loaded"
    >
      {(saved) => <BillingSettingsForm saved={saved} onClose={onClose} />}
    </QueryState>
  );
};

type BillingSettingsModalProps = { opened: boolean; onClose: () => void };

/**
 * The firm's billing settings (PUT /api/billing/settings): proration, the firm's name on invoices, the
 * collection window, and the ACH originator the NACHA file names; checked by the contract before they go.
 */
export const BillingSettingsModal = ({ opened, onClose }: BillingSettingsModalProps) => (
  <Modal opened={opened} onClose={onClose} title="Billing settings" size="lg" centered>
    {opened && <BillingSettingsBody onClose={onClose} />}
  </Modal>
);
