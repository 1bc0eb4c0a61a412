import { forgotPasswordBodySchema } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { paths } from '../../../lib/paths.ts';

type ForgotPasswordValues = z.input<typeof forgotPasswordBodySchema>;

export type ResetLinkSentState = { email: string; message: string };

/** Company email -> reset link; on success the confirmation screen shows the server's sentence. */
export const ForgotPasswordForm = () => {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
  });

  const handleValid = (values: ForgotPasswordValues) => {
    const email = values.email.trim().toLowerCase();
    forgot.mutate(email, {
      onSuccess: ({ message }) => {
        const state: ResetLinkSentState = { email, message };
        navigate(paths.resetLinkSent.href(), { state });
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };

  return (
    <form onSubmit={handleSubmit(handleValid)} noValidate aria-label="Forgot password">
      <Stack gap="md">
        <TextInput
          label="Company email"
          type="email"
          autoComplete="email"
          placeholder="name@yourfirm.com"
          autoFocus
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" fullWidth size="md" loading={forgot.isPending}>
          Get Reset Link
        </Button>
      </Stack>
    </form>
  );
};
