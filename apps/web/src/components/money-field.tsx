import { TextInput, type TextInputProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { formatMoneyTyping } from '../lib/money.ts';

type MoneyFieldProps<T extends FieldValues, O extends FieldValues> = {
  /** The form's control, whatever its resolver turns the values into (`O`). */
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
} & Omit<TextInputProps, 'value' | 'onChange' | 'onBlur' | 'name'>;

/**
 * A dollar amount as the forms take it: thousands commas as it is typed ('1,250,000.50'), '$' beside, the
 * decimal keyboard on phones. The form holds the typed text; its resolver reads it with `moneyFromInput`.
 */
export const MoneyField = <T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  ...props
}: MoneyFieldProps<T, O>) => (
  <Controller
    control={control}
    name={name}
    render={({ field }) => (
      <TextInput
        ref={field.ref}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        leftSection={<span aria-hidden="true">$</span>}
        {...props}
        value={String(field.value ?? '')}
        onChange={(event) => field.onChange(formatMoneyTyping(event.currentTarget.value))}
        onBlur={field.onBlur}
      />
    )}
  />
);
