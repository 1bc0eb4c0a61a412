// npm run bench: the sign-in hot paths against the real app on an embedded database, on loopback.
//   - GET /api/waprofile: what every screen polls (session lookup, permission matrix, user details)
//   - POST /api/login: argon2id verification (deliberately slow: about 20-50 ms a hash)
// Runs on PGlite, or on PostgreSQL with BENCH_DATABASE_URL.
// Prints requests per second and latency percentiles; bounded in time, stops by itself.
import autocannon from 'autocannon';
import * as OTPAuth from 'otpauth';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { DEMO_ADMIN, seedDemo } from '../../apps/server/src/db/seed/demo.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);

// BENCH_DATABASE_URL: a PostgreSQL database to run on instead (migrated and seeded here; demo rows are kept).
const database = process.env.BENCH_DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL })
  : await openDatabase({ kind: 'pglite' });
await runMigrations(database);
await seedDemo(database.db);
const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '.tmp/bench-data', WEB_DIST_DIR: '.tmp/no-web' });
const app = await buildApp({ config, database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const post = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(`${address}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { result: Record<string, string> };
};
const login = await post('/api/login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
const pre = login.result.accessToken as string;
const setup = await post('/api/setupMfa', { email: DEMO_ADMIN.email }, pre);
const code = new OTPAuth.TOTP({
  secret: OTPAuth.Secret.fromBase32(setup.result.secret as string),
}).generate();
const token = (await post('/api/verifyMfa', { code }, pre)).result.accessToken as string;

const run = (title: string, options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ ...options, duration: seconds }, (err, result) => (err ? reject(err) : resolve(result)));
  }).then((r) => {
    const ok = r['2xx'];
    console.log(
      `${title.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  ` +
        `p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  (${ok} ok, ${r.non2xx} not ok, ${r.errors} errors, ${options.connections} connections)`,
    );
  });

console.log(`Centric sign-in benchmark: ${database.kind}, ${seconds} s per case, loopback\n`);
await run('GET /api/waprofile', {
  url: `${address}/api/waprofile`,
  connections: 20,
  headers: { authorization: `Bearer ${token}` },
});
await run('GET /api/health (no auth)', { url: `${address}/api/health`, connections: 20 });
await run('POST /api/login (argon2id)', {
  url: `${address}/api/login`,
  method: 'POST',
  connections: 2,
  headers: { 'content-type': 'application/json' },
  // A different address per request would be needed to pass 100 failures an hour; these succeed.
  body: JSON.stringify({ email: 'olivia.bennett@centric.local', password: DEMO_ADMIN.password }),
});

await app.close();
await database.close();
