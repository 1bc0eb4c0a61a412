import {
  type Exclusion,
  EXCLUSION_APPLIES_TO,
  EXCLUSION_APPLIES_TO_LABELS,
  EXCLUSION_KIND_LABELS,
  EXCLUSION_KINDS,
  type ExclusionAppliesTo,
  type ExclusionBody,
  type ExclusionFormValues,
  exclusionBodySchema,
  type ExclusionKind,
  type ExclusionList,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { type PickedProduct, ProductSelect } from '../../../components/product-select.tsx';
import { RecordFormModal } from '../../../components/record-form-modal.tsx';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useSaveExclusion } from '../api/save-exclusion.ts';

const KIND_OPTIONS = EXCLUSION_KINDS.map((value) => ({ value, label: EXCLUSION_KIND_LABELS[value] }));
const APPLIES_OPTIONS = EXCLUSION_APPLIES_TO.map((value) => ({
  value,
  label: EXCLUSION_APPLIES_TO_LABELS[value],
}));

const valuesOf = (exclusion: Exclusion | null): ExclusionFormValues =>
  exclusion
    ? {
        kind: exclusion.kind,
        accountId: exclusion.account?.id ?? null,
        productId: exclusion.product?.id ?? null,
        percent: exclusion.percent ?? '',
        appliesTo: exclusion.appliesTo,
        reason: exclusion.reason,
        startDate: exclusion.startDate,
        endDate: exclusion.endDate ?? '',
      }
    : {
        kind: 'HOLDING',
        accountId: null,
        productId: null,
        percent: '',
        appliesTo: 'FEE',
        reason: '',
        startDate: '',
        endDate: '',
      };

const FORM_FIELDS: readonly string[] = [
  'kind',
  'accountId',
  'productId',
  'percent',
  'appliesTo',
  'reason',
  'startDate',
  'endDate',
];
const formFieldOf = (field: string) =>
  FORM_FIELDS.includes(field) ? (field as FieldPath<ExclusionFormValues>) : undefined;

type ExclusionFormModalProps = {
  clientId: string;
  list: ExclusionList | undefined;
  /** null: closed; 'new': a new exclusion; an exclusion: edit it. */
  target: Exclusion | 'new' | null;
  onClose: () => void;
};

/** The excluded asset form (issue 14 §5): what is excluded, from what, why and when. */
export const ExclusionFormModal = ({ clientId, list, target, onClose }: ExclusionFormModalProps) => (
  <RecordFormModal target={target} noun="excluded asset" newTitle="Exclude assets" onClose={onClose}>
    {(exclusion) => <ExclusionForm clientId={clientId} list={list} exclusion={exclusion} onClose={onClose} />}
  </RecordFormModal>
);

type ExclusionFormProps = {
  clientId: string;
  list: ExclusionList | undefined;
  exclusion: Exclusion | null;
  onClose: () => void;
};

const ExclusionForm = ({ clientId, list, exclusion, onClose }: ExclusionFormProps) => {
  const save = useSaveExclusion(clientId);
  const [product, setProduct] = useState<PickedProduct | null>(exclusion?.product ?? null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<ExclusionFormValues, unknown, ExclusionBody>({
    defaultValues: valuesOf(exclusion),
    resolver: zodResolver(exclusionBodySchema),
  });
  const [kind, accountId, appliesTo] = useWatch({ control, name: ['kind', 'accountId', 'appliesTo'] });
  const accountOptions = (list?.accounts ?? [])
    .filter((a) => a.open || a.id === accountId)
    .map((a) => ({ value: a.id, label: a.registrationName }));

  const handleSave = handleSubmit((body) =>
    saveRecord(save, { id: exclusion?.id, body }, { onClose, setError, fields: formFieldOf }),
  );

  return (
    <form
      onSubmit={(event) => void handleSave(event)}
      noValidate
      aria-label={exclusion ? 'Edit excluded asset' : 'New excluded asset'}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Exclude"
            withAsterisk
            data={KIND_OPTIONS}
            value={kind ?? null}
            onChange={(value) => {
              setValue('kind', (value ?? 'HOLDING') as ExclusionKind, { shouldDirty: true });
              clearErrors(['accountId', 'productId', 'percent']);
            }}
            allowDeselect={false}
            error={errors.kind?.message}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Select
            label="Applies to"
            withAsterisk
            data={APPLIES_OPTIONS}
            value={appliesTo ?? null}
            onChange={(value) =>
              setValue('appliesTo', (value ?? 'FEE') as ExclusionAppliesTo, { shouldDirty: true })
            }
            allowDeselect={false}
            error={errors.appliesTo?.message}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {kind === 'PRODUCT' ? (
            <Stack gap={2} justify="center">
              <Text size="sm" fw={500}>
                Account
              </Text>
              <Text size="sm" c="dimmed">
                Every account of the household.
              </Text>
            </Stack>
          ) : (
            <Select
              label="Account"
              withAsterisk
              placeholder="Choose an account"
              data={accountOptions}
              value={accountId ?? null}
              onChange={(value) => {
                setValue('accountId', value, { shouldDirty: true });
                if (errors.accountId) clearErrors('accountId');
              }}
              nothingFoundMessage="This household has no open account."
              error={errors.accountId?.message}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {kind === 'PERCENT' ? (
            <TextInput
              label="Percentage of the account"
              withAsterisk
              inputMode="decimal"
              autoComplete="off"
              rightSection={<Text size="sm">%</Text>}
              error={errors.percent?.message}
              {...register('percent')}
            />
          ) : (
            <ProductSelect
              label="Product"
              withAsterisk
              value={product}
              onChange={(picked) => {
                setProduct(picked);
                setValue('productId', picked?.id ?? null, { shouldDirty: true });
                if (errors.productId) clearErrors('productId');
              }}
              error={errors.productId?.message}
            />
          )}
        </SimpleGrid>
        <Textarea
          label="Reason"
          withAsterisk
          rows={2}
          maxLength={200}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
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
            description="Leave empty while it holds"
            error={errors.endDate?.message}
            {...register('endDate')}
          />
        </SimpleGrid>
        {appliesTo === 'PAYOUT' && (
          <Text size="sm" c="dimmed">
            The fee is charged on these assets; the fee on them goes to the firm, not to the payees.
          </Text>
        )}
        <FormActions
          onCancel={onClose}
          saving={save.isPending}
          saveLabel={exclusion ? 'Save excluded asset' : 'Exclude assets'}
        />
      </Stack>
    </form>
  );
};
