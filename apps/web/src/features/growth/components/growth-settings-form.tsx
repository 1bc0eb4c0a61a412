import {
  type GrowthSettings,
  type GrowthSettingsValues,
  growthSettingsSchema,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  PARTNERSHIP_CRITERIA_LABELS,
} from '@centric/contracts';
import { Button, Fieldset, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { MoneyField } from '../../../components/money-field.tsx';
import { moneyForInput, moneyFromInput } from '../../../lib/money.ts';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useFeeScheduleOptions, useUpdateGrowthSettings } from '../api/growth-settings.ts';
import { contractResolver, numberFromField } from './form-values.ts';

type SettingsFields = {
  HOT: number | string;
  WARM: number | string;
  COLD: number | string;
  defaultFeeScheduleId: string | null;
  households: number | string;
  aum: string;
  conversions: number | string;
};
type FormField = keyof SettingsFields;

/** The contract's paths (probabilities.HOT, partnership.aum) as the form's fields. */
const fieldOf = (path: string): FormField | undefined => {
  const last = path.split('.').pop();
  return (['HOT', 'WARM', 'COLD', 'defaultFeeScheduleId', 'households', 'aum', 'conversions'] as const).find(
    (field) => field === last,
  );
};

const resolver = contractResolver<SettingsFields, typeof growthSettingsSchema>(
  growthSettingsSchema,
  (values) => ({
    probabilities: {
      HOT: numberFromField(values.HOT),
      WARM: numberFromField(values.WARM),
      COLD: numberFromField(values.COLD),
    },
    defaultFeeScheduleId: values.defaultFeeScheduleId,
    partnership: {
      households: numberFromField(values.households),
      aum: moneyFromInput(values.aum),
      conversions: numberFromField(values.conversions),
    },
  }),
  fieldOf,
);

const fieldsOf = (saved: GrowthSettings): SettingsFields => ({
  ...saved.probabilities,
  defaultFeeScheduleId: saved.defaultFeeScheduleId,
  households: saved.partnership.households,
  aum: moneyForInput(saved.partnership.aum),
  conversions: saved.partnership.conversions,
});

type GrowthSettingsFormProps = { saved: GrowthSettings; canEdit: boolean };

/**
 * The firm's growth settings: the probability of each lead status (weighting the pipeline), the default fee
 * schedule that prices it, and the pathway to partnership's criteria. Administrators change them.
 */
export const GrowthSettingsForm = ({ saved, canEdit }: GrowthSettingsFormProps) => {
  const save = useUpdateGrowthSettings();
  const schedules = useFeeScheduleOptions(canEdit);
  const {
    control,
    handleSubmit,
    setError,
    reset,
    getValues,
    formState: { errors, isDirty },
  } = useForm<SettingsFields, unknown, GrowthSettingsValues>({ defaultValues: fieldsOf(saved), resolver });
  const handleSave = handleSubmit((body) =>
    saveRecord(save, body, { onClose: () => reset(getValues()), setError, fields: fieldOf }),
  );
  const count = (
    name: 'HOT' | 'WARM' | 'COLD' | 'households' | 'conversions',
    label: string,
    max: number,
    suffix?: string,
  ) => (
    <Controller
      key={name}
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          ref={field.ref}
          label={label}
          min={0}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          {...(suffix ? { suffix } : {})}
          readOnly={!canEdit}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={errors[name]?.message}
        />
      )}
    />
  );
  const scheduleOptions = [
    ...(schedules.data ?? []),
    ...(saved.defaultFeeScheduleId && !schedules.data?.some((s) => s.value === saved.defaultFeeScheduleId)
      ? [{ value: saved.defaultFeeScheduleId, label: saved.defaultFeeScheduleName ?? 'Current schedule' }]
      : []),
  ];
  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate aria-label="Growth settings">
      <Stack gap="lg" maw={860}>
        <Fieldset legend="Pipeline" radius="md">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              The Opportunities tile prices each open prospect&apos;s asset-management value by the default
              fee schedule and weights it by the probability of its lead status.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {LEAD_STATUSES.map((status) =>
                count(status, `${LEAD_STATUS_LABELS[status]} probability`, 100, ' %'),
              )}
            </SimpleGrid>
            <Controller
              control={control}
              name="defaultFeeScheduleId"
              render={({ field }) => (
                <Select
                  ref={field.ref}
                  label="Default fee schedule"
                  description="Prices the pipeline's potential revenue; without one the pipeline shows AUM only"
                  placeholder={canEdit ? 'Choose a fee schedule' : 'None chosen'}
                  data={scheduleOptions}
                  clearable
                  searchable
                  readOnly={!canEdit}
                  nothingFoundMessage="No fee schedule has this name"
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  error={errors.defaultFeeScheduleId?.message}
                  maw={420}
                />
              )}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend="Pathway to partnership" radius="md">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              What a wealth advisor reaches to be considered for partnership.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {count('households', PARTNERSHIP_CRITERIA_LABELS.households, 10000)}
              <MoneyField
                control={control}
                name="aum"
                label={PARTNERSHIP_CRITERIA_LABELS.aum}
                readOnly={!canEdit}
                error={errors.aum?.message}
              />
              {count('conversions', PARTNERSHIP_CRITERIA_LABELS.conversions, 10000)}
            </SimpleGrid>
          </Stack>
        </Fieldset>
        {canEdit ? (
          <Group justify="flex-end">
            <Button
              variant="default"
              type="button"
              disabled={!isDirty || save.isPending}
              onClick={() => reset()}
            >
              Discard changes
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!isDirty}>
              Save settings
            </Button>
          </Group>
        ) : (
          <Paper withBorder radius="md" p="sm" bg="gray.0">
            <Text size="sm" c="dimmed">
              Only an administrator changes the growth settings.
            </Text>
          </Paper>
        )}
      </Stack>
    </form>
  );
};
