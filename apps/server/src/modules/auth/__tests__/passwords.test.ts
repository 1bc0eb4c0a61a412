import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '@centric/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../../db/schema/index.ts';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { systemAuditContext } from '../../../platform/audit.ts';
import { COMMON_PASSWORD_COUNT } from '../../../platform/passwords.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
});
afterAll(() => t.close());

const resetLink = (email: string) => {
  const link = t.smtp.linkTo(email, /http:\/\/centric\.test\/reset-password\?[^\s"<]+/);
  const url = new URL(link.replaceAll('&amp;', '&'));
  return {
    email: url.searchParams.get('email') ?? '',
    token: rememberSecret(url.searchParams.get('token') ?? ''),
  };
};

describe('POST /api/changePassword', () => {
  it.each([
    ['Aa1!', PASSWORD_MESSAGES.length],
    ['Aa1!Aa1!Aa1!Aa1', PASSWORD_MESSAGES.length],
    ['Abcdefg!', PASSWORD_MESSAGES.digit],
    ['ABCDEF1!', PASSWORD_MESSAGES.lower],
    ['abcdef1!', PASSWORD_MESSAGES.upper],
    ['Abcdefg1', PASSWORD_MESSAGES.special],
    ['Abcdef1<x', PASSWORD_MESSAGES.angle],
    ['P@ssw0rd', PASSWORD_MESSAGES.common],
  ])('refuses %s with the rule it breaks', async (newPassword, message) => {
    const { token } = await sessionFor(DEMO_USERS[1].email);
    const res = await t.json(
      'POST',
      '/api/changePassword',
      { oldPassword: DEMO_ADMIN.password, newPassword },
      token,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('bundles a list of at least 10,000 common passwords', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
  });

  it('refuses a wrong old password', async () => {
    const { token } = await sessionFor(DEMO_USERS[1].email);
    const res = await t.json(
      'POST',
      '/api/changePassword',
      { oldPassword: 'Nope#1234', newPassword: 'Fresh#Pass1' },
      token,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AUTH_MESSAGES.oldPasswordWrong);
  });

  it('changes the password, keeps this session, ends the others, and refuses the last 3', async () => {
    const email = DEMO_USERS[2].email;
    const first = await t.signIn(email);
    const second = await t.signIn(email);
    const change = async (oldPassword: string, newPassword: string) =>
      t.json('POST', '/api/changePassword', { oldPassword, newPassword }, first.token);

    const res = await change(DEMO_ADMIN.password, rememberSecret('Harbor#Lake1'));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password updated successfully');
    expect((await t.json('GET', '/api/waprofile', undefined, first.token)).status).toBe(200);
    expect((await t.json('GET', '/api/waprofile', undefined, second.token)).status).toBe(401);
    expect((await t.json('POST', '/api/login', { email, password: DEMO_ADMIN.password })).status).toBe(401);
    expect((await t.json('POST', '/api/login', { email, password: 'Harbor#Lake1' })).status).toBe(200);

    expect((await change('Harbor#Lake1', rememberSecret('Harbor#Lake2'))).status).toBe(200);
    expect((await change('Harbor#Lake2', rememberSecret('Harbor#Lake3'))).status).toBe(200);
    // The last three passwords are Lake1, Lake2, Lake3: each is refused, the original (4th back) is not.
    for (const old of ['Harbor#Lake1', 'Harbor#Lake2', 'Harbor#Lake3']) {
      const again = await change('Harbor#Lake3', old);
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(PASSWORD_MESSAGES.history);
    }
    expect((await change('Harbor#Lake3', DEMO_ADMIN.password)).status).toBe(200);
  });
});

const sessionCache = new Map<string, { token: string }>();
const sessionFor = async (email: string) => {
  const cached = sessionCache.get(email);
  if (cached) return cached;
  const session = await t.signIn(email);
  sessionCache.set(email, session);
  return session;
};

describe('forgot and reset password', () => {
  it('refuses an unknown email and a malformed one with the spec messages', async () => {
    const unknown = await t.json('POST', '/api/forgotPassword', { email: 'nobody@centric.local' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Email does not exist');
    const bad = await t.json('POST', '/api/forgotPassword', { email: 'not an email' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address.');
  });

  it('mails a single-use link that sets a new password and ends every session', async () => {
    const email = DEMO_USERS[3].email;
    const { token: sessionToken } = await t.signIn(email);
    const res = await t.json('POST', '/api/forgotPassword', { email });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`A password reset link has been sent to ${email}`);
    const link = resetLink(email);
    expect(link.email).toBe(email);
    expect(Buffer.from(link.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const [stored] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(stored?.sentAt).toBeInstanceOf(Date);

    const weak = await t.json('POST', '/api/resetPassword', { ...link, password: 'weakpass' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(PASSWORD_MESSAGES.digit);

    const wrongEmail = await t.json('POST', '/api/resetPassword', {
      ...link,
      email: DEMO_ADMIN.email,
      password: 'Granite#River7',
    });
    expect(wrongEmail.body.message).toBe('token or email mismatched');

    const ok = await t.json('POST', '/api/resetPassword', {
      ...link,
      password: rememberSecret('Granite#River7'),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Password reset!');
    expect((await t.json('GET', '/api/waprofile', undefined, sessionToken)).status).toBe(401);
    expect((await t.json('POST', '/api/login', { email, password: 'Granite#River7' })).status).toBe(200);

    const reused = await t.json('POST', '/api/resetPassword', { ...link, password: 'Granite#River8' });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('token or email mismatched');
  });

  it('refuses an expired link and an older link once a newer one was sent', async () => {
    const email = DEMO_USERS[4].email;
    await t.json('POST', '/api/forgotPassword', { email });
    const older = resetLink(email);
    await t.json('POST', '/api/forgotPassword', { email });
    const newer = resetLink(email);
    expect(newer.token).not.toBe(older.token);
    const old = await t.json('POST', '/api/resetPassword', { ...older, password: 'Copper#Field3' });
    expect(old.body.message).toBe('token or email mismatched');

    await t.db.execute(
      sql`update user_tokens set expires_at = now() - interval '1 second' where used_at is null`,
    );
    const expired = await t.json('POST', '/api/resetPassword', { ...newer, password: 'Copper#Field3' });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('token or email mismatched');
  });

  it('never stores the reset token itself', async () => {
    const email = DEMO_USERS[1].email;
    await t.json('POST', '/api/forgotPassword', { email });
    const { token } = resetLink(email);
    const rows = await t.db.execute(sql`select token_hash from user_tokens`);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('invitations', () => {
  it('mail a set-password link valid for 7 days that accepts the invitation and verifies the address', async () => {
    const [user] = await t.db
      .insert(users)
      .values({ email: 'new.hire@centric.local', fullName: 'New Hire', roleId: 2 })
      .returning();
    await t.app.services.auth.sendInvitation(user!.id, systemAuditContext('test'));
    const mail = t.smtp.received.at(-1);
    expect(mail?.text).toContain('You are invited to Centric');
    const link = resetLink('new.hire@centric.local');
    const rows = await t.db.execute(
      sql`select expires_at from user_tokens where user_id = ${user!.id} and used_at is null`,
    );
    const expiresAt = new Date((rows as unknown as { rows: { expires_at: string }[] }).rows[0]!.expires_at);
    expect(expiresAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(6 * 24 * 3600_000);
    const res = await t.json('POST', '/api/resetPassword', {
      ...link,
      password: rememberSecret('Welcome#Abrd1'),
    });
    expect(res.body.message).toBe('Password reset!');
    const [after] = await t.db.select().from(users).where(eq(users.id, user!.id));
    expect(after).toMatchObject({ invitationAccepted: true });
    expect(after?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(
      (await t.json('POST', '/api/login', { email: 'new.hire@centric.local', password: 'Welcome#Abrd1' }))
        .status,
    ).toBe(200);
  });
});

describe('POST /api/verifyEmail', () => {
  it('verifies with the mailed link once', async () => {
    const [user] = await t.db.select().from(users).where(eq(users.email, DEMO_USERS[5].email));
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user!.id));
    await t.app.services.auth.sendEmailVerification(user!.id, systemAuditContext('test'));
    const link = t.smtp.linkTo(
      DEMO_USERS[5].email,
      /http:\/\/centric\.test\/verify-email\?token=[A-Za-z0-9_-]+/,
    );
    const token = rememberSecret(new URL(link).searchParams.get('token') ?? '');
    const res = await t.json('POST', '/api/verifyEmail', { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Email verified successfully.');
    const [after] = await t.db.select().from(users).where(eq(users.id, user!.id));
    expect(after?.emailVerifiedAt).toBeInstanceOf(Date);
    const again = await t.json('POST', '/api/verifyEmail', { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(AUTH_MESSAGES.emailVerifyFailed);
    expect((await t.json('POST', '/api/verifyEmail', {})).status).toBe(400);
  });
});
