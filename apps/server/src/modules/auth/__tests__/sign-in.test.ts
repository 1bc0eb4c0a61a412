import { AUTH_MESSAGES, FEATURES } from '@centric/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../../db/schema/index.ts';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { loadConfig } from '../../../config.ts';
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
  it('a user resets their own MFA with their password: sessions end and a setup token comes back', async () => {
    const email = DEMO_USERS[3].email;
    const { token, user } = await t.signIn(email);
    const res = await t.json('PUT', `/api/updateMfa/${user.id}`, { password: DEMO_ADMIN.password }, token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('MFA has been reset successfully. You will be redirected to Setup MFA');
    const setupToken = rememberSecret(res.body.result.accessToken);
    expect((await t.json('GET', '/api/waprofile', undefined, token)).status).toBe(401);
    const setup = await t.json('POST', '/api/setupMfa', { email }, setupToken);
    expect(setup.status).toBe(200);
    rememberSecret(setup.body.result.secret);
  });

  it('a session alone cannot reset its MFA: no password or a wrong one changes nothing, and counts as a failed sign-in', async () => {
    const email = DEMO_USERS[8].email;
    const { token, user } = await t.signIn(email);
    const enrolled = async () =>
      (await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.mfaEnrolledAt ?? null;
    const before = await enrolled();
    expect(before).not.toBeNull();

    for (const body of [undefined, {}, { password: '' }]) {
      const res = await t.json('PUT', `/api/updateMfa/${user.id}`, body, token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Password should not be empty');
      expect(res.body.errors).toEqual([{ field: 'password', message: 'Password should not be empty' }]);
    }
    const wrong = await t.json('PUT', `/api/updateMfa/${user.id}`, { password: 'Wrong#Pass1' }, token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid Credentials.');
    expect(wrong.body.errors).toEqual([{ field: 'password', message: 'Invalid Credentials.' }]);
    // Nothing changed: the session works and the authenticator is still enrolled.
    expect((await t.json('GET', '/api/waprofile', undefined, token)).status).toBe(200);
    expect(await enrolled()).toEqual(before);

    // Guessing the password through this call is throttled like signing in: 10 wrong ones close the account.
    for (let i = 1; i < 10; i++) {
      const res = await t.json('PUT', `/api/updateMfa/${user.id}`, { password: `Wrong#Pass${i}` }, token);
      expect(`${i}:${res.status}`).toBe(`${i}:400`);
    }
    const closed = await t.json('PUT', `/api/updateMfa/${user.id}`, { password: DEMO_ADMIN.password }, token);
    expect(closed.status).toBe(429);
    expect(closed.body.message).toBe(AUTH_MESSAGES.throttled);
    expect((await t.json('POST', '/api/login', { email, password: DEMO_ADMIN.password })).status).toBe(429);
    expect(await enrolled()).toEqual(before);
    t.clock.advance(15 * 60_000 + 1000);
    const reset = await t.json('PUT', `/api/updateMfa/${user.id}`, { password: DEMO_ADMIN.password }, token);
    expect(reset.status).toBe(200);
    expect(await enrolled()).toBeNull();
  });

  it('only an administrator resets another user, without a password', async () => {
    const advisorSession = await t.signIn(DEMO_USERS[2].email);
    const [admin] = await t.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    const denied = await t.json(
      'PUT',
      `/api/updateMfa/${admin!.id}`,
      { password: DEMO_ADMIN.password },
      advisorSession.token,
    );
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

/** POST /api/login from this client address (and these headers). */
const loginFrom = async (
  context: TestContext,
  ip: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) => {
  const res = await context.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers,
    payload: { email, password },
  });
  return { status: res.statusCode, message: res.json<{ message: string }>().message, headers: res.headers };
};

describe('throttling', () => {
  it('an account is closed from its 11th failure for 15 minutes, and the address stays open to others', async () => {
    const email = DEMO_USERS[4].email;
    await t.db.execute(sql`delete from auth_throttle`);
    const attacker = '10.7.7.7';
    for (let i = 0; i < 100; i++) {
      const res = await loginFrom(t, attacker, email, `Wrong#${i}`);
      expect(`${i}:${res.status}`).toBe(`${i}:${i < 10 ? 401 : 429}`);
      if (i >= 10) {
        expect(res.message).toBe('Too many failed attempts. Please try again later.');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      }
    }
    // The administrator behind the same address signs in.
    expect((await loginFrom(t, attacker, DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
    // The account itself waits for its window, even with the right password and from elsewhere.
    expect((await loginFrom(t, '10.7.7.8', email, DEMO_ADMIN.password)).status).toBe(429);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await loginFrom(t, attacker, email, DEMO_ADMIN.password)).status).toBe(200);
  }, 120_000);

  it('an address is closed after 100 failures across accounts; other addresses are not', async () => {
    await t.db.execute(sql`delete from auth_throttle`);
    const attacker = '10.8.8.8';
    for (let i = 0; i < 100; i++) {
      const res = await loginFrom(t, attacker, `ghost${i}@example.com`, 'Wrong#Pass1');
      expect(`${i}:${res.status}`).toBe(`${i}:401`);
    }
    const refused = await loginFrom(t, attacker, DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(refused.status).toBe(429);
    expect(refused.message).toBe('Too many failed attempts. Please try again later.');
    expect((await loginFrom(t, '10.8.8.9', DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await loginFrom(t, attacker, DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
  }, 120_000);

  it('without TRUST_PROXY an X-Forwarded-For header is not believed', async () => {
    await t.db.execute(sql`delete from auth_throttle`);
    const res = await loginFrom(t, '10.6.6.6', 'ghost@example.com', 'Wrong#Pass1', {
      'x-forwarded-for': '203.0.113.50',
    });
    expect(res.status).toBe(401);
    const keys = await t.db.execute<{ key: string }>(sql`select key from auth_throttle order by key`);
    expect((keys as unknown as { rows: { key: string }[] }).rows.map((r) => r.key)).toEqual([
      'login:account:ghost@example.com',
      'login:ip:10.6.6.6',
    ]);
  });

  it('behind a trusted proxy (TRUST_PROXY) the forwarded client address is counted', async () => {
    const proxied = await createTestContext({ TRUST_PROXY: '10.0.0.2' });
    try {
      const proxy = '10.0.0.2';
      const via = (client: string) => ({ 'x-forwarded-for': client });
      for (let i = 0; i < 100; i++) {
        const res = await loginFrom(
          proxied,
          proxy,
          `ghost${i}@example.com`,
          'Wrong#Pass1',
          via('203.0.113.7'),
        );
        expect(`${i}:${res.status}`).toBe(`${i}:401`);
      }
      const adminFrom = (client: string) =>
        loginFrom(proxied, proxy, DEMO_ADMIN.email, DEMO_ADMIN.password, via(client));
      expect((await adminFrom('203.0.113.7')).status).toBe(429);
      // Another user behind the same proxy is not refused.
      expect((await adminFrom('203.0.113.8')).status).toBe(200);
      // A client that is not the proxy cannot choose its address.
      const spoofed = await loginFrom(
        proxied,
        '198.51.100.4',
        'ghost@example.com',
        'Wrong#Pass1',
        via('203.0.113.9'),
      );
      expect(spoofed.status).toBe(401);
      const [row] = (
        (await proxied.db.execute<{ ip: string }>(
          sql`select ip from audit_log where action = 'SIGN_IN_FAILED' order by id desc limit 1`,
        )) as unknown as { rows: { ip: string }[] }
      ).rows;
      expect(row?.ip).toBe('198.51.100.4');
    } finally {
      await proxied.close();
    }
  }, 120_000);

  it('TRUST_PROXY takes addresses and CIDR ranges, or a hop count; anything else stops the start', async () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.internal', '10.0.0.2,,10.0.0.3']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: must be a hop count/);
    }
    // One hop: the address the proxy saw is the client's, whatever the client wrote before it.
    const hop = await createTestContext({ TRUST_PROXY: '1' });
    try {
      await loginFrom(hop, '10.0.0.2', 'ghost@example.com', 'Wrong#Pass1', {
        'x-forwarded-for': '198.51.100.1, 203.0.113.30',
      });
      const keys = await hop.db.execute<{ key: string }>(
        sql`select key from auth_throttle where key like 'login:ip:%'`,
      );
      expect((keys as unknown as { rows: { key: string }[] }).rows.map((r) => r.key)).toEqual([
        'login:ip:203.0.113.30',
      ]);
    } finally {
      await hop.close();
    }
  });

  it('password reset requests are limited per address: 5 a minute and 30 an hour, with the spec message kept', async () => {
    await t.db.execute(sql`delete from auth_throttle`);
    const ask = async (ip: string, email: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/forgotPassword',
        remoteAddress: ip,
        payload: { email },
      });
      return {
        status: res.statusCode,
        message: res.json<{ message: string }>().message,
        headers: res.headers,
      };
    };
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i++) {
      const res = await ask(ip, `ghost${i}@example.com`);
      expect(res.status).toBe(404);
      expect(res.message).toBe('Email does not exist');
    }
    const sixth = await ask(ip, DEMO_USERS[1].email);
    expect(sixth.status).toBe(429);
    expect(sixth.message).toBe(AUTH_MESSAGES.tooManyRequests);
    const wait = Number(sixth.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await ask('10.9.9.10', 'ghost@example.com')).status).toBe(404);

    // A minute later the address may ask again, up to 30 in the hour.
    let asked = 5;
    while (asked < 30) {
      t.clock.advance(60_000);
      for (let i = 0; i < 5; i++, asked++) {
        expect(`${asked}:${(await ask(ip, `ghost${asked}@example.com`)).status}`).toBe(`${asked}:404`);
      }
    }
    t.clock.advance(60_000);
    const hourly = await ask(ip, DEMO_USERS[1].email);
    expect(hourly.status).toBe(429);
    expect(Number(hourly.headers['retry-after'])).toBeGreaterThan(60);
    t.clock.advance(Number(hourly.headers['retry-after']) * 1000);
    const open = await ask(ip, DEMO_USERS[1].email);
    expect(open.status).toBe(200);
    expect(open.message).toBe(`A password reset link has been sent to ${DEMO_USERS[1].email}`);
  }, 120_000);
});

vi.setConfig({ testTimeout: 60_000 });
