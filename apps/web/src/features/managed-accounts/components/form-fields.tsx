import { ActionIcon, Button, Group, Select, type SelectProps } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type Control,
  Controller,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type Resolver,
  type ResolverResult,
} from 'react-hook-form';

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

/** A list of rows' Add button ('Add owner', 'Add holding'). */
export const AddRowButton = ({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
}) => (
  <Group>
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconPlus size={14} aria-hidden="true" />}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </Button>
  </Group>
);

/** A row's remove button, level with its fields (below their labels). */
export const RemoveRowButton = ({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) => (
  <ActionIcon variant="subtle" color="red.9" mt={26} aria-label={label} disabled={disabled} onClick={onClick}>
    <IconTrash size={16} aria-hidden="true" />
  </ActionIcon>
);

/**
 * The contract's resolver with what a form says beyond it: `adjust` gets the values and the contract's
 * result, and answers the form's (an error the contract's cross-field rules would only say later).
 */
export const adjustedResolver =
  <V extends FieldValues, O>(
    contract: Resolver<V, unknown, O>,
    adjust: (values: V, result: ResolverResult<V, O>) => ResolverResult<V, O>,
  ): Resolver<V, unknown, O> =>
  async (values, context, options) =>
    adjust(values, await contract(values, context, options));
