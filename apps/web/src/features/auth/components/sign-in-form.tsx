import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { NETWORK_ERROR_MESSAGE, errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { startMfaSession } from '../../../lib/session.ts';
import type { SignInErrors, SignInValues } from './sign-in-validation.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * The contract's checks and the login call need zod, which the sign-in screen does not load up front (its
 * JavaScript budget, scripts/check-bundle-size.mjs): they load on the first keystroke, at the latest on submit.
 */
const loadSignIn = () => Promise.all([import('./sign-in-validation.ts'), import('../api/login.ts')]);

/** Email and password; a good pair leads to the MFA step (setup when the user has no authenticator yet). */
export const SignInForm = () => {
  const navigate = useNavigate();
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [pending, setPending] = useState(false);

  const handleChange = (field: keyof SignInValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }));
    // Loads in the background while the user types; a failure is reported on submit.
    loadSignIn().catch(() => undefined);
  };

  const submit = async (entered: SignInValues) => {
    let modules: Awaited<ReturnType<typeof loadSignIn>>;
    try {
      modules = await loadSignIn();
    } catch {
      notifyError(NETWORK_ERROR_MESSAGE);
      return;
    }
    const [{ validateSignIn }, { login }] = modules;
    const checked = validateSignIn(entered);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { result } = await login(checked.data);
      // No toast here: the user is not signed in until the MFA step, which says so (one toast per sign-in).
      startMfaSession({
        token: result.accessToken,
        email: String(checked.data.email),
        mfaEnrolled: result.mfaEnrolled,
      });
      navigate(result.mfaEnrolled ? paths.mfa.href() : paths.mfaSetup.href(), { replace: true });
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(values);
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
        <Button type="submit" fullWidth size="md" loading={pending}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
};
