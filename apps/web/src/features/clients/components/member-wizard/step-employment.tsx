import { memberEmploymentStepSchema } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { MasterMultiSelect, MasterSelect, SubItemSelect } from './fields.tsx';
import { type EmploymentValues, employmentValues } from './member-values.ts';
import { StepFooter } from './step-footer.tsx';
import { showSaveFailure, useReportDirty } from './step-form.ts';
import type { StepProps } from './wizard-types.ts';

export type EmploymentBody = z.output<typeof memberEmploymentStepSchema>;

const resolver = zodResolver(memberEmploymentStepSchema);

/**
 * Step 5: work. The industry pairs as master data models it: the industry is `parentIndustry`, the job
 * within it `industry`. A person needs at least one employment status.
 */
export const EmploymentStep = ({ member, nav, onSave, onDirtyChange }: StepProps<EmploymentBody>) => {
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<EmploymentValues, unknown, EmploymentBody>({
    resolver,
    defaultValues: member ? employmentValues(member) : undefined,
  });
  useReportDirty(isDirty, onDirtyChange);

  const type = useWatch({ control, name: 'type' });
  const parentIndustry = useWatch({ control, name: 'parentIndustry' });
  const isPerson = type === 'PERSON';
  const isPet = type === 'PET';

  const submit = handleSubmit(async (body) => {
    try {
      const sent: EmploymentBody = isPerson
        ? body
        : {
            ...body,
            employer: null,
            jobTitle: null,
            employmentStatus: [],
            ...(isPet ? { industry: null, parentIndustry: null } : {}),
          };
      const saved = await onSave(sent);
      if (saved) reset(employmentValues(saved));
    } catch (error) {
      showSaveFailure(error, setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Employment">
      <Stack gap="md">
        {isPet && (
          <Text c="dimmed" size="sm">
            Employment does not apply to a pet.
          </Text>
        )}
        {isPerson && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Employer"
                autoComplete="off"
                error={errors.employer?.message}
                {...register('employer')}
              />
              <TextInput
                label="Job title"
                autoComplete="off"
                error={errors.jobTitle?.message}
                {...register('jobTitle')}
              />
            </SimpleGrid>
            <Controller
              control={control}
              name="employmentStatus"
              render={({ field }) => (
                <MasterMultiSelect
                  ref={field.ref}
                  list="employmentStatus"
                  label="Employment status"
                  required
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.employmentStatus?.message}
                />
              )}
            />
          </>
        )}
        {!isPet && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={control}
              name="parentIndustry"
              render={({ field }) => (
                <MasterSelect
                  ref={field.ref}
                  list="industry"
                  label="Industry"
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    setValue('industry', null, { shouldDirty: true });
                  }}
                  onBlur={field.onBlur}
                  error={errors.parentIndustry?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="industry"
              render={({ field }) => (
                <SubItemSelect
                  ref={field.ref}
                  list="industry"
                  parentId={parentIndustry}
                  chooseParentFirst="Choose an industry first."
                  noSubItems="This industry has no jobs listed."
                  label="Industry job"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.industry?.message}
                />
              )}
            />
          </SimpleGrid>
        )}
      </Stack>
      <StepFooter nav={nav} saving={isSubmitting} />
    </form>
  );
};
