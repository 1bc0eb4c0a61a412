import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/render.tsx';
import {
  IDLE_TIMEOUT_MS,
  SESSION_KEYS,
  clearSession,
  getSession,
  isIdleExpired,
  reloadSession,
  shareSessionAcrossTabs,
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

  it('ignores a stored session whose facts are not readable, and stored user details not of the contract', () => {
    startFullSession({ token: 'tok', sso: false, user: makeUser() });
    window.sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify({ ...makeUser(), role: 'admin' }));
    reloadSession();
    expect(getSession()).toMatchObject({ token: 'tok', stage: 'full', user: null });

    window.sessionStorage.setItem(SESSION_KEYS.meta, JSON.stringify({ stage: 'full' }));
    reloadSession();
    expect(getSession()).toBeNull();
  });

  it("takes another tab's session when it is well formed, and ignores it otherwise", async () => {
    const channel = { postMessage: () => undefined, close: () => undefined } as unknown as BroadcastChannel;
    await shareSessionAcrossTabs(channel);
    const receive = (data: unknown) => channel.onmessage?.(new MessageEvent('message', { data }));
    const share = { type: 'share', token: 'shared', sso: false, user: makeUser(), lastActivity: 5 };

    receive({ ...share, user: { ...makeUser(), userPermission: 'all' } });
    expect(getSession()).toBeNull();

    receive(share);
    expect(getSession()).toMatchObject({ token: 'shared', stage: 'full', user: { id: makeUser().id } });
    await shareSessionAcrossTabs(null);
  });
});
