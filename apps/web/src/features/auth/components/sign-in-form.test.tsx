import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../lib/session.ts';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { SignInForm } from './sign-in-form.tsx';

const renderSignIn = () =>
  renderRoutes([
    { path: '/', element: <SignInForm /> },
    { path: '/mfa', element: <p>MFA code screen</p> },
    { path: '/mfa/setup', element: <p>MFA setup screen</p> },
  ]);

describe('SignInForm', () => {
  it('asks for both fields when both are empty, without calling the server', async () => {
    const { fetchStub, calls } = stubFetch({});
    vi.stubGlobal('fetch', fetchStub);
    renderSignIn();

    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter Email and Password');
    expect(calls).toHaveLength(0);
  });

  it('names the missing field when only one is filled', async () => {
    renderSignIn();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Password should not be empty')).toBeInTheDocument();
    expect(screen.queryByText('Email should not be empty')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email should not be empty')).toBeInTheDocument();
  });

  it('rejects a malformed email with the contract message', async () => {
    renderSignIn();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
  });

  it('signs in with the keyboard only and continues to MFA setup for a user without an authenticator', async () => {
    const { fetchStub, calls } = stubFetch({
      'POST /api/login': [200, 'Login successfully.', { accessToken: 'pre-mfa-token', mfaEnrolled: false }],
    });
    vi.stubGlobal('fetch', fetchStub);
    renderSignIn();
    const user = userEvent.setup();

    await user.keyboard('Ada@Example.com');
    await user.tab();
    await user.keyboard('Secret#123{Enter}');

    expect(await screen.findByText('MFA setup screen')).toBeInTheDocument();
    // Not signed in yet: the MFA step's toast is the sign-in's only one.
    expect(screen.queryByText('Login successfully.')).not.toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', password: 'Secret#123' });
    expect(getSession()).toMatchObject({ token: 'pre-mfa-token', stage: 'mfa', email: 'ada@example.com' });
  });

  it('shows the server message on bad credentials and stays on the form', async () => {
    const { fetchStub } = stubFetch({ 'POST /api/login': [401, 'Invalid Credentials.', null] });
    vi.stubGlobal('fetch', fetchStub);
    renderSignIn();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Invalid Credentials.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });
});
