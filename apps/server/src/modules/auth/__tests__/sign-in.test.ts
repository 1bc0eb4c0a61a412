import { AUTH_MESSAGES, FEATURES } from '@centric/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../../db/schema/index.ts';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { passwordMetrics } from '../../../platform/passwords.ts';
import { createTestContext, rememberSecret, totpCode, type TestContext } from '../../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
});
afterAll(() => t.close());

const advisor = DEMO_USERS[1].email;

describe('POST /api/login', () => {
  it('answers a pre-MFA token that is good only for the MFA calls', async () => {
    const res = await t.json('POST', '/api/login', {
      email: 'Admin@Centric.local',
      password: DEMO_ADMIN.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Login successfully.');
    expect(res.body.result.mfaEnrolled).toBe(false);
    const token = rememberSecret(res.body.result.accessToken);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const profile = await t.json('GET', '/api/waprofile', undefined, token);
    expect(profile.status).toBe(412);
    // The token is stored hashed, never as itself.
    const stored = await t.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(stored.map((s) => s.h)).not.toContain(token);
  });

  it('answers the same 401 for a wrong password and an unknown email, after the same argon2 work', async () => {
    // Timing depends on the machine's load; the work does not: each answer costs one argon2id verification
    // (an unknown email verifies against a dummy hash), so both take about as long.
    const verificationsFor = async (email: string) => {
      const before = passwordMetrics.verifications;
      const res = await t.json('POST', '/api/login', { email, password: 'Wrong#Pass1' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, message: 'Invalid Credentials.', result: null });
      return passwordMetrics.verifications - before;
    };
    expect(await verificationsFor(advisor)).toBe(1);
    expect(await verificationsFor('nobody@centric.local')).toBe(1);
    // A deactivated user is answered the same way.
    await t.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.email, DEMO_USERS[6].email));
    expect(await verificationsFor(DEMO_USERS[6].email)).toBe(1);
    await t.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.email, DEMO_USERS[6].email));
  });

  it.each([
    ['{bad json', 'Malformed request.'],
    ['[]', undefined],
    ['"text"', undefined],
    [JSON.stringify({ email: 42, password: {} }), undefined],
    [
      JSON.stringify({ email: 'a'.repeat(10_000) + '@x.com', password: 'x' }),
      'Email can be up to 255 characters in length.',
    ],
    [JSON.stringify({ email: 'not-an-email', password: 'x' }), 'Please enter a valid email address.'],
    [JSON.stringify({ email: '', password: '' }), 'Email should not be empty'],
    [JSON.stringify({ email: 'admin@centric.local' }), 'Password should not be empty'],
  ])('answers 400, never 500, to a malformed body %#', async (payload, message) => {
    const res = await t.json('POST', '/api/login', payload);
    expect(res.status).toBe(400);
    expect(res.body.result).toBeNull();
    if (message) expect(res.body.message).toBe(message);
  });

  it('refuses a deactivated user', async () => {
    const email = DEMO_USERS[4].email;
    await t.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.email, email));
    const res = await t.json('POST', '/api/login', { email, password: DEMO_ADMIN.password });
    expect(res.status).toBe(401);
    await t.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.email, email));
  });
});

describe('TOTP MFA', () => {
  it('enrols with a QR code and secret, then completes sign-in once per code', async () => {
    const login = await t.json('POST', '/api/login', { email: advisor, password: DEMO_ADMIN.password });
    const pre = rememberSecret(login.body.result.accessToken);
    const otherEmail = await t.json('POST', '/api/setupMfa', { email: DEMO_ADMIN.email }, pre);
    expect(otherEmail.status).toBe(403);

    const setup = await t.json('POST', '/api/setupMfa', { email: advisor }, pre);
    expect(setup.status).toBe(200);
    expect(setup.body.result.qrCode).toMatch(/^data:image\/png;base64,/);
    const secret = rememberSecret(setup.body.result.secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The database keeps the secret sealed, never as itself.
    const [stored] = await t.db
      .select({ mfaSecret: users.mfaSecret })
      .from(users)
      .where(eq(users.email, advisor));
    expect(stored?.mfaSecret).toMatch(/^v1:/);
    expect(stored?.mfaSecret).not.toContain(secret);

    expect((await t.json('POST', '/api/verifyMfa', { code: '' }, pre)).body.message).toBe(
      AUTH_MESSAGES.mfaCodeRequired,
    );
    expect((await t.json('POST', '/api/verifyMfa', { code: '1234567' }, pre)).status).toBe(400);
    const wrong = await t.json(
      'POST',
      '/api/verifyMfa',
      { code: totpCode(secret, new Date(t.clock.now().getTime() - 5 * 60_000)) },
      pre,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid MFA code.');

    const code = totpCode(secret, t.clock.now());
    const verified = await t.json('POST', '/api/verifyMfa', { code }, pre);
    expect(verified.status).toBe(200);
    const full = rememberSecret(verified.body.result.accessToken);
    expect(verified.body.result).toMatchObject({
      email: advisor,
      role: { id: 2, role: 'Wealth Advisor' },
      ssoSession: false,
    });
    expect(verified.body.result.userPermission).toHaveLength(FEATURES.length);
    // The pre-MFA token died with the step.
    expect((await t.json('POST', '/api/verifyMfa', { code }, pre)).status).toBe(401);
    expect((await t.json('GET', '/api/waprofile', undefined, full)).status).toBe(200);

    // Enrolled now: a second sign-in cannot enrol again and cannot reuse the same code.
    const again = await t.json('POST', '/api/login', { email: advisor, password: DEMO_ADMIN.password });
    expect(again.body.result.mfaEnrolled).toBe(true);
    const pre2 = rememberSecret(again.body.result.accessToken);
    expect((await t.json('POST', '/api/setupMfa', { email: advisor }, pre2)).status).toBe(409);
    const reused = await t.json('POST', '/api/verifyMfa', { code }, pre2);
    expect(reused.status).toBe(400);
    // The next step's code is.
    t.clock.advance(30_000);
    const next = await t.json('POST', '/api/verifyMfa', { code: totpCode(secret, t.clock.now()) }, pre2);
    expect(next.status).toBe(200);
    rememberSecret(next.body.result.accessToken);
  });

  it('a full token cannot be used for the MFA calls', async () => {
    const { token } = await t.signIn(DEMO_USERS[3].email);
    expect((await t.json('POST', '/api/verifyMfa', { code: '123456' }, token)).status).toBe(412);
  });
});

describe('sessions', () => {
  it('signing out revokes the token', async () => {
    const { token } = await t.signIn();
    expect((await t.json('POST', '/api/logout', undefined, token)).status).toBe(200);
    const after = await t.json('GET', '/api/waprofile', undefined, token);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Unauthorized');
  });

  it('a session idle for longer than the timeout is refused', async () => {
    const { token } = await t.signIn(DEMO_USERS[2].email);
    expect((await t.json('GET', '/api/waprofile', undefined, token)).status).toBe(200);
    t.clock.advance((5 * 24 * 60 + 1) * 60_000);
    expect((await t.json('GET', '/api/waprofile', undefined, token)).status).toBe(401);
  });

  it('deactivating a user ends their sessions', async () => {
    const login = await t.json('POST', '/api/login', {
      email: DEMO_USERS[5].email,
      password: DEMO_ADMIN.password,
    });
    expect(login.status).toBe(200);
    await t.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.email, DEMO_USERS[5].email));
    const res = await t.json(
      'POST',
      '/api/setupMfa',
      { email: DEMO_USERS[5].email },
      rememberSecret(login.body.result.accessToken),
    );
    expect(res.status).toBe(401);
  });

  it('refuses missing, malformed and unknown tokens', async () => {
    expect((await t.json('GET', '/api/waprofile')).status).toBe(401);
    expect((await t.json('GET', '/api/waprofile', undefined, 'short')).status).toBe(401);
    expect((await t.json('GET', '/api/waprofile', undefined, 'x'.repeat(43))).status).toBe(401);
  });
});

describe('MFA reset', () => {
  it('a user resets their own MFA: sessions end and a setup token comes back', async () => {
    const email = DEMO_USERS[3].email;
    const { token, user } = await t.signIn(email);
    const res = await t.json('PUT', `/api/updateMfa/${user.id}`, undefined, token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('MFA has been reset successfully. You will be redirected to Setup MFA');
    const setupToken = rememberSecret(res.body.result.accessToken);
    expect((await t.json('GET', '/api/waprofile', undefined, token)).status).toBe(401);
    const setup = await t.json('POST', '/api/setupMfa', { email }, setupToken);
    expect(setup.status).toBe(200);
    rememberSecret(setup.body.result.secret);
  });

  it('only an administrator resets another user', async () => {
    const advisorSession = await t.signIn(DEMO_USERS[2].email);
    const [admin] = await t.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    const denied = await t.json('PUT', `/api/updateMfa/${admin!.id}`, undefined, advisorSession.token);
    expect(denied.status).toBe(403);
    const adminSession = await t.signIn();
    const allowed = await t.json(
      'PUT',
      `/api/updateMfa/${advisorSession.user.id}`,
      undefined,
      adminSession.token,
    );
    expect(allowed.status).toBe(200);
    expect(allowed.body.result).toBeNull();
    expect((await t.json('GET', '/api/waprofile', undefined, advisorSession.token)).status).toBe(401);
    expect((await t.json('PUT', `/api/updateMfa/not-a-uuid`, undefined, adminSession.token)).status).toBe(
      400,
    );
  });
});

describe('throttling', () => {
  it('after 100 failures an hour an account answers 429, and opens again when the hour has passed', async () => {
    const email = DEMO_USERS[4].email;
    await t.db.execute(sql`delete from auth_throttle`);
    // From many addresses, so that only the account's counter reaches the limit.
    for (let i = 0; i < 100; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `10.1.${Math.floor(i / 200)}.${i % 200}`,
        payload: { email, password: `Wrong#${i}` },
      });
      expect(`${i}:${res.statusCode}`).toBe(`${i}:401`);
    }
    const blocked = await t.json('POST', '/api/login', { email, password: DEMO_ADMIN.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many failed attempts. Please try again later.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(61 * 60_000);
    expect((await t.json('POST', '/api/login', { email, password: DEMO_ADMIN.password })).status).toBe(200);
  }, 120_000);

  it('counts failures per address across accounts', async () => {
    const spray = async (n: number, ip: string) => {
      let last = 0;
      for (let i = 0; i < n; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/forgotPassword',
          remoteAddress: ip,
          payload: { email: `ghost${i}@example.com` },
        });
        last = res.statusCode;
      }
      return last;
    };
    await t.db.execute(sql`delete from auth_throttle`);
    expect(await spray(100, '10.9.9.9')).toBe(404);
    expect(await spray(1, '10.9.9.9')).toBe(429);
    // Another address is not affected.
    expect(await spray(1, '10.9.9.10')).toBe(404);
  }, 120_000);
});

vi.setConfig({ testTimeout: 60_000 });
