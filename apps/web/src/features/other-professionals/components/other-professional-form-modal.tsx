import {
  CLIENT_API_MESSAGES,
  OTHER_PROFESSIONAL_NOTE_MAX,
  OTHER_PROFESSIONAL_TYPE_SUGGESTIONS,
  type OtherProfessionalInput,
  type OtherProfessionalItem,
  formatPhone,
  otherProfessionalSchema,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Modal, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, type DefaultValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client.ts';
import { showFormErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { HouseholdLinkError, useSaveOtherProfessional } from '../api/save-other-professional.ts';
import type { HouseholdOption } from '../../../lib/lookups/household-search.ts';
import { useMasterOptions } from '../../../lib/lookups/master-options.ts';
import { HouseholdsPicker } from './households-picker.tsx';
import { PhoneInput } from './phone-input.tsx';
import { FormActions } from '../../../components/form-actions.tsx';

type FormInput = OtherProfessionalInput;
type FormOutput = z.output<typeof otherProfessionalSchema>;

const FORM_FIELDS = [
  'type',
  'fullName',
  'phoneNumber',
  'address',
  'city',
  'stateId',
  'zip',
  'email',
  'note',
] as const;

const EMPTY: DefaultValues<FormInput> = {
  type: '',
  fullName: '',
  phoneNumber: '',
  address: '',
  city: '',
  zip: '',
  email: '',
  note: '',
};

const valuesOf = (item: OtherProfessionalItem): DefaultValues<FormInput> => ({
  type: item.type,
  fullName: item.fullName,
  phoneNumber: item.phoneNumber ? formatPhone(item.phoneNumber) : '',
  address: item.address ?? '',
  city: item.city ?? '',
  ...(item.stateId !== null ? { stateId: item.stateId } : {}),
  zip: item.zip ?? '',
  email: item.email ?? '',
  note: item.note ?? '',
});

const sameIds = (a: readonly HouseholdOption[], b: readonly HouseholdOption[]) => {
  const ids = new Set(a.map((h) => h.clientId));
  return a.length === b.length && b.every((h) => ids.has(h.clientId));
};

type OtherProfessionalFormModalProps = {
  /** null: closed; 'new': add; a professional: edit it. */
  target: OtherProfessionalItem | 'new' | null;
  /** Households can be searched (clients:read); otherwise the links are shown but left as they are. */
  canLinkHouseholds: boolean;
  onClose: () => void;
};

/** Add or edit an other professional (spec §3 Other contact, §5 Contact) and the households it serves. */
export const OtherProfessionalFormModal = ({
  target,
  canLinkHouseholds,
  onClose,
}: OtherProfessionalFormModalProps) => {
  const editing = target !== null && target !== 'new' ? target : null;
  const opened = target !== null;
  const save = useSaveOtherProfessional();
  const states = useMasterOptions('states', opened);
  const [households, setHouseholds] = useState<HouseholdOption[]>([]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(otherProfessionalSchema),
    defaultValues: EMPTY,
  });

  useEffect(() => {
    if (target === null) return;
    reset(editing ? valuesOf(editing) : EMPTY);
    setHouseholds(editing ? editing.households : []);
  }, [target, editing, reset]);

  const handleClose = () => {
    if (save.isPending) return;
    save.reset();
    onClose();
  };

  const handleValid = (body: FormOutput) => {
    const linksChanged = canLinkHouseholds && !sameIds(households, editing?.households ?? []);
    save.mutate(
      {
        id: editing?.id,
        body,
        clientIds: linksChanged ? households.map((h) => h.clientId) : null,
      },
      {
        onSuccess: ({ message }) => {
          notifySuccess(
            message ||
              (editing ? CLIENT_API_MESSAGES.professionalUpdated : CLIENT_API_MESSAGES.professionalAdded),
          );
          onClose();
        },
        onError: (error) => {
          if (error instanceof HouseholdLinkError) {
            notifyError(error.message);
            onClose();
            return;
          }
          showFormErrors(error, setError, { fields: FORM_FIELDS });
        },
      },
    );
  };

  const note = watch('note') ?? '';
  const stateOptions = (states.data ?? []).map(({ value, label }) => ({ value, label }));
  const title = editing ? 'Edit other professional' : 'Add other professional';

  return (
    <Modal opened={opened} onClose={handleClose} title={title} centered size="lg">
      <form onSubmit={handleSubmit(handleValid)} noValidate aria-label={title}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <Controller
              control={control}
              name="type"
              render={({ field }) => (
                <Autocomplete
                  label="Type"
                  required
                  placeholder="Attorney, CPA, ..."
                  data={[...OTHER_PROFESSIONAL_TYPE_SUGGESTIONS]}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.type?.message}
                  maxLength={50}
                  comboboxProps={{ withinPortal: true }}
                  data-autofocus
                />
              )}
            />
            <TextInput
              label="Full name"
              required
              autoComplete="off"
              error={errors.fullName?.message}
              maxLength={120}
              {...register('fullName')}
            />
            <Controller
              control={control}
              name="phoneNumber"
              render={({ field }) => (
                <PhoneInput
                  label="Phone"
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.phoneNumber?.message}
                />
              )}
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="off"
              error={errors.email?.message}
              {...register('email')}
            />
            <TextInput
              label="Address"
              autoComplete="off"
              error={errors.address?.message}
              {...register('address')}
            />
            <TextInput label="City" autoComplete="off" error={errors.city?.message} {...register('city')} />
            <Controller
              control={control}
              name="stateId"
              render={({ field }) => (
                <Select
                  label="State"
                  required
                  searchable
                  placeholder={states.isLoading ? 'Loading...' : 'Select a state'}
                  data={stateOptions}
                  value={field.value === undefined || field.value === null ? null : String(field.value)}
                  onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.stateId?.message ?? (states.isError ? errorMessage(states.error) : undefined)}
                  nothingFoundMessage="No state found"
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <TextInput
              label="Zip"
              autoComplete="off"
              inputMode="numeric"
              error={errors.zip?.message}
              {...register('zip')}
            />
          </SimpleGrid>
          <Textarea
            label="Note"
            autosize
            minRows={2}
            maxRows={5}
            error={errors.note?.message}
            description={`${note.length}/${OTHER_PROFESSIONAL_NOTE_MAX}`}
            {...register('note')}
          />
          {canLinkHouseholds ? (
            <HouseholdsPicker value={households} onChange={setHouseholds} />
          ) : (
            editing &&
            editing.households.length > 0 && (
              <Text size="sm" c="dimmed">
                Linked households: {editing.households.map((h) => h.name).join(', ')}
              </Text>
            )
          )}
          <FormActions onCancel={handleClose} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
};
