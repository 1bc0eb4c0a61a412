import {
  ASSIGNMENT_CATEGORY_MAX,
  ASSIGNMENT_STRATEGIES_MAX,
  ASSIGNMENT_TYPE_LABELS,
  ASSIGNMENT_TYPES,
  type AccountValue,
  type Assignment,
  type AssignmentBody,
  assignmentBodySchema,
  type AssignmentFormValues,
  type AssignmentType,
  STRATEGY_MESSAGES,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Checkbox,
  Fieldset,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Controller, type DefaultValues, type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { RecordFormModal } from '../../../components/record-form-modal.tsx';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useSaveAssignment } from '../api/save-assignment.ts';
import { type StrategyOption, useStrategyOptions } from '../api/search-strategies.ts';
import { hundredthsOf, percentOfHundredths } from './figures.ts';
import { AddRowButton, adjustedResolver, RemoveRowButton } from './form-fields.tsx';
import { RemoteSelect } from '../../../components/remote-select.tsx';

/** A strategy as the picker shows it: its name. */
type PickedStrategy = Pick<StrategyOption, 'id' | 'name'>;

const TYPE_OPTIONS = ASSIGNMENT_TYPES.map((type) => ({ value: type, label: ASSIGNMENT_TYPE_LABELS[type] }));

/** The sum of the rows' percents in hundredths, NaN while one does not read as a percent. */
export const percentTotal = (rows: readonly { percent?: string | number | undefined }[]) =>
  rows.reduce((sum, row) => sum + hundredthsOf(row.percent ?? ''), 0);

const valuesOf = (
  assignment: Assignment | null,
  allAccountsTaken: boolean,
): DefaultValues<AssignmentFormValues> =>
  assignment
    ? {
        assignmentType: assignment.assignmentType,
        category: assignment.category ?? '',
        applyToAllAccounts: assignment.applyToAllAccounts,
        accounts: assignment.accounts.map((account) => account.id),
        transactionList: assignment.transactionList.map(({ strategyId, percent }) => ({
          strategyId,
          percent: percentOfHundredths(hundredthsOf(percent)).replace('%', ''),
        })),
      }
    : {
        assignmentType: 'STRATEGY',
        category: '',
        // The household's first assignment applies to all its accounts unless the form says otherwise.
        applyToAllAccounts: !allAccountsTaken,
        accounts: [],
        transactionList: [{ strategyId: '', percent: '100' }],
      };

/**
 * The contract's schema checks the form (the server's messages); a row with no strategy chosen yet says so
 * ('Choose one from the list.') rather than that an empty id is not found.
 */
const assignmentResolver = adjustedResolver<AssignmentFormValues, AssignmentBody>(
  zodResolver(assignmentBodySchema),
  (values, result) => {
    const unchosen = values.transactionList.flatMap((row, index) => (row.strategyId ? [] : [index]));
    if (unchosen.length === 0 || Object.keys(result.errors).length === 0) return result;
    // The list's errors: its rows by index, its own message as `root`.
    const list: Record<string, unknown> = { ...result.errors.transactionList };
    for (const index of unchosen) {
      list[index] = {
        ...(list[index] as object | undefined),
        strategyId: { type: 'validate', message: STRATEGY_MESSAGES.keyNotFound },
      };
    }
    return { values: {}, errors: { ...result.errors, transactionList: list } as typeof result.errors };
  },
);

/** The server's field paths are the form's; an account's ('accounts.0') lands on the accounts list. */
const formFieldOf = (path: string) =>
  (path.startsWith('accounts.') ? 'accounts' : path) as FieldPath<AssignmentFormValues>;

type AssignmentFormModalProps = {
  clientId: string;
  /** The household's accounts: those the assignment may name. */
  accounts: readonly AccountValue[];
  /** Every assignment of the household: which accounts another one names, whether one applies to all. */
  assignments: readonly Assignment[];
  /** null: closed; 'new': assign; an assignment: edit it. */
  target: Assignment | 'new' | null;
  onClose: () => void;
};

/**
 * Assign strategy / Edit assignment (spec §3 Strategy assignment): one strategy, or a blend of strategies
 * with percents that add up to 100 (the total is shown as it is typed), applied to all the household's
 * accounts or to chosen ones, with an optional category.
 */
export const AssignmentFormModal = ({ target, onClose, ...props }: AssignmentFormModalProps) => (
  <RecordFormModal target={target} noun="assignment" newTitle="Assign strategy" onClose={onClose}>
    {(assignment) => <AssignmentForm {...props} assignment={assignment} onClose={onClose} />}
  </RecordFormModal>
);

type AssignmentFormProps = Omit<AssignmentFormModalProps, 'target'> & { assignment: Assignment | null };

const AssignmentForm = ({ clientId, accounts, assignments, assignment, onClose }: AssignmentFormProps) => {
  const save = useSaveAssignment(clientId);
  const typeLabelId = useId();
  const others = assignments.filter((other) => other.id !== assignment?.id);
  const allAccountsTaken = others.some((other) => other.applyToAllAccounts);
  // Each account another assignment names, with the strategies it follows there.
  const followedElsewhere = new Map(
    others.flatMap((other) =>
      other.accounts.map((account) => [account.id, other.transactionList.map((row) => row.name).join(', ')]),
    ),
  );
  // The names of the strategies the rows hold (the picker's results come and go).
  const [picked, setPicked] = useState<Map<string, PickedStrategy>>(
    () =>
      new Map(
        assignment?.transactionList.map((row) => [row.strategyId, { id: row.strategyId, name: row.name }]),
      ),
  );
  const {
    control,
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isDirty },
  } = useForm<AssignmentFormValues, unknown, AssignmentBody>({
    defaultValues: valuesOf(assignment, allAccountsTaken),
    resolver: assignmentResolver,
  });
  const rows = useFieldArray({ control, name: 'transactionList' });
  const type = watch('assignmentType') ?? 'STRATEGY';
  const applyToAll = watch('applyToAllAccounts') ?? false;
  const chosen = watch('transactionList').map((row) => row.strategyId);
  const total = percentTotal(watch('transactionList'));
  const blend = type === 'MODEL_BLEND';

  const handleTypeChange = (next: AssignmentType) => {
    setValue('assignmentType', next, { shouldDirty: true });
    // A single strategy is one row at 100%.
    if (next === 'STRATEGY') {
      rows.replace([{ strategyId: chosen[0] ?? '', percent: '100' }]);
    }
  };

  const handleSave = handleSubmit((body) =>
    saveRecord(
      save,
      { id: assignment?.id ?? null, body: body.applyToAllAccounts ? { ...body, accounts: [] } : body },
      { onClose, setError, fields: formFieldOf },
    ),
  );

  const listError = errors.transactionList?.message ?? errors.transactionList?.root?.message;
  const accountsError = errors.accounts?.message ?? errors.accounts?.root?.message;

  return (
    <form
      onSubmit={(event) => void handleSave(event)}
      noValidate
      aria-label={assignment ? 'Edit assignment' : 'Assign strategy'}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500} id={typeLabelId}>
            Assignment type
          </Text>
          <SegmentedControl
            aria-labelledby={typeLabelId}
            data={TYPE_OPTIONS}
            value={type}
            onChange={(value) => handleTypeChange(value as AssignmentType)}
            fullWidth
          />
        </Stack>

        <Fieldset legend={blend ? 'Strategies' : undefined} variant="unstyled">
          <Stack gap="xs">
            {rows.fields.map((row, index) => {
              const strategyId = chosen[index] ?? '';
              return (
                <Group key={row.id} gap="sm" align="flex-start" wrap="nowrap">
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Controller
                      control={control}
                      name={`transactionList.${index}.strategyId`}
                      render={({ field }) => (
                        <RemoteSelect<PickedStrategy>
                          selectRef={field.ref}
                          label={blend ? `Strategy ${index + 1}` : 'Strategy'}
                          withAsterisk
                          placeholder="Search strategies"
                          labelOf={(strategy) => strategy.name}
                          useOptions={useStrategyOptions}
                          value={picked.get(strategyId) ?? null}
                          exclude={chosen}
                          onChange={(strategy) => {
                            if (strategy) setPicked((known) => new Map(known).set(strategy.id, strategy));
                            field.onChange(strategy?.id ?? '');
                          }}
                          error={errors.transactionList?.[index]?.strategyId?.message}
                        />
                      )}
                    />
                  </div>
                  {blend && (
                    <>
                      <TextInput
                        label={`Percent ${index + 1}`}
                        withAsterisk
                        inputMode="decimal"
                        autoComplete="off"
                        rightSection={<Text size="sm">%</Text>}
                        w={120}
                        error={errors.transactionList?.[index]?.percent?.message}
                        {...register(`transactionList.${index}.percent`)}
                      />
                      <RemoveRowButton
                        label={`Remove strategy ${index + 1}`}
                        disabled={rows.fields.length === 1}
                        onClick={() => rows.remove(index)}
                      />
                    </>
                  )}
                </Group>
              );
            })}
            {blend && (
              <Group justify="space-between" align="center" wrap="wrap" gap="xs">
                <AddRowButton
                  label="Add strategy"
                  disabled={rows.fields.length >= ASSIGNMENT_STRATEGIES_MAX}
                  onClick={() => rows.append({ strategyId: '', percent: '' })}
                />
                <BlendTotal total={total} />
              </Group>
            )}
            {listError && (
              <Text size="sm" c="red.8" role="alert">
                {listError}
              </Text>
            )}
          </Stack>
        </Fieldset>

        <Stack gap="xs">
          <Controller
            control={control}
            name="applyToAllAccounts"
            render={({ field }) => (
              <Switch
                ref={field.ref}
                label="Apply to all accounts"
                description={
                  allAccountsTaken && !field.value
                    ? 'Another assignment already applies to all accounts.'
                    : 'Accounts added later follow it too; an account another assignment names follows that one.'
                }
                checked={field.value ?? false}
                disabled={allAccountsTaken && !field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
              />
            )}
          />
          {!applyToAll && (
            <Controller
              control={control}
              name="accounts"
              render={({ field }) => (
                <Checkbox.Group
                  label="Accounts"
                  withAsterisk
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={accountsError}
                >
                  {accounts.length === 0 ? (
                    <Input.Description mt={4}>
                      This household has no account yet: apply it to all accounts instead.
                    </Input.Description>
                  ) : (
                    <Stack gap="xs" mt="xs">
                      {accounts.map((account, index) => {
                        const follows = followedElsewhere.get(account.id);
                        return (
                          <Checkbox
                            key={account.id}
                            ref={index === 0 ? field.ref : undefined}
                            value={account.id}
                            label={account.registrationName}
                            description={
                              follows
                                ? `Follows ${follows}`
                                : `${account.custodian} ${account.custodianNumber}`
                            }
                            disabled={follows !== undefined && !field.value?.includes(account.id)}
                          />
                        );
                      })}
                    </Stack>
                  )}
                </Checkbox.Group>
              )}
            />
          )}
        </Stack>

        <TextInput
          label="Category"
          placeholder="Retirement, Education, ..."
          maxLength={ASSIGNMENT_CATEGORY_MAX}
          autoComplete="off"
          error={errors.category?.message}
          {...register('category')}
        />

        <FormActions
          onCancel={onClose}
          saveLabel={assignment ? 'Save' : 'Assign strategy'}
          saving={save.isPending}
          saveDisabled={assignment !== null && !isDirty}
        />
      </Stack>
    </form>
  );
};

/** The blend's total as it is typed: green at 100%, red otherwise (the contract refuses anything else). */
const BlendTotal = ({ total }: { total: number }) => {
  const complete = total === 10_000;
  const Icon = complete ? IconCircleCheck : IconAlertCircle;
  return (
    <Group gap={6} wrap="nowrap" aria-live="polite">
      <Icon size={16} aria-hidden="true" color={`var(--mantine-color-${complete ? 'green' : 'red'}-8)`} />
      <Text
        size="sm"
        fw={600}
        c={complete ? 'green.9' : 'red.8'}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        Total {Number.isNaN(total) ? '—' : percentOfHundredths(total)}
        {complete ? '' : ' of 100%'}
      </Text>
    </Group>
  );
};
