import { MFA_CODE_LENGTH, verifyMfaBodySchema } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { startFullSession } from '../../../lib/session.ts';
import { useVerifyMfa } from '../api/verify-mfa.ts';
import { paths } from '../../../lib/paths.ts';

type MfaCodeValues = z.input<typeof verifyMfaBodySchema>;

type MfaCodeFormProps = { submitLabel?: string; autoFocus?: boolean };

/** The 6-digit TOTP code; a good code turns the pre-MFA token into a full session. */
export const MfaCodeForm = ({ submitLabel = 'Verify', autoFocus = true }: MfaCodeFormProps) => {
  const navigate = useNavigate();
  const verify = useVerifyMfa();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<MfaCodeValues>({ resolver: zodResolver(verifyMfaBodySchema), defaultValues: { code: '' } });

  const handleValid = ({ code }: MfaCodeValues) =>
    verify.mutate(code.trim(), {
      onSuccess: ({ result, message }) => {
        const { accessToken, ...user } = result;
        startFullSession({ token: accessToken, sso: false, user });
        if (message) notifySuccess(message);
        navigate(paths.dashboard.href(), { replace: true });
      },
      onError: (error) => notifyError(errorMessage(error)),
    });

  return (
    <form onSubmit={handleSubmit(handleValid)} noValidate aria-label="Verify MFA code">
      <Stack gap="md">
        <TextInput
          label="Authentication code"
          description="The 6-digit code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="000000"
          maxLength={MFA_CODE_LENGTH}
          size="md"
          styles={{ input: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
          autoFocus={autoFocus}
          error={errors.code?.message}
          {...register('code')}
        />
        <Button type="submit" fullWidth size="md" loading={verify.isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
};
