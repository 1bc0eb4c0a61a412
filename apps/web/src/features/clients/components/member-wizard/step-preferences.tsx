import { RISK_SCORE_MAX, RISK_SCORE_MIN, memberPreferencesStepSchema } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { MasterMultiSelect, MasterSelect, MoneyField, SubItemSelect } from './fields.tsx';
import { type PreferencesValues, preferencesValues } from './member-values.ts';
import { StepFooter } from './step-footer.tsx';
import { showSaveFailure, useReportDirty } from './step-form.ts';
import type { StepProps } from './wizard-types.ts';

export type PreferencesBody = z.output<typeof memberPreferencesStepSchema>;

const resolver = zodResolver(memberPreferencesStepSchema);

/**
 * Step 2: beliefs, interests, risk and income. Religion pairs as master data models it: the religious
 * affiliation is `parentReligion`, its sub-religion `religion`. Annual income stays a decimal string.
 */
export const PreferencesStep = ({ member, nav, onSave, onDirtyChange }: StepProps<PreferencesBody>) => {
  const start = member ? preferencesValues(member) : undefined;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<PreferencesValues, unknown, PreferencesBody>({ resolver, defaultValues: start });
  useReportDirty(isDirty, onDirtyChange);

  const type = useWatch({ control, name: 'type' });
  const parentReligion = useWatch({ control, name: 'parentReligion' });
  const isPerson = type === 'PERSON';
  const isPet = type === 'PET';

  const submit = handleSubmit(async (body) => {
    try {
      // Fields that do not apply to this kind of member are not kept.
      const sent: PreferencesBody = isPerson
        ? body
        : {
            ...body,
            sexualOrientation: null,
            politicalParty: null,
            religion: null,
            parentReligion: null,
            linkedinUrl: null,
            ...(isPet ? { interests: [], riskScore: null, annualIncome: null } : {}),
          };
      const saved = await onSave(sent);
      if (saved) reset(preferencesValues(saved));
    } catch (error) {
      showSaveFailure(error, setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Preferences">
      <Stack gap="md">
        {isPet && (
          <Text c="dimmed" size="sm">
            Preferences do not apply to a pet.
          </Text>
        )}
        {isPerson && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={control}
              name="sexualOrientation"
              render={({ field }) => (
                <MasterSelect
                  ref={field.ref}
                  list="sexualOrientation"
                  label="Sexual orientation"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.sexualOrientation?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="politicalParty"
              render={({ field }) => (
                <MasterSelect
                  ref={field.ref}
                  list="politicalParty"
                  label="Political party"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.politicalParty?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="parentReligion"
              render={({ field }) => (
                <MasterSelect
                  ref={field.ref}
                  list="religiousAffiliations"
                  label="Religious affiliation"
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    setValue('religion', null, { shouldDirty: true });
                  }}
                  onBlur={field.onBlur}
                  error={errors.parentReligion?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="religion"
              render={({ field }) => (
                <SubItemSelect
                  ref={field.ref}
                  list="religiousAffiliations"
                  parentId={parentReligion}
                  chooseParentFirst="Choose a religious affiliation first."
                  noSubItems="This affiliation has no sub-religions."
                  label="Religion"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.religion?.message}
                />
              )}
            />
          </SimpleGrid>
        )}
        {!isPet && (
          <>
            {isPerson && (
              <Controller
                control={control}
                name="interests"
                render={({ field }) => (
                  <MasterMultiSelect
                    ref={field.ref}
                    list="specificInterests"
                    label="Interests"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.interests?.message}
                  />
                )}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={control}
                name="riskScore"
                render={({ field }) => (
                  <NumberInput
                    ref={field.ref}
                    label="Risk score"
                    description={`${RISK_SCORE_MIN} to ${RISK_SCORE_MAX}`}
                    allowDecimal={false}
                    allowNegative={false}
                    hideControls
                    value={field.value ?? ''}
                    onChange={(value) =>
                      field.onChange(value === '' ? null : typeof value === 'number' ? value : Number(value))
                    }
                    onBlur={field.onBlur}
                    error={errors.riskScore?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="annualIncome"
                render={({ field }) => (
                  <MoneyField
                    ref={field.ref}
                    label="Annual income"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.annualIncome?.message}
                  />
                )}
              />
            </SimpleGrid>
            {isPerson && (
              <TextInput
                label="LinkedIn URL"
                placeholder="https://www.linkedin.com/in/…"
                autoComplete="off"
                error={errors.linkedinUrl?.message}
                {...register('linkedinUrl')}
              />
            )}
          </>
        )}
      </Stack>
      <StepFooter nav={nav} saving={isSubmitting} />
    </form>
  );
};
