// npm run bill-run -w @centric/bench: a live bill run of the large firm (issue 15 §4), end to end.
//   The firm, its accounts and their billing setup are generated first when missing (bill-run-generate.ts).
//   Earlier bench runs are deleted, then one LIVE_BILL run of ALL_UNITS for the quarter the accounts hold is
//   created through the bill runs service (planning its billing groups and queuing its job, as a request does)
//   and billed by the app's job runner until it completes, one runner as in one app instance. Then a bare COPY
//   of the bill rows it wrote (bills and bill_accounts: `COPY (select …) TO STDOUT` piped by psql into
//   `COPY … FROM STDIN` of scratch tables without indexes) gives the floor the run is compared with.
//   Budgets: under 30 s end to end, and no more than 3 times the COPY. PostgreSQL only (BENCH_DATABASE_URL).
//   BENCH_STOP_AFTER=seconds stops the run there and prints its rate so far (for a slow build).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { billRunBodySchema, DEFAULT_FIRM_TIME_ZONE } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { auditKeyOf, loadConfig } from '../../apps/server/src/config.ts';
import { rowsOf } from '../../apps/server/src/db/client.ts';
import { DEMO_ADMIN } from '../../apps/server/src/db/seed/demo.ts';
import { createAccountsService } from '../../apps/server/src/modules/accounts/accounts.service.ts';
import { BILL_RUN_JOB, createBillRunJob } from '../../apps/server/src/modules/billing/bill-run-job.ts';
import { profileLines, stepProfile } from '../../apps/server/src/platform/step-profile.ts';
import { createBillRunsService } from '../../apps/server/src/modules/billing/bill-runs.service.ts';
import { createBillingInputs } from '../../apps/server/src/modules/billing/billing-inputs.ts';
import { createBillingReadiness } from '../../apps/server/src/modules/billing/billing-readiness.ts';
import { createFeeSchedulesService } from '../../apps/server/src/modules/fee-schedules/fee-schedules.service.ts';
import { createAlerts } from '../../apps/server/src/platform/alerts.ts';
import { useAuditKey } from '../../apps/server/src/platform/audit.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { firmToday } from '../../apps/server/src/platform/firm-calendar.ts';
import { createJobRunner, JOB_CONCURRENCY } from '../../apps/server/src/platform/jobs.ts';
import { createSecretBox } from '../../apps/server/src/platform/secret-box.ts';
import { BENCH_ENCRYPTION_KEY, openBenchDatabase, REPO_ROOT } from './bench-app.ts';
import { billRunBenchPeriod, ensureBillingSetup } from './bill-run-generate.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('the bill run bench needs BENCH_DATABASE_URL (PostgreSQL)');
const BUDGET_SECONDS = 30;
const BUDGET_COPY_RATIO = 3;

const database = await openBenchDatabase();
const { db } = database;
const generated = await ensureBillingSetup(database);
const { start, end } = await billRunBenchPeriod(database);
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0] as T;
const seconds = (from: number) => (performance.now() - from) / 1000;

// A live run holds its accounts for the period: the bench's earlier runs go first (bills cascade with them).
const cleaned = performance.now();
await db.execute(sql`delete from jobs where kind = ${BILL_RUN_JOB}`);
await db.execute(sql`delete from bill_runs`);
await db.execute(
  sql`vacuum analyze bills, bill_accounts, bill_payouts, bill_run_units, bill_run_groups, jobs`,
);
console.log(`Earlier bench runs deleted in ${seconds(cleaned).toFixed(1)} s.`);

// The app's pieces of a bill run, as app.ts makes them (without HTTP and the activity sweep, whose first run
// over 250,000 accounts would share the machine with the run).
const clock = systemClock;
const today = firmToday(DEFAULT_FIRM_TIME_ZONE, () => clock.now());
const config = loadConfig({
  DATA_DIR: path.join(REPO_ROOT, '.tmp/bench-data'),
  ENCRYPTION_KEY: BENCH_ENCRYPTION_KEY,
});
useAuditKey(auditKeyOf(config));
const accounts = createAccountsService({
  db,
  clock,
  today,
  secrets: createSecretBox(Buffer.from(BENCH_ENCRYPTION_KEY, 'base64')),
  alerts: createAlerts({ clock, today }),
});
const billingReadiness = createBillingReadiness({ clock, today });
const job = createBillRunJob({
  clock,
  inputs: createBillingInputs({ accounts, feeSchedules: createFeeSchedulesService({ db, clock }) }),
  readiness: billingReadiness,
});
let stepFailures = 0;
// BENCH_RUNNERS (default 1): job runners in this process, as that many app instances would share the run;
// each runs BENCH_CONCURRENCY jobs at once (default: the app's on PostgreSQL, 2).
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? JOB_CONCURRENCY.postgres);
const runners = Array.from({ length: Number(process.env.BENCH_RUNNERS ?? 1) }, () =>
  createJobRunner({
    db,
    clock,
    concurrency,
    handlers: { [BILL_RUN_JOB]: job.handler },
    onError: (error) => {
      stepFailures += 1;
      console.error('job step failed:', error);
    },
  }),
);
const runner = runners[0]!;
const billRuns = createBillRunsService({ db, clock, today, jobs: runner, billingReadiness });
const admin = await one<{ id: string }>(
  sql`select id from users where lower(email) = lower(${DEMO_ADMIN.email})`,
);
const context = { actorId: admin.id, actorEmail: DEMO_ADMIN.email, requestId: null, ip: null };

const load = loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
console.log(
  `\nLive bill run of ALL_UNITS for ${start}..${end}, ${runners.length} job runner(s) of ${concurrency} job(s) at once (load average ${load})`,
);
// BENCH_PROFILE=0 turns off the steps' timing by part (printed after the run).
stepProfile.on = process.env.BENCH_PROFILE !== '0';
// CPU time spent by this process and by the machine's PostgreSQL processes (every backend, so another
// database's work counts too): comparable between runs when other work shares the machine, wall time is not.
const postgresCpuSeconds = () => {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
};
const cpuAtStart = { node: process.cpuUsage(), postgres: postgresCpuSeconds() };
const started = performance.now();
const run = await billRuns.create(
  billRunBodySchema.parse({ kind: 'LIVE_BILL', scope: 'ALL_UNITS', period: 'QUARTERLY', periodStart: start }),
  context,
);
const planned = seconds(started);
console.log(
  `  created and planned: ${run.progress.total.toLocaleString('en-US')} groups in ${planned.toFixed(1)} s`,
);
const progress = setInterval(() => {
  void one<{ done: number; total: number }>(
    sql`select count(*) filter (where status <> 'PENDING')::int as done, count(*)::int as total
      from bill_run_groups where run_id = ${run.id}::uuid`,
  ).then((p) =>
    console.log(
      `  ${seconds(started).toFixed(0).padStart(4)} s: ${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')} groups`,
    ),
  );
}, 10_000);
const stopAfter = Number(process.env.BENCH_STOP_AFTER ?? 0);
if (stopAfter > 0) {
  setTimeout(() => void Promise.all(runners.map((r) => r.stop())), stopAfter * 1000).unref();
}
for (;;) {
  await Promise.all(runners.map((r) => r.drain()));
  if (stopAfter > 0 && seconds(started) >= stopAfter) {
    clearInterval(progress);
    const p = await one<{ done: number; total: number; households: number; lines: number }>(sql`select
        (select count(*)::int from bill_run_groups where run_id = ${run.id}::uuid and status <> 'PENDING') as done,
        (select count(*)::int from bill_run_groups where run_id = ${run.id}::uuid) as total,
        (select count(*)::int from bill_run_units where run_id = ${run.id}::uuid) as households,
        (select count(*)::int from bill_accounts a join bills b on b.id = a.bill_id where b.run_id = ${run.id}::uuid) as lines`);
    const billing = seconds(started) - planned;
    console.log(
      `  stopped after ${seconds(started).toFixed(1)} s: ${p.done} of ${p.total} groups, ${p.households} households, ` +
        `${p.lines} accounts billed: ${(p.households / billing).toFixed(0)} households/s, ${(p.lines / billing).toFixed(0)} accounts/s ` +
        `after planning; the whole run would take about ${(planned + (p.total / p.done) * billing).toFixed(0)} s`,
    );
    await database.close();
    process.exit(0);
  }
  const { status } = await one<{ status: string }>(
    sql`select status from bill_runs where id = ${run.id}::uuid`,
  );
  if (status !== 'in_progress') break;
  if (stepFailures > 10) throw new Error('the run keeps failing');
}
const total = seconds(started);
const nodeCpu = process.cpuUsage(cpuAtStart.node);
const cpu = {
  node: (nodeCpu.user + nodeCpu.system) / 1e6,
  postgres: postgresCpuSeconds() - cpuAtStart.postgres,
};
clearInterval(progress);

const result = await one<{
  status: string;
  bills: number;
  lines: number;
  payouts: number;
  amount: string;
  units: Record<string, number>;
}>(sql`select r.status,
    (select count(*)::int from bills where run_id = r.id) as bills,
    (select count(*)::int from bill_accounts a join bills b on b.id = a.bill_id where b.run_id = r.id) as lines,
    (select count(*)::int from bill_payouts p join bills b on b.id = p.bill_id where b.run_id = r.id) as payouts,
    (select coalesce(sum(amount), 0)::text from bills where run_id = r.id) as amount,
    (select jsonb_object_agg(outcome, n) from (select outcome, count(*)::int as n from bill_run_units
      where run_id = r.id group by outcome) u) as units
  from bill_runs r where r.id = ${run.id}::uuid`);
const size = await one<{ bills: string; lines: string }>(sql`select
    pg_size_pretty(sum(pg_column_size(b.*))) as bills,
    (select pg_size_pretty(sum(pg_column_size(a.*))) from bill_accounts a join bills x on x.id = a.bill_id
      where x.run_id = ${run.id}::uuid) as lines
  from bills b where b.run_id = ${run.id}::uuid`);

// The floor: the same rows copied out and back in by COPY alone (no Node, no reads, no engine).
await db.execute(sql`drop table if exists bench_copy_bills, bench_copy_bill_accounts`);
await db.execute(sql`create table bench_copy_bills (like bills)`);
await db.execute(sql`create table bench_copy_bill_accounts (like bill_accounts)`);
const pipe = (from: string, to: string) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(
      'bash',
      [
        '-o',
        'pipefail',
        '-c',
        `psql "$BENCH_DATABASE_URL" -qAtc "copy (${from}) to stdout" | psql "$BENCH_DATABASE_URL" -qc "copy ${to} from stdin"`,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`COPY into ${to}: exit ${code}`))));
  });
const copyStarted = performance.now();
await pipe(`select * from bills where run_id = '${run.id}'`, 'bench_copy_bills');
await pipe(
  `select a.* from bill_accounts a join bills b on b.id = a.bill_id where b.run_id = '${run.id}'`,
  'bench_copy_bill_accounts',
);
const copy = seconds(copyStarted);
const copied = await one<{ bills: number; lines: number }>(sql`select
  (select count(*)::int from bench_copy_bills) as bills, (select count(*)::int from bench_copy_bill_accounts) as lines`);
await db.execute(sql`drop table bench_copy_bills, bench_copy_bill_accounts`);

const n = (x: number) => x.toLocaleString('en-US');
console.log(`
  status ${result.status}; ${n(result.bills)} bills (${size.bills}), ${n(result.lines)} account lines (${size.lines}), ${n(result.payouts)} payouts; total billed ${result.amount}
  units: ${JSON.stringify(result.units)}
  end to end:        ${total.toFixed(1)} s (planning ${planned.toFixed(1)} s)  budget ${BUDGET_SECONDS} s  ${total <= BUDGET_SECONDS ? 'within' : 'OVER'}
  CPU:               ${(cpu.node + cpu.postgres).toFixed(1)} s (Node ${cpu.node.toFixed(1)} s, PostgreSQL ${cpu.postgres.toFixed(1)} s; 2 cores)
  accounts/second:   ${n(Math.round(result.lines / total))}
  households/second: ${n(Math.round(result.bills / total))}
  bare COPY of the bills and lines (${n(copied.bills)} + ${n(copied.lines)} rows, out and back in): ${copy.toFixed(1)} s
  ratio run / COPY:  ${(total / copy).toFixed(1)}  budget ${BUDGET_COPY_RATIO}  ${total / copy <= BUDGET_COPY_RATIO ? 'within' : 'OVER'}`);
if (stepProfile.on) {
  const summed = [...stepProfile.parts.values()].reduce((sum, ms) => sum + ms, 0);
  console.log(`  the steps by part, summed over every step of every job (${(summed / 1000).toFixed(1)} s):`);
  for (const line of profileLines()) console.log(`  ${line}`);
}
if (generated.accountsSeconds !== null || generated.billingSeconds !== null) {
  console.log(
    `  generated this time: accounts ${generated.accountsSeconds?.toFixed(1) ?? '-'} s, billing setup ${generated.billingSeconds?.toFixed(1) ?? '-'} s`,
  );
}
await database.close();
