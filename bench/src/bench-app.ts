// What every benchmark shares: the database it runs on, the real app over loopback, a signed-in token, and a
// small closed-loop load runner that reports exact percentiles.
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { type Database, openDatabase, rowsOf } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { DEMO_ADMIN, seedDemo } from '../../apps/server/src/db/seed/demo.ts';
import { createSecretBox } from '../../apps/server/src/platform/secret-box.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The bench app's encryption key (ENCRYPTION_KEY), fixed so that what a generator seals (the bench accounts'
 * custodian numbers) the app opens, and their lookup hashes match a positions file. Bench databases only.
 */
export const BENCH_ENCRYPTION_KEY = Buffer.alloc(32, 'centric-bench').toString('base64');
export const BENCH_SECRETS = createSecretBox(Buffer.from(BENCH_ENCRYPTION_KEY, 'base64'));

/** Seconds per case (BENCH_SECONDS, default 5). */
export const benchSeconds = () => Number(process.env.BENCH_SECONDS ?? 5);

/**
 * The database of a run: PostgreSQL when BENCH_DATABASE_URL is set, else PGlite (in memory, or in a data
 * directory when one is given). Migrated, with the demo users and master data (kept if already there).
 */
export const openBenchDatabase = async (options: { pgliteDir?: string } = {}): Promise<Database> => {
  const url = process.env.BENCH_DATABASE_URL;
  const database = url
    ? await openDatabase({ kind: 'postgres', url })
    : await openDatabase({ kind: 'pglite', ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}) });
  await runMigrations(database);
  await seedDemo(database.db);
  return database;
};

/** "100,000 households, 250,248 accounts": a one-row select of counts, named by their columns. */
export const describeCounts = async (database: Database, query: SQL) => {
  const [row] = rowsOf<Record<string, number>>(await database.db.execute(query));
  return Object.entries(row ?? {})
    .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
    .join(', ');
};

const postJson = async (address: string, path: string, body: unknown, token?: string) => {
  const res = await fetch(`${address}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { message: string; result: Record<string, unknown> | null };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${json.message}`);
  return json.result ?? {};
};

/**
 * Password + TOTP sign-in of a demo user. A database kept between runs may hold an enrolment from an earlier
 * run whose secret this run does not know: it is cleared first, so the user enrols again.
 */
export const signIn = async (
  database: Database,
  address: string,
  email: string = DEMO_ADMIN.email,
  password: string = DEMO_ADMIN.password,
) => {
  await database.db.execute(
    sql`update users set mfa_secret = null, mfa_enrolled_at = null, mfa_last_step = null where lower(email) = lower(${email})`,
  );
  const login = await postJson(address, '/api/login', { email, password });
  const pre = login.accessToken as string;
  const setup = await postJson(address, '/api/setupMfa', { email }, pre);
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.secret as string) }).generate();
  return (await postJson(address, '/api/verifyMfa', { code }, pre)).accessToken as string;
};

/** The real app on a random loopback port, and a full-access token of the demo administrator. */
export const startBenchApp = async (database: Database) => {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(REPO_ROOT, '.tmp/bench-data'),
    WEB_DIST_DIR: path.join(REPO_ROOT, '.tmp/no-web'),
    ENCRYPTION_KEY: BENCH_ENCRYPTION_KEY,
  });
  const app = await buildApp({ config, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await signIn(database, address);
  return { app, address, token, close: () => app.close() };
};

export type LoadResult = {
  requests: number;
  failures: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

/**
 * A closed loop: `connections` workers each make one call, wait for it to finish, and make the next, for
 * `seconds`. Every latency is kept, so p95 is exact (autocannon reports p90 and p97.5, not p95). A call
 * answers whether it succeeded.
 */
export const runCallLoad = async (options: {
  seconds: number;
  connections: number;
  call: () => Promise<boolean>;
  warmup?: number;
}): Promise<LoadResult> => {
  for (let i = 0; i < (options.warmup ?? 3); i += 1) await options.call();
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const until = started + options.seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const ok = await options.call();
      latencies.push(performance.now() - t);
      if (!ok) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: sorted.length,
    failures,
    perSecond: sorted.length / elapsed,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
};

/** runCallLoad over HTTP requests: a request's time includes reading its whole body. */
export const runLoad = (options: {
  seconds: number;
  connections: number;
  request: () => Promise<Response>;
  warmup?: number;
}): Promise<LoadResult> =>
  runCallLoad({
    seconds: options.seconds,
    connections: options.connections,
    ...(options.warmup === undefined ? {} : { warmup: options.warmup }),
    call: async () => {
      const res = await options.request();
      await res.arrayBuffer();
      return res.ok;
    },
  });
