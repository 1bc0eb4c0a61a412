import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ACCOUNT_MESSAGES, DEFAULT_FIRM_TIME_ZONE } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { insertHousehold, openAccountThroughApi } from '../../../../test/factories.ts';
import { createTestContext, type TestContext, testDatabaseKind } from '../../../../test/harness.ts';
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

// How a bill run's job claims and writes (decision 0016, 0017): it claims its pending groups in their order from
// after the last group it claimed (its state), then from the start, so groups another runner left pending
// behind it (a step rolled back) are billed too, once; an account its bills name is kept from deletion.

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

/** A forecast bill's line on an account (at zero), paid by `paidBy`. */
const lineOf = (billId: string, accountId: string, paidBy: string) => sql`insert into bill_accounts
    (bill_id, account_id, live, period_start, period_end, billable_value, amount, pay_method, paid_by_account_id)
  values (${billId}::uuid, ${accountId}::uuid, false, '2026-04-01', '2026-06-30', 0, 0, 'INDIRECT', ${paidBy}::uuid)`;

/** A forecast run's first bill, and a new household with no accounts yet. */
const billAndHousehold = async (name: string) => {
  const run = await firm.startRun({ kind: 'FORECAST_BILL', scope: 'ALL_UNITS' });
  const [bill] = rowsOf<{ id: string }>(
    await t.db.execute(sql`select id from bills where run_id = ${run.id}::uuid limit 1`),
  );
  const h = await insertHousehold(t.db, { name, members: [{ firstName: name, lastName: 'Unit' }] });
  return { billId: bill!.id, h };
};

describe('an account a bill names', () => {
  it('is kept: its delete is refused with a message, in the database too, and an unbilled one is deleted', async () => {
    const { billId, h } = await billAndHousehold('Kept');
    const open = (registrationName: string) =>
      openAccountThroughApi(t, {
        clientId: h.clientId,
        memberId: h.memberIds[0]!,
        registrationName,
        token: firm.admin,
      });
    // Accounts with no holdings or transactions (the service would delete them), on a bill line: one billed, one
    // paying the fee.
    const billedId = await open('Kept Billed');
    const payerId = await open('Kept Payer');
    const freeId = await open('Kept Free');
    await t.db.execute(lineOf(billId, billedId, payerId));
    for (const id of [billedId, payerId]) {
      const refused = await t.json('DELETE', `/api/accounts/${id}`, undefined, firm.admin);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(ACCOUNT_MESSAGES.billed);
      await expect(t.db.execute(sql`delete from accounts where id = ${id}::uuid`)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '23503' }),
      });
    }
    expect((await t.json('DELETE', `/api/accounts/${freeId}`, undefined, firm.admin)).status).toBe(200);
    const left = rowsOf<{ id: string }>(
      await t.db.execute(sql`select id from accounts where household_id = ${h.clientId}::uuid`),
    );
    expect(left.map((a) => a.id).sort()).toEqual([billedId, payerId].sort());
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'is kept from a delete that comes while a step that bills it is under way: the delete waits, then is refused',
    async () => {
      const { billId, h } = await billAndHousehold('Racing');
      const accountId = await openAccountThroughApi(t, {
        clientId: h.clientId,
        memberId: h.memberIds[0]!,
        registrationName: 'Racing Brokerage',
        token: firm.admin,
      });
      let write!: () => void;
      const written = new Promise<void>((resolve) => (write = resolve));
      let hold!: () => void;
      const holding = new Promise<void>((resolve) => (hold = resolve));
      // A step as the job takes it: its households first, then (later) the lines of their accounts.
      const step = t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from households where id = ${h.clientId}::uuid for key share`);
        hold();
        await written;
        await tx.execute(lineOf(billId, accountId, accountId));
      });
      await holding;
      let settled = false;
      const deleting = t.db.execute(sql`delete from accounts where id = ${accountId}::uuid`);
      void deleting.then(
        () => (settled = true),
        () => (settled = true),
      );
      await sleep(300);
      expect(settled).toBe(false);
      write();
      await step;
      await expect(deleting).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23503' }) });
    },
  );
});
