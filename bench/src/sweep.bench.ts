// npm run sweep -w @centric/bench: the activity sweep's first run at a large firm (the run an app makes at its
// first start, and at each start on a new day), part by part. On the bench database (BENCH_DATABASE_URL; the
// clients, accounts, billing and receivables benches' data, generated first by their generators):
// BENCH_FRESH=1 deletes every alert and forgets the accounts' review reasons and which payments were alerted
// past due first, so the run raises and records what was never raised (the first start); without it, the run
// only checks (a later start, a new day).
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../apps/server/src/db/client.ts';
import { profileLines, stepProfile } from '../../apps/server/src/platform/step-profile.ts';
import { describeCounts, openBenchDatabase, startBenchApp } from './bench-app.ts';

const database = await openBenchDatabase();
const counts = await describeCounts(
  database,
  sql`select (select count(*) from households)::int as households, (select count(*) from accounts)::int as accounts,
    (select count(*) from receivable_payments)::int as payments, (select count(*) from alerts)::int as alerts`,
);
console.log(`Centric first sweep benchmark: ${database.kind}, ${counts}`);
if (process.env.BENCH_FRESH === '1') {
  const started = performance.now();
  await database.db.execute(sql`delete from record_links where subject_kind = 'alert'`);
  await database.db.execute(sql`delete from alerts`);
  await database.db.execute(
    sql`update accounts set review_reasons = '[]'::jsonb where review_reasons <> '[]'::jsonb`,
  );
  await database.db.execute(
    sql`update receivable_payments set past_due_alerted_at = null where past_due_alerted_at is not null`,
  );
  console.log(
    `Every alert deleted, and every account's review reasons and payment's past-due alert forgotten first (${((performance.now() - started) / 1000).toFixed(1)} s).`,
  );
}
console.log(`Load average at the start: ${loadavg()[0]!.toFixed(1)}`);
stepProfile.on = true;
const started = performance.now();
const bench = await startBenchApp(database);
await bench.app.services.activitySweep.settled();
const seconds = (performance.now() - started) / 1000;
const [after] = rowsOf<{ alerts: number; open: number }>(
  await database.db.execute(
    sql`select count(*)::int as alerts, count(*) filter (where resolved_at is null)::int as open from alerts`,
  ),
);
console.log(
  `\nThe first run: ${seconds.toFixed(1)} s (app start included); ${after?.alerts} alerts, ${after?.open} open.`,
);
for (const line of profileLines()) console.log(line);
await bench.close();
await database.close();
