import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues, type PathValue } from 'react-hook-form';

type SelectFieldProps<T extends FieldValues, N extends FieldPath<T>, O extends FieldValues> = Omit<
  SelectProps,
  'value' | 'onChange' | 'onBlur' | 'error'
> & {
  /** The form's control, whatever its resolver turns the values into (`O`). */
  control: Control<T, unknown, O>;
  name: N;
  error?: string | undefined;
  /** The form's value as the Select's string (default: itself, '' as none). */
  toOption?: (value: PathValue<T, N>) => string | null;
  /** The Select's choice as the form's value (default: itself, '' for none, or null when `nullable`). */
  fromOption?: (option: string | null) => PathValue<T, N>;
  /** The form keeps null for none (its schema's nullable id) rather than ''. */
  nullable?: boolean;
  /** After the form's value changed (a dependent field to clear). */
  onChosen?: (option: string | null) => void;
};

/** A Select bound to a react-hook-form field, its list in a portal (above a modal's scroll). */
export const SelectField = <T extends FieldValues, N extends FieldPath<T>, O extends FieldValues = T>({
  control,
  name,
  toOption = (value) => (value ? String(value) : null),
  nullable = false,
  fromOption = (option) => (nullable ? option : (option ?? '')) as PathValue<T, N>,
  onChosen,
  ...props
}: SelectFieldProps<T, N, O>) => (
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
