import { MultiSelect, Select, TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent, Ref } from 'react';
import { type MemberOptionList, useMasterOptions } from '../../api/master-options.ts';
import { CalendarDateField } from '../date-field.tsx';
import { formatMoneyTyping } from '../../../../lib/money.ts';

/** Spec §8: dropdown texts. */
export const NO_DATA = 'No data available';
export const LOADING = 'Loading...';

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
  list: MemberOptionList;
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
  list: MemberOptionList;
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
