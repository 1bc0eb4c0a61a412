import {
  STRATEGY_DESCRIPTION_MAX,
  STRATEGY_DISPLAY_LABELS,
  STRATEGY_DISPLAYS,
  STRATEGY_GROUPING_LABELS,
  STRATEGY_GROUPINGS,
  STRATEGY_MESSAGES,
  STRATEGY_NAME_MAX,
  STRATEGY_TARGETS_MAX,
  type Strategy,
  type StrategyBody,
  type StrategyFormValues,
  decimalText,
  hundredthsOf,
  strategyBodySchema,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { RecordFormModal } from '../../../components/record-form-modal.tsx';
import { showFormErrors } from '../../../lib/form-errors.ts';
import { useMasterOptions } from '../../../lib/lookups/master-options.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveStrategy } from '../api/save-strategy.ts';
import { AssetCategoryPicker, TargetProductPicker } from './target-pickers.tsx';
import { cssColorOf, seriesColor } from '../../../lib/chart-colors.ts';
import { TargetDonut, plainDecimal } from './target-chart.tsx';

const DISPLAY_OPTIONS = STRATEGY_DISPLAYS.map((value) => ({ value, label: STRATEGY_DISPLAY_LABELS[value] }));
const GROUPING_OPTIONS = STRATEGY_GROUPINGS.map((value) => ({
  value,
  label: STRATEGY_GROUPING_LABELS[value],
}));

type TargetRow = StrategyFormValues['targets'][number];
const newTarget = (): TargetRow => ({
  assetClassId: null,
  productId: null,
  target: '',
  lowerTolerance: '5',
  upperTolerance: '5',
});

const valuesOf = (strategy: Strategy | null): StrategyFormValues =>
  strategy
    ? {
        name: strategy.name,
        strategyTypeId: strategy.strategyType.id,
        description: strategy.description ?? '',
        viewableByClient: strategy.viewableByClient,
        display: strategy.display,
        grouping: strategy.grouping,
        riskNumber: strategy.riskNumber,
        targets: strategy.targets.map(
          ({ assetClassId, productId, target, lowerTolerance, upperTolerance }) => ({
            assetClassId,
            productId,
            target: plainDecimal(target),
            lowerTolerance: plainDecimal(lowerTolerance),
            upperTolerance: plainDecimal(upperTolerance),
          }),
        ),
      }
    : {
        name: '',
        // Chosen in the form; the schema says 'Strategy type is required.' while it is not.
        strategyTypeId: undefined as unknown as number,
        description: '',
        viewableByClient: false,
        display: 'MODEL',
        grouping: 'ASSET_CATEGORY',
        riskNumber: undefined as unknown as number,
        targets: [newTarget()],
      };

/** The targets' total in hundredths of a percent, the fields that are not numbers yet left out. */
export const targetsTotal = (targets: readonly Pick<TargetRow, 'target'>[]) =>
  hundredthsOf(targets.flatMap((row) => decimalText(String(row.target ?? ''), 2) ?? []));

const percentText = (hundredths: bigint) => {
  const negative = hundredths < 0n;
  const abs = negative ? -hundredths : hundredths;
  const cents = abs % 100n;
  return `${negative ? '-' : ''}${abs / 100n}${cents === 0n ? '' : `.${String(cents).padStart(2, '0').replace(/0$/, '')}`}%`;
};

type StrategyFormModalProps = {
  /** null: closed; 'new': a new strategy; a strategy: edit it. */
  target: Strategy | 'new' | null;
  onClose: () => void;
};

/** The strategy form (spec §2 forms: strategy), new or edit. */
export const StrategyFormModal = ({ target, onClose }: StrategyFormModalProps) => (
  <RecordFormModal target={target} noun="strategy" onClose={onClose} size="xl">
    {(strategy) => <StrategyForm strategy={strategy} onClose={onClose} />}
  </RecordFormModal>
);

const StrategyForm = ({ strategy, onClose }: { strategy: Strategy | null; onClose: () => void }) => {
  const save = useSaveStrategy();
  const types = useMasterOptions('strategyType');
  // What each picked key is called: the answer's labels, then each pick's.
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(
    () =>
      new Map(
        (strategy?.targets ?? []).map((row) => [row.assetClassId ?? row.productId ?? '', row.label] as const),
      ),
  );
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<StrategyFormValues, unknown, StrategyBody>({
    defaultValues: valuesOf(strategy),
    resolver: zodResolver(strategyBodySchema),
  });
  const rows = useFieldArray({ control, name: 'targets' });
  const grouping = useWatch({ control, name: 'grouping' });
  const targets = useWatch({ control, name: 'targets' });
  const keyField = grouping === 'CUSIP' ? 'productId' : 'assetClassId';
  const taken = targets.flatMap((row) => (row[keyField] ? [row[keyField]] : []));
  const total = targetsTotal(targets);
  const description = useWatch({ control, name: 'description' }) ?? '';

  const handleSave = handleSubmit((body) =>
    save.mutate(
      { id: strategy?.id, body },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          onClose();
        },
        onError: (error) => {
          showFormErrors(error, setError, { focus: true });
        },
      },
    ),
  );

  const handleGrouping = (value: string | null) => {
    if (!value || value === grouping) return;
    setValue('grouping', value as StrategyFormValues['grouping'] & string);
    // The targets' keys are of the other kind now: each row is picked again, its percents kept.
    targets.forEach((_row, index) => {
      setValue(`targets.${index}.assetClassId`, null);
      setValue(`targets.${index}.productId`, null);
    });
  };

  const totalError = errors.targets?.message ?? errors.targets?.root?.message;
  const complete = total === 10_000n;
  const shares = targets.map((row, index) => {
    const key = row[keyField];
    return {
      name: (key && labels.get(key)) || `Target ${index + 1}`,
      value: Number(decimalText(String(row.target ?? ''), 2) ?? 0),
    };
  });

  return (
    <form
      onSubmit={(event) => void handleSave(event)}
      noValidate
      aria-label={strategy ? 'Edit strategy' : 'New strategy'}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Name"
            withAsterisk
            maxLength={STRATEGY_NAME_MAX}
            error={errors.name?.message}
            data-autofocus
            {...register('name')}
          />
          <Controller
            control={control}
            name="strategyTypeId"
            render={({ field }) => (
              <Select
                ref={field.ref}
                label="Strategy type"
                withAsterisk
                placeholder={types.isPending ? 'Loading...' : 'Choose a type'}
                data={(types.data ?? []).map(({ value, label }) => ({ value, label }))}
                value={field.value ? String(field.value) : null}
                onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                onBlur={field.onBlur}
                searchable
                error={errors.strategyTypeId?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Controller
            control={control}
            name="riskNumber"
            render={({ field }) => (
              <NumberInput
                ref={field.ref}
                label="Risk number"
                description="1 (most cautious) to 99"
                withAsterisk
                min={1}
                max={99}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={field.value ?? ''}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
                onBlur={field.onBlur}
                error={errors.riskNumber?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="display"
            render={({ field }) => (
              <Select
                ref={field.ref}
                label="Display"
                description="What clients see of it"
                data={DISPLAY_OPTIONS}
                value={field.value ?? 'MODEL'}
                onChange={(value) => value && field.onChange(value)}
                allowDeselect={false}
                error={errors.display?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <Select
            label="Grouping"
            description="Targets by category or product"
            data={GROUPING_OPTIONS}
            value={grouping ?? 'ASSET_CATEGORY'}
            onChange={handleGrouping}
            allowDeselect={false}
            error={errors.grouping?.message}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          rows={2}
          maxLength={STRATEGY_DESCRIPTION_MAX}
          description={`${description.length} / ${STRATEGY_DESCRIPTION_MAX}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={errors.description?.message}
          {...register('description')}
        />
        <Switch label="Viewable by client" {...register('viewableByClient')} />

        <Stack gap="xs" role="group" aria-labelledby="strategy-targets-title">
          <Stack gap={0}>
            <Title order={3} size="h5" id="strategy-targets-title">
              Targets
            </Title>
            <Text size="xs" c="dimmed">
              Each target is a share of the account (1–100%); the tolerances are the drift allowed below and
              above it, in percentage points (0–25).
            </Text>
          </Stack>
          <TargetHeader grouping={grouping ?? 'ASSET_CATEGORY'} />
          {rows.fields.map((row, index) => {
            const rowErrors = errors.targets?.[index];
            const key = targets[index]?.[keyField] ?? null;
            return (
              <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap">
                <span
                  aria-hidden="true"
                  style={{
                    width: 10,
                    height: 10,
                    marginTop: 13,
                    borderRadius: 2,
                    background: cssColorOf(seriesColor(index)),
                    flex: 'none',
                  }}
                />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Controller
                    control={control}
                    name={`targets.${index}.${keyField}`}
                    render={({ field }) => {
                      const pick = (id: string | null, text: string | null) => {
                        field.onChange(id);
                        if (id && text) setLabels((current) => new Map(current).set(id, text));
                      };
                      return grouping === 'CUSIP' ? (
                        <TargetProductPicker
                          ref={field.ref}
                          label={`Product of target ${index + 1}`}
                          value={key}
                          valueLabel={key ? (labels.get(key) ?? null) : null}
                          onChange={pick}
                          taken={taken}
                          error={rowErrors?.productId?.message}
                        />
                      ) : (
                        <AssetCategoryPicker
                          ref={field.ref}
                          label={`Asset category of target ${index + 1}`}
                          value={key}
                          onChange={pick}
                          taken={taken}
                          error={rowErrors?.assetClassId?.message}
                        />
                      );
                    }}
                  />
                </div>
                <PercentField
                  label={`Target % of target ${index + 1}`}
                  error={rowErrors?.target?.message}
                  {...register(`targets.${index}.target`)}
                />
                <PercentField
                  label={`Lower tolerance of target ${index + 1}`}
                  error={rowErrors?.lowerTolerance?.message}
                  {...register(`targets.${index}.lowerTolerance`)}
                />
                <PercentField
                  label={`Upper tolerance of target ${index + 1}`}
                  error={rowErrors?.upperTolerance?.message}
                  {...register(`targets.${index}.upperTolerance`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  mt={4}
                  aria-label={`Remove target ${index + 1}`}
                  disabled={rows.fields.length === 1}
                  onClick={() => rows.remove(index)}
                >
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
            );
          })}
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden="true" />}
              disabled={rows.fields.length >= STRATEGY_TARGETS_MAX}
              onClick={() => rows.append(newTarget())}
            >
              Add target
            </Button>
          </Group>
          <Paper withBorder radius="md" p="sm">
            <Group gap="md" wrap="nowrap">
              <TargetDonut shares={shares} size={96} />
              <Stack gap={2}>
                <Group gap={6} wrap="nowrap">
                  {complete ? (
                    <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden="true" />
                  ) : (
                    <IconAlertCircle size={18} color="var(--mantine-color-orange-8)" aria-hidden="true" />
                  )}
                  <Text size="sm" fw={700} role="status" aria-live="polite">
                    Total {percentText(total)}
                  </Text>
                </Group>
                <Text
                  size="xs"
                  c={totalError ? 'red.8' : 'dimmed'}
                  data-error={totalError ? 'true' : undefined}
                >
                  {complete
                    ? 'Every percent of the account is allocated.'
                    : total < 10_000n
                      ? `${percentText(10_000n - total)} left to allocate. ${STRATEGY_MESSAGES.targetsTotal}`
                      : `${percentText(total - 10_000n)} too many. ${STRATEGY_MESSAGES.targetsTotal}`}
                </Text>
              </Stack>
            </Group>
          </Paper>
        </Stack>
        <FormActions
          onCancel={onClose}
          saving={save.isPending}
          saveLabel={strategy ? 'Save strategy' : 'Add strategy'}
        />
      </Stack>
    </form>
  );
};

const COLUMN = 96;

const TargetHeader = ({ grouping }: { grouping: StrategyFormValues['grouping'] }) => (
  <Group gap="xs" wrap="nowrap" aria-hidden="true" pl={18} pr={36}>
    <Text size="xs" fw={600} c="dimmed" style={{ flex: 1 }}>
      {grouping === 'CUSIP' ? 'Product' : 'Asset category'}
    </Text>
    {['Target %', 'Lower (pts)', 'Upper (pts)'].map((text) => (
      <Text key={text} size="xs" fw={600} c="dimmed" w={COLUMN}>
        {text}
      </Text>
    ))}
  </Group>
);

const PercentField = ({
  label,
  error,
  ...field
}: { label: string; error: string | undefined } & ReturnType<
  ReturnType<typeof useForm<StrategyFormValues>>['register']
>) => (
  <TextInput aria-label={label} inputMode="decimal" autoComplete="off" w={COLUMN} error={error} {...field} />
);
