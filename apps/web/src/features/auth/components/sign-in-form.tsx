import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { startMfaSession } from '../../../lib/session.ts';
import { useLogin } from '../api/login.ts';
import { type SignInErrors, type SignInValues, validateSignIn } from './sign-in-validation.ts';
import { paths } from '../../../lib/paths.ts';

/** Email and password; a good pair leads to the MFA step (setup when the user has no authenticator yet). */
export const SignInForm = () => {
  const navigate = useNavigate();
  const login = useLogin();
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});

  const handleChange = (field: keyof SignInValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateSignIn(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    login.mutate(checked.data, {
      // No toast here: the user is not signed in until the MFA step, which says so (one toast per sign-in).
      onSuccess: ({ result }) => {
        startMfaSession({
          token: result.accessToken,
          email: String(checked.data.email),
          mfaEnrolled: result.mfaEnrolled,
        });
        navigate(result.mfaEnrolled ? paths.mfa.href() : paths.mfaSetup.href(), { replace: true });
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };

  const bothMissing = !!errors.form;

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {errors.form && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
            {errors.form}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          placeholder="name@yourfirm.com"
          value={values.email}
          onChange={handleChange('email')}
          error={errors.email ?? bothMissing}
          data-autofocus
          autoFocus
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={handleChange('password')}
          error={errors.password ?? bothMissing}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={paths.forgotPassword.href()} size="sm" fw={500}>
            Forgot Password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={login.isPending}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
};
