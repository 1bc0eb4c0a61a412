import { AUTH_MESSAGES, resetMfaFormSchema } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Loader, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { showFormErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { startMfaSession } from '../../../lib/session.ts';
import { useResetMfa } from '../api/reset-mfa.ts';
import { paths } from '../../../lib/paths.ts';

/** Spec §9: redirect to MFA setup 3000 ms after a reset. */
export const MFA_RESET_REDIRECT_MS = 3000;

type ResetMfaModalProps = { opened: boolean; onClose: () => void; userId: string; email: string };

type ResetMfaValues = z.input<typeof resetMfaFormSchema>;

const EMPTY: ResetMfaValues = { password: '' };

/**
 * Confirm with the password, PUT /api/updateMfa/{me}, toast, then after 3 s continue with the new pre-MFA
 * token on /mfa/setup. The timer is deliberately not tied to this modal: the old session is revoked and the
 * shell may go away.
 */
export const ResetMfaModal = ({ opened, onClose, userId, email }: ResetMfaModalProps) => {
  const navigate = useNavigate();
  const resetMfa = useResetMfa();
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ResetMfaValues>({ resolver: zodResolver(resetMfaFormSchema), defaultValues: EMPTY });

  const handleClose = () => {
    reset(EMPTY);
    resetMfa.reset();
    onClose();
  };

  const handleConfirm = ({ password }: ResetMfaValues) =>
    resetMfa.mutate(
      { userId, password },
      {
        onSuccess: ({ result, message }) => {
          notifySuccess(message || AUTH_MESSAGES.mfaReset);
          const token = result?.accessToken;
          if (!token) {
            handleClose();
            return;
          }
          setRedirecting(true);
          window.setTimeout(() => {
            startMfaSession({ token, email, mfaEnrolled: false });
            navigate(paths.mfaSetup.href(), { replace: true });
          }, MFA_RESET_REDIRECT_MS);
        },
        onError: (error) => showFormErrors(error, setError, { fields: ['password'], focus: true }),
      },
    );

  const busy = resetMfa.isPending || redirecting;

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : handleClose}
      withCloseButton={!busy}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      title="MFA Settings"
      centered
    >
      {redirecting ? (
        <Stack align="center" gap="sm" py="md" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{AUTH_MESSAGES.mfaReset}</Text>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit(handleConfirm)} noValidate aria-label="Reset MFA">
          <Stack gap="md">
            <Alert variant="light" color="blue" icon={<IconShieldLock size={18} />}>
              Resetting MFA removes the authenticator linked to your account.
            </Alert>
            <Text size="sm">
              You will be signed out of every session and taken to set up MFA again: keep your phone at hand
              to scan a new QR code. Do you want to reset MFA?
            </Text>
            <PasswordInput
              label="Password"
              description="Enter your password to confirm."
              autoComplete="current-password"
              data-autofocus
              error={errors.password?.message}
              {...register('password')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={handleClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" color="red.9" loading={resetMfa.isPending}>
                Reset MFA
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
};
