// npm run bench: the sign-in hot paths against the real app on an embedded database, on loopback.
//   - GET /api/waprofile: what every screen polls (session lookup, permission matrix, user details)
//   - POST /api/login: argon2id verification (deliberately slow: about 20-50 ms a hash)
// Runs on PGlite, or on PostgreSQL with BENCH_DATABASE_URL.
// Prints requests per second and latency percentiles; bounded in time, stops by itself.
import autocannon from 'autocannon';
import { DEMO_ADMIN } from '../../apps/server/src/db/seed/demo.ts';
import { benchSeconds, openBenchDatabase, startBenchApp } from './bench-app.ts';

const seconds = benchSeconds();

// BENCH_DATABASE_URL: a PostgreSQL database to run on instead (migrated and seeded here; demo rows are kept).
const database = await openBenchDatabase();
const { address, token, close } = await startBenchApp(database);

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

await close();
await database.close();
