import { MEMBER_TYPES, type MemberType, memberBasicStepSchema } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Input, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DateField, MasterSelect } from './fields.tsx';
import {
  type BasicValues,
  MEMBER_TYPE_LABELS,
  NO_SUBTYPE,
  basicValues,
  subTypeOptions,
} from './member-values.ts';
import { ProfileImageField } from './profile-image-field.tsx';
import { StepFooter } from './step-footer.tsx';
import { type ExtraError, showSaveFailure, useReportDirty, withExtraErrors } from './step-form.ts';
import type { StepProps } from './wizard-types.ts';

export type BasicBody = z.output<typeof memberBasicStepSchema>;

/** Valid stand-ins for fields that failed, so that the cross-field rules can be checked too. */
const STAND_INS: Partial<Record<keyof BasicValues, unknown>> = {
  firstName: 'A',
  lastName: 'A',
  middleName: '',
  nickName: '',
  suffix: '',
  date: '2000-01-01',
  deceasedDate: '',
};

/**
 * zod skips an object's cross-field rules (DOB for a primary, gender for a person) while one of its
 * fields is invalid; check them on a copy with stand-ins, so that every message shows at once.
 */
export const crossFieldErrors = (values: BasicValues): ExtraError[] => {
  const first = memberBasicStepSchema.safeParse(values);
  if (first.success) return [];
  const failing = new Set(first.error.issues.map((issue) => String(issue.path[0])));
  const probe: Record<string, unknown> = { ...values };
  let replaced = false;
  for (const key of failing) {
    if (key in STAND_INS) {
      probe[key] = STAND_INS[key as keyof BasicValues];
      replaced = true;
    }
  }
  if (!replaced) return [];
  const second = memberBasicStepSchema.safeParse(probe);
  if (second.success) return [];
  return second.error.issues
    .filter((issue) => !failing.has(String(issue.path[0])))
    .map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

const resolver = withExtraErrors(zodResolver(memberBasicStepSchema), crossFieldErrors);

const DATE_LABELS: Record<MemberType, { label: string; description?: string }> = {
  PERSON: { label: 'Date of birth' },
  PET: { label: 'Date of birth' },
  TRUST: { label: 'Date', description: 'When the trust was formed' },
  BUSINESS: { label: 'Date', description: 'When the business was established' },
};

type BasicStepProps = StepProps<BasicBody> & {
  /** The first member of a new household: always PRIMARY. */
  creatingHousehold: boolean;
};

/** Step 1: who the member is. Saving it creates the member (and the household, for a new one). */
export const BasicStep = ({ member, nav, onSave, onDirtyChange, creatingHousehold }: BasicStepProps) => {
  const typeLabelId = useId();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<BasicValues, unknown, BasicBody>({
    resolver,
    defaultValues: basicValues(member, creatingHousehold),
  });
  useReportDirty(isDirty, onDirtyChange);

  const type = useWatch({ control, name: 'type' });
  const subType = useWatch({ control, name: 'subType' });
  const deceased = useWatch({ control, name: 'deceased' });
  const isPrimary = creatingHousehold || member?.subType === 'PRIMARY';
  const isPerson = type === 'PERSON';
  const hasDeceased = type === 'PERSON' || type === 'PET';
  const dateRequired = subType === 'PRIMARY' || subType === 'SECONDARY';

  const changeType = (next: MemberType) => {
    setValue('type', next, { shouldDirty: true });
    if (next !== 'PERSON') {
      setValue('gender', null, { shouldDirty: true });
      setValue('marriageStatus', null, { shouldDirty: true });
    }
    if (next === 'TRUST' || next === 'BUSINESS') {
      setValue('deceased', false, { shouldDirty: true });
      setValue('deceasedDate', '', { shouldDirty: true });
    }
  };

  const submit = handleSubmit(async (body) => {
    try {
      const saved = await onSave(body);
      if (saved) reset(basicValues(saved, false));
    } catch (error) {
      showSaveFailure(error, setError);
    }
  });

  const dateLabel = DATE_LABELS[type];
  return (
    <form onSubmit={submit} noValidate aria-label="Basic details">
      <Stack gap="md">
        <Input.Wrapper id={typeLabelId} label="Type" labelElement="div" required>
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <SegmentedControl
                aria-labelledby={`${typeLabelId}-label`}
                fullWidth
                data={MEMBER_TYPES.map((t) => ({ value: t, label: MEMBER_TYPE_LABELS[t] }))}
                value={field.value}
                onChange={(value) => changeType(value as MemberType)}
              />
            )}
          />
        </Input.Wrapper>
        <Controller
          control={control}
          name="subType"
          render={({ field }) => (
            <Select
              ref={field.ref}
              label="Subtype"
              data={subTypeOptions(isPrimary)}
              value={field.value ?? NO_SUBTYPE}
              onChange={(value) => field.onChange(value === null || value === NO_SUBTYPE ? null : value)}
              onBlur={field.onBlur}
              disabled={isPrimary}
              description={isPrimary ? 'A household has exactly one primary member.' : undefined}
              error={errors.subType?.message}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            required
            data-autofocus
            autoComplete="off"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextInput
            label="Middle name"
            autoComplete="off"
            error={errors.middleName?.message}
            {...register('middleName')}
          />
          <TextInput
            label="Last name"
            required
            autoComplete="off"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <TextInput
            label="Nickname"
            autoComplete="off"
            error={errors.nickName?.message}
            {...register('nickName')}
          />
          <TextInput
            label="Suffix"
            autoComplete="off"
            error={errors.suffix?.message}
            {...register('suffix')}
          />
          <Controller
            control={control}
            name="date"
            render={({ field }) => (
              <DateField
                ref={field.ref}
                label={dateLabel.label}
                description={dateLabel.description}
                required={dateRequired}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.date?.message}
              />
            )}
          />
          {isPerson && (
            <>
              <Controller
                control={control}
                name="gender"
                render={({ field }) => (
                  <MasterSelect
                    ref={field.ref}
                    list="gender"
                    label="Gender"
                    required
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.gender?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="marriageStatus"
                render={({ field }) => (
                  <MasterSelect
                    ref={field.ref}
                    list="marriageStatus"
                    label="Marriage status"
                    required
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.marriageStatus?.message}
                  />
                )}
              />
            </>
          )}
        </SimpleGrid>
        {hasDeceased && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={control}
              name="deceased"
              render={({ field }) => (
                <Checkbox
                  ref={field.ref}
                  mt={{ sm: 'xl' }}
                  label="Deceased"
                  checked={field.value ?? false}
                  onChange={(event) => {
                    field.onChange(event.currentTarget.checked);
                    if (!event.currentTarget.checked) setValue('deceasedDate', '', { shouldDirty: true });
                  }}
                  onBlur={field.onBlur}
                />
              )}
            />
            <Controller
              control={control}
              name="deceasedDate"
              render={({ field }) => (
                <DateField
                  ref={field.ref}
                  label="Deceased date"
                  disabled={!deceased}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.deceasedDate?.message}
                />
              )}
            />
          </SimpleGrid>
        )}
        <Input.Wrapper label="Profile picture" labelElement="div">
          <ProfileImageField member={member} />
        </Input.Wrapper>
      </Stack>
      <StepFooter nav={nav} saving={isSubmitting} />
    </form>
  );
};
