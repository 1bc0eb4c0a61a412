import {
  MEMBER_TYPE_LABELS,
  MEMBER_TYPES,
  type MemberSubType,
  type MemberType,
  memberBasicStepSchema,
} from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Input, SegmentedControl, Select, SimpleGrid } from '@mantine/core';
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DateField, FormField, MasterSelect, TextField } from './fields.tsx';
import { type BasicValues, NO_SUBTYPE, basicValues, subTypeOptions } from './member-values.ts';
import { ProfileImageField } from './profile-image-field.tsx';
import { StepForm } from './step-layout.tsx';
import { type ExtraError, useStepForm, withExtraErrors } from './step-form.ts';
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
export const BasicStep = ({ creatingHousehold, ...props }: BasicStepProps) => {
  const typeLabelId = useId();
  const { register, control, setValue, stepForm } = useStepForm(props, {
    resolver,
    valuesOf: (saved) => basicValues(saved, false),
    blank: basicValues(null, creatingHousehold),
  });

  const type = useWatch({ control, name: 'type' });
  const subType = useWatch({ control, name: 'subType' });
  const deceased = useWatch({ control, name: 'deceased' });
  const isPrimary = creatingHousehold || props.member?.subType === 'PRIMARY';
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

  const dateLabel = DATE_LABELS[type];
  return (
    <StepForm label="Basic details" {...stepForm}>
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
      <FormField
        control={control}
        name="subType"
        render={({ value, onChange, ...bind }) => (
          <Select
            {...bind}
            label="Subtype"
            data={subTypeOptions(isPrimary)}
            value={value ?? NO_SUBTYPE}
            onChange={(next) =>
              onChange(next === null || next === NO_SUBTYPE ? null : (next as MemberSubType))
            }
            disabled={isPrimary}
            description={isPrimary ? 'A household has exactly one primary member.' : undefined}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField control={control} label="First name" required data-autofocus {...register('firstName')} />
        <TextField control={control} label="Middle name" {...register('middleName')} />
        <TextField control={control} label="Last name" required {...register('lastName')} />
        <TextField control={control} label="Nickname" {...register('nickName')} />
        <TextField control={control} label="Suffix" {...register('suffix')} />
        <FormField
          control={control}
          name="date"
          render={(bind) => (
            <DateField
              {...bind}
              label={dateLabel.label}
              description={dateLabel.description}
              required={dateRequired}
            />
          )}
        />
        {isPerson && (
          <>
            <FormField
              control={control}
              name="gender"
              render={(bind) => <MasterSelect {...bind} list="gender" label="Gender" required />}
            />
            <FormField
              control={control}
              name="marriageStatus"
              render={(bind) => (
                <MasterSelect {...bind} list="marriageStatus" label="Marriage status" required />
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
          <FormField
            control={control}
            name="deceasedDate"
            render={(bind) => <DateField {...bind} label="Deceased date" disabled={!deceased} />}
          />
        </SimpleGrid>
      )}
      <Input.Wrapper label="Profile picture" labelElement="div">
        <ProfileImageField member={props.member} />
      </Input.Wrapper>
    </StepForm>
  );
};
