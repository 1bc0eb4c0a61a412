import { useSyncExternalStore } from 'react';
import type { UserDetails } from '@centric/contracts';
import {
  type SessionMeta,
  type TabMessage,
  sessionMetaOf,
  tabMessageOf,
  userDetailsOf,
} from './session-shapes.ts';

/** Keys in sessionStorage (spec §9: client sessions are kept in session storage). */
export const SESSION_KEYS = {
  token: 'centric.accessToken',
  meta: 'centric.session',
  user: 'centric.user',
  lastActivity: 'centric.lastActivity',
} as const;

/** Spec §9: a session left idle for 5 days is signed out. */
export const IDLE_TIMEOUT_MS = 432_000_000;

/**
 * `mfa`: the token from POST /api/login (or from an MFA reset) is good only for setupMfa and verifyMfa.
 * `full`: a signed-in session.
 */
export type SessionStage = 'mfa' | 'full';

export type Session = {
  token: string;
  stage: SessionStage;
  /** The sign-in came through single sign-on (TOTP skipped). */
  sso: boolean;
  /** Email of a pre-MFA session, needed by POST /api/setupMfa. */
  email: string | null;
  /** Whether the pre-MFA user already has an authenticator; decides /mfa or /mfa/setup. */
  mfaEnrolled: boolean;
  /** The signed-in user's details from GET /api/waprofile or POST /api/verifyMfa. */
  user: UserDetails | null;
};

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
};

const readJson = (key: string): unknown => {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
};

const read = (): Session | null => {
  const token = storage()?.getItem(SESSION_KEYS.token);
  if (!token) return null;
  const meta = sessionMetaOf(readJson(SESSION_KEYS.meta));
  if (!meta) return null;
  return { token, ...meta, user: userDetailsOf(readJson(SESSION_KEYS.user)) };
};

let snapshot: Session | null = read();
const listeners = new Set<() => void>();

// ---------------------------------------------------------------------------------------------------------
// Tabs of one browser (spec §9 keeps the token in session storage, which is per tab): a new tab asks the
// others over a BroadcastChannel whether one is signed in, and a signed-in tab answers with its session.
// Signing out in one tab signs out all; activity in one keeps all from idling out. localStorage only holds a
// flag saying that some tab may be signed in (never the token), so that a new tab knows whether to wait.

/** localStorage flag: some tab of this browser was signed in; a new tab waits for its answer. */
export const SIGNED_IN_FLAG = 'centric.signedInTab';
/** How long a new tab waits for another tab's answer before it shows the sign-in page. */
export const HAND_OVER_WAIT_MS = 400;

let tabs: BroadcastChannel | null = null;
const tell = (message: TabMessage) => tabs?.postMessage(message);

const localFlags = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};
const setSignedInFlag = (on: boolean) => {
  if (on) localFlags()?.setItem(SIGNED_IN_FLAG, '1');
  else localFlags()?.removeItem(SIGNED_IN_FLAG);
};

const handleTabMessage = (data: unknown) => {
  const message = tabMessageOf(data);
  if (!message) return;
  const store = storage();
  switch (message.type) {
    case 'ask':
      if (snapshot?.stage !== 'full') return;
      setSignedInFlag(true);
      tell({
        type: 'share',
        token: snapshot.token,
        sso: snapshot.sso,
        user: snapshot.user,
        lastActivity: Number(store?.getItem(SESSION_KEYS.lastActivity) ?? Date.now()),
      });
      return;
    case 'share':
      // A tab in the middle of its own sign-in (MFA step) keeps it; a signed-out tab takes the session.
      if (snapshot !== null) return;
      write({
        token: message.token,
        stage: 'full',
        sso: message.sso,
        email: message.user?.email ?? null,
        mfaEnrolled: true,
        user: message.user,
      });
      store?.setItem(SESSION_KEYS.lastActivity, String(message.lastActivity));
      return;
    case 'signOut':
      if (snapshot?.stage === 'full') write(null);
      return;
    case 'activity': {
      const last = Number(store?.getItem(SESSION_KEYS.lastActivity) ?? 0);
      if (snapshot && message.at > last) store?.setItem(SESSION_KEYS.lastActivity, String(message.at));
      return;
    }
  }
};

/**
 * Joins the other tabs of this browser (the app's entry calls it before the first render). Resolves at once
 * when this tab has a session or no tab was signed in; otherwise when another tab handed its session over, or
 * after HAND_OVER_WAIT_MS (then the flag was stale: the browser was closed while signed in).
 */
export const shareSessionAcrossTabs = (
  channel: BroadcastChannel | null = typeof BroadcastChannel === 'undefined'
    ? null
    : new BroadcastChannel('centric.session'),
): Promise<void> => {
  tabs?.close();
  tabs = channel;
  if (!channel) return Promise.resolve();
  channel.onmessage = (event: MessageEvent) => handleTabMessage(event.data);
  if (snapshot?.stage === 'full') setSignedInFlag(true);
  if (snapshot !== null || localFlags()?.getItem(SIGNED_IN_FLAG) === null) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = window.setTimeout(() => {
      if (snapshot === null) setSignedInFlag(false);
      done();
    }, HAND_OVER_WAIT_MS);
    const unsubscribe = subscribeSession(() => {
      if (snapshot !== null) done();
    });
    tell({ type: 'ask' });
  });
};

const write = (next: Session | null) => {
  const store = storage();
  if (store) {
    if (next) {
      const meta: SessionMeta = {
        stage: next.stage,
        sso: next.sso,
        email: next.email,
        mfaEnrolled: next.mfaEnrolled,
      };
      if (next.token !== snapshot?.token) store.setItem(SESSION_KEYS.lastActivity, String(Date.now()));
      store.setItem(SESSION_KEYS.token, next.token);
      store.setItem(SESSION_KEYS.meta, JSON.stringify(meta));
      if (next.user) store.setItem(SESSION_KEYS.user, JSON.stringify(next.user));
      else store.removeItem(SESSION_KEYS.user);
    } else {
      Object.values(SESSION_KEYS).forEach((key) => store.removeItem(key));
    }
  }
  snapshot = next;
  listeners.forEach((listener) => listener());
};

export const getSession = (): Session | null => snapshot;
export const getAccessToken = (): string | null => snapshot?.token ?? null;

/** After POST /api/login or an MFA reset: a token that only the MFA calls accept. */
export const startMfaSession = (input: { token: string; email: string | null; mfaEnrolled: boolean }) =>
  write({
    token: input.token,
    stage: 'mfa',
    sso: false,
    email: input.email,
    mfaEnrolled: input.mfaEnrolled,
    user: null,
  });

/** After POST /api/verifyMfa or the single sign-on callback (or handed over by another tab). */
export const startFullSession = (input: { token: string; sso: boolean; user: UserDetails | null }) => {
  write({
    token: input.token,
    stage: 'full',
    sso: input.sso,
    email: input.user?.email ?? null,
    mfaEnrolled: true,
    user: input.user,
  });
  setSignedInFlag(true);
};

/** Keeps the locally persisted user details in step with the server (profile refresh, image upload). */
export const setSessionUser = (user: UserDetails) => {
  if (!snapshot) return;
  write({ ...snapshot, user });
};

/** Ends the session here, and in every other tab of this browser when it was a signed-in one. */
export const clearSession = () => {
  if (snapshot === null && !storage()?.getItem(SESSION_KEYS.token)) return;
  const wasSignedIn = snapshot?.stage === 'full';
  write(null);
  if (wasSignedIn) {
    setSignedInFlag(false);
    tell({ type: 'signOut' });
  }
};

/** Records that the user did something (pointer or key); throttled to one write a minute, told to other tabs. */
export const markActivity = (now = Date.now()) => {
  const store = storage();
  if (!store || !snapshot) return;
  const last = Number(store.getItem(SESSION_KEYS.lastActivity) ?? 0);
  if (now - last > 60_000) {
    store.setItem(SESSION_KEYS.lastActivity, String(now));
    tell({ type: 'activity', at: now });
  }
};

/** Whether the signed-in user has been idle longer than IDLE_TIMEOUT_MS. */
export const isIdleExpired = (now = Date.now()): boolean => {
  const raw = storage()?.getItem(SESSION_KEYS.lastActivity);
  if (!snapshot || !raw) return false;
  return now - Number(raw) > IDLE_TIMEOUT_MS;
};

export const subscribeSession = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Re-reads sessionStorage (tests and tab restores). */
export const reloadSession = () => {
  snapshot = read();
  listeners.forEach((listener) => listener());
};

export const useSession = (): Session | null =>
  useSyncExternalStore(subscribeSession, getSession, getSession);

export const useCurrentUser = (): UserDetails | null => useSession()?.user ?? null;
