// npm run prospect-import -w @centric/bench: 50,000 prospects imported from one CSV file through the real app
// and its job runner (issue 17 §1: no line cap), on PGlite by default or PostgreSQL with BENCH_DATABASE_URL.
// The file is uploaded with its column mapping, previewed (every line checked, duplicates flagged), imported,
// then uploaded again, which must find every line a duplicate and import nothing. Budget: 60 s for the import.
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../apps/server/src/db/client.ts';
import { openBenchDatabase, startBenchApp } from './bench-app.ts';

const LINES = Number(process.env.BENCH_LINES ?? 50_000);
const BUDGET_MS = 60_000;

const database = await openBenchDatabase();
console.log(`\nCentric prospect import benchmark: ${database.kind}, ${LINES.toLocaleString('en-US')} lines`);
console.log(`Load average at the start: ${loadavg()[0]?.toFixed(1)}`);
// Earlier bench prospects go first, so the run starts from the same place.
await database.db.execute(sql`delete from prospects where email like 'bench.import.%'`);
const [advisor] = rowsOf<{ email: string }>(
  await database.db.execute(
    sql`select email from users where status = 'ACTIVE' and role_id <> 3 order by email limit 1`,
  ),
);
const [source] = rowsOf<{ name: string }>(
  await database.db.execute(
    sql`select name from master_data_items where type = 'sources' and active order by id limit 1`,
  ),
);
const bench = await startBenchApp(database);

const leads = ['Hot', 'Warm', 'Cold'];
const csv = [
  'First Name,Last Name,Email,Phone,Lead Status,Advisor,Source,Asset Management,Risk Management,City,Activity Date',
  ...Array.from({ length: LINES }, (_, i) =>
    [
      `First${i}`,
      `Lead${i % 997}`,
      `bench.import.${i}@example.com`,
      `(7${String(i % 100).padStart(2, '0')}) ${String(200 + (i % 800)).padStart(3, '0')}-${String(i % 10_000).padStart(4, '0')}`,
      leads[i % 3],
      advisor?.email ?? '',
      source?.name ?? '',
      String(100_000 + (i % 5_000) * 1_000),
      i % 4 === 0 ? '25000.50' : '',
      'New York',
      `2026-0${1 + (i % 9)}-1${i % 10}`,
    ].join(','),
  ),
].join('\n');
const mapping = new URLSearchParams({
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  leadStatus: 'Lead Status',
  wealthAdvisor: 'Advisor',
  source: 'Source',
  assetManagement: 'Asset Management',
  riskManagement: 'Risk Management',
  city: 'City',
  activityDate: 'Activity Date',
  defaultType: 'PERSON',
  defaultActivityStatus: 'ACTIVE',
  defaultActivityType: 'PHONE_CALL',
  defaultMinutes: '20',
});

type Job = {
  id: string;
  status: string;
  error: string | null;
  report: {
    counts: { ready: number; duplicates: number; invalid: number };
    applied: { imported: number } | null;
  } | null;
};
const call = async (method: string, path: string, body?: string, type = 'application/json') => {
  const res = await fetch(`${bench.address}${path}`, {
    method,
    headers: { authorization: `Bearer ${bench.token}`, 'content-type': type },
    ...(body === undefined ? {} : { body }),
  });
  const json = (await res.json()) as { result: Job; message: string };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`);
  return json.result;
};
const settled = async (id: string) => {
  for (;;) {
    const job = await call('GET', `/api/prospect-imports/${id}`);
    if (!['QUEUED', 'RUNNING'].includes(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};
const importOnce = async () => {
  const started = performance.now();
  const uploaded = await call('POST', `/api/prospect-imports?${mapping}`, csv, 'text/csv');
  const preview = await settled(uploaded.id);
  const previewMs = performance.now() - started;
  if (preview.status !== 'WAITING') throw new Error(`preview ${preview.status}: ${preview.error}`);
  await call('POST', `/api/prospect-imports/${uploaded.id}/apply`, '{}');
  const done = await settled(uploaded.id);
  return { preview, done, previewMs, totalMs: performance.now() - started };
};

const once = await importOnce();
console.log(
  `  ${(csv.length / 1024 / 1024).toFixed(1)} MB: upload and preview ${(once.previewMs / 1000).toFixed(1)} s ` +
    `(${JSON.stringify(once.preview.report?.counts)}), with the import ${(once.totalMs / 1000).toFixed(1)} s: ` +
    `${once.done.status}, ${once.done.report?.applied?.imported.toLocaleString('en-US')} imported`,
);
const again = await importOnce();
console.log(
  `  the same file again: ${(again.totalMs / 1000).toFixed(1)} s, ${JSON.stringify(again.preview.report?.counts)}, ` +
    `${again.done.report?.applied?.imported} imported`,
);
const [stored] = rowsOf<{ n: number }>(
  await database.db.execute(sql`select count(*)::int as n from prospects where email like 'bench.import.%'`),
);
const ok =
  once.done.status === 'SUCCEEDED' &&
  once.done.report?.applied?.imported === LINES &&
  again.done.report?.applied?.imported === 0 &&
  stored?.n === LINES &&
  once.totalMs < BUDGET_MS;
console.log(
  ok
    ? `\nWithin the budget (${BUDGET_MS / 1000} s), ${stored?.n.toLocaleString('en-US')} prospects stored, none twice.`
    : `\nOver the budget or wrong (${BUDGET_MS / 1000} s; ${stored?.n} stored).`,
);
await bench.close();
await database.close();
process.exit(ok ? 0 : 1);
