import {
  type MasterDataFieldKind,
  type MasterDataFieldSpec,
  type MasterDataItem,
  type MasterDataStoredType,
  type MasterDataType,
  MASTER_DATA_LISTS,
} from '@centric/contracts';
import { Badge, Group, NumberInput, Select, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { useMasterDataOptions } from '../api/get-master-data-options.ts';

/**
 * THE field-kind -> component map of master data (CONVENTIONS: metadata drives generic UI): the form and the
 * table of all 20 lists render their fields through these two maps, never through per-list code.
 */

export type FieldValue = string | number | string[] | undefined;

export type FieldInputProps = {
  field: MasterDataFieldSpec;
  listType: MasterDataStoredType;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  onBlur: () => void;
  error: string | undefined;
  autoFocus?: boolean;
};

const common = (props: FieldInputProps) => ({
  label: props.field.label,
  withAsterisk: props.field.required,
  error: props.error,
  onBlur: props.onBlur,
  'data-autofocus': props.autoFocus || undefined,
});

const TextField = (props: FieldInputProps) => (
  <TextInput
    {...common(props)}
    value={typeof props.value === 'string' ? props.value : ''}
    onChange={(event) => props.onChange(event.currentTarget.value)}
    maxLength={props.field.max ? props.field.max + 20 : undefined}
  />
);

const TextareaField = (props: FieldInputProps) => (
  <Textarea
    {...common(props)}
    rows={3}
    value={typeof props.value === 'string' ? props.value : ''}
    onChange={(event) => props.onChange(event.currentTarget.value)}
    description={props.field.max ? `Up to ${props.field.max} characters` : undefined}
    inputWrapperOrder={['label', 'input', 'description', 'error']}
  />
);

const NumberField = (props: FieldInputProps) => (
  <NumberInput
    {...common(props)}
    value={typeof props.value === 'number' ? props.value : ''}
    onChange={(value) => props.onChange(typeof value === 'number' ? value : undefined)}
    min={0}
    max={props.field.max}
    allowDecimal={false}
    allowNegative={false}
  />
);

const SelectField = (props: FieldInputProps) => (
  <Select
    {...common(props)}
    data={(props.field.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
    value={typeof props.value === 'string' ? props.value : null}
    onChange={(value) => props.onChange(value ?? undefined)}
    searchable
    nothingFoundMessage="No data available"
    comboboxProps={{ withinPortal: true }}
  />
);

/** A value of the parent list (the country of a state), loaded from the server. */
const ParentField = (props: FieldInputProps) => {
  const parentType = MASTER_DATA_LISTS[props.listType].parentType as MasterDataType | undefined;
  const options = useMasterDataOptions(parentType);
  return (
    <Select
      {...common(props)}
      data={options.data ?? []}
      value={typeof props.value === 'number' ? String(props.value) : null}
      onChange={(value) => props.onChange(value ? Number(value) : undefined)}
      searchable
      placeholder={options.isLoading ? 'Loading...' : undefined}
      nothingFoundMessage={options.isLoading ? 'Loading...' : 'No data available'}
      comboboxProps={{ withinPortal: true }}
    />
  );
};

const TagsField = (props: FieldInputProps) => (
  <TagsInput
    {...common(props)}
    value={Array.isArray(props.value) ? props.value : []}
    onChange={(values) => props.onChange(values)}
    description="Type a value and press Enter"
    inputWrapperOrder={['label', 'input', 'description', 'error']}
    clearable
    acceptValueOnBlur
  />
);

export const FIELD_INPUTS: Record<MasterDataFieldKind, ComponentType<FieldInputProps>> = {
  text: TextField,
  textarea: TextareaField,
  number: NumberField,
  select: SelectField,
  parent: ParentField,
  tags: TagsField,
};

export const MasterDataFieldInput = (props: FieldInputProps) => {
  const Input = FIELD_INPUTS[props.field.kind];
  return <Input {...props} />;
};

/** How a field shows in a table cell. */
export const FIELD_DISPLAYS: Record<
  MasterDataFieldKind,
  (item: MasterDataItem, field: MasterDataFieldSpec) => ReactNode
> = {
  text: (item, field) => String(item[field.key as keyof MasterDataItem] ?? ''),
  textarea: (item, field) => (
    <Text size="sm" lineClamp={2}>
      {String(item[field.key as keyof MasterDataItem] ?? '')}
    </Text>
  ),
  number: (item, field) => String(item[field.key as keyof MasterDataItem] ?? ''),
  select: (item, field) => {
    const value = item[field.key as keyof MasterDataItem];
    return field.options?.find((o) => o.value === value)?.label ?? String(value ?? '');
  },
  parent: (item) => item.parentName ?? '',
  tags: (item) => (
    <Group gap={4}>
      {(item.possibleValues ?? []).map((value) => (
        <Badge key={value} variant="light" color="gray" size="sm" tt="none">
          {value}
        </Badge>
      ))}
    </Group>
  ),
};
