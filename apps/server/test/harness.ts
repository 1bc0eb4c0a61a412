import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import * as OTPAuth from 'otpauth';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { DEMO_ADMIN, seedDemo } from '../src/db/seed/demo.ts';
import { startSmtp } from './smtp.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const LOG_DIR = path.join(REPO_ROOT, '.tmp/test-logs');
export const SECRETS_DIR = path.join(REPO_ROOT, '.tmp/test-secrets');

/** Which database this run of the suite is on (the vitest project sets it). */
export const testDatabaseKind = () => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/** Remembers a secret the test saw, so that the final check can prove no log contains it. */
export const rememberSecret = (secret: string) => {
  mkdirSync(SECRETS_DIR, { recursive: true });
  appendFileSync(path.join(SECRETS_DIR, `${process.pid}.txt`), `${secret}\n`);
  return secret;
};

const openTestDatabase = async (): Promise<Database & { drop: () => Promise<void> }> => {
  if (testDatabaseKind() === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `centric_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    return {
      ...database,
      drop: async () => {
        await database.close();
        const c = new pg.Client({ connectionString: baseUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const database = await openDatabase({ kind: 'pglite' });
  return { ...database, drop: () => database.close() };
};

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * A migrated database with the demo data, the real app on it, and a real SMTP server for its mail.
 * The logs of the app are written to .tmp/test-logs for the secret scan.
 */
export const createTestContext = async (env: Record<string, string> = {}) => {
  const smtp = await startSmtp();
  const database = await openTestDatabase();
  await runMigrations(database);
  await seedDemo(database.db);
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
  const app: App = await buildApp({ config, database, logStream });
  await app.ready();

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
  const lastCodeAt = new Map<string, number>();
  /**
   * Password + TOTP sign-in (enrolling the first time); returns the full token and the TOTP secret.
   * A code is accepted once, so a second sign-in of the same user uses the next step's code (the server
   * accepts one step of clock drift).
   */
  const signIn = async (email: string = DEMO_ADMIN.email, password: string = DEMO_ADMIN.password) => {
    const login = await json('POST', '/api/login', { email, password });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body.message}`);
    const preToken: string = rememberSecret(login.body.result.accessToken);
    if (!login.body.result.mfaEnrolled) {
      const setup = await json('POST', '/api/setupMfa', { email }, preToken);
      if (setup.status !== 200) throw new Error(`setupMfa failed: ${setup.status} ${setup.body.message}`);
      secrets.set(email, rememberSecret(setup.body.result.secret));
      lastCodeAt.delete(email);
    }
    const secret = secrets.get(email);
    if (!secret) throw new Error(`no TOTP secret known for ${email}`);
    const previous = lastCodeAt.get(email);
    const at = previous === undefined ? Date.now() : Math.max(Date.now(), previous + 30_000);
    if (at > Date.now() + 45_000) throw new Error(`too many sign-ins of ${email} within a minute`);
    lastCodeAt.set(email, at);
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
    json,
    signIn,
    async close() {
      await app.close();
      await database.drop();
      await smtp.close();
    },
  };
};

/** The TOTP code for a secret at a moment (default now), as an authenticator app shows it. */
export const totpCode = (secret: string, timestamp = Date.now()) =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({
    timestamp,
  });
