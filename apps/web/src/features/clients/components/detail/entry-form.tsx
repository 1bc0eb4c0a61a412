import { Modal, Select, Stack, Textarea } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form';
import { CalendarDateField } from '../date-field.tsx';
import { FormActions } from '../../../../components/form-actions.tsx';

type EntryFormModalProps = {
  /** The modal's title and the form's accessible name: 'Add special date'. */
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  onClose: () => void;
  /** The fields. */
  children: ReactNode;
};

/** The add/edit modal of a detail card's entry: its fields, then Cancel and Save. */
export const EntryFormModal = ({ title, onSubmit, saving, onClose, children }: EntryFormModalProps) => (
  <Modal opened onClose={onClose} title={title} centered size="md">
    <form onSubmit={onSubmit} noValidate aria-label={title}>
      <Stack gap="md">
        {children}
        <FormActions onCancel={onClose} saving={saving} />
      </Stack>
    </form>
  </Modal>
);

/** A text field of an entry form, bound to the form by name; the error is the field's own. */
type FieldProps<F extends FieldValues, O> = {
  control: Control<F, unknown, O>;
  name: FieldPathByValue<F, string | null | undefined>;
};

type MemberSelectProps<F extends FieldValues, O> = FieldProps<F, O> & {
  /** 'Member' unless told ('Relative'). */
  label?: string;
  /** From memberOptions, possibly narrowed. */
  options: { value: string; label: string }[];
  /** The field the modal focuses when it opens. */
  autoFocus?: boolean;
};

/** A required choice of one of the household's members ('' while none is chosen). */
export const MemberSelect = <F extends FieldValues, O>({
  control,
  name,
  label = 'Member',
  options,
  autoFocus = false,
}: MemberSelectProps<F, O>) => {
  const { field, fieldState } = useController({ control, name });
  return (
    <Select
      label={label}
      allowDeselect={false}
      required
      placeholder="Select a member"
      data={options}
      value={(field.value as string | null | undefined) || null}
      onChange={(value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      nothingFoundMessage="No Data Available"
      comboboxProps={{ withinPortal: true }}
      data-autofocus={autoFocus || undefined}
    />
  );
};

/** A required date of an entry form, typed as MM/dd/yyyy or picked from the calendar. */
export const EntryDateField = <F extends FieldValues, O>({
  control,
  name,
  label,
}: FieldProps<F, O> & { label: string }) => {
  const { field, fieldState } = useController({ control, name });
  return (
    <CalendarDateField
      label={label}
      required
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
};

/** The optional description of an entry, with its length against the most allowed. */
export const DescriptionField = <F extends FieldValues, O>({
  control,
  name,
  max,
  rows,
}: FieldProps<F, O> & { max: number; rows: number }) => {
  const { field, fieldState } = useController({ control, name });
  const value = (field.value as string | null | undefined) ?? '';
  return (
    <Textarea
      ref={field.ref}
      name={field.name}
      label="Description"
      rows={rows}
      description={`${value.length}/${max}`}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
};
