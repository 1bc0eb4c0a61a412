import { AUTH_MESSAGES } from '@centric/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, clearSession, startFullSession } from '../../../lib/session.ts';
import { makeUser, renderRoutes } from '../../../test/render.tsx';
import { ResetMfaModal } from './reset-mfa-modal.tsx';

const user = makeUser();
const url = `/api/updateMfa/${user.id}`;

/** Answers PUT /api/updateMfa/{user} with this envelope and records the bodies sent. */
const stubReset = (status: number, envelope: Record<string, unknown>) => {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const target = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (init?.method !== 'PUT' || target !== url) return new Response('{}', { status: 404 });
    bodies.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify({ statusCode: status, ...envelope }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return bodies;
};

const renderModal = () =>
  renderRoutes(
    [
      {
        path: '/dashboard',
        element: <ResetMfaModal opened onClose={() => undefined} userId={user.id} email={user.email} />,
      },
      { path: '/mfa/setup', element: <p>Setup page</p> },
    ],
    ['/dashboard'],
  );

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('ResetMfaModal', () => {
  it('asks for the password before sending anything', async () => {
    const bodies = stubReset(200, { message: AUTH_MESSAGES.mfaReset, result: null });
    renderModal();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reset MFA' }));
    expect(await screen.findByText('Password should not be empty')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("shows the server's refusal of a wrong password on the field", async () => {
    const bodies = stubReset(400, {
      message: AUTH_MESSAGES.invalidCredentials,
      result: null,
      errors: [{ field: 'password', message: AUTH_MESSAGES.invalidCredentials }],
    });
    renderModal();
    const typist = userEvent.setup();
    await typist.type(screen.getByLabelText('Password'), 'Wrong#pass1');
    await typist.click(screen.getByRole('button', { name: 'Reset MFA' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        expect.stringContaining(AUTH_MESSAGES.invalidCredentials),
      ),
    );
    expect(bodies).toEqual([{ password: 'Wrong#pass1' }]);
  });

  it('resets with the password, says so, and continues on the MFA setup screen with the new token', async () => {
    startFullSession({ token: 'full-token', sso: false, user });
    const bodies = stubReset(200, { message: AUTH_MESSAGES.mfaReset, result: { accessToken: 'pre-mfa' } });
    renderModal();
    const typist = userEvent.setup();
    await typist.type(screen.getByLabelText('Password'), 'Right#pass1');
    await typist.click(screen.getByRole('button', { name: 'Reset MFA' }));
    expect(await screen.findByText('Setup page', undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'Right#pass1' }]);
    expect(getSession()?.token).toBe('pre-mfa');
  });
});
