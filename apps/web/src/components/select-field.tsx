import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues, type PathValue } from 'react-hook-form';

type SelectFieldProps<T extends FieldValues, N extends FieldPath<T>> = Omit<
  SelectProps,
  'value' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<T>;
  name: N;
  error?: string | undefined;
  /** The form's value as the Select's string (default: itself, '' as none). */
  toOption?: (value: PathValue<T, N>) => string | null;
  /** The Select's choice as the form's value (default: itself, '' for none). */
  fromOption?: (option: string | null) => PathValue<T, N>;
  /** After the form's value changed (a dependent field to clear). */
  onChosen?: (option: string | null) => void;
};

/** A Select bound to a react-hook-form field, its list in a portal (above a modal's scroll). */
export const SelectField = <T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  toOption = (value) => (value ? String(value) : null),
  fromOption = (option) => (option ?? '') as PathValue<T, N>,
  onChosen,
  ...props
}: SelectFieldProps<T, N>) => (
  <Controller
    control={control}
    name={name}
    render={({ field }) => (
      <Select
        ref={field.ref}
        value={toOption(field.value)}
        onChange={(option) => {
          field.onChange(fromOption(option));
          onChosen?.(option);
        }}
        onBlur={field.onBlur}
        comboboxProps={{ withinPortal: true }}
        {...props}
      />
    )}
  />
);
