import { ssoConfigSchema, userDetailsSchema } from '@centric/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeUser } from '../test/render.tsx';
import { sessionMetaOf, ssoConfigShape, tabMessageOf, userDetailsOf } from './session-shapes.ts';

/** What the schema answers, in the guards' terms: the parsed value, or null. */
const parsedBy =
  (schema: z.ZodType) =>
  (value: unknown): unknown => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  };

// The zod schemas lib/session.ts used before the hand-written checks: the checks must answer as they did.
const metaSchema = z.object({
  stage: z.enum(['mfa', 'full']),
  sso: z.boolean(),
  email: z.string().nullable(),
  mfaEnrolled: z.boolean(),
});
const tabMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ask') }),
  z.object({
    type: z.literal('share'),
    token: z.string().min(1),
    sso: z.boolean(),
    user: userDetailsSchema.nullable(),
    lastActivity: z.number(),
  }),
  z.object({ type: z.literal('signOut') }),
  z.object({ type: z.literal('activity'), at: z.number() }),
]);

const user = makeUser();
/** A value of another kind than `value`, for each field. */
const wrongKindOf = (value: unknown): unknown => (typeof value === 'string' || value === null ? 42 : 'wrong');

describe('stored user details', () => {
  it('reads valid details as the contract schema does, leaving out fields the contract does not have', () => {
    expect(userDetailsOf(user)).toEqual(parsedBy(userDetailsSchema)(user));
    const withExtras = {
      ...user,
      passwordHash: 'x',
      role: { ...user.role, secret: 1 },
      userPermission: user.userPermission.map((entry) => ({ ...entry, extra: true })),
    };
    expect(userDetailsOf(withExtras)).toEqual(parsedBy(userDetailsSchema)(withExtras));
    expect(userDetailsOf(withExtras)).toEqual(user);
  });

  it.each(Object.keys(userDetailsSchema.shape))('refuses details without %s, as the schema does', (key) => {
    const without: Record<string, unknown> = { ...user };
    delete without[key];
    expect(parsedBy(userDetailsSchema)(without)).toBeNull();
    expect(userDetailsOf(without)).toBeNull();
  });

  it.each(Object.keys(userDetailsSchema.shape))('refuses details whose %s is of another kind', (key) => {
    const wrong = { ...user, [key]: wrongKindOf(user[key as keyof typeof user]) };
    expect(parsedBy(userDetailsSchema)(wrong)).toBeNull();
    expect(userDetailsOf(wrong)).toBeNull();
  });

  it.each([
    ['a permission on an unknown feature', { ...user.userPermission[0], feature: 'spaceships' }],
    ['a permission without its write flag', { ...user.userPermission[0], write: undefined }],
    ['a permission that is not an object', 'read'],
  ])('refuses details with %s', (_, entry) => {
    const wrong = { ...user, userPermission: [...user.userPermission, entry] };
    expect(parsedBy(userDetailsSchema)(wrong)).toBeNull();
    expect(userDetailsOf(wrong)).toBeNull();
  });

  it.each([
    ['a fractional role id', { ...user, role: { id: 1.5, role: 'Administrator' } }],
    ['an alert count that is not finite', { ...user, alertCount: Number.POSITIVE_INFINITY }],
    ['an image that is missing rather than null', { ...user, profileImageUrl: undefined }],
    ['an array', [user]],
    ['null', null],
  ])('refuses %s', (_, value) => {
    expect(parsedBy(userDetailsSchema)(value)).toBeNull();
    expect(userDetailsOf(value)).toBeNull();
  });
});

describe('stored session facts', () => {
  it.each([
    { stage: 'mfa', sso: false, email: 'ada@example.com', mfaEnrolled: true },
    { stage: 'full', sso: true, email: null, mfaEnrolled: true, extra: 1 },
    { stage: 'done', sso: false, email: null, mfaEnrolled: true },
    { stage: 'full', sso: 'no', email: null, mfaEnrolled: true },
    { stage: 'full', sso: false, mfaEnrolled: true },
    { stage: 'full', sso: false, email: 7, mfaEnrolled: true },
    { stage: 'full', sso: false, email: null },
    ['full'],
    'full',
    null,
  ])('reads %j as the schema did', (value) => {
    expect(sessionMetaOf(value)).toEqual(parsedBy(metaSchema)(value));
  });
});

describe('messages from other tabs', () => {
  const share = { type: 'share', token: 'tok', sso: false, user, lastActivity: 1_000 };
  it.each([
    ['ask', { type: 'ask' }],
    ['ask with extras', { type: 'ask', token: 'x' }],
    ['sign-out', { type: 'signOut' }],
    ['activity', { type: 'activity', at: 5 }],
    ['activity without a time', { type: 'activity' }],
    ['activity at an infinite time', { type: 'activity', at: Number.POSITIVE_INFINITY }],
    ['share', share],
    ['share without a user', { ...share, user: null }],
    ['share with a missing user', { ...share, user: undefined }],
    ['share with a user not of the contract', { ...share, user: { ...user, email: null } }],
    ['share with an empty token', { ...share, token: '' }],
    ['share without its time', { ...share, lastActivity: undefined }],
    ['share with sso as text', { ...share, sso: 'true' }],
    ['an unknown type', { type: 'hello' }],
    ['no type', {}],
    ['text', 'ask'],
    ['null', null],
  ])('reads %s as the schema did', (_, value) => {
    expect(tabMessageOf(value)).toEqual(parsedBy(tabMessageSchema)(value));
  });
});

describe('the single sign-on config', () => {
  it.each([
    { office365: true },
    { office365: false },
    { office365: true, other: 'x' },
    { office365: 'true' },
    {},
    [true],
    null,
  ])('reads %j as the contract schema does', (value) => {
    expect(parsedBy(ssoConfigShape as unknown as z.ZodType)(value)).toEqual(parsedBy(ssoConfigSchema)(value));
  });
});
