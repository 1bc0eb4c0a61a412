import {
  combineInterestsOf,
  formatMoney,
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  type Prospect,
  PROSPECT_ACTIVITY_STATUS_LABELS,
  PROSPECT_ACTIVITY_TYPES,
  PROSPECT_ACTIVITY_TYPE_LABELS,
  PROSPECT_FORM_STATUSES,
  PROSPECT_INTERESTS,
  PROSPECT_INTEREST_LABELS,
  PROSPECT_TYPES,
  PROSPECT_TYPE_LABELS,
  prospectCreateBodySchema,
  type ProspectFormValues,
  prospectUpdateBodySchema,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { IconAction } from '../../../components/icon-action.tsx';
import { MoneyField } from '../../../components/money-field.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { type PickedUser, UserPicker } from '../../../components/user-picker.tsx';
import { showFormErrors } from '../../../lib/form-errors.ts';
import { useMasterOptions } from '../../../lib/lookups/master-options.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveProspect } from '../api/save-prospect.ts';

type FormValues = ProspectFormValues & { activities: NonNullable<ProspectFormValues['activities']> };

const EMPTY_ACTIVITY = { activityType: '' as never, activityDate: '', minutes: '' };

const EMPTY: FormValues = {
  type: 'PERSON',
  name: '',
  firstName: '',
  lastName: '',
  middleName: '',
  nickName: '',
  suffix: '',
  genderId: '',
  worksAt: '',
  activityStatus: 'ACTIVE',
  leadStatus: '' as never,
  wealthAdvisorId: '',
  businessDeveloperId: '',
  financialLifeManagement: '',
  riskManagement: '',
  assetManagement: '',
  legacyPlanning: '',
  privateFund: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  stateId: '',
  zip: '',
  sourceId: '',
  other: '',
  phone: '',
  email: '',
  activities: [EMPTY_ACTIVITY],
};

const valuesOf = (p: Prospect): FormValues => ({
  ...EMPTY,
  type: p.type,
  name: p.name ?? '',
  firstName: p.firstName ?? '',
  lastName: p.lastName ?? '',
  middleName: p.middleName ?? '',
  nickName: p.nickName ?? '',
  suffix: p.suffix ?? '',
  genderId: p.gender ? String(p.gender.id) : '',
  worksAt: p.worksAt ?? '',
  activityStatus: p.activityStatus,
  leadStatus: p.leadStatus,
  wealthAdvisorId: p.wealthAdvisor?.id ?? '',
  businessDeveloperId: p.businessDeveloper?.id ?? '',
  ...Object.fromEntries(PROSPECT_INTERESTS.map((key) => [key, p[key] ?? ''])),
  addressLine1: p.addressLine1 ?? '',
  addressLine2: p.addressLine2 ?? '',
  city: p.city ?? '',
  stateId: p.state ? String(p.state.id) : '',
  zip: p.zip ?? '',
  sourceId: p.source ? String(p.source.id) : '',
  other: p.other ?? '',
  phone: p.phone ?? '',
  email: p.email ?? '',
  activities: [],
});

const picked = (user: { id: string; fullName: string } | null): PickedUser | null =>
  user ? { ...user, profileImageUrl: null } : null;

const options = <K extends string>(keys: readonly K[], labels: Record<K, string>) =>
  keys.map((value) => ({ value, label: labels[value] }));

type ProspectFormModalProps = { target: Prospect | 'new' | null; onClose: () => void };

/**
 * The prospect form (spec §2): info, services (combineInterests their total), contact and, for a new prospect,
 * its first activities (at least one). Validated by the contract's schema, as the server validates it.
 */
export const ProspectFormModal = ({ target, onClose }: ProspectFormModalProps) => {
  const editing = target !== null && target !== 'new' ? target : null;
  const opened = target !== null;
  const save = useSaveProspect();
  const genders = useMasterOptions('gender', opened);
  const states = useMasterOptions('states', opened);
  const sources = useMasterOptions('sources', opened);
  const [advisor, setAdvisor] = useState<PickedUser | null>(null);
  const [developer, setDeveloper] = useState<PickedUser | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(
      editing ? prospectUpdateBodySchema : prospectCreateBodySchema,
    ) as unknown as Resolver<FormValues>,
    defaultValues: EMPTY,
  });
  const activities = useFieldArray({ control, name: 'activities' });

  useEffect(() => {
    if (target === null) return;
    reset(editing ? valuesOf(editing) : EMPTY);
    setAdvisor(picked(editing?.wealthAdvisor ?? null));
    setDeveloper(picked(editing?.businessDeveloper ?? null));
  }, [target, editing, reset]);

  const handleClose = () => {
    if (save.isPending) return;
    save.reset();
    onClose();
  };

  const handleValid = (values: FormValues) => {
    const body = editing ? { ...values, activities: undefined } : values;
    save.mutate(
      { id: editing?.id ?? null, body },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          onClose();
        },
        onError: (error) => showFormErrors(error, setError),
      },
    );
  };

  const type = watch('type');
  const total = combineInterestsOf(watch());
  const last = watch('activities').at(-1);
  const lastFilled = !last || (last.activityType && last.activityDate && String(last.minutes ?? '') !== '');
  const title = editing ? `Edit ${editing.displayName}` : 'Add prospect';
  const masterData = (q: typeof genders) => (q.data ?? []).map(({ value, label }) => ({ value, label }));

  return (
    <Modal opened={opened} onClose={handleClose} title={title} centered size="xl">
      <form onSubmit={handleSubmit(handleValid)} noValidate aria-label={title}>
        <Stack gap="md">
          <Title order={3} size="h5">
            Info
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <SelectField
              control={control}
              name="type"
              label="Type"
              required
              data={options(PROSPECT_TYPES, PROSPECT_TYPE_LABELS)}
              error={errors.type?.message}
              allowDeselect={false}
            />
            {type === 'PERSON' ? (
              <>
                <TextInput
                  label="First name"
                  required
                  error={errors.firstName?.message}
                  {...register('firstName')}
                />
                <TextInput
                  label="Last name"
                  required
                  error={errors.lastName?.message}
                  {...register('lastName')}
                />
                <TextInput
                  label="Middle name"
                  error={errors.middleName?.message}
                  {...register('middleName')}
                />
                <TextInput label="Suffix" error={errors.suffix?.message} {...register('suffix')} />
              </>
            ) : (
              <TextInput label="Name" required error={errors.name?.message} {...register('name')} />
            )}
            <TextInput label="Nickname" error={errors.nickName?.message} {...register('nickName')} />
            <SelectField
              control={control}
              name="genderId"
              label="Gender"
              data={masterData(genders)}
              clearable
              error={errors.genderId?.message}
            />
            <TextInput label="Works at" error={errors.worksAt?.message} {...register('worksAt')} />
            <SelectField
              control={control}
              name="activityStatus"
              label="Activity status"
              required
              data={options(PROSPECT_FORM_STATUSES, PROSPECT_ACTIVITY_STATUS_LABELS)}
              error={errors.activityStatus?.message}
              disabled={editing?.activityStatus === 'CONVERTED'}
            />
            <SelectField
              control={control}
              name="leadStatus"
              label="Lead status"
              required
              data={options(LEAD_STATUSES, LEAD_STATUS_LABELS)}
              error={errors.leadStatus?.message}
            />
            <UserPicker
              label="Wealth advisor (primary)"
              value={advisor}
              onChange={(user) => {
                setAdvisor(user);
                setValue('wealthAdvisorId', user?.id ?? '');
              }}
              error={errors.wealthAdvisorId?.message}
            />
            <UserPicker
              label="Business developer"
              value={developer}
              onChange={(user) => {
                setDeveloper(user);
                setValue('businessDeveloperId', user?.id ?? '');
              }}
              error={errors.businessDeveloperId?.message}
            />
          </SimpleGrid>

          <Divider />
          <Group justify="space-between">
            <Title order={3} size="h5">
              Services
            </Title>
            <Text size="sm" fw={600} aria-live="polite">
              Combined interests: {formatMoney(total)}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {PROSPECT_INTERESTS.map((key) => (
              <MoneyField
                key={key}
                control={control}
                name={key}
                label={PROSPECT_INTEREST_LABELS[key]}
                error={errors[key]?.message}
              />
            ))}
          </SimpleGrid>

          <Divider />
          <Title order={3} size="h5">
            Contact
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput label="Phone" required error={errors.phone?.message} {...register('phone')} />
            <TextInput
              label="Email"
              required
              type="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <SelectField
              control={control}
              name="sourceId"
              label="Source"
              required
              data={masterData(sources)}
              error={errors.sourceId?.message}
            />
            <TextInput label="Other" error={errors.other?.message} {...register('other')} />
            <TextInput
              label="Address line 1"
              error={errors.addressLine1?.message}
              {...register('addressLine1')}
            />
            <TextInput
              label="Address line 2"
              error={errors.addressLine2?.message}
              {...register('addressLine2')}
            />
            <TextInput label="City" error={errors.city?.message} {...register('city')} />
            <SelectField
              control={control}
              name="stateId"
              label="State"
              data={masterData(states)}
              clearable
              searchable
              error={errors.stateId?.message}
            />
            <TextInput label="Zip" error={errors.zip?.message} {...register('zip')} />
          </SimpleGrid>

          {!editing && (
            <>
              <Divider />
              <Group justify="space-between">
                <Title order={3} size="h5">
                  Activities
                </Title>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconPlus size={14} aria-hidden="true" />}
                  disabled={!lastFilled}
                  onClick={() => activities.append(EMPTY_ACTIVITY)}
                >
                  Add activity
                </Button>
              </Group>
              {errors.activities?.message && (
                <Text c="red.8" size="sm" role="alert">
                  {errors.activities.message}
                </Text>
              )}
              {activities.fields.map((field, index) => (
                <Group key={field.id} align="flex-start" gap="sm" wrap="nowrap">
                  <SelectField
                    control={control}
                    name={`activities.${index}.activityType`}
                    label="Activity type"
                    required
                    data={options(PROSPECT_ACTIVITY_TYPES, PROSPECT_ACTIVITY_TYPE_LABELS)}
                    error={errors.activities?.[index]?.activityType?.message}
                    style={{ flex: 1 }}
                  />
                  <TextInput
                    label="Date"
                    type="date"
                    required
                    error={errors.activities?.[index]?.activityDate?.message}
                    {...register(`activities.${index}.activityDate`)}
                    style={{ flex: 1 }}
                  />
                  <TextInput
                    label="Minutes"
                    required
                    inputMode="numeric"
                    error={errors.activities?.[index]?.minutes?.message}
                    {...register(`activities.${index}.minutes`)}
                    w={110}
                  />
                  <Stack mt={26}>
                    <IconAction
                      tooltip="Remove activity"
                      label={`Remove activity ${index + 1}`}
                      icon={IconTrash}
                      color="red"
                      onClick={() => activities.remove(index)}
                    />
                  </Stack>
                </Group>
              ))}
            </>
          )}
          <FormActions onCancel={handleClose} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
};
