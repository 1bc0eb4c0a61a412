import { resetPasswordFormSchema } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { PasswordRulesHint } from './password-rules-hint.tsx';
import { paths } from '../../../lib/paths.ts';

type ResetPasswordValues = z.input<typeof resetPasswordFormSchema>;

type ResetPasswordFormProps = { email: string; token: string };

/** New password from a reset or invitation link (`/reset-password?email=…&token=…`). */
export const ResetPasswordForm = ({ email, token }: ResetPasswordFormProps) => {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const handleValid = ({ password }: ResetPasswordValues) =>
    reset.mutate(
      { email, token, password },
      {
        onSuccess: ({ message }) =>
          navigate(paths.passwordResetDone.href(), { replace: true, state: { message } }),
        onError: (error) => notifyError(errorMessage(error)),
      },
    );

  return (
    <form onSubmit={handleSubmit(handleValid)} noValidate aria-label="Set password">
      <Stack gap="md">
        <PasswordInput
          label="New Password"
          description={<PasswordRulesHint />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="new-password"
          autoFocus
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" fullWidth size="md" loading={reset.isPending}>
          Set Password
        </Button>
      </Stack>
    </form>
  );
};
