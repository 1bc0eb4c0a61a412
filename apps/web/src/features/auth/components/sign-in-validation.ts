import { AUTH_MESSAGES, type LoginBody, loginBodySchema } from '@centric/contracts';

export type SignInValues = { email: string; password: string };
export type SignInErrors = { form?: string; email?: string; password?: string };

/**
 * The sign-in form's checks (spec §5): both empty -> 'Please enter Email and Password', otherwise each
 * field's own message from the contract schema.
 */
export const validateSignIn = (values: SignInValues): { data: LoginBody } | { errors: SignInErrors } => {
  if (values.email.trim() === '' && values.password === '') {
    return { errors: { form: AUTH_MESSAGES.enterEmailAndPassword } };
  }
  const parsed = loginBodySchema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const errors: SignInErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
};
