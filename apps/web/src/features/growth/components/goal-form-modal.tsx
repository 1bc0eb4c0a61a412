import {
  GOAL_METRIC_HINTS,
  GOAL_METRIC_LABELS,
  type GoalProgress,
  type GoalValues,
  goalBodySchema,
} from '@centric/contracts';
import { Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { MoneyField } from '../../../components/money-field.tsx';
import { moneyForInput, moneyFromInput } from '../../../lib/money.ts';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useSaveGoal } from '../api/save-goal.ts';
import { contractResolver, numberFromField } from './form-values.ts';

/** The form as typed: counts as the number fields hold them, the AUM as typed text. */
type GoalFields = {
  newHouseholds: number | string;
  newAum: string;
  meetings: number | string;
  newProspects: number | string;
  conversions: number | string;
};
type FormField = keyof GoalFields;
type CountField = 'newHouseholds' | 'meetings' | 'newProspects' | 'conversions';
const FIELDS: readonly FormField[] = ['newHouseholds', 'newAum', 'meetings', 'newProspects', 'conversions'];
const fieldOf = (path: string): FormField | undefined => FIELDS.find((field) => field === path.split('.')[0]);

/** The contract's schema checks what the form would send, with the server's messages. */
const resolver = contractResolver<GoalFields, typeof goalBodySchema>(
  goalBodySchema,
  (values) => ({
    newHouseholds: numberFromField(values.newHouseholds),
    newAum: moneyFromInput(values.newAum),
    meetings: numberFromField(values.meetings),
    newProspects: numberFromField(values.newProspects),
    conversions: numberFromField(values.conversions),
  }),
  fieldOf,
);

const fieldsOf = (row: GoalProgress): GoalFields => ({
  newHouseholds: row.targets?.newHouseholds ?? 0,
  newAum: moneyForInput(row.targets?.newAum ?? '0'),
  meetings: row.targets?.meetings ?? 0,
  newProspects: row.targets?.newProspects ?? 0,
  conversions: row.targets?.conversions ?? 0,
});

const GoalForm = ({ row, onClose }: { row: GoalProgress; onClose: () => void }) => {
  const save = useSaveGoal();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GoalFields, unknown, GoalValues>({ defaultValues: fieldsOf(row), resolver });
  const handleSave = handleSubmit((body) =>
    saveRecord(
      save,
      { key: { userId: row.userId, year: row.year }, body },
      { onClose, setError, fields: fieldOf },
    ),
  );
  const countInput = (name: CountField) => (
    <Controller
      key={name}
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          ref={field.ref}
          label={GOAL_METRIC_LABELS[name]}
          description={GOAL_METRIC_HINTS[name]}
          min={0}
          max={10000}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          thousandSeparator=","
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={errors[name]?.message}
        />
      )}
    />
  );
  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate aria-label={`Goals of ${row.fullName}`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Annual goals and prospect targets for {row.year}. Progress is counted from the households, prospects
          and meetings themselves.
        </Text>
        <Text size="sm" fw={600}>
          Annual goals
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {countInput('newHouseholds')}
          <MoneyField
            control={control}
            name="newAum"
            label={GOAL_METRIC_LABELS.newAum}
            description={GOAL_METRIC_HINTS.newAum}
            error={errors.newAum?.message}
          />
          {countInput('meetings')}
        </SimpleGrid>
        <Text size="sm" fw={600}>
          Prospect targets
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {countInput('newProspects')}
          {countInput('conversions')}
        </SimpleGrid>
        <FormActions onCancel={onClose} saving={save.isPending} saveLabel="Save goals" />
      </Stack>
    </form>
  );
};

type GoalFormModalProps = { row: GoalProgress | null; onClose: () => void };

/** Set a user's goals for a year (administrators; PUT /api/goals/:userId/:year). */
export const GoalFormModal = ({ row, onClose }: GoalFormModalProps) => (
  <Modal
    opened={row !== null}
    onClose={onClose}
    title={row ? `Goals of ${row.fullName}, ${row.year}` : 'Goals'}
    size="lg"
    centered
  >
    {row && <GoalForm row={row} onClose={onClose} />}
  </Modal>
);
