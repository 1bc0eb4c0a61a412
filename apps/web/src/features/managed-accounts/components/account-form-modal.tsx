import {
  type Account,
  ACCOUNT_CUSTODIAN_MAX,
  ACCOUNT_MESSAGES,
  ACCOUNT_OWNER_ROLE_LABELS,
  ACCOUNT_OWNER_ROLES,
  ACCOUNT_OWNERS_MAX,
  ACCOUNT_REGISTRATION_NAME_MAX,
  ACCOUNT_STATUS_LABELS,
  ACCOUNT_STATUSES,
  type AccountBody,
  accountBodySchema,
  type AccountFormValues,
  type AccountOwnerRole,
  CUSTODIAN_NUMBER_MAX,
  CUSTODIAN_SUGGESTIONS,
  type MemberDetail,
  sortMembersForDisplay,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, type DefaultValues, type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { AddRowButton, adjustedResolver, RemoveRowButton } from './form-fields.tsx';
import { RecordFormModal } from '../../../components/record-form-modal.tsx';
import { type MasterOption, useMasterOptions } from '../../../lib/lookups/master-options.ts';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useSaveAccount } from '../api/save-account.ts';

/** Master-data options without their sub-items. */
const optionsOf = (options: readonly MasterOption[] | undefined) =>
  (options ?? []).map(({ value, label }) => ({ value, label }));

const ROLE_OPTIONS = ACCOUNT_OWNER_ROLES.map((role) => ({
  value: role,
  label: ACCOUNT_OWNER_ROLE_LABELS[role],
}));
const STATUS_OPTIONS = ACCOUNT_STATUSES.map((status) => ({
  value: status,
  label: ACCOUNT_STATUS_LABELS[status],
}));

/** The form's values: the contract's input, the master-data ids as the Selects hold them. */
const valuesOf = (
  account: Account | null,
  members: readonly MemberDetail[],
): DefaultValues<AccountFormValues> =>
  account
    ? {
        registrationName: account.registrationName,
        ...(account.registrationType ? { registrationTypeId: account.registrationType.id } : {}),
        custodian: account.custodian,
        // Masked ('****1234'): sent back unchanged, the server keeps the stored number.
        custodianNumber: account.custodianNumber,
        accountObjectiveId: account.accountObjective?.id ?? null,
        startDate: account.startDate,
        status: account.status,
        closedOn: account.closedOn ?? '',
        owners: account.owners.map(({ memberId, role }) => ({ memberId, role })),
      }
    : {
        registrationName: '',
        custodian: '',
        custodianNumber: '',
        accountObjectiveId: null,
        startDate: '',
        status: 'OPEN',
        closedOn: '',
        // The household's first member (the primary) owns a new account unless the form says otherwise.
        owners: [{ memberId: sortMembersForDisplay(members)[0]?.id ?? '', role: 'OWNER' }],
      };

/**
 * The contract's schema checks the form (the server's messages). Its cross-field rules run only once every
 * field reads; the closing date a closed account needs is also said at once, beside the other errors.
 */
const accountResolver = adjustedResolver<AccountFormValues, AccountBody>(
  zodResolver(accountBodySchema),
  (values, result) =>
    values.status !== 'CLOSED' || values.closedOn || Object.keys(result.errors).length === 0
      ? result
      : {
          values: {},
          errors: {
            ...result.errors,
            closedOn: { type: 'validate', message: ACCOUNT_MESSAGES.closedOnRequired },
          },
        },
);

type AccountFormModalProps = {
  clientId: string;
  members: readonly MemberDetail[];
  /** null: closed; 'new': a new account; an account: edit it. */
  target: Account | 'new' | null;
  onClose: () => void;
};

/**
 * New account / Edit account (spec §3 Account): registration name and type, custodian and its account number
 * (masked on an edit), objective, start date, status with its closing date, and the owners among the
 * household's members with their roles.
 */
export const AccountFormModal = ({ clientId, members, target, onClose }: AccountFormModalProps) => (
  <RecordFormModal target={target} noun="account" onClose={onClose}>
    {(account) => <AccountForm clientId={clientId} members={members} account={account} onClose={onClose} />}
  </RecordFormModal>
);

type AccountFormProps = Omit<AccountFormModalProps, 'target'> & { account: Account | null };

const AccountForm = ({ clientId, members, account, onClose }: AccountFormProps) => {
  const save = useSaveAccount(clientId);
  const registrationTypes = useMasterOptions('registrationType');
  const objectives = useMasterOptions('accountObjective');
  const {
    control,
    register,
    handleSubmit,
    watch,
    setError,
    setValue,
    formState: { errors, isDirty },
  } = useForm<AccountFormValues, unknown, AccountBody>({
    defaultValues: valuesOf(account, members),
    resolver: accountResolver,
  });
  const owners = useFieldArray({ control, name: 'owners' });
  const status = watch('status');
  const chosenMembers = watch('owners').map((owner) => owner.memberId);
  const memberOptions = sortMembersForDisplay(members).map((member) => ({
    value: member.id,
    label: member.fullName,
  }));

  const handleSave = handleSubmit((body) =>
    saveRecord(
      save,
      { id: account?.id ?? null, body },
      {
        onClose,
        setError,
        // The server's field paths are the form's ('owners.0.memberId').
        fields: (path) => path as FieldPath<AccountFormValues>,
      },
    ),
  );

  const ownersError = errors.owners?.message ?? errors.owners?.root?.message;

  return (
    <form
      onSubmit={(event) => void handleSave(event)}
      noValidate
      aria-label={account ? 'Edit account' : 'New account'}
    >
      <Stack gap="md">
        <TextInput
          label="Registration name"
          withAsterisk
          placeholder="Carter Joint Brokerage"
          maxLength={ACCOUNT_REGISTRATION_NAME_MAX}
          autoComplete="off"
          data-autofocus
          error={errors.registrationName?.message}
          {...register('registrationName')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField
            control={control}
            name="registrationTypeId"
            label="Registration type"
            withAsterisk
            placeholder={registrationTypes.isPending ? 'Loading...' : 'Select a type'}
            data={optionsOf(registrationTypes.data)}
            // None: the contract answers 'Registration type is required.'
            fromOption={(option) => (option ? Number(option) : (undefined as unknown as number))}
            allowDeselect={false}
            searchable
            nothingFoundMessage={registrationTypes.isError ? 'Error' : 'No Data Found.'}
            error={errors.registrationTypeId?.message}
          />
          <SelectField
            control={control}
            name="accountObjectiveId"
            label="Account objective"
            placeholder={objectives.isPending ? 'Loading...' : 'None'}
            data={optionsOf(objectives.data)}
            fromOption={(option) => (option ? Number(option) : null)}
            clearable
            nothingFoundMessage={objectives.isError ? 'Error' : 'No Data Found.'}
            error={errors.accountObjectiveId?.message}
          />
          <Controller
            control={control}
            name="custodian"
            render={({ field }) => (
              <Autocomplete
                ref={field.ref}
                label="Custodian"
                withAsterisk
                placeholder="Charles Schwab, Fidelity, ..."
                data={[...CUSTODIAN_SUGGESTIONS]}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                maxLength={ACCOUNT_CUSTODIAN_MAX}
                error={errors.custodian?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <TextInput
            label="Custodian account number"
            withAsterisk
            autoComplete="off"
            maxLength={CUSTODIAN_NUMBER_MAX}
            description={account ? 'Shown masked; type a new number to replace it' : undefined}
            error={errors.custodianNumber?.message}
            {...register('custodianNumber')}
          />
          <TextInput
            type="date"
            label="Start date"
            withAsterisk
            error={errors.startDate?.message}
            {...register('startDate')}
          />
          <SelectField
            control={control}
            name="status"
            label="Status"
            data={STATUS_OPTIONS}
            fromOption={(option) => (option === 'CLOSED' ? 'CLOSED' : 'OPEN')}
            // An open account has no closing date.
            onChosen={(option) => option !== 'CLOSED' && setValue('closedOn', '')}
            allowDeselect={false}
            error={errors.status?.message}
          />
          {status === 'CLOSED' && (
            <TextInput
              type="date"
              label="Closing date"
              withAsterisk
              error={errors.closedOn?.message}
              {...register('closedOn')}
            />
          )}
        </SimpleGrid>
        <Fieldset legend="Owners" variant="unstyled">
          <Stack gap="xs">
            {owners.fields.map((row, index) => {
              const taken = chosenMembers.filter((_, other) => other !== index);
              return (
                <Group key={row.id} gap="sm" align="flex-start" wrap="nowrap">
                  <SelectField
                    control={control}
                    name={`owners.${index}.memberId`}
                    label={`Owner ${index + 1}`}
                    placeholder="Select a member"
                    data={memberOptions.map((option) => ({
                      ...option,
                      disabled: taken.includes(option.value),
                    }))}
                    allowDeselect={false}
                    error={errors.owners?.[index]?.memberId?.message}
                    style={{ flex: 2 }}
                  />
                  <SelectField
                    control={control}
                    name={`owners.${index}.role`}
                    label={`Role of owner ${index + 1}`}
                    data={ROLE_OPTIONS}
                    fromOption={(option) => (option ?? 'OWNER') as AccountOwnerRole}
                    allowDeselect={false}
                    error={errors.owners?.[index]?.role?.message}
                    style={{ flex: 1 }}
                  />
                  <RemoveRowButton
                    label={`Remove owner ${index + 1}`}
                    disabled={owners.fields.length === 1}
                    onClick={() => owners.remove(index)}
                  />
                </Group>
              );
            })}
            {ownersError && (
              <Text size="sm" c="red.8" role="alert">
                {ownersError}
              </Text>
            )}
            <AddRowButton
              label="Add owner"
              disabled={owners.fields.length >= Math.min(ACCOUNT_OWNERS_MAX, members.length)}
              onClick={() => owners.append({ memberId: '', role: 'JOINT_OWNER' })}
            />
          </Stack>
        </Fieldset>
        <FormActions
          onCancel={onClose}
          saveLabel={account ? 'Save' : 'Add account'}
          saving={save.isPending}
          saveDisabled={account !== null && !isDirty}
        />
      </Stack>
    </form>
  );
};
