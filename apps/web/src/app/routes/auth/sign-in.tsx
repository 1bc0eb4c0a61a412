import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Office365Button } from '../../../features/auth/components/office365-button.tsx';
import { SignInForm } from '../../../features/auth/components/sign-in-form.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { AuthHeading } from './auth-heading.tsx';

/** `/`: email and password (then MFA), or Office 365 when configured. Shows `?ssoError=` as an error toast. */
export const SignInScreen = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const ssoError = searchParams.get('ssoError');

  useEffect(() => {
    if (!ssoError) return;
    notifyError(ssoError);
    setSearchParams(
      (params) => {
        params.delete('ssoError');
        return params;
      },
      { replace: true },
    );
  }, [ssoError, setSearchParams]);

  return (
    <>
      <AuthHeading title="Sign in">Welcome back. Sign in to your Centric workspace.</AuthHeading>
      <Stack gap="md">
        <SignInForm />
        <Office365Button />
      </Stack>
    </>
  );
};
