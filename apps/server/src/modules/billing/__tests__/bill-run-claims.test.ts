import { randomBytes } from 'node:crypto';
import { DEFAULT_FIRM_TIME_ZONE } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { createAlerts } from '../../../platform/alerts.ts';
import { firmToday } from '../../../platform/firm-calendar.ts';
import type { JobRow } from '../../../platform/jobs.ts';
import { createSecretBox } from '../../../platform/secret-box.ts';
import { createAccountsService } from '../../accounts/accounts.service.ts';
import { createFeeSchedulesService } from '../../fee-schedules/fee-schedules.service.ts';
import { createBillRunJob } from '../bill-run-job.ts';
import { createBillingInputs } from '../billing-inputs.ts';
import { createBillingReadiness } from '../billing-readiness.ts';
import { billRunFirm } from './bill-run-fixtures.ts';

// A bill run's job claims its pending groups in their order from after the last group it claimed (its state),
// then from the start: groups another runner left pending behind it (a step rolled back) are billed too, once.

let t: TestContext;
let firm: Awaited<ReturnType<typeof billRunFirm>>;

beforeAll(async () => {
  t = await createTestContext();
  firm = await billRunFirm(t);
});
afterAll(() => t.close());

describe('a bill run job’s claims', () => {
  it('goes on after its last group, then takes up what was left behind, and bills every group once', async () => {
    for (const name of ['Claim A', 'Claim B', 'Claim C', 'Claim D', 'Claim E'])
      await firm.unit(name, '500000');
    const run = await firm.startRun({ kind: 'FORECAST_BILL', scope: 'ALL_UNITS' });
    expect(run.status).toBe('completed');
    const groups = async () =>
      rowsOf<{ groupKey: string; status: string }>(
        await t.db.execute(sql`select group_key as "groupKey", status from bill_run_groups
          where run_id = ${run.id}::uuid order by group_key`),
      );
    const keys = (await groups()).map((g) => g.groupKey);
    expect(keys.length).toBeGreaterThanOrEqual(5);
    const billed = async () =>
      rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from bills where run_id = ${run.id}::uuid`),
      )[0]!.n;
    const bills = await billed();

    // The run as it was before it was billed, its job's state pointing at the middle group.
    await t.db.execute(sql`delete from bills where run_id = ${run.id}::uuid`);
    await t.db.execute(sql`delete from bill_run_units where run_id = ${run.id}::uuid`);
    await t.db.execute(sql`update bill_run_groups set status = 'PENDING' where run_id = ${run.id}::uuid`);
    await t.db.execute(sql`update bill_runs set status = 'in_progress' where id = ${run.id}::uuid`);
    const today = firmToday(DEFAULT_FIRM_TIME_ZONE, () => t.clock.now());
    const accounts = createAccountsService({
      db: t.db,
      clock: t.clock,
      today,
      secrets: createSecretBox(randomBytes(32)),
      alerts: createAlerts({ clock: t.clock, today }),
    });
    const job = createBillRunJob({
      clock: t.clock,
      inputs: createBillingInputs({
        accounts,
        feeSchedules: createFeeSchedulesService({ db: t.db, clock: t.clock }),
      }),
      readiness: createBillingReadiness({ clock: t.clock, today }),
      batch: 2,
    });
    const middle = Math.floor(keys.length / 2);
    let row = {
      payload: { runId: run.id },
      state: { steps: 1, after: keys[middle] },
      progressDone: 0,
      progressTotal: keys.length,
    } as unknown as JobRow;
    const claimedBy: string[][] = [];
    for (let step = 0; step < keys.length + 2; step += 1) {
      const before = new Set((await groups()).filter((g) => g.status === 'PENDING').map((g) => g.groupKey));
      const result = await t.db.transaction((tx) => job.handler.step(tx, row));
      claimedBy.push(
        (await groups())
          .filter((g) => before.has(g.groupKey) && g.status !== 'PENDING')
          .map((g) => g.groupKey),
      );
      if (result.finished) break;
      row = { ...row, state: result.state, progressDone: result.done, progressTotal: result.total };
    }
    // First the groups after the middle one, then from the start.
    expect(claimedBy[0]).toEqual(keys.slice(middle + 1, middle + 3));
    expect(claimedBy.flat().sort()).toEqual([...keys].sort());
    expect(new Set(claimedBy.flat()).size).toBe(keys.length);
    expect((await groups()).every((g) => g.status === 'DONE')).toBe(true);
    expect(await billed()).toBe(bills);
    const [closed] = rowsOf<{ status: string }>(
      await t.db.execute(sql`select status from bill_runs where id = ${run.id}::uuid`),
    );
    expect(closed!.status).toBe('completed');
  });
});
