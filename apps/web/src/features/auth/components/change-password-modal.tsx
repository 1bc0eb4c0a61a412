import { changePasswordFormSchema } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { getSession, startFullSession } from '../../../lib/session.ts';
import { useChangePassword } from '../api/change-password.ts';
import { PasswordRulesHint } from './password-rules-hint.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { paths } from '../../../lib/paths.ts';

type ChangePasswordValues = z.input<typeof changePasswordFormSchema>;

type ChangePasswordModalProps = { opened: boolean; onClose: () => void; userId: string };

const EMPTY: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Old, new and confirmation; Update stays disabled until all three are valid (spec §5). */
export const ChangePasswordModal = ({ opened, onClose, userId }: ChangePasswordModalProps) => {
  const navigate = useNavigate();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onChange',
    defaultValues: EMPTY,
  });

  const handleClose = () => {
    reset(EMPTY);
    change.reset();
    onClose();
  };

  const handleValid = ({ oldPassword, newPassword }: ChangePasswordValues) =>
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: ({ result, message }) => {
          const session = getSession();
          if (result?.accessToken && session) {
            startFullSession({ token: result.accessToken, sso: session.sso, user: session.user });
          }
          notifySuccess(message || 'Password updated successfully');
          handleClose();
          navigate(paths.profile.href(userId));
        },
        onError: (error) => notifyError(errorMessage(error)),
      },
    );

  return (
    <Modal opened={opened} onClose={handleClose} title="Change password" centered size="md">
      <form onSubmit={handleSubmit(handleValid)} noValidate aria-label="Change password">
        <Stack gap="md">
          <PasswordInput
            label="Old Password"
            autoComplete="current-password"
            data-autofocus
            error={errors.oldPassword?.message}
            {...register('oldPassword')}
          />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            description={<PasswordRulesHint />}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errors.newPassword?.message}
            {...register('newPassword', { deps: ['confirmPassword'] })}
          />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <FormActions
            onCancel={handleClose}
            saving={change.isPending}
            saveLabel="Update Password"
            saveDisabled={!isValid}
          />
        </Stack>
      </form>
    </Modal>
  );
};
