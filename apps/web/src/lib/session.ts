import { useSyncExternalStore } from 'react';
import { type UserDetails, userDetailsSchema } from '@centric/contracts';
import { z } from 'zod';

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

const metaSchema = z.object({
  stage: z.enum(['mfa', 'full']),
  sso: z.boolean(),
  email: z.string().nullable(),
  mfaEnrolled: z.boolean(),
});
type SessionMeta = z.infer<typeof metaSchema>;

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
  const meta = metaSchema.safeParse(readJson(SESSION_KEYS.meta));
  if (!meta.success) return null;
  const user = userDetailsSchema.safeParse(readJson(SESSION_KEYS.user));
  return { token, ...meta.data, user: user.success ? user.data : null };
};

let snapshot: Session | null = read();
const listeners = new Set<() => void>();

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

/** After POST /api/verifyMfa or the single sign-on callback. */
export const startFullSession = (input: { token: string; sso: boolean; user: UserDetails | null }) =>
  write({
    token: input.token,
    stage: 'full',
    sso: input.sso,
    email: input.user?.email ?? null,
    mfaEnrolled: true,
    user: input.user,
  });

/** Keeps the locally persisted user details in step with the server (profile refresh, image upload). */
export const setSessionUser = (user: UserDetails) => {
  if (!snapshot) return;
  write({ ...snapshot, user });
};

export const clearSession = () => {
  if (snapshot === null && !storage()?.getItem(SESSION_KEYS.token)) return;
  write(null);
};

/** Records that the user did something (pointer or key); throttled to one write a minute. */
export const markActivity = (now = Date.now()) => {
  const store = storage();
  if (!store || !snapshot) return;
  const last = Number(store.getItem(SESSION_KEYS.lastActivity) ?? 0);
  if (now - last > 60_000) store.setItem(SESSION_KEYS.lastActivity, String(now));
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
