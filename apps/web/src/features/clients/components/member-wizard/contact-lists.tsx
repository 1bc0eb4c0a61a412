import { canAddListEntry, isAddressFilled, isEmailEntryFilled, isPhoneEntryFilled } from '@centric/contracts';
import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldArray,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import { FormField, FormattedInput, MasterSelect, TextField } from './fields.tsx';
import { formatPhoneTyping } from './input-formats.ts';
import {
  ADDRESS_TYPE_OPTIONS,
  type ContactValues,
  EMAIL_TYPE_OPTIONS,
  PHONE_TYPE_OPTIONS,
  blankAddress,
  blankEmail,
  blankPhone,
} from './member-values.ts';
import { listErrorMessage } from './step-form.ts';

type ListName = 'phoneNumbers' | 'emailAddresses' | 'addresses';
type Row<N extends ListName> = NonNullable<ContactValues[N]>[number];

type ListProps = {
  control: Control<ContactValues>;
  register: UseFormRegister<ContactValues>;
  setValue: UseFormSetValue<ContactValues>;
  errors: FieldErrors<ContactValues>;
  /** The primary member has nothing to link to. */
  showLinked: boolean;
};

/** Makes row `index` the only primary of the list (spec §4: exactly one primary, radio-like). */
const makePrimary = (
  setValue: UseFormSetValue<ContactValues>,
  name: ListName,
  count: number,
  index: number,
) => {
  for (let i = 0; i < count; i += 1) {
    setValue(`${name}.${i}.isPrimary`, i === index, { shouldDirty: true, shouldValidate: false });
  }
};

type ListShellProps = {
  title: string;
  addLabel: string;
  refusedMessage: string;
  canAdd: boolean;
  onAdd: () => void;
  error: string | undefined;
  children: ReactNode;
};

/** A list's heading, its rows, its list-wide error and the Add button (refused until the last row is filled). */
const ListShell = ({ title, addLabel, refusedMessage, canAdd, onAdd, error, children }: ListShellProps) => {
  const [refused, setRefused] = useState(false);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      {refused && !canAdd && (
        <Text c="red.8" size="sm" role="status">
          {refusedMessage}
        </Text>
      )}
      <div>
        <Button
          type="button"
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => {
            if (canAdd) {
              setRefused(false);
              onAdd();
            } else {
              setRefused(true);
            }
          }}
        >
          {addLabel}
        </Button>
      </div>
    </Stack>
  );
};

type RowControlsProps = {
  name: ListName;
  noun: string;
  index: number;
  count: number;
  checked: boolean;
  primaryError: string | undefined;
  showLinked: boolean;
  control: Control<ContactValues>;
  setValue: UseFormSetValue<ContactValues>;
  onRemove: () => void;
  onLinkedChange?: (linked: boolean) => void;
};

/** Primary radio, linked-to-primary checkbox and the remove button of one row. */
const RowControls = ({
  name,
  noun,
  index,
  count,
  checked,
  primaryError,
  showLinked,
  control,
  setValue,
  onRemove,
  onLinkedChange,
}: RowControlsProps) => (
  <Group gap="md" wrap="nowrap" align="center" mt={{ sm: 'xl' }}>
    <Radio
      name={`${name}-primary`}
      label="Primary"
      aria-label={`${noun} ${index + 1} is primary`}
      checked={checked}
      onChange={() => makePrimary(setValue, name, count, index)}
      error={primaryError}
    />
    {showLinked && (
      <Controller
        control={control}
        name={`${name}.${index}.linkedToPrimary`}
        render={({ field }) => (
          <Checkbox
            ref={field.ref}
            label="Linked to primary"
            aria-label={`${noun} ${index + 1} linked to primary`}
            checked={field.value ?? false}
            onChange={(event) => {
              field.onChange(event.currentTarget.checked);
              onLinkedChange?.(event.currentTarget.checked);
            }}
          />
        )}
      />
    )}
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`Remove ${noun.toLowerCase()} ${index + 1}`}
      onClick={onRemove}
    >
      <IconTrash size={18} aria-hidden="true" />
    </ActionIcon>
  </Group>
);

/** After a primary row is removed, the first remaining row becomes primary. */
const removeRow = (
  rows: ReadonlyArray<{ isPrimary?: boolean | undefined }>,
  index: number,
  remove: (index: number) => void,
  setValue: UseFormSetValue<ContactValues>,
  name: ListName,
) => {
  const wasPrimary = rows[index]?.isPrimary === true;
  remove(index);
  if (wasPrimary && rows.length > 1) setValue(`${name}.0.isPrimary`, true, { shouldDirty: true });
};

type ContactListProps<N extends ListName> = ListProps & {
  name: N;
  /** Names a row and its controls: 'Phone 1 type', 'Phone 1 is primary', 'Remove phone 1'. */
  noun: string;
  title: string;
  addLabel: string;
  refusedMessage: string;
  isFilled: (row: Row<N>) => boolean;
  blank: (isPrimary: boolean) => FieldArray<ContactValues, N>;
  typeOptions: { value: string; label: string }[];
  /** The row's own fields, ahead of its type select, primary radio, linked checkbox and remove button. */
  rowFields: (index: number) => ReactNode;
  /** Each row framed as a fieldset ('Address 1'), whose legend then names its type select. */
  framed?: boolean;
  onLinkedChange?: (index: number, linked: boolean) => void;
};

/** One contact list (phones, emails, addresses): its rows with their own fields, exactly one primary. */
const ContactList = <N extends ListName>({
  control,
  setValue,
  errors,
  showLinked,
  name,
  noun,
  title,
  addLabel,
  refusedMessage,
  isFilled,
  blank,
  typeOptions,
  rowFields,
  framed = false,
  onLinkedChange,
}: ContactListProps<N>) => {
  const list: ListName = name;
  const { fields, append, remove } = useFieldArray({ control, name, keyName: 'key' });
  const rows = (useWatch({ control, name }) ?? []) as Row<N>[];
  const rowErrors = errors[list];
  return (
    <ListShell
      title={title}
      addLabel={addLabel}
      refusedMessage={refusedMessage}
      canAdd={canAddListEntry(rows, isFilled)}
      onAdd={() => append(blank(rows.length === 0))}
      error={listErrorMessage(rowErrors)}
    >
      {fields.map((row, index) => {
        const grid = (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {rowFields(index)}
            <FormField
              control={control}
              name={`${list}.${index}.type`}
              render={({ value, onChange, ...bind }) => (
                <Select
                  {...bind}
                  label="Type"
                  aria-label={framed ? undefined : `${noun} ${index + 1} type`}
                  data={typeOptions}
                  allowDeselect={false}
                  value={value ?? null}
                  onChange={(next) => onChange(next as typeof value)}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <RowControls
              name={list}
              noun={noun}
              index={index}
              count={rows.length}
              checked={rows[index]?.isPrimary === true}
              primaryError={rowErrors?.[index]?.isPrimary?.message}
              showLinked={showLinked}
              control={control}
              setValue={setValue}
              onRemove={() => removeRow(rows, index, remove, setValue, list)}
              onLinkedChange={(linked) => onLinkedChange?.(index, linked)}
            />
          </SimpleGrid>
        );
        return framed ? (
          <Fieldset key={row.key} legend={`${noun} ${index + 1}`} variant="filled">
            {grid}
          </Fieldset>
        ) : (
          <Fragment key={row.key}>{grid}</Fragment>
        );
      })}
    </ListShell>
  );
};

type PhoneListProps = ListProps & {
  onPhoneBlur: (index: number) => void;
  onLinkedChange: (index: number, linked: boolean) => void;
};

export const PhoneList = ({ onPhoneBlur, ...props }: PhoneListProps) => (
  <ContactList
    {...props}
    name="phoneNumbers"
    noun="Phone"
    title="Phone numbers"
    addLabel="Add phone"
    refusedMessage="Fill in the last phone number before adding another."
    isFilled={isPhoneEntryFilled}
    blank={blankPhone}
    typeOptions={PHONE_TYPE_OPTIONS}
    rowFields={(index) => (
      <FormField
        control={props.control}
        name={`phoneNumbers.${index}.phone`}
        render={({ onBlur, ...bind }) => (
          <FormattedInput
            {...bind}
            label={`Phone ${index + 1}`}
            placeholder="+1 (xxx) xxx-xxxx"
            inputMode="tel"
            autoComplete="off"
            format={formatPhoneTyping}
            onBlur={() => {
              onBlur();
              onPhoneBlur(index);
            }}
          />
        )}
      />
    )}
  />
);

export const EmailList = (props: ListProps) => (
  <ContactList
    {...props}
    name="emailAddresses"
    noun="Email"
    title="Emails"
    addLabel="Add email"
    refusedMessage="Fill in the last email before adding another."
    isFilled={isEmailEntryFilled}
    blank={blankEmail}
    typeOptions={EMAIL_TYPE_OPTIONS}
    rowFields={(index) => (
      <TextField
        control={props.control}
        label={`Email ${index + 1}`}
        type="email"
        {...props.register(`emailAddresses.${index}.email`)}
      />
    )}
  />
);

/** The address fields typed as text (the state is a select). */
type AddressText = 'addressLine1' | 'addressLine2' | 'addressLine3' | 'city' | 'zip' | 'country';

export const AddressList = (props: ListProps) => (
  <ContactList
    {...props}
    name="addresses"
    noun="Address"
    title="Addresses"
    addLabel="Add address"
    refusedMessage="Fill in the last address before adding another."
    isFilled={isAddressFilled}
    blank={blankAddress}
    typeOptions={ADDRESS_TYPE_OPTIONS}
    framed
    rowFields={(index) => {
      const text = (label: string, field: AddressText) => ({
        control: props.control,
        label,
        ...props.register(`addresses.${index}.${field}`),
      });
      return (
        <>
          <TextField {...text('Address line 1', 'addressLine1')} />
          <TextField {...text('Address line 2', 'addressLine2')} />
          <TextField {...text('Address line 3', 'addressLine3')} />
          <TextField {...text('City', 'city')} />
          <FormField
            control={props.control}
            name={`addresses.${index}.stateId`}
            render={(bind) => <MasterSelect {...bind} list="states" label="State" />}
          />
          <TextField {...text('Zip', 'zip')} inputMode="numeric" maxLength={5} />
          <TextField {...text('Country', 'country')} />
        </>
      );
    }}
  />
);
