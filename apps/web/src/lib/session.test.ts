import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/render.tsx';
import {
  IDLE_TIMEOUT_MS,
  SESSION_KEYS,
  clearSession,
  getSession,
  isIdleExpired,
  reloadSession,
  startFullSession,
  startMfaSession,
} from './session.ts';

describe('session', () => {
  it('keeps the token and the user details in sessionStorage across a reload', () => {
    const user = makeUser();
    startFullSession({ token: 'tok', sso: true, user });
    expect(window.sessionStorage.getItem(SESSION_KEYS.token)).toBe('tok');

    reloadSession();
    expect(getSession()).toMatchObject({ token: 'tok', stage: 'full', sso: true, user: { id: user.id } });
  });

  it('marks a login token as pre-MFA', () => {
    startMfaSession({ token: 'pre', email: 'ada@example.com', mfaEnrolled: false });
    expect(getSession()).toMatchObject({ stage: 'mfa', mfaEnrolled: false, user: null });
  });

  it('forgets everything on clear', () => {
    startFullSession({ token: 'tok', sso: false, user: makeUser() });
    clearSession();
    expect(getSession()).toBeNull();
    expect(Object.values(SESSION_KEYS).map((key) => window.sessionStorage.getItem(key))).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('counts a session idle for more than 5 days as expired', () => {
    startFullSession({ token: 'tok', sso: false, user: makeUser() });
    const started = Number(window.sessionStorage.getItem(SESSION_KEYS.lastActivity));
    expect(isIdleExpired(started + IDLE_TIMEOUT_MS - 1)).toBe(false);
    expect(isIdleExpired(started + IDLE_TIMEOUT_MS + 1)).toBe(true);
  });
});
