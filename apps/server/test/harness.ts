import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import * as OTPAuth from 'otpauth';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO_ADMIN } from '../src/db/seed/demo.ts';
import { TOTP_PERIOD } from '../src/modules/auth/auth.service.ts';
import { startSmtp } from './smtp.ts';
import { createTestClock } from './test-clock.ts';
import { openDatabaseCopy } from './test-database.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const LOG_DIR = path.join(REPO_ROOT, '.tmp/test-logs');
export const SECRETS_DIR = path.join(REPO_ROOT, '.tmp/test-secrets');

/** Which database this run of the suite is on (the vitest project sets it). */
export const testDatabaseKind = () => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/**
 * True in one of the suite's runs only: on PostgreSQL when the run has it, else on PGlite. For the sweeps
 * that send every route thousands of requests to test the HTTP layer (validation, permissions), which is the
 * same code on either database (PGlite is PostgreSQL's own engine): run twice they cost a minute more and
 * prove nothing more. Everything that touches what a database decides runs on both.
 */
export const onOneDatabase = () => (process.env.TEST_DATABASE_URL ? testDatabaseKind() === 'postgres' : true);

/** Remembers a secret the test saw, so that the final check can prove no log contains it. */
export const rememberSecret = (secret: string) => {
  mkdirSync(SECRETS_DIR, { recursive: true });
  appendFileSync(path.join(SECRETS_DIR, `${process.pid}.txt`), `${secret}\n`);
  return secret;
};

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * A migrated database with the demo data (a copy of the run's template), the real app on it, and a real
 * SMTP server for its mail. The app runs on `clock`, which a test moves instead of waiting.
 * The logs of the app are written to .tmp/test-logs for the secret scan.
 */
export const createTestContext = async (env: Record<string, string> = {}) => {
  const smtp = await startSmtp();
  const database = await openDatabaseCopy(inject('databaseTemplate'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'centric-test-'));
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `${process.pid}-${randomBytes(4).toString('hex')}.log`);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs.push(chunk.toString());
      appendFileSync(logFile, chunk);
      cb();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://centric.test',
    LOG_LEVEL: 'info',
    ...env,
  });
  const clock = createTestClock();
  const app: App = await buildApp({ config, database, logStream, clock });
  await app.ready();
  // The activity sweep's first run goes on in the background; a test starts once it is done.
  await app.services.activitySweep.settled();

  const json = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    token?: string,
  ) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    let parsed: {
      statusCode: number;
      message: string;
      result: any;
      totalResults?: number;
      errors?: { field: string; message: string }[];
    };
    try {
      parsed = res.json();
    } catch {
      parsed = { statusCode: res.statusCode, message: res.body, result: null };
    }
    return { status: res.statusCode, headers: res.headers, body: parsed };
  };

  const secrets = new Map<string, string>();
  const lastStepOf = new Map<string, number>();
  /**
   * Password + TOTP sign-in (enrolling the first time); returns the full token and the TOTP secret.
   * A code is accepted once, so a second sign-in of the same user within one TOTP step first moves the
   * clock to the next step.
   */
  const signIn = async (email: string = DEMO_ADMIN.email, password: string = DEMO_ADMIN.password) => {
    const login = await json('POST', '/api/login', { email, password });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body.message}`);
    const preToken: string = rememberSecret(login.body.result.accessToken);
    if (!login.body.result.mfaEnrolled) {
      const setup = await json('POST', '/api/setupMfa', { email }, preToken);
      if (setup.status !== 200) throw new Error(`setupMfa failed: ${setup.status} ${setup.body.message}`);
      secrets.set(email, rememberSecret(setup.body.result.secret));
      lastStepOf.delete(email);
    }
    const secret = secrets.get(email);
    if (!secret) throw new Error(`no TOTP secret known for ${email}`);
    const stepMs = TOTP_PERIOD * 1000;
    const previous = lastStepOf.get(email);
    const now = clock.now().getTime();
    if (previous !== undefined && Math.floor(now / stepMs) <= previous) {
      clock.advance((previous + 1) * stepMs - now);
    }
    const at = clock.now();
    lastStepOf.set(email, Math.floor(at.getTime() / stepMs));
    const verify = await json('POST', '/api/verifyMfa', { code: totpCode(secret, at) }, preToken);
    if (verify.status !== 200) throw new Error(`verifyMfa failed: ${verify.status} ${verify.body.message}`);
    return {
      token: rememberSecret(verify.body.result.accessToken) as string,
      secret,
      user: verify.body.result,
    };
  };

  return {
    app,
    db: database.db,
    database,
    smtp,
    logs,
    config,
    clock,
    json,
    signIn,
    async close() {
      await app.close();
      await database.drop();
      await smtp.close();
    },
  };
};

/** The TOTP code for a secret at a moment (the test clock's, e.g. `t.clock.now()`), as an authenticator app shows it. */
export const totpCode = (secret: string, at: Date) =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({
    timestamp: at.getTime(),
  });
