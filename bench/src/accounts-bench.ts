// npm run accounts -w @centric/bench: managed accounts at the scale of issue 13 §6, through the real app.
//   - the managed accounts tab of a household: each call as the tab makes it (managed accounts, drift, the
//     value series, the first page of transactions, the assignments), one connection, rotating over 50
//     households with 2–3 accounts, with the bare SQL time of the repository's queries beside it; and the
//     whole tab (its calls at once, as the browser sends them);
//   - householdValuesOn for every household on a past quarter end (the statement a bill run starts from);
//   - a positions import of 10,000 accounts × 25 positions on the next quarter end, uploaded to the app, its
//     job drained (preview, then apply), then the same file again, which must change nothing.
// The firm and its accounts are generated first when missing (accounts-generate.ts). PostgreSQL with
// BENCH_DATABASE_URL, else PGlite in BENCH_DATA_DIR. BENCH_SECONDS per tab case (default 5), BENCH_RUNS
// valuations (default 5), BENCH_ONLY=tab|values|import for one part, BENCH_EXPLAIN=1 for the plans.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../apps/server/src/db/client.ts';
import { driftOf } from '../../apps/server/src/modules/accounts/account-checks.ts';
import {
  accountsOfHousehold,
  householdValuesOn,
  householdValuesQuery,
  valuationInputs,
  listTransactions,
  positionsOn,
  valuesAt,
} from '../../apps/server/src/modules/accounts/accounts.repository.ts';
import { monthEndsBetween } from '../../apps/server/src/modules/accounts/valuation.ts';
import {
  benchAccountNumber,
  benchDates,
  ensureAccounts,
  firmTodayOf,
  POSITIONS_PER_SNAPSHOT,
} from './accounts-generate.ts';
import {
  BENCH_SECRETS,
  benchSeconds,
  describeCounts,
  openBenchDatabase,
  runCallLoad,
  startBenchApp,
  type LoadResult,
} from './bench-app.ts';
import { BENCH_PGLITE_DIR } from './clients-generate.ts';

const BUDGET_TAB_MS = 100;
const BUDGET_VALUES_MS = 5_000;
const BUDGET_IMPORT_MS = 60_000;
const IMPORT_ACCOUNTS = 10_000;
const only = process.env.BENCH_ONLY;
const part = (name: string) => !only || only === name;
const seconds = benchSeconds();
const runs = Number(process.env.BENCH_RUNS ?? 5);

const today = firmTodayOf();
const { quarterEnds, importDate } = benchDates(today);
const database = await openBenchDatabase({ pgliteDir: process.env.BENCH_DATA_DIR ?? BENCH_PGLITE_DIR });
await ensureAccounts(database, today);
const { db } = database;
const counts = await describeCounts(
  database,
  sql`select (select count(*)::int from households) as households,
    (select count(*)::int from accounts) as accounts, (select count(*)::int from holdings) as holdings,
    (select count(*)::int from account_transactions) as transactions`,
);

console.log(`\nCentric managed accounts benchmark: ${database.kind}, ${counts}; today ${today}`);
const misses: string[] = [];

// ---------------------------------------------------------------------------------------------------------
// The bill run's valuation
if (part('values')) {
  const date = quarterEnds[quarterEnds.length - 1] as string;
  if (process.env.BENCH_EXPLAIN === '1') {
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await db.execute(
        sql`explain (analyze, buffers) ${householdValuesQuery(date, await valuationInputs(db, date))}`,
      ),
    );
    console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
  }
  console.log(`\nhouseholdValuesOn(${date}) for every household (${runs} runs)`);
  const times: number[] = [];
  let checksum = '';
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const values = await householdValuesOn(db, date);
    times.push(performance.now() - started);
    let cents = 0n;
    for (const v of values.values()) cents += BigInt(v.replace('.', ''));
    checksum = `${values.size.toLocaleString('en-US')} households, total ${(cents / 100n).toLocaleString('en-US')}.${String(cents % 100n).padStart(2, '0')}`;
    console.log(`  run ${i + 1}: ${(times[i] as number).toFixed(0)} ms (${checksum})`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] as number;
  console.log(
    `  p50 ${(sorted[Math.floor((sorted.length - 1) / 2)] as number).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (budget ${BUDGET_VALUES_MS}).`,
  );
  if (p95 >= BUDGET_VALUES_MS) misses.push('household values on a date');
}

// The app, for the tab and the import. Its first activity sweep runs the daily account checks over every
// account: BENCH_SWEEP=1 waits for it; otherwise the cases run while it goes on (its load in the figures).
const sweepStarted = performance.now();
const bench = part('tab') || part('import') ? await startBenchApp(database) : null;
if (bench && process.env.BENCH_SWEEP === '1') {
  await bench.app.services.activitySweep.settled();
  console.log(
    `\nThe app's start and first activity sweep took ${((performance.now() - sweepStarted) / 1000).toFixed(1)} s.`,
  );
}

const ms = (value: number) => value.toFixed(1).padStart(8);
const line = (r: LoadResult) =>
  `${ms(r.p50)} ${ms(r.p95)} ${ms(r.p99)}${r.failures > 0 ? ` (${r.failures} failed)` : ''}`;
const send = (path: string, init: RequestInit = {}) =>
  fetch(`${bench?.address}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${bench?.token}`, ...(init.headers ?? {}) },
  });
const body = async <T>(res: Response) => {
  const json = (await res.json()) as { result: T; message: string };
  if (!res.ok) throw new Error(`${res.status} ${json.message}`);
  return json.result;
};

// ---------------------------------------------------------------------------------------------------------
// The managed accounts tab
if (part('tab')) {
  const households = rowsOf<{ id: string }>(
    await db.execute(sql`select household_id as id from accounts where registration_name like '% (bench)'
      group by household_id having count(*) = 3 order by household_id offset 30000 limit 50`),
  ).map((r) => r.id);
  let turn = 0;
  const next = () => households[turn++ % households.length] as string;
  const apiCase = (path: (id: string) => string) => async () => (await send(path(next()))).ok;
  const sqlCase = (work: (ids: string[]) => Promise<unknown>) => async () => {
    const rows = await accountsOfHousehold(db, next());
    await work(rows.map((r) => r.id));
    return true;
  };
  const monthEnds = monthEndsBetween(`${String(Number(today.slice(0, 4)) - 1)}${today.slice(4)}`, today);
  const CASES: ReadonlyArray<readonly [string, (id: string) => string, (ids: string[]) => Promise<unknown>]> =
    [
      [
        'managed accounts (values, allocation)',
        (id) => `/api/clients/${id}/managed-accounts?date=${today}`,
        (ids) => positionsOn(db, ids, today),
      ],
      ['drift', (id) => `/api/clients/${id}/drift?date=${today}`, (ids) => driftOf(db, ids, today)],
      [
        'value series (13 month ends)',
        (id) => `/api/clients/${id}/managed-accounts/values`,
        (ids) => valuesAt(db, ids, monthEnds),
      ],
      [
        'transactions, first page',
        (id) => `/api/clients/${id}/transactions?page=1&limit=10`,
        (ids) => listTransactions(db, { accountIds: ids, from: null, to: null }, { limit: 10, offset: 0 }),
      ],
      ['strategy assignments', (id) => `/api/clients/${id}/strategy-assignments`, async () => null],
    ];
  console.log(`\nThe managed accounts tab (one connection, ${households.length} households in turn, ms)`);
  console.log(`${'case'.padEnd(40)} |  API p50      p95      p99 |  SQL p50      p95      p99`);
  const results: LoadResult[] = [];
  for (const [title, path, query] of CASES) {
    const api = await runCallLoad({ seconds, connections: 1, call: apiCase(path) });
    const bare = await runCallLoad({ seconds, connections: 1, call: sqlCase(query) });
    results.push(api);
    console.log(`${title.padEnd(40)} | ${line(api)} | ${line(bare)}`);
  }
  const whole = await runCallLoad({
    seconds,
    connections: 1,
    call: async () => {
      const id = next();
      const all = await Promise.all(
        CASES.map(([, path]) => send(path(id)).then((r) => r.arrayBuffer().then(() => r.ok))),
      );
      return all.every(Boolean);
    },
  });
  console.log(`${'the whole tab (its 5 calls at once)'.padEnd(40)} | ${line(whole)} |`);
  const slowest = Math.max(...results.map((r) => r.p95));
  console.log(
    `Slowest call p95 ${slowest.toFixed(1)} ms; whole tab p95 ${whole.p95.toFixed(1)} ms (budget ${BUDGET_TAB_MS}).`,
  );
  if (whole.p95 >= BUDGET_TAB_MS) misses.push('managed accounts tab');
}

// ---------------------------------------------------------------------------------------------------------
// A positions import of 250,000 rows
if (part('import')) {
  const numbers = Array.from({ length: IMPORT_ACCOUNTS }, (_, i) => benchAccountNumber(100_001 + i));
  const hashes = new Map(numbers.map((n) => [BENCH_SECRETS.lookupHash(n), n]));
  const hashList = sql`${`{${[...hashes.keys()].join(',')}}`}::text[]`;
  const last = quarterEnds[quarterEnds.length - 1] as string;
  // An earlier run's import is taken away first, so that each run imports new snapshots.
  await db.execute(sql`delete from account_snapshots s using accounts a
    where a.id = s.account_id and s.as_of = ${importDate}::date and a.custodian_number_hash = any(${hashList})`);
  // The file: each account's last positions with new quantities, at the import date's prices.
  const positions = rowsOf<{ hash: string; symbol: string; quantity: string; price: string | null }>(
    await db.execute(sql`select a.custodian_number_hash as hash, p.symbol,
        round(h.quantity * 1.0125, 4)::text as quantity,
        (select pp.price::text from product_prices pp where pp.product_id = p.id and pp.price_date = ${importDate}::date) as price
      from accounts a
      join holdings h on h.account_id = a.id and h.as_of = ${last}::date
      join products p on p.id = h.product_id
      where a.custodian_number_hash = any(${hashList})
      order by a.custodian_number_hash, p.symbol`),
  );
  const csv = [
    'Account Number,Symbol,Quantity,Price,Date',
    ...positions.map((p) => `${hashes.get(p.hash)},${p.symbol},${p.quantity},${p.price ?? ''},${importDate}`),
  ].join('\n');
  const mb = (Buffer.byteLength(csv) / 1024 / 1024).toFixed(1);
  console.log(
    `\nPositions import: ${positions.length.toLocaleString('en-US')} rows (${IMPORT_ACCOUNTS.toLocaleString('en-US')} accounts × ${POSITIONS_PER_SNAPSHOT}) on ${importDate}, ${mb} MB`,
  );
  type Job = { id: string; status: string; report: Record<string, unknown> | null; error: string | null };
  const importOnce = async (label: string) => {
    const started = performance.now();
    const uploaded = await body<Job>(
      await send('/api/positions-imports', {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: csv,
      }),
    );
    const uploadMs = performance.now() - started;
    await bench?.app.services.jobs.drain();
    const previewed = await body<Job>(await send(`/api/positions-imports/${uploaded.id}`));
    const previewMs = performance.now() - started;
    if (previewed.status !== 'WAITING') throw new Error(`preview: ${previewed.status} ${previewed.error}`);
    const applyStarted = performance.now();
    await body<Job>(await send(`/api/positions-imports/${uploaded.id}/apply`, { method: 'POST' }));
    await bench?.app.services.jobs.drain();
    const applied = await body<Job>(await send(`/api/positions-imports/${uploaded.id}`));
    const applyMs = performance.now() - applyStarted;
    if (applied.status !== 'SUCCEEDED') throw new Error(`apply: ${applied.status} ${applied.error}`);
    const total = uploadMs + (previewMs - uploadMs) + applyMs;
    const report = applied.report ?? {};
    console.log(
      `  ${label}: upload ${(uploadMs / 1000).toFixed(1)} s, preview ${((previewMs - uploadMs) / 1000).toFixed(1)} s ` +
        `(${JSON.stringify(report.snapshots)}), apply ${(applyMs / 1000).toFixed(1)} s ` +
        `(${JSON.stringify(report.applied)}, refused ${String(report.refusedCount)}, prices ${String(report.prices)}), ` +
        `total ${(total / 1000).toFixed(1)} s (budget ${BUDGET_IMPORT_MS / 1000} s)`,
    );
    if (total >= BUDGET_IMPORT_MS) misses.push(`positions import (${label})`);
    return report;
  };
  const holdingsState = async () =>
    rowsOf<{ n: number; q: string }>(
      await db.execute(sql`select count(*)::int as n, coalesce(sum(h.quantity), 0)::text as q
        from holdings h join accounts a on a.id = h.account_id
        where h.as_of = ${importDate}::date and a.custodian_number_hash = any(${hashList})`),
    )[0];
  await importOnce('first import');
  const before = await holdingsState();
  const again = await importOnce('the same file again');
  const after = await holdingsState();
  const applied = again.applied as { new: number; changed: number } | undefined;
  const unchanged =
    applied?.new === 0 && applied.changed === 0 && JSON.stringify(before) === JSON.stringify(after);
  console.log(
    `  The same file again ${unchanged ? 'changed nothing' : 'CHANGED SOMETHING'}: ${before?.n.toLocaleString('en-US')} holdings on ${importDate} before and after.`,
  );
  if (!unchanged) misses.push('re-import changed something');
}

console.log(misses.length === 0 ? '\nEvery case within its budget.' : `\nOver budget: ${misses.join('; ')}`);
// Closing the app stops its activity sweep between two batches (a first pass may still be going on).
await bench?.close();
await database.close();
if (misses.length > 0) process.exitCode = 1;
