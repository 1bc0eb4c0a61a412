// npm run bill-run:verify -w @centric/bench: what a bill run's step reads ahead (bill-run-prefetch.ts) is what
//   a household alone reads. For BENCH_HOUSEHOLDS households of the bench firm (default 20,000, in steps of
//   500), compares each household's billing inputs, readiness facts, payout blocks, payees and live holds read
//   through the step's prefetch with the same read from the database one household at a time (the reader
//   before the prefetch), field by field. Every bill is computed from these by the same code, so equal inputs
//   make equal bills. PostgreSQL (BENCH_DATABASE_URL), after `npm run bill-run:generate`.
import { isDeepStrictEqual } from 'node:util';
import { DEFAULT_FIRM_TIME_ZONE } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../apps/server/src/db/client.ts';
import { createAccountsService } from '../../apps/server/src/modules/accounts/accounts.service.ts';
import { payeesOfAccounts } from '../../apps/server/src/modules/billing/account-payees.repository.ts';
import { prefetchStep } from '../../apps/server/src/modules/billing/bill-run-prefetch.ts';
import { createBillingInputs } from '../../apps/server/src/modules/billing/billing-inputs.ts';
import { unitFactsOf } from '../../apps/server/src/modules/billing/billing-readiness.ts';
import { createFeeSchedulesService } from '../../apps/server/src/modules/fee-schedules/fee-schedules.service.ts';
import { createAlerts } from '../../apps/server/src/platform/alerts.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { firmToday } from '../../apps/server/src/platform/firm-calendar.ts';
import { createSecretBox } from '../../apps/server/src/platform/secret-box.ts';
import { BENCH_ENCRYPTION_KEY, openBenchDatabase } from './bench-app.ts';
import { billRunBenchPeriod } from './bill-run-generate.ts';

if (!process.env.BENCH_DATABASE_URL) throw new Error('needs BENCH_DATABASE_URL (PostgreSQL)');
const database = await openBenchDatabase();
const { db } = database;
const { start, end } = await billRunBenchPeriod(database);
const clock = systemClock;
const today = firmToday(DEFAULT_FIRM_TIME_ZONE, () => clock.now());
const accounts = createAccountsService({
  db,
  clock,
  today,
  secrets: createSecretBox(Buffer.from(BENCH_ENCRYPTION_KEY, 'base64')),
  alerts: createAlerts({ clock, today }),
});
const inputs = createBillingInputs({ accounts, feeSchedules: createFeeSchedulesService({ db, clock }) });
const run = {
  kind: 'LIVE_BILL',
  periodStart: start,
  periodEnd: end,
  valuationDate: end,
  settings: { asOf: today() },
};
const runPeriod = {
  frequency: 'QUARTERLY' as const,
  start,
  end,
  valuationDate: end,
  cashFlowThreshold: null,
};
const limit = Number(process.env.BENCH_HOUSEHOLDS ?? 20_000);
const households = rowsOf<{ id: string }>(
  await db.execute(sql`select id from households where not draft order by md5(id::text) limit ${limit}`),
).map((r) => r.id);

/** Maps and sets as sorted entries, so two answers compare by content. */
const plain = (value: unknown): unknown =>
  value instanceof Map
    ? [...value].map(([k, v]) => [k, plain(v)]).sort()
    : value instanceof Set
      ? [...value].sort()
      : Array.isArray(value)
        ? value.map(plain)
        : value && typeof value === 'object' && !(value instanceof Date)
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
          : value;

let compared = 0;
const differences: string[] = [];
const same = (what: string, household: string, a: unknown, b: unknown) => {
  compared += 1;
  if (!isDeepStrictEqual(plain(a), plain(b)) && differences.length < 10) {
    differences.push(
      `${what} of ${household}:\n  alone    ${JSON.stringify(plain(a))}\n  prefetch ${JSON.stringify(plain(b))}`,
    );
  }
};
const started = performance.now();
for (let at = 0; at < households.length; at += 500) {
  const step = households.slice(at, at + 500);
  await db.transaction(async (tx) => {
    const reads = await prefetchStep(tx, step, run, inputs.sources);
    for (const householdId of step) {
      const alone = await inputs.unitInputs(tx, householdId, run.settings.asOf, runPeriod);
      same(
        'inputs',
        householdId,
        alone,
        await reads.inputs.unitInputs(tx, householdId, run.settings.asOf, runPeriod),
      );
      const [facts] = await unitFactsOf(tx, [householdId], end);
      // unitFactsOf reads a unit's blocks in no order (the rules only filter and add them up): sorted here.
      const sorted = (f: typeof facts) =>
        f && { ...f, blocks: [...f.blocks].sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1)) };
      same('facts', householdId, sorted(facts), sorted(reads.facts.get(householdId)));
      const blocks = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
          select b.id, b.account_id as "accountId", b.type, b.payee_user_id as "payeeUserId", u.full_name as "payeeName",
            b.payout_percentage::text as "payoutPercentage", b.start_date::text as "startDate",
            b.payment_type as "paymentType", b.number_of_payments as "numberOfPayments", b.payments_made as "paymentsMade"
          from payout_blocks b left join users u on u.id = b.payee_user_id
          where b.household_id = ${householdId}::uuid
          order by b.account_id nulls first, b.payout_percentage desc, b.start_date, b.id`),
      );
      same(
        'payout blocks',
        householdId,
        blocks,
        (reads.blocks.get(householdId) ?? []).map((b) => {
          const { householdId: _h, ...block } = b as typeof b & { householdId?: string };
          return block;
        }),
      );
      const ids = alone.accounts.map((a) => a.id);
      const payees = await payeesOfAccounts(tx, ids);
      same(
        'payees',
        householdId,
        payees,
        new Map(ids.flatMap((id) => (reads.payees.has(id) ? [[id, reads.payees.get(id)]] : []))),
      );
      const held =
        ids.length === 0
          ? []
          : rowsOf<{ accountId: string }>(
              await tx.execute(sql`select distinct account_id as "accountId" from bill_accounts
          where live and active and period_start <= ${end}::date and period_end >= ${start}::date
            and account_id = any(${`{${ids.join(',')}}`}::uuid[])`),
            ).map((r) => r.accountId);
      same('live holds', householdId, new Set(held), new Set(ids.filter((id) => reads.held.has(id))));
    }
  });
}
console.log(
  `${households.length.toLocaleString('en-US')} households, ${compared.toLocaleString('en-US')} comparisons in ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s: ${differences.length === 0 ? 'all equal' : 'DIFFERENCES'}`,
);
for (const d of differences) console.log(d);
await database.close();
if (differences.length > 0) process.exitCode = 1;
