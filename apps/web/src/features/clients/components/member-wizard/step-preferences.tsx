import { RISK_SCORE_MAX, RISK_SCORE_MIN, memberPreferencesStepSchema } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { NumberInput, SimpleGrid } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  FormField,
  MasterMultiSelect,
  MasterSelect,
  MoneyField,
  SubItemPairFields,
  TextField,
} from './fields.tsx';
import { preferencesValues } from './member-values.ts';
import { StepForm, StepNote } from './step-layout.tsx';
import { useStepForm } from './step-form.ts';
import type { StepProps } from './wizard-types.ts';

export type PreferencesBody = z.output<typeof memberPreferencesStepSchema>;

const resolver = zodResolver(memberPreferencesStepSchema);

/** Fields that do not apply to this kind of member are not kept. */
const toSend = (body: PreferencesBody): PreferencesBody =>
  body.type === 'PERSON'
    ? body
    : {
        ...body,
        sexualOrientation: null,
        politicalParty: null,
        religion: null,
        parentReligion: null,
        linkedinUrl: null,
        ...(body.type === 'PET' ? { interests: [], riskScore: null, annualIncome: null } : {}),
      };

/**
 * Step 2: beliefs, interests, risk and income. Religion pairs as master data models it: the religious
 * affiliation is `parentReligion`, its sub-religion `religion`. Annual income stays a decimal string.
 */
export const PreferencesStep = (props: StepProps<PreferencesBody>) => {
  const { register, control, setValue, stepForm } = useStepForm(props, {
    resolver,
    valuesOf: preferencesValues,
    toSend,
  });

  const type = useWatch({ control, name: 'type' });
  const isPerson = type === 'PERSON';
  const isPet = type === 'PET';

  return (
    <StepForm label="Preferences" {...stepForm}>
      {isPet && <StepNote>Preferences do not apply to a pet.</StepNote>}
      {isPerson && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormField
            control={control}
            name="sexualOrientation"
            render={(bind) => <MasterSelect {...bind} list="sexualOrientation" label="Sexual orientation" />}
          />
          <FormField
            control={control}
            name="politicalParty"
            render={(bind) => <MasterSelect {...bind} list="politicalParty" label="Political party" />}
          />
          <SubItemPairFields
            control={control}
            setValue={setValue}
            list="religiousAffiliations"
            parent={{ name: 'parentReligion', label: 'Religious affiliation' }}
            child={{ name: 'religion', label: 'Religion' }}
            chooseParentFirst="Choose a religious affiliation first."
            noSubItems="This affiliation has no sub-religions."
          />
        </SimpleGrid>
      )}
      {!isPet && (
        <>
          {isPerson && (
            <FormField
              control={control}
              name="interests"
              render={(bind) => <MasterMultiSelect {...bind} list="specificInterests" label="Interests" />}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FormField
              control={control}
              name="riskScore"
              render={({ value, onChange, ...bind }) => (
                <NumberInput
                  {...bind}
                  label="Risk score"
                  description={`${RISK_SCORE_MIN} to ${RISK_SCORE_MAX}`}
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  value={value ?? ''}
                  onChange={(next) =>
                    onChange(next === '' ? null : typeof next === 'number' ? next : Number(next))
                  }
                />
              )}
            />
            <FormField
              control={control}
              name="annualIncome"
              render={(bind) => <MoneyField {...bind} label="Annual income" />}
            />
          </SimpleGrid>
          {isPerson && (
            <TextField
              control={control}
              label="LinkedIn URL"
              placeholder="https://www.linkedin.com/in/…"
              {...register('linkedinUrl')}
            />
          )}
        </>
      )}
    </StepForm>
  );
};
