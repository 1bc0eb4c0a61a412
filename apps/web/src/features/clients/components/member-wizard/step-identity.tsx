import { CLIENT_MESSAGES, memberIdentityStepSchema } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, SimpleGrid } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../../lib/api-client.ts';
import { notifyError } from '../../../../lib/notify.ts';
import { usePermission } from '../../../../lib/permissions.ts';
import { useRevealIdentityNumber } from '../../api/reveal-identity-number.ts';
import { FormField, FormattedInput, MasterSelect, TextField } from './fields.tsx';
import { formatSsnTyping, formatTinTyping } from './input-formats.ts';
import { type IdentityValues, identityValues } from './member-values.ts';
import { StepForm, StepNote } from './step-layout.tsx';
import { useStepForm } from './step-form.ts';
import type { StepProps } from './wizard-types.ts';

type IdentityStepOutput = z.output<typeof memberIdentityStepSchema>;
/** The step's body: without identityNumber when the stored number is kept (the server keeps it then). */
export type IdentityBody = Omit<IdentityStepOutput, 'identityNumber'> & {
  identityNumber?: string | null;
};

const base = zodResolver(memberIdentityStepSchema);

/**
 * The stored number is shown masked ('***-**-1234'). Left as it is, the body leaves identityNumber out,
 * which keeps the stored number (an SSN or a TIN, whatever the firm's masking setting); anything typed
 * instead is validated as a full SSN or TIN, and an emptied field clears it.
 */
const identityResolver =
  (maskedRef: { current: string | null }): Resolver<IdentityValues, unknown, IdentityBody> =>
  async (values, context, options) => {
    const masked = maskedRef.current;
    if (masked === null || values.identityNumber !== masked) return base(values, context, options);
    const result = await base({ ...values, identityNumber: null }, context, options);
    if (Object.keys(result.errors).length > 0) return result;
    const { identityNumber: _kept, ...kept } = result.values as IdentityStepOutput;
    return { values: kept, errors: {} };
  };

/** The body as sent: a pet has no identity number, only a person a driver license. */
const toSend = (body: IdentityBody): IdentityBody =>
  body.type === 'PET'
    ? { ...body, identityNumber: null, driverLicenseNum: null, driverLicenseState: null }
    : body.type === 'PERSON'
      ? body
      : { ...body, driverLicenseNum: null, driverLicenseState: null };

/** Step 4: SSN (persons) or TIN (trusts, businesses), none for pets; driver license for persons. */
export const IdentityStep = (props: StepProps<IdentityBody>) => {
  const { member } = props;
  const masked = member?.identityNumberMasked ?? null;
  const canReveal = usePermission('clients', 'write') && member !== null && member.hasIdentityNumber;
  const reveal = useRevealIdentityNumber();
  const [revealed, setRevealed] = useState(false);
  const maskedRef = useRef(masked);
  useEffect(() => {
    maskedRef.current = masked;
  }, [masked]);
  const [resolver] = useState(() => identityResolver(maskedRef));
  const { register, control, setValue, getValues, stepForm } = useStepForm(props, {
    resolver,
    valuesOf: identityValues,
    toSend,
    onSaved: () => setRevealed(false),
  });

  const type = member?.type ?? 'PERSON';
  const isPerson = type === 'PERSON';
  const isPet = type === 'PET';

  const toggleReveal = () => {
    if (!member) return;
    if (revealed) {
      // Hide again, unless the user has typed another number meanwhile.
      if (getValues('identityNumber') === reveal.data) setValue('identityNumber', masked ?? '');
      setRevealed(false);
      return;
    }
    reveal.mutate(
      { clientId: member.clientId, memberId: member.id },
      {
        onSuccess: (identityNumber) => {
          if (getValues('identityNumber') === masked) setValue('identityNumber', identityNumber);
          setRevealed(true);
        },
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  };

  return (
    <StepForm label="Identity" {...stepForm}>
      {isPet ? (
        <StepNote>{CLIENT_MESSAGES.identityNotForPet}</StepNote>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormField
            control={control}
            name="identityNumber"
            render={(bind) => (
              <FormattedInput
                {...bind}
                label={isPerson ? 'SSN' : 'TIN'}
                placeholder={isPerson ? 'xxx-xx-xxxx' : 'xx-xxxxxxx'}
                description={
                  masked && bind.value === masked
                    ? 'Stored number, shown masked. Leave it to keep it, or type a new one.'
                    : isPerson
                      ? 'Social Security number'
                      : 'EIN, or an SSN-formatted TIN'
                }
                inputMode="numeric"
                autoComplete="off"
                format={(raw) =>
                  masked && raw === masked ? raw : isPerson ? formatSsnTyping(raw) : formatTinTyping(raw)
                }
                onFocus={(event) => {
                  if (masked && event.currentTarget.value === masked) event.currentTarget.select();
                }}
                rightSectionWidth={canReveal ? 84 : undefined}
                rightSection={
                  canReveal ? (
                    <Button
                      type="button"
                      size="compact-xs"
                      variant="subtle"
                      onClick={toggleReveal}
                      loading={reveal.isPending}
                      leftSection={
                        revealed ? (
                          <IconEyeOff size={14} aria-hidden="true" />
                        ) : (
                          <IconEye size={14} aria-hidden="true" />
                        )
                      }
                      aria-label={revealed ? 'Hide identity number' : 'Show identity number'}
                    >
                      {revealed ? 'Hide' : 'Show'}
                    </Button>
                  ) : undefined
                }
              />
            )}
          />
        </SimpleGrid>
      )}
      {isPerson && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField control={control} label="Driver license number" {...register('driverLicenseNum')} />
          <FormField
            control={control}
            name="driverLicenseState"
            render={(bind) => <MasterSelect {...bind} list="states" label="Driver license state" />}
          />
        </SimpleGrid>
      )}
    </StepForm>
  );
};
