import { MultiSelect, Select, TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent, ReactElement, Ref } from 'react';
import {
  type Control,
  Controller,
  type FieldPath,
  type FieldPathByValue,
  type FieldValues,
  type PathValue,
  type RefCallBack,
  type UseFormRegisterReturn,
  type UseFormSetValue,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { type MasterOptionList, useMasterOptions } from '../../../../lib/lookups/master-options.ts';
import { CalendarDateField } from '../date-field.tsx';
import { formatMoneyTyping } from '../../../../lib/money.ts';

/** Spec §8: dropdown texts. */
export const NO_DATA = 'No data available';
export const LOADING = 'Loading...';

/** What a value field needs from the form field it edits: its value, change, blur, ref and error message. */
export type FieldBinding<V> = {
  ref: RefCallBack;
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  error: string | undefined;
};

type FormFieldProps<T extends FieldValues, N extends FieldPath<T>, B> = {
  control: Control<T, unknown, B>;
  name: N;
  /** The field, with its binding spread on it: `(bind) => <MasterSelect {...bind} list="gender" … />`. */
  render: (bind: FieldBinding<PathValue<T, N>>) => ReactElement;
};

/** A controlled field of a step's form, with the error the form holds for it. */
export const FormField = <T extends FieldValues, N extends FieldPath<T>, B>({
  control,
  name,
  render,
}: FormFieldProps<T, N, B>) => (
  <Controller
    control={control}
    name={name}
    render={({ field, fieldState }) =>
      render({
        ref: field.ref,
        value: field.value,
        onChange: field.onChange,
        onBlur: field.onBlur,
        error: fieldState.error?.message,
      })
    }
  />
);

type TextFieldProps<T extends FieldValues, B> = Omit<
  TextInputProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
> &
  UseFormRegisterReturn<FieldPath<T>> & {
    control: Control<T, unknown, B>;
  };

/**
 * A text input registered with a step's form (`{...register('employer')}`, uncontrolled), with the
 * error the form holds for it.
 */
export const TextField = <T extends FieldValues, B>({ control, ...props }: TextFieldProps<T, B>) => {
  const formState = useFormState({ control, name: props.name });
  return (
    <TextInput
      {...props}
      autoComplete="off"
      error={control.getFieldState(props.name, formState).error?.message}
    />
  );
};

type BaseFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'ref'> & {
  ref?: Ref<HTMLInputElement>;
};

type FormattedInputProps = BaseFieldProps & {
  value: string | null | undefined;
  onChange: (value: string) => void;
  format: (raw: string) => string;
};

/** A text input that reformats what is typed (phone, SSN, TIN): the form keeps the formatted text. */
export const FormattedInput = ({ value, onChange, format, ...props }: FormattedInputProps) => (
  <TextInput
    {...props}
    value={value ?? ''}
    onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(format(event.currentTarget.value))}
  />
);

type DateFieldProps = Omit<BaseFieldProps, 'label'> & {
  label: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
};

/**
 * A date typed as MM/dd/yyyy (spec §5) or picked from the calendar, kept in the form as yyyy-MM-dd once
 * whole and valid; 12/31/1899 and impossible dates stay as text, which the schema answers with
 * 'Enter a valid Date'.
 */
export const DateField = ({ value, ...props }: DateFieldProps) => (
  <CalendarDateField {...props} value={value ?? ''} />
);

type MoneyFieldProps = BaseFieldProps & {
  value: string | null | undefined;
  onChange: (value: string) => void;
};

/** Money with '$' and at most 2 decimals; the value stays a decimal string, never a JS number. */
export const MoneyField = ({ value, onChange, ...props }: MoneyFieldProps) => (
  <TextInput
    inputMode="decimal"
    autoComplete="off"
    leftSection={<span aria-hidden="true">$</span>}
    {...props}
    value={value ?? ''}
    onChange={(event) => onChange(formatMoneyTyping(event.currentTarget.value))}
  />
);

type MasterSelectProps = {
  list: MasterOptionList;
  label: string;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  description?: string;
  ref?: Ref<HTMLInputElement>;
  /** Options other than the list's own (the sub-items of a chosen value). */
  options?: { value: string; label: string }[];
};

/** One master-data value (gender, state, ...) held as its numeric id. */
export const MasterSelect = ({
  list,
  options,
  value,
  onChange,
  placeholder,
  ...props
}: MasterSelectProps) => {
  const query = useMasterOptions(list, options === undefined);
  const data = options ?? (query.data ?? []).map(({ value: v, label }) => ({ value: v, label }));
  const loading = options === undefined && query.isLoading;
  return (
    <Select
      {...props}
      data={data}
      value={value === null || value === undefined ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      placeholder={loading ? LOADING : (placeholder ?? 'Select')}
      nothingFoundMessage={query.isError ? 'Error' : NO_DATA}
      searchable
      clearable={!props.required}
      comboboxProps={{ withinPortal: true }}
    />
  );
};

type SubItemSelectProps = Omit<MasterSelectProps, 'options' | 'description' | 'disabled'> & {
  /** The chosen parent (religious affiliation, industry) whose sub-items are offered. */
  parentId: number | null | undefined;
  chooseParentFirst: string;
  noSubItems: string;
};

/** A sub-item of the chosen parent value (sub-religion, industry job); disabled until there are some. */
export const SubItemSelect = ({ parentId, chooseParentFirst, noSubItems, ...props }: SubItemSelectProps) => {
  const parents = useMasterOptions(props.list);
  const subItems = parents.data?.find((p) => p.value === String(parentId ?? ''))?.children ?? [];
  return (
    <MasterSelect
      {...props}
      options={subItems}
      description={parentId == null ? chooseParentFirst : subItems.length === 0 ? noSubItems : undefined}
      disabled={subItems.length === 0}
    />
  );
};

type MasterMultiSelectProps = {
  list: MasterOptionList;
  label: string;
  value: number[] | undefined;
  onChange: (value: number[]) => void;
  onBlur?: () => void;
  error?: string | undefined;
  required?: boolean;
  description?: string;
  ref?: Ref<HTMLInputElement>;
};

/** Several master-data values (interests, employment statuses) held as numeric ids. */
export const MasterMultiSelect = ({ list, value, onChange, ...props }: MasterMultiSelectProps) => {
  const query = useMasterOptions(list);
  return (
    <MultiSelect
      {...props}
      data={(query.data ?? []).map(({ value: v, label }) => ({ value: v, label }))}
      value={(value ?? []).map(String)}
      onChange={(next) => onChange(next.map(Number))}
      placeholder={query.isLoading ? LOADING : (value ?? []).length === 0 ? 'Select' : undefined}
      nothingFoundMessage={query.isError ? 'Error' : NO_DATA}
      searchable
      hidePickedOptions
      comboboxProps={{ withinPortal: true }}
    />
  );
};

type IdPath<T extends FieldValues> = FieldPathByValue<T, number | null | undefined>;

/** The binding of a field named by an IdPath, whose value TypeScript cannot narrow inside a generic. */
const idBinding = <V,>(bind: FieldBinding<V>) => bind as unknown as FieldBinding<number | null | undefined>;

type SubItemPairFieldsProps<T extends FieldValues, B> = {
  control: Control<T, unknown, B>;
  setValue: UseFormSetValue<T>;
  list: MasterOptionList;
  /** The parent value (religious affiliation, industry). */
  parent: { name: IdPath<T>; label: string };
  /** Its sub-item (religion, industry job), cleared whenever the parent changes. */
  child: { name: IdPath<T>; label: string };
  chooseParentFirst: string;
  noSubItems: string;
};

/** A master-data value and its sub-item, as master data models them (religion, industry). */
export const SubItemPairFields = <T extends FieldValues, B>({
  control,
  setValue,
  list,
  parent,
  child,
  chooseParentFirst,
  noSubItems,
}: SubItemPairFieldsProps<T, B>) => {
  const parentId = useWatch({ control, name: parent.name }) as number | null | undefined;
  return (
    <>
      <FormField
        control={control}
        name={parent.name}
        render={(bind) => {
          const { onChange, ...field } = idBinding(bind);
          return (
            <MasterSelect
              {...field}
              list={list}
              label={parent.label}
              onChange={(value) => {
                onChange(value);
                setValue(child.name, null as PathValue<T, IdPath<T>>, { shouldDirty: true });
              }}
            />
          );
        }}
      />
      <FormField
        control={control}
        name={child.name}
        render={(bind) => (
          <SubItemSelect
            {...idBinding(bind)}
            list={list}
            parentId={parentId}
            chooseParentFirst={chooseParentFirst}
            noSubItems={noSubItems}
            label={child.label}
          />
        )}
      />
    </>
  );
};
