import {
  type MasterDataItem,
  type MasterDataItemInput,
  type MasterDataListSpec,
  masterDataItemSchema,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { showFormErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateMasterDataItem } from '../api/create-master-data-item.ts';
import type { MasterDataListRef } from '../api/master-data-paths.ts';
import { useUpdateMasterDataItem } from '../api/update-master-data-item.ts';
import { type FieldValue, MasterDataFieldInput } from './master-data-fields.tsx';
import { FormActions } from '../../../components/form-actions.tsx';

type MasterDataFormModalProps = {
  spec: MasterDataListSpec;
  listRef: MasterDataListRef;
  /** The value being edited; absent to add one. */
  item: MasterDataItem | null;
  opened: boolean;
  onClose: () => void;
};

/** The form's starting values: the item's, or empty ones, for exactly the list's fields. */
export const initialValues = (spec: MasterDataListSpec, item: MasterDataItem | null): MasterDataItemInput => {
  const values: Record<string, unknown> = {};
  for (const field of spec.fields) {
    const stored = item ? item[field.key] : undefined;
    values[field.key] =
      field.kind === 'tags'
        ? (stored ?? [])
        : field.kind === 'number' || field.kind === 'parent' || field.kind === 'select'
          ? (stored ?? undefined)
          : (stored ?? '');
  }
  return values as MasterDataItemInput;
};

/**
 * Add or edit one value of any list: the inputs come from the list's description, validation from the
 * same zod schema the server uses; the server's field errors land on their fields, its message in a toast.
 */
export const MasterDataFormModal = ({ spec, listRef, item, opened, onClose }: MasterDataFormModalProps) => {
  const create = useCreateMasterDataItem();
  const update = useUpdateMasterDataItem();
  const { control, handleSubmit, reset, setError } = useForm<MasterDataItemInput>({
    resolver: zodResolver(masterDataItemSchema(spec.type)),
    mode: 'onTouched',
    defaultValues: initialValues(spec, item),
  });

  useEffect(() => {
    if (opened) reset(initialValues(spec, item));
  }, [opened, item, spec, reset]);

  const handleValid = (values: MasterDataItemInput) => {
    const callbacks = {
      onSuccess: ({ message }: { message: string }) => {
        notifySuccess(message);
        onClose();
      },
      onError: (error: unknown) => {
        showFormErrors(error, setError, { fields: spec.fields.map((f) => f.key) });
      },
    };
    if (item) update.mutate({ ref: listRef, id: item.id, values }, callbacks);
    else create.mutate({ ref: listRef, values }, callbacks);
  };

  const title = `${item ? 'Edit' : 'Add'} ${spec.singular.toLowerCase()}`;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="md">
      <form onSubmit={handleSubmit(handleValid)} noValidate aria-label={title}>
        <Stack gap="md">
          {spec.fields.map((field, index) => (
            <Controller
              key={field.key}
              control={control}
              name={field.key}
              render={({ field: input, fieldState }) => (
                <MasterDataFieldInput
                  field={field}
                  listType={spec.type}
                  value={input.value as FieldValue}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  error={fieldState.error?.message ?? firstNestedError(fieldState.error)}
                  autoFocus={index === 0}
                />
              )}
            />
          ))}
          <FormActions onCancel={onClose} saving={create.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
};

/** Errors of list entries (possibleValues.1) arrive nested; show the first under the field. */
const firstNestedError = (error: unknown): string | undefined => {
  if (!error || typeof error !== 'object') return undefined;
  for (const value of Object.values(error)) {
    if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string') {
      return value.message;
    }
  }
  return undefined;
};
