import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, emailSchema, loginBodySchema, passwordSchema } from './auth.ts';
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from './messages.ts';
import { FEATURES, isAllowed } from './features.ts';
import type { PermissionEntry } from './permissions.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('password rules (§5)', () => {
  it.each([
    ['', AUTH_MESSAGES.passwordEmpty],
    ['Ab1!', PASSWORD_MESSAGES.length],
    ['Abcdefgh1!xyz12', PASSWORD_MESSAGES.length],
    ['Abcdefgh!', PASSWORD_MESSAGES.digit],
    ['ABCDEFG1!', PASSWORD_MESSAGES.lower],
    ['abcdefg1!', PASSWORD_MESSAGES.upper],
    ['Abcdefg12', PASSWORD_MESSAGES.special],
    ['Abcdef1!>', PASSWORD_MESSAGES.angle],
    ['Centric#2026', null],
    ['Abcdefgh1!xyz1', null],
  ])('%j → %s', (value, message) => {
    expect(firstMessage(passwordSchema.safeParse(value))).toBe(message);
  });

  it('the change-password form needs the confirmation to match', () => {
    const result = changePasswordFormSchema.safeParse({
      oldPassword: 'Old#Pass1',
      newPassword: 'New#Pass12',
      confirmPassword: 'New#Pass13',
    });
    expect(firstMessage(result)).toBe('New Password and confirm password must be the same');
  });
});

describe('email', () => {
  it('trims and lower-cases, and gives the spec messages', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(firstMessage(emailSchema.safeParse('nope'))).toBe('Please enter a valid email address.');
    expect(firstMessage(emailSchema.safeParse(`${'a'.repeat(250)}@x.com`))).toBe(
      'Email can be up to 255 characters in length.',
    );
    expect(firstMessage(loginBodySchema.safeParse({ email: '', password: 'x' }))).toBe(
      'Email should not be empty',
    );
  });
});

describe('permissions', () => {
  it('lists 27 features, and a feature with no entry is allowed (spec §6)', () => {
    expect(FEATURES).toHaveLength(27);
    expect(new Set(FEATURES).size).toBe(FEATURES.length);
    const list: PermissionEntry[] = [
      { feature: 'clients', module: 'main', read: true, write: false, delete: false },
    ];
    expect(isAllowed(list, 'clients', 'read')).toBe(true);
    expect(isAllowed(list, 'clients', 'write')).toBe(false);
    expect(isAllowed(list, 'users', 'delete')).toBe(true);
  });
});
