import {
  ACH_ACCOUNT_NUMBER_MAX,
  ACH_ACCOUNT_TYPE_LABELS,
  ACH_ACCOUNT_TYPES,
  ACH_ADDRESS_MAX,
  ACH_CITY_MAX,
  ACH_COUNTRY_MAX,
  ACH_EMAIL_MAX,
  ACH_NAME_MAX,
  ACH_STATE_MAX,
  type AchAccount,
  type AchAccountFormValues,
  type AchAccountType,
  achAccountBodySchema,
} from '@centric/contracts';
import { Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { FocusEvent } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { RecordFormModal } from '../../../components/record-form-modal.tsx';
import { contractFieldErrors } from '../../../lib/form-errors.ts';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useSaveAchAccount } from '../api/save-ach-account.ts';

export type AchFormValues = {
  achAccountType: AchAccountType | null;
  /** What the field holds: a stored account's masked number ('****6789') until another is typed. */
  accountNumber: string;
  routingNumber: string;
  firstName: string;
  lastName: string;
  billingAddressLine1: string;
  billingAddressLine2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  emailAddress: string;
  phoneNumber: string;
};

type FormField = keyof AchFormValues;

const FIELDS: readonly FormField[] = [
  'achAccountType',
  'accountNumber',
  'routingNumber',
  'firstName',
  'lastName',
  'billingAddressLine1',
  'billingAddressLine2',
  'city',
  'state',
  'zip',
  'country',
  'emailAddress',
  'phoneNumber',
];

const fieldOf = (path: string): FormField | undefined => FIELDS.find((field) => field === path.split('.')[0]);

const EMPTY: AchFormValues = {
  achAccountType: 'CHECKING',
  accountNumber: '',
  routingNumber: '',
  firstName: '',
  lastName: '',
  billingAddressLine1: '',
  billingAddressLine2: '',
  city: '',
  state: '',
  zip: '',
  country: '',
  emailAddress: '',
  phoneNumber: '',
};

export const achValuesOf = (account: AchAccount | null): AchFormValues =>
  account
    ? {
        achAccountType: account.achAccountType,
        accountNumber: account.accountNumber,
        routingNumber: account.routingNumber,
        firstName: account.firstName,
        lastName: account.lastName,
        billingAddressLine1: account.billingAddressLine1,
        billingAddressLine2: account.billingAddressLine2 ?? '',
        city: account.city,
        state: account.state,
        zip: account.zip,
        country: account.country ?? '',
        emailAddress: account.emailAddress,
        phoneNumber: account.phoneNumber,
      }
    : EMPTY;

/**
 * The body the form stands for. A stored account's numbers are only shown masked: left as they are, they
 * go as null, which keeps the stored ones; only a number the user typed is sent.
 */
export const achBodyOf = (values: AchFormValues, stored: AchAccount | null): AchAccountFormValues => {
  const { achAccountType, ...rest } = values;
  const kept = (field: 'accountNumber' | 'routingNumber') =>
    stored !== null && values[field] === stored[field] ? null : values[field];
  return {
    ...rest,
    // A missing type is left out, so the contract answers 'Account type is required.'
    ...(achAccountType ? { achAccountType } : {}),
    accountNumber: kept('accountNumber'),
    routingNumber: kept('routingNumber'),
  } as AchAccountFormValues;
};

const resolverFor =
  (stored: AchAccount | null): Resolver<AchFormValues> =>
  (values) => {
    const parsed = achAccountBodySchema.safeParse(achBodyOf(values, stored));
    if (parsed.success) return { values, errors: {} };
    return { values: {}, errors: contractFieldErrors<AchFormValues>(parsed.error.issues, fieldOf) };
  };

const ROUTING_NUMBER_LENGTH = 9;
const ZIP_MAX = 5;

const TYPE_OPTIONS = ACH_ACCOUNT_TYPES.map((value) => ({ value, label: ACH_ACCOUNT_TYPE_LABELS[value] }));

/** A masked number is replaced, not edited: focusing it selects it all, so typing starts afresh. */
const selectMasked = (event: FocusEvent<HTMLInputElement>) => {
  if (event.currentTarget.value.startsWith('*')) event.currentTarget.select();
};

type AchAccountFormProps = { clientId: string; account: AchAccount | null; onClose: () => void };

const AchAccountForm = ({ clientId, account, onClose }: AchAccountFormProps) => {
  const save = useSaveAchAccount();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<AchFormValues>({ defaultValues: achValuesOf(account), resolver: resolverFor(account) });

  const handleSave = handleSubmit((values) => {
    const body = achAccountBodySchema.parse(achBodyOf(values, account));
    saveRecord(save, { clientId, id: account?.id ?? null, body }, { onClose, setError, fields: fieldOf });
  });

  const storedHint = (field: 'accountNumber' | 'routingNumber') =>
    account ? `Stored as ${account[field]}: type a new number to replace it.` : undefined;

  return (
    <form
      onSubmit={(event) => void handleSave(event)}
      noValidate
      aria-label={account ? 'Edit ACH account' : 'New ACH account'}
    >
      <Stack gap="md">
        <Fieldset legend="Bank account" variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Controller
              control={control}
              name="achAccountType"
              render={({ field }) => (
                <Select
                  ref={field.ref}
                  label="Account type"
                  withAsterisk
                  data={TYPE_OPTIONS}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={errors.achAccountType?.message}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <TextInput
              label="Account number"
              withAsterisk
              inputMode="numeric"
              autoComplete="off"
              maxLength={ACH_ACCOUNT_NUMBER_MAX}
              description={storedHint('accountNumber') ?? 'Up to 17 digits'}
              error={errors.accountNumber?.message}
              {...register('accountNumber')}
              onFocus={selectMasked}
            />
            <TextInput
              label="Routing number"
              withAsterisk
              inputMode="numeric"
              autoComplete="off"
              maxLength={ROUTING_NUMBER_LENGTH}
              description={storedHint('routingNumber') ?? 'The bank’s 9-digit ABA number'}
              error={errors.routingNumber?.message}
              {...register('routingNumber')}
              onFocus={selectMasked}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Account holder" variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="First name"
              withAsterisk
              maxLength={ACH_NAME_MAX}
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextInput
              label="Last name"
              withAsterisk
              maxLength={ACH_NAME_MAX}
              error={errors.lastName?.message}
              {...register('lastName')}
            />
            <TextInput
              label="Email address"
              withAsterisk
              type="email"
              maxLength={ACH_EMAIL_MAX}
              error={errors.emailAddress?.message}
              {...register('emailAddress')}
            />
            <TextInput
              label="Phone number"
              withAsterisk
              type="tel"
              description="10 digits"
              error={errors.phoneNumber?.message}
              {...register('phoneNumber')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Billing address" variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Address line 1"
              withAsterisk
              maxLength={ACH_ADDRESS_MAX}
              error={errors.billingAddressLine1?.message}
              {...register('billingAddressLine1')}
            />
            <TextInput
              label="Address line 2"
              maxLength={ACH_ADDRESS_MAX}
              error={errors.billingAddressLine2?.message}
              {...register('billingAddressLine2')}
            />
            <TextInput
              label="City"
              withAsterisk
              maxLength={ACH_CITY_MAX}
              error={errors.city?.message}
              {...register('city')}
            />
            <TextInput
              label="State"
              withAsterisk
              maxLength={ACH_STATE_MAX}
              error={errors.state?.message}
              {...register('state')}
            />
            <TextInput
              label="Zip"
              withAsterisk
              inputMode="numeric"
              maxLength={ZIP_MAX}
              error={errors.zip?.message}
              {...register('zip')}
            />
            <TextInput
              label="Country"
              maxLength={ACH_COUNTRY_MAX}
              error={errors.country?.message}
              {...register('country')}
            />
          </SimpleGrid>
        </Fieldset>
        <FormActions
          onCancel={onClose}
          saveLabel={account ? 'Save' : 'Add ACH account'}
          saving={save.isPending}
          saveDisabled={account !== null && !isDirty}
        />
      </Stack>
    </form>
  );
};

type AchAccountFormModalProps = {
  clientId: string;
  /** null: closed; 'new': add one; an account: edit it. */
  target: AchAccount | 'new' | null;
  onClose: () => void;
};

/** New ACH account / Edit ACH account (spec §3 ACH account, §5 ACH), checked by the contract before it goes. */
export const AchAccountFormModal = ({ clientId, target, onClose }: AchAccountFormModalProps) => (
  <RecordFormModal target={target} noun="ACH account" onClose={onClose}>
    {(account) => <AchAccountForm clientId={clientId} account={account} onClose={onClose} />}
  </RecordFormModal>
);
