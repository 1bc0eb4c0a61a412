// The bill runs' job runner in a process of its own, which bill-run-faults.test.ts kills (SIGKILL) at random
// and starts again. It builds what the app builds for the job (the billing inputs, readiness and the bill run
// handler on the durable jobs runner), without the HTTP server, so that a restart takes about a second.
// Environment: DATABASE_URL (PostgreSQL), AUDIT_KEY (hex: the app's, so the chain it appends to verifies),
// BILL_RUN_ID (the run to finish), LEASE_MS (the job lease: short, so a restart resumes at once) and
// BILL_RUN_STEP (groups a step). Prints `ready` once loaded and waits for a line on stdin before it connects
// (the test starts the next runner while the current one works, as a standby instance would be), then
// prints `step` as each step starts and `finished` once the run is closed.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_FIRM_TIME_ZONE } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../../../db/client.ts';
import { createAlerts } from '../../../platform/alerts.ts';
import { useAuditKey } from '../../../platform/audit.ts';
import { systemClock } from '../../../platform/clock.ts';
import { firmToday } from '../../../platform/firm-calendar.ts';
import { createJobRunner, JOB_CONCURRENCY } from '../../../platform/jobs.ts';
import { createSecretBox } from '../../../platform/secret-box.ts';
import { createAccountsService } from '../../accounts/accounts.service.ts';
import { createFeeSchedulesService } from '../../fee-schedules/fee-schedules.service.ts';
import { BILL_RUN_JOB, createBillRunJob } from '../bill-run-job.ts';
import { createBillingInputs } from '../billing-inputs.ts';
import { createBillingReadiness } from '../billing-readiness.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const runId = env('BILL_RUN_ID');
process.stdout.write('ready\n');
const go = createInterface({ input: process.stdin });
await once(go, 'line');
// Done with the test's word: stdin left open would keep the process alive after the run.
go.close();
process.stdin.destroy();
const database = await openDatabase({ kind: 'postgres', url: env('DATABASE_URL') });
useAuditKey(Buffer.from(env('AUDIT_KEY'), 'hex'));
const clock = systemClock;
const today = firmToday(DEFAULT_FIRM_TIME_ZONE, () => clock.now());
const { db } = database;
// Billing reads values, positions and flows only: no secret is opened, so any key will do.
const accounts = createAccountsService({
  db,
  clock,
  today,
  secrets: createSecretBox(randomBytes(32)),
  alerts: createAlerts({ clock, today }),
});
const job = createBillRunJob({
  clock,
  inputs: createBillingInputs({ accounts, feeSchedules: createFeeSchedulesService({ db, clock }) }),
  readiness: createBillingReadiness({ clock, today }),
  batch: Number(env('BILL_RUN_STEP')),
});
const runner = createJobRunner({
  db,
  clock,
  leaseMs: Number(env('LEASE_MS')),
  // As the app on PostgreSQL: the run's two parts at once.
  concurrency: JOB_CONCURRENCY.postgres,
  handlers: {
    [BILL_RUN_JOB]: {
      step: (tx, row) => {
        process.stdout.write('step\n');
        return job.handler.step(tx, row);
      },
    },
  },
  onError: (error) => process.stderr.write(`job step failed: ${String(error)}\n`),
});

for (;;) {
  await runner.drain();
  const [run] = rowsOf<{
    status: string;
    jobs: { status: string; attempts: number; error: string | null }[];
  }>(
    await db.execute(sql`select status, (select jsonb_agg(jsonb_build_object('status', j.status,
        'attempts', j.attempts, 'error', j.error)) from jobs j where j.payload->>'runId' = ${runId}) as jobs
      from bill_runs where id = ${runId}::uuid`),
  );
  if (run?.status !== 'in_progress') break;
  if (!run.jobs.some((j) => j.status === 'QUEUED' || j.status === 'RUNNING')) {
    // Nothing left to resume the run with: fail (a non-zero exit the test reports), rather than wait for ever.
    throw new Error(`the run is in progress but none of its jobs can run: ${JSON.stringify(run.jobs)}`);
  }
  // Another runner's lease has not run out yet (the one killed before this one started).
  await sleep(50);
}
process.stdout.write('finished\n');
await database.close();
