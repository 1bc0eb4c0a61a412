import {
  FEE_SCHEDULE_API_MESSAGES,
  FEE_SCHEDULE_DESCRIPTION_MAX,
  FEE_SCHEDULE_NAME_MAX,
  type FeeScheduleItem,
} from '@centric/contracts';
import {
  Button,
  Divider,
  Grid,
  Group,
  Input,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { MODAL_FOOTER_CLASS } from '../../../components/form-actions.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { serverFieldErrors } from '../../../lib/form-errors.ts';
import { formatMoneyTyping } from '../../../lib/money.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSaveFeeSchedule } from '../api/save-fee-schedule.ts';
import {
  FEE_STRUCTURE_OPTIONS,
  FEE_TYPE_OPTIONS,
  type FeeScheduleFormValues,
  type FeeStructure,
  type FeeType,
  type FieldKey,
  type FormErrors,
  type TierField,
  type TierRow,
  checkFeeSchedule,
  emptyFeeScheduleValues,
  feeScheduleValuesOf,
  fieldKeyOf,
  previewScheduleOf,
  sortTierRows,
} from './fee-schedule-form.ts';
import { FeePreview } from './fee-preview.tsx';
import { StructureEditor } from './structure-editor.tsx';

export type FeeScheduleRights = { canWrite: boolean; canDelete: boolean };

type FeeScheduleEditorProps = {
  /** null: closed; 'new': add one; a schedule: edit it (or view it, without write permission). */
  target: FeeScheduleItem | 'new' | null;
  rights: FeeScheduleRights;
  onClose: () => void;
  /** Delete from the form's footer (the list asks for confirmation and says where a schedule is used). */
  onDelete: (item: FeeScheduleItem) => void;
};

const structureHint = (type: FeeType, structure: FeeStructure) => {
  if (type === 'PERCENTAGE') {
    return structure === 'TIERED'
      ? 'Each slice of the value is charged its own tier’s rate.'
      : 'The whole value is charged the rate of the tier it falls in.';
  }
  return structure === 'TIERED'
    ? 'The fees of every tier the value reaches are added up.'
    : 'The fee of the tier the value falls in.';
};

type SegmentedFieldProps<T extends string> = {
  id: string;
  label: string;
  description: string;
  data: { label: string; value: T }[];
  value: T;
  onChange: (value: T) => void;
  readOnly: boolean;
};

/** A labelled choice between a few values (type, structure), its hint below it so the controls line up. */
const SegmentedField = <T extends string>({
  id,
  label,
  description,
  data,
  value,
  onChange,
  readOnly,
}: SegmentedFieldProps<T>) => (
  <Input.Wrapper
    label={label}
    description={description}
    id={id}
    labelElement="div"
    inputWrapperOrder={['label', 'input', 'description']}
  >
    <SegmentedControl
      fullWidth
      aria-labelledby={`${id}-label`}
      data={data}
      value={value}
      onChange={(next) => onChange(next as T)}
      readOnly={readOnly}
      mb={4}
    />
  </Input.Wrapper>
);

const sameValues = (a: FeeScheduleFormValues, b: FeeScheduleFormValues) => {
  const strip = (v: FeeScheduleFormValues) => ({ ...v, tiers: v.tiers.map(({ key: _key, ...row }) => row) });
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
};

/**
 * Add, edit or view a fee schedule (spec §2 /billing/fee, §5 Fee tier and Fee schedule): the fields, the
 * structure editor and a live fee preview side by side. Every rule is the contract's (the engine's for the
 * structure), shown as the user leaves a field and all at once on Save; the server checks the same again.
 */
export const FeeScheduleEditor = ({ target, rights, onClose, onDelete }: FeeScheduleEditorProps) => {
  const editing = target !== null && target !== 'new' ? target : null;
  const readOnly = !rights.canWrite;
  const save = useSaveFeeSchedule();
  const [initial, setInitial] = useState<FeeScheduleFormValues>(emptyFeeScheduleValues);
  const [values, setValues] = useState<FeeScheduleFormValues>(initial);
  const [touched, setTouched] = useState<ReadonlySet<FieldKey>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [confirmDiscard, setConfirmDiscard] = useState(false);

  useEffect(() => {
    if (target === null) return;
    const start = editing ? feeScheduleValuesOf(editing) : emptyFeeScheduleValues();
    setInitial(start);
    setValues(start);
    setTouched(new Set());
    setSubmitted(false);
    setServerErrors({});
  }, [target, editing]);

  const check = useMemo(() => checkFeeSchedule(values), [values]);
  // The preview needs a valid structure only; the name and the other fields may still be missing.
  const previewSchedule = useMemo(
    () => (check.ok ? check.schedule : previewScheduleOf(values)),
    [check, values],
  );
  const dirty = !sameValues(values, initial);

  const errorOf = (key: FieldKey): string | undefined =>
    serverErrors[key] ?? (submitted || touched.has(key) ? check.errors[key] : undefined);

  const touch = (key: FieldKey) => setTouched((current) => new Set(current).add(key));

  const change = (patch: Partial<FeeScheduleFormValues>, keys: FieldKey[]) => {
    setValues((current) => ({ ...current, ...patch }));
    if (keys.some((key) => serverErrors[key] !== undefined)) {
      setServerErrors((current) => {
        const next = { ...current };
        for (const key of keys) delete next[key];
        return next;
      });
    }
  };

  const changeTiers = (tiers: TierRow[]) => {
    // Server messages about the structure belong to the structure as it was sent.
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !key.includes('.') && key !== 'tiers')),
    );
    setValues((current) => ({ ...current, tiers }));
  };

  const blurTier = (key: FieldKey, field: TierField) => {
    touch(key);
    if (field === 'minimum') setValues((current) => ({ ...current, tiers: sortTierRows(current.tiers) }));
  };

  const close = () => {
    if (save.isPending) return;
    save.reset();
    onClose();
  };

  const requestClose = () => {
    if (dirty && !readOnly) setConfirmDiscard(true);
    else close();
  };

  const focusFirstError = () =>
    requestAnimationFrame(() => {
      document.querySelector<HTMLElement>('[aria-label="Fee schedule form"] [aria-invalid="true"]')?.focus();
    });

  const handleSave = () => {
    setSubmitted(true);
    const sorted = { ...values, tiers: sortTierRows(values.tiers) };
    setValues(sorted);
    const result = checkFeeSchedule(sorted);
    if (!result.ok) {
      focusFirstError();
      return;
    }
    save.mutate(
      { id: editing?.id, body: result.body },
      {
        onSuccess: ({ message }) => {
          notifySuccess(
            message || (editing ? FEE_SCHEDULE_API_MESSAGES.updated : FEE_SCHEDULE_API_MESSAGES.created),
          );
          onClose();
        },
        onError: (error) => {
          const next: FormErrors = {};
          for (const fieldError of serverFieldErrors(error)) {
            const key = fieldKeyOf(fieldError.field.split('.'), sorted.tiers);
            if (key && next[key] === undefined) next[key] = fieldError.message;
          }
          setServerErrors(next);
          notifyError(errorMessage(error));
        },
      },
    );
  };

  const title = readOnly ? 'Fee schedule' : editing ? 'Edit fee schedule' : 'Add fee schedule';

  return (
    <>
      <Modal opened={target !== null} onClose={requestClose} title={title} size={1180} centered>
        <form
          aria-label="Fee schedule form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!readOnly) handleSave();
          }}
        >
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput
                    label="Name"
                    required
                    value={values.name}
                    onChange={(event) => change({ name: event.currentTarget.value }, ['name'])}
                    onBlur={() => touch('name')}
                    error={errorOf('name')}
                    maxLength={FEE_SCHEDULE_NAME_MAX + 10}
                    readOnly={readOnly}
                    autoComplete="off"
                    data-autofocus
                  />
                  <TextInput
                    label="Description"
                    value={values.description}
                    onChange={(event) => change({ description: event.currentTarget.value }, ['description'])}
                    onBlur={() => touch('description')}
                    error={errorOf('description')}
                    description={`${values.description.length}/${FEE_SCHEDULE_DESCRIPTION_MAX}`}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    readOnly={readOnly}
                    autoComplete="off"
                  />
                  <SegmentedField
                    id="fee-type"
                    label="Type"
                    description="How the rates are read"
                    data={FEE_TYPE_OPTIONS}
                    value={values.type}
                    onChange={(type) => change({ type }, [])}
                    readOnly={readOnly}
                  />
                  <SegmentedField
                    id="fee-structure"
                    label="Structure"
                    description={structureHint(values.type, values.structure)}
                    data={FEE_STRUCTURE_OPTIONS}
                    value={values.structure}
                    onChange={(structure) => change({ structure }, [])}
                    readOnly={readOnly}
                  />
                  <TextInput
                    label="Annual minimum ($)"
                    description="Raises the annual fee to this amount; at most $100,000."
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    value={values.annualMinimum}
                    onChange={(event) =>
                      change({ annualMinimum: formatMoneyTyping(event.currentTarget.value) }, [
                        'annualMinimum',
                      ])
                    }
                    onBlur={() => touch('annualMinimum')}
                    error={errorOf('annualMinimum')}
                    leftSection={
                      <Text size="sm" c="dimmed">
                        $
                      </Text>
                    }
                    inputMode="decimal"
                    readOnly={readOnly}
                    autoComplete="off"
                  />
                </SimpleGrid>
                <Divider />
                <Stack gap={4}>
                  <Title order={3} size="h5">
                    Structure
                  </Title>
                  <StructureEditor
                    rows={values.tiers}
                    type={values.type}
                    errorOf={errorOf}
                    onChange={changeTiers}
                    onBlur={blurTier}
                    readOnly={readOnly}
                  />
                </Stack>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <FeePreview schedule={previewSchedule} />
            </Grid.Col>
          </Grid>
          <Group justify="space-between" mt="md" className={MODAL_FOOTER_CLASS}>
            <div>
              {editing && rights.canDelete && (
                <Button
                  variant="subtle"
                  color="red.9"
                  onClick={() => onDelete(editing)}
                  disabled={save.isPending}
                >
                  Delete
                </Button>
              )}
            </div>
            <Group gap="sm">
              <Button variant="default" onClick={requestClose} disabled={save.isPending}>
                {readOnly ? 'Close' : 'Cancel'}
              </Button>
              {!readOnly && (
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              )}
            </Group>
          </Group>
        </form>
      </Modal>
      <ConfirmDeleteModal
        opened={confirmDiscard}
        confirmLabel="Discard"
        onConfirm={() => {
          setConfirmDiscard(false);
          close();
        }}
        onClose={() => setConfirmDiscard(false)}
      >
        Discard the changes to this fee schedule?
      </ConfirmDeleteModal>
    </>
  );
};
