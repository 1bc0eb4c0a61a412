import { type PermissionEntry, type SsoConfig, type UserDetails, isFeature } from '@centric/contracts';
import type { ResultSchema } from './api-client.ts';
import { fieldsOf, isBoolean, isInteger, isNumber, isString } from './value-checks.ts';

// What session storage and the other tabs of this browser hand this tab, checked by hand rather than with the
// contract's zod schemas: the sign-in screen reads the session before it shows and must not load zod (its
// JavaScript budget, scripts/check-bundle-size.mjs). The user details were read through userDetailsSchema when
// they came from the server; these checks make sure that what comes back has the contract's shape (storage left
// by another version of the app, or edited by hand), and keep only the contract's fields, as the schema does.
// session-shapes.test.ts holds them to the schema.

/** The session's stage and sign-in facts (the token and the user are stored under their own keys). */
export type SessionMeta = {
  stage: 'mfa' | 'full';
  sso: boolean;
  email: string | null;
  mfaEnrolled: boolean;
};

/** What the tabs of one browser tell each other over the BroadcastChannel (lib/session.ts). */
export type TabMessage =
  | { type: 'ask' }
  | { type: 'share'; token: string; sso: boolean; user: UserDetails | null; lastActivity: number }
  | { type: 'signOut' }
  | { type: 'activity'; at: number };

export const sessionMetaOf = (value: unknown): SessionMeta | null => {
  const fields = fieldsOf(value);
  if (!fields) return null;
  const { stage, sso, email, mfaEnrolled } = fields;
  if (stage !== 'mfa' && stage !== 'full') return null;
  if (!isBoolean(sso) || !(email === null || isString(email)) || !isBoolean(mfaEnrolled)) return null;
  return { stage, sso, email, mfaEnrolled };
};

const permissionEntryOf = (value: unknown): PermissionEntry | null => {
  const fields = fieldsOf(value);
  if (!fields) return null;
  const { feature, module, read, write, delete: remove } = fields;
  if (!isFeature(feature) || !isString(module)) return null;
  if (!isBoolean(read) || !isBoolean(write) || !isBoolean(remove)) return null;
  return { feature, module, read, write, delete: remove };
};

export const userDetailsOf = (value: unknown): UserDetails | null => {
  const fields = fieldsOf(value);
  const role = fieldsOf(fields?.role);
  if (!fields || !role || !isInteger(role.id) || !isString(role.role)) return null;
  const {
    id,
    email,
    fullName,
    profileImageUrl,
    userPermission,
    alertCount,
    openWorkflowReqcount,
    ssoSession,
  } = fields;
  if (!isString(id) || !isString(email) || !isString(fullName)) return null;
  if (!(profileImageUrl === null || isString(profileImageUrl))) return null;
  if (!isInteger(alertCount) || !isInteger(openWorkflowReqcount) || !isBoolean(ssoSession)) return null;
  if (!Array.isArray(userPermission)) return null;
  const entries = userPermission.map(permissionEntryOf);
  if (entries.some((entry) => entry === null)) return null;
  return {
    id,
    email,
    fullName,
    profileImageUrl,
    role: { id: role.id, role: role.role },
    userPermission: entries.filter((entry): entry is PermissionEntry => entry !== null),
    alertCount,
    openWorkflowReqcount,
    ssoSession,
  };
};

export const tabMessageOf = (value: unknown): TabMessage | null => {
  const fields = fieldsOf(value);
  switch (fields?.type) {
    case 'ask':
      return { type: 'ask' };
    case 'signOut':
      return { type: 'signOut' };
    case 'activity':
      return isNumber(fields.at) ? { type: 'activity', at: fields.at } : null;
    case 'share': {
      const { token, sso, user, lastActivity } = fields;
      if (!isString(token) || token === '' || !isBoolean(sso) || !isNumber(lastActivity)) return null;
      const details = user === null ? null : userDetailsOf(user);
      if (user !== null && !details) return null;
      return { type: 'share', token, sso, user: details, lastActivity };
    }
    default:
      return null;
  }
};

/**
 * The contract's ssoConfigSchema, by hand: the sign-in screen asks for the config as it shows, and loading
 * zod with it cost the screen a long task on slow phones (docs/performance.md, "Lighthouse").
 */
export const ssoConfigShape: ResultSchema<SsoConfig> = {
  safeParse: (value) => {
    const office365 = fieldsOf(value)?.office365;
    return isBoolean(office365) ? { success: true, data: { office365 } } : { success: false };
  },
};
