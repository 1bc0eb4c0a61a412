import { memberEmploymentStepSchema } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormField, MasterMultiSelect, SubItemPairFields, TextField } from './fields.tsx';
import { employmentValues } from './member-values.ts';
import { StepForm, StepNote } from './step-layout.tsx';
import { useStepForm } from './step-form.ts';
import type { StepProps } from './wizard-types.ts';

export type EmploymentBody = z.output<typeof memberEmploymentStepSchema>;

const resolver = zodResolver(memberEmploymentStepSchema);

/** Fields that do not apply to this kind of member are not kept. */
const toSend = (body: EmploymentBody): EmploymentBody =>
  body.type === 'PERSON'
    ? body
    : {
        ...body,
        employer: null,
        jobTitle: null,
        employmentStatus: [],
        ...(body.type === 'PET' ? { industry: null, parentIndustry: null } : {}),
      };

/**
 * Step 5: work. The industry pairs as master data models it: the industry is `parentIndustry`, the job
 * within it `industry`. A person needs at least one employment status.
 */
export const EmploymentStep = (props: StepProps<EmploymentBody>) => {
  const { register, control, setValue, stepForm } = useStepForm(props, {
    resolver,
    valuesOf: employmentValues,
    toSend,
  });

  const type = useWatch({ control, name: 'type' });
  const isPerson = type === 'PERSON';
  const isPet = type === 'PET';

  return (
    <StepForm label="Employment" {...stepForm}>
      {isPet && <StepNote>Employment does not apply to a pet.</StepNote>}
      {isPerson && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField control={control} label="Employer" {...register('employer')} />
            <TextField control={control} label="Job title" {...register('jobTitle')} />
          </SimpleGrid>
          <FormField
            control={control}
            name="employmentStatus"
            render={(bind) => (
              <MasterMultiSelect {...bind} list="employmentStatus" label="Employment status" required />
            )}
          />
        </>
      )}
      {!isPet && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SubItemPairFields
            control={control}
            setValue={setValue}
            list="industry"
            parent={{ name: 'parentIndustry', label: 'Industry' }}
            child={{ name: 'industry', label: 'Industry job' }}
            chooseParentFirst="Choose an industry first."
            noSubItems="This industry has no jobs listed."
          />
        </SimpleGrid>
      )}
    </StepForm>
  );
};
