import {
  type AddressType,
  type EmailType,
  type PhoneType,
  canAddListEntry,
  isAddressFilled,
  isEmailEntryFilled,
  isPhoneEntryFilled,
} from '@centric/contracts';
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
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import { FormattedInput, MasterSelect } from './fields.tsx';
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

type PhoneListProps = ListProps & {
  onPhoneBlur: (index: number) => void;
  onLinkedChange: (index: number, linked: boolean) => void;
};

export const PhoneList = ({
  control,
  setValue,
  errors,
  showLinked,
  onPhoneBlur,
  onLinkedChange,
}: PhoneListProps) => {
  const { fields, append, remove } = useFieldArray({ control, name: 'phoneNumbers', keyName: 'key' });
  const rows = useWatch({ control, name: 'phoneNumbers' }) ?? [];
  const rowErrors = errors.phoneNumbers;
  return (
    <ListShell
      title="Phone numbers"
      addLabel="Add phone"
      refusedMessage="Fill in the last phone number before adding another."
      canAdd={canAddListEntry(rows, isPhoneEntryFilled)}
      onAdd={() => append(blankPhone(rows.length === 0))}
      error={listErrorMessage(rowErrors)}
    >
      {fields.map((row, index) => (
        <SimpleGrid key={row.key} cols={{ base: 1, sm: 3 }} spacing="sm">
          <Controller
            control={control}
            name={`phoneNumbers.${index}.phone`}
            render={({ field }) => (
              <FormattedInput
                ref={field.ref}
                label={`Phone ${index + 1}`}
                placeholder="+1 (xxx) xxx-xxxx"
                inputMode="tel"
                autoComplete="off"
                format={formatPhoneTyping}
                value={field.value}
                onChange={field.onChange}
                onBlur={() => {
                  field.onBlur();
                  onPhoneBlur(index);
                }}
                error={rowErrors?.[index]?.phone?.message}
              />
            )}
          />
          <Controller
            control={control}
            name={`phoneNumbers.${index}.type`}
            render={({ field }) => (
              <Select
                ref={field.ref}
                label="Type"
                aria-label={`Phone ${index + 1} type`}
                data={PHONE_TYPE_OPTIONS}
                allowDeselect={false}
                value={field.value ?? null}
                onChange={(value) => field.onChange((value as PhoneType | null) ?? null)}
                onBlur={field.onBlur}
                error={rowErrors?.[index]?.type?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <RowControls
            name="phoneNumbers"
            noun="Phone"
            index={index}
            count={rows.length}
            checked={rows[index]?.isPrimary === true}
            primaryError={rowErrors?.[index]?.isPrimary?.message}
            showLinked={showLinked}
            control={control}
            setValue={setValue}
            onRemove={() => removeRow(rows, index, remove, setValue, 'phoneNumbers')}
            onLinkedChange={(linked) => onLinkedChange(index, linked)}
          />
        </SimpleGrid>
      ))}
    </ListShell>
  );
};

export const EmailList = ({ control, register, setValue, errors, showLinked }: ListProps) => {
  const { fields, append, remove } = useFieldArray({ control, name: 'emailAddresses', keyName: 'key' });
  const rows = useWatch({ control, name: 'emailAddresses' }) ?? [];
  const rowErrors = errors.emailAddresses;
  return (
    <ListShell
      title="Emails"
      addLabel="Add email"
      refusedMessage="Fill in the last email before adding another."
      canAdd={canAddListEntry(rows, isEmailEntryFilled)}
      onAdd={() => append(blankEmail(rows.length === 0))}
      error={listErrorMessage(rowErrors)}
    >
      {fields.map((row, index) => (
        <SimpleGrid key={row.key} cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={`Email ${index + 1}`}
            type="email"
            autoComplete="off"
            error={rowErrors?.[index]?.email?.message}
            {...register(`emailAddresses.${index}.email`)}
          />
          <Controller
            control={control}
            name={`emailAddresses.${index}.type`}
            render={({ field }) => (
              <Select
                ref={field.ref}
                label="Type"
                aria-label={`Email ${index + 1} type`}
                data={EMAIL_TYPE_OPTIONS}
                allowDeselect={false}
                value={field.value ?? null}
                onChange={(value) => field.onChange((value as EmailType | null) ?? null)}
                onBlur={field.onBlur}
                error={rowErrors?.[index]?.type?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <RowControls
            name="emailAddresses"
            noun="Email"
            index={index}
            count={rows.length}
            checked={rows[index]?.isPrimary === true}
            primaryError={rowErrors?.[index]?.isPrimary?.message}
            showLinked={showLinked}
            control={control}
            setValue={setValue}
            onRemove={() => removeRow(rows, index, remove, setValue, 'emailAddresses')}
          />
        </SimpleGrid>
      ))}
    </ListShell>
  );
};

export const AddressList = ({ control, register, setValue, errors, showLinked }: ListProps) => {
  const { fields, append, remove } = useFieldArray({ control, name: 'addresses', keyName: 'key' });
  const rows = useWatch({ control, name: 'addresses' }) ?? [];
  const rowErrors = errors.addresses;
  return (
    <ListShell
      title="Addresses"
      addLabel="Add address"
      refusedMessage="Fill in the last address before adding another."
      canAdd={canAddListEntry(rows, isAddressFilled)}
      onAdd={() => append(blankAddress(rows.length === 0))}
      error={listErrorMessage(rowErrors)}
    >
      {fields.map((row, index) => {
        const e = rowErrors?.[index];
        return (
          <Fieldset key={row.key} legend={`Address ${index + 1}`} variant="filled">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label="Address line 1"
                autoComplete="off"
                error={e?.addressLine1?.message}
                {...register(`addresses.${index}.addressLine1`)}
              />
              <TextInput
                label="Address line 2"
                autoComplete="off"
                error={e?.addressLine2?.message}
                {...register(`addresses.${index}.addressLine2`)}
              />
              <TextInput
                label="Address line 3"
                autoComplete="off"
                error={e?.addressLine3?.message}
                {...register(`addresses.${index}.addressLine3`)}
              />
              <TextInput
                label="City"
                autoComplete="off"
                error={e?.city?.message}
                {...register(`addresses.${index}.city`)}
              />
              <Controller
                control={control}
                name={`addresses.${index}.stateId`}
                render={({ field }) => (
                  <MasterSelect
                    ref={field.ref}
                    list="states"
                    label="State"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={e?.stateId?.message}
                  />
                )}
              />
              <TextInput
                label="Zip"
                inputMode="numeric"
                maxLength={5}
                autoComplete="off"
                error={e?.zip?.message}
                {...register(`addresses.${index}.zip`)}
              />
              <TextInput
                label="Country"
                autoComplete="off"
                error={e?.country?.message}
                {...register(`addresses.${index}.country`)}
              />
              <Controller
                control={control}
                name={`addresses.${index}.type`}
                render={({ field }) => (
                  <Select
                    ref={field.ref}
                    label="Type"
                    data={ADDRESS_TYPE_OPTIONS}
                    allowDeselect={false}
                    value={field.value ?? null}
                    onChange={(value) => field.onChange((value as AddressType | null) ?? null)}
                    onBlur={field.onBlur}
                    error={e?.type?.message}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
              <RowControls
                name="addresses"
                noun="Address"
                index={index}
                count={rows.length}
                checked={rows[index]?.isPrimary === true}
                primaryError={e?.isPrimary?.message}
                showLinked={showLinked}
                control={control}
                setValue={setValue}
                onRemove={() => removeRow(rows, index, remove, setValue, 'addresses')}
              />
            </SimpleGrid>
          </Fieldset>
        );
      })}
    </ListShell>
  );
};
