import {
  BILLING_FREQUENCIES,
  BILLING_FREQUENCY_LABELS,
  PAY_METHOD_LABELS,
  PAY_METHODS,
  PLANNING_FEE_DESCRIPTION_MAX,
  PLANNING_FEE_TYPE_LABELS,
  PLANNING_FEE_TYPES,
  type PlanningFee,
  type PlanningFeeBody,
  type PlanningFeeFormValues,
  planningFeeBodySchema,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { OpenAccountSelect, type PickedAccount } from '../../../components/open-account-select.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { RecordFormModal } from '../../../components/record-form-modal.tsx';
import { moneyFromInput } from '../../../lib/money.ts';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useSavePlanningFee } from '../api/save-planning-fee.ts';

const FIELDS: readonly FieldPath<PlanningFeeFormValues>[] = [
  'description',
  'feeType',
  'amount',
  'frequency',
  'startDate',
  'endDate',
  'payMethod',
  'feePayingAccountId',
];
const fieldOf = (path: string) => FIELDS.find((field) => field === path.split('.')[0]);

const FREQUENCY_OPTIONS = BILLING_FREQUENCIES.map((value) => ({
  value,
  label: BILLING_FREQUENCY_LABELS[value],
}));
const PAY_METHOD_OPTIONS = PAY_METHODS.map((value) => ({ value, label: PAY_METHOD_LABELS[value] }));
const TYPE_OPTIONS = PLANNING_FEE_TYPES.map((value) => ({ value, label: PLANNING_FEE_TYPE_LABELS[value] }));

const valuesOf = (fee: PlanningFee | null): PlanningFeeFormValues =>
  fee
    ? {
        description: fee.description,
        feeType: fee.feeType,
        amount: fee.amount,
        frequency: fee.frequency,
        startDate: fee.startDate,
        endDate: fee.endDate ?? '',
        payMethod: fee.payMethod,
        feePayingAccountId: fee.feePayingAccount?.id ?? null,
      }
    : {
        description: '',
        feeType: 'PERIODIC',
        amount: '',
        frequency: 'QUARTERLY',
        startDate: '',
        endDate: '',
        payMethod: 'UNASSIGNED',
        feePayingAccountId: null,
      };

type PlanningFeeFormProps = { clientId: string; fee: PlanningFee | null; onClose: () => void };

const PlanningFeeForm = ({ clientId, fee, onClose }: PlanningFeeFormProps) => {
  const save = useSavePlanningFee(clientId);
  const [payer, setPayer] = useState<PickedAccount | null>(fee?.feePayingAccount ?? null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isDirty },
  } = useForm<PlanningFeeFormValues, unknown, PlanningFeeBody>({
    defaultValues: valuesOf(fee),
    resolver: zodResolver(planningFeeBodySchema),
  });
  const [feeType, payMethod] = useWatch({ control, name: ['feeType', 'payMethod'] });

  const handleSave = handleSubmit((body) =>
    saveRecord(save, { id: fee?.id ?? null, body }, { onClose, setError, fields: fieldOf }),
  );

  const handleFeeType = (value: string) => {
    const next = value as PlanningFeeFormValues['feeType'];
    setValue('feeType', next, { shouldDirty: true });
    // A one-time fee has no frequency; a recurring one starts quarterly.
    setValue('frequency', next === 'FLAT' ? null : 'QUARTERLY', { shouldDirty: true });
  };

  const handlePayMethod = (value: string | null) => {
    setValue('payMethod', (value ?? 'UNASSIGNED') as PlanningFeeFormValues['payMethod'], {
      shouldDirty: true,
    });
    if (value !== 'INDIRECT') {
      setPayer(null);
      setValue('feePayingAccountId', null, { shouldDirty: true });
    }
  };

  return (
    <form
      onSubmit={(event) => void handleSave(event)}
      noValidate
      aria-label={fee ? 'Edit planning fee' : 'New planning fee'}
    >
      <Stack gap="md">
        <TextInput
          label="Description"
          withAsterisk
          maxLength={PLANNING_FEE_DESCRIPTION_MAX}
          error={errors.description?.message}
          {...register('description')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="planning-fee-type">
            Fee type
          </Text>
          <SegmentedControl
            aria-labelledby="planning-fee-type"
            data={TYPE_OPTIONS}
            value={feeType ?? 'PERIODIC'}
            onChange={handleFeeType}
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={control}
            name="amount"
            render={({ field }) => (
              <TextInput
                ref={field.ref}
                label="Amount"
                withAsterisk
                inputMode="decimal"
                leftSection="$"
                value={String(field.value ?? '')}
                onChange={(event) => field.onChange(moneyFromInput(event.currentTarget.value))}
                onBlur={field.onBlur}
                error={errors.amount?.message}
              />
            )}
          />
          {feeType === 'PERIODIC' && (
            <SelectField
              control={control}
              name="frequency"
              label="Frequency"
              withAsterisk
              data={FREQUENCY_OPTIONS}
              allowDeselect={false}
              error={errors.frequency?.message}
            />
          )}
          <TextInput
            type="date"
            label="Start date"
            withAsterisk
            error={errors.startDate?.message}
            {...register('startDate')}
          />
          <TextInput
            type="date"
            label="End date"
            description={feeType === 'FLAT' ? 'Optional' : 'Optional: charged until then'}
            error={errors.endDate?.message}
            {...register('endDate')}
          />
          <SelectField
            control={control}
            name="payMethod"
            label="Pay method"
            withAsterisk
            data={PAY_METHOD_OPTIONS}
            onChosen={handlePayMethod}
            allowDeselect={false}
            error={errors.payMethod?.message}
          />
          {payMethod === 'INDIRECT' && (
            <OpenAccountSelect
              label="Fee-paying account"
              withAsterisk
              value={payer}
              onChange={(picked) => {
                setPayer(picked);
                setValue('feePayingAccountId', picked?.id ?? null, {
                  shouldDirty: true,
                  shouldValidate: true,
                });
              }}
              error={errors.feePayingAccountId?.message}
            />
          )}
        </SimpleGrid>
        <FormActions
          onCancel={onClose}
          saveLabel={fee ? 'Save' : 'Add planning fee'}
          saving={save.isPending}
          saveDisabled={fee !== null && !isDirty}
        />
      </Stack>
    </form>
  );
};

type PlanningFeeFormModalProps = {
  clientId: string;
  /** null: closed; 'new': add one; a fee: edit it. */
  target: PlanningFee | 'new' | null;
  onClose: () => void;
};

/** New planning fee / Edit planning fee, checked by the contract before it goes. */
export const PlanningFeeFormModal = ({ clientId, target, onClose }: PlanningFeeFormModalProps) => (
  <RecordFormModal target={target} noun="planning fee" onClose={onClose}>
    {(fee) => <PlanningFeeForm clientId={clientId} fee={fee} onClose={onClose} />}
  </RecordFormModal>
);
