import { BILL_RUN_MESSAGES, todayIn } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { insertUserWithGrants, openAccountThroughApi } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { billRunFirm, Q2 } from './bill-run-fixtures.ts';

// Bill runs (issue 15): a run bills its scope's units for a period as a durable job, one billing group at a
// time, never twice; a live run's bills are approved and locked together (payout payments counted), voided
// before export. The period is 2026's second quarter (2026-04-01..06-30, 91 days), long past.

let t: TestContext;
type Firm = Awaited<ReturnType<typeof billRunFirm>>;
let firm: Firm;
let admin = '';
let advisor2 = '';
let tieredSchedule = '';
const hold: Firm['hold'] = (...args) => firm.hold(...args);
const setBilling: Firm['setBilling'] = (...args) => firm.setBilling(...args);
const addBlock: Firm['addBlock'] = (...args) => firm.addBlock(...args);
const unit: Firm['unit'] = (...args) => firm.unit(...args);
const startRun: Firm['startRun'] = (...args) => firm.startRun(...args);
const billsOf: Firm['billsOf'] = (...args) => firm.billsOf(...args);
const billOf: Firm['billOf'] = (...args) => firm.billOf(...args);

beforeAll(async () => {
  t = await createTestContext();
  firm = await billRunFirm(t);
  ({ admin, advisor2, tieredSchedule } = firm);
});
afterAll(() => t.close());

describe('a bill run', () => {
  it('refuses a scope without what it names, with the spec’s messages', async () => {
    const cases = [
      [{ kind: 'LIVE_BILL', scope: 'SINGLE_UNIT' }, 'clientId', BILL_RUN_MESSAGES.unitRequired],
      [{ kind: 'LIVE_BILL', scope: 'SINGLE_ACCOUNT' }, 'accountId', BILL_RUN_MESSAGES.accountRequired],
      [{ kind: 'LIVE_BILL', scope: 'WEALTH_ADVISOR' }, 'wealthAdvisorId', BILL_RUN_MESSAGES.advisorRequired],
      [
        { kind: 'LIVE_BILL', scope: 'ALL_UNITS', period: 'CUSTOM', periodEnd: '2026-03-01' },
        'periodEnd',
        BILL_RUN_MESSAGES.periodEndBeforeStart,
      ],
      [{ kind: 'SOMETHING', scope: 'ALL_UNITS' }, 'kind', BILL_RUN_MESSAGES.kindRequired],
    ] as const;
    for (const [body, field, message] of cases) {
      const res = await t.json('POST', '/api/bill-runs', { ...Q2, ...body }, admin);
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message });
    }
    const missing = await t.json(
      'POST',
      '/api/bill-runs',
      { ...Q2, kind: 'LIVE_BILL', scope: 'SINGLE_UNIT', clientId: '00000000-0000-4000-8000-000000000000' },
      admin,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(BILL_RUN_MESSAGES.unitNotFound);
    const [runs] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from bill_runs`));
    expect(runs!.n).toBe(0);
  });

  it('credits a $100,000 deposit on 2026-05-02 in arrears at 0.25 % a quarter: $85.16 off the quarter’s fee', async () => {
    const u = await unit('Deposit', '1000000');
    const flow = await t.json(
      'POST',
      '/api/billing/cashflows',
      { accountId: u.accountId, date: '2026-05-02', amount: '100000', reason: 'Wire in' },
      admin,
    );
    expect(flow.status, flow.body.message).toBe(201);
    const run = await startRun({ kind: 'FORECAST_BILL', scope: 'SINGLE_UNIT', clientId: u.clientId });
    expect(run).toMatchObject({
      status: 'completed',
      stage: null,
      bills: 1,
      progress: { done: 1, total: 1 },
    });
    const bill = await billOf(run.id, u.clientId);
    // 1,000,000 × 0.25 % = 2,500.00; the deposit was not there for 31 of 91 days: 100,000 × 0.25 % × 31/91 = 85.16.
    expect(bill.amount).toBe('2414.84');
    expect(run.total).toBe('2414.84');
    expect(bill.accountLines[0]).toMatchObject({
      value: '1000000.00',
      billableValue: '1000000.00',
      openDays: 91,
      periodDays: 91,
      cashFlows: [{ date: '2026-05-02', amount: '100000.00' }],
      line: 'DIRECT',
      timing: 'ARREARS',
    });
    expect(bill.schedules[0].lines[0]).toMatchObject({ rate: '100', amount: '10000.00' });
    // No payout blocks: the whole fee is the firm's.
    expect(bill).toMatchObject({ payouts: [], firm: '2414.84' });
  });

  it('pays out a $2,187.50 fee at 80/20: $1,750.00 and $437.50, "payment 1 of 8" counted at lock', async () => {
    const u = await unit('Payout', '875000');
    await addBlock(u.clientId, {
      payoutPercentage: '80',
      payoutBlockPaymentType: 'Number_Of_Payments',
      numberOfPayments: 8,
    });
    const [{ id: counted }] = rowsOf<{ id: string }>(
      await t.db.execute(
        sql`select id from payout_blocks where household_id = ${u.clientId} and number_of_payments = 8`,
      ),
    ) as [{ id: string }];
    await addBlock(u.clientId, { type: 'WEALTH_ADVISOR_2', payeeId: advisor2, payoutPercentage: '20' });
    const run = await startRun({ kind: 'LIVE_BILL', scope: 'SINGLE_UNIT', clientId: u.clientId });
    expect(run).toMatchObject({ status: 'completed', stage: 'GENERATED', total: '2187.50' });
    const bill = await billOf(run.id, u.clientId);
    expect(bill.payouts).toEqual([
      expect.objectContaining({
        type: 'WEALTH_ADVISOR_1',
        amount: '1750.00',
        paymentNumber: 1,
        numberOfPayments: 8,
      }),
      expect.objectContaining({ type: 'WEALTH_ADVISOR_2', amount: '437.50', paymentNumber: null }),
    ]);
    expect(bill.firm).toBe('0.00');

    const made = async () =>
      rowsOf<{ n: number }>(
        await t.db.execute(sql`select payments_made as n from payout_blocks where id = ${counted}`),
      )[0]!.n;
    // Lock before approval is refused; approval then lock counts the payment.
    const early = await t.json('POST', `/api/bill-runs/${run.id}/lock`, undefined, admin);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(BILL_RUN_MESSAGES.notApproved);
    expect(
      (await t.json('POST', `/api/bill-runs/${run.id}/approve`, undefined, admin)).body.result.stage,
    ).toBe('APPROVED');
    const locked = await t.json('POST', `/api/bill-runs/${run.id}/lock`, undefined, admin);
    expect(locked.body).toMatchObject({ message: BILL_RUN_MESSAGES.locked, result: { stage: 'LOCKED' } });
    expect(await made()).toBe(1);
    expect((await billsOf(run.id))[0]!.status).toBe('LOCKED');

    // Locked: nothing changes the bill but a void (before export), which gives the payment back.
    const billId = bill.id as string;
    for (const path of ['pull', 'regenerate']) {
      const refused = await t.json('POST', `/api/bills/${billId}/${path}`, undefined, admin);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(BILL_RUN_MESSAGES.billLocked);
    }
    // Only an administrator unlocks.
    await insertUserWithGrants(t.db, 'runs.ops@centric.test', { billingInstances: ['read', 'write'] });
    const opsToken = (await t.signIn('runs.ops@centric.test')).token;
    const notAdmin = await t.json('POST', `/api/bill-runs/${run.id}/unlock`, { reason: 'Fix' }, opsToken);
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.message).toBe(BILL_RUN_MESSAGES.onlyAdministratorUnlocks);

    const voided = await t.json('POST', `/api/bills/${billId}/void`, { reason: 'Wrong value' }, admin);
    expect(voided.body).toMatchObject({ message: BILL_RUN_MESSAGES.voided, result: { status: 'VOIDED' } });
    expect(await made()).toBe(0);
    expect((await t.json('GET', `/api/bill-runs/${run.id}`, undefined, admin)).body.result.total).toBe(
      '0.00',
    );
    // Voiding freed the account and period: a new live run bills it again, as payment 1 again.
    const again = await startRun({ kind: 'LIVE_BILL', scope: 'SINGLE_UNIT', clientId: u.clientId });
    expect(again).toMatchObject({ bills: 1, total: '2187.50' });
  });

  it('bills each account and period live once: a second live run skips what is billed and says so', async () => {
    const u = await unit('Twice', '400000');
    const first = await startRun({ kind: 'LIVE_BILL', scope: 'SINGLE_UNIT', clientId: u.clientId });
    expect(first).toMatchObject({ bills: 1, total: '1000.00' });
    const second = await startRun({ kind: 'LIVE_BILL', scope: 'SINGLE_UNIT', clientId: u.clientId });
    expect(second).toMatchObject({
      status: 'completed',
      bills: 0,
      total: '0.00',
      units: { alreadyBilled: 1 },
    });
    const units = await t.json('GET', `/api/bill-runs/${second.id}/units`, undefined, admin);
    expect(units.body.result[0]).toMatchObject({
      clientId: u.clientId,
      outcome: 'ALREADY_BILLED',
      reasons: [{ message: 'Twice Brokerage: Already billed live for this period.' }],
    });
    // A forecast is never held by a live bill: it bills again.
    const forecast = await startRun({ kind: 'FORECAST_BILL', scope: 'SINGLE_UNIT', clientId: u.clientId });
    expect(forecast).toMatchObject({ bills: 1, total: '1000.00' });
    // Another job for the same run (a retry, a second instance) finds nothing left: nothing is doubled.
    await t.app.services.jobs.enqueue(t.db, {
      kind: 'bill-run',
      phase: 'bill',
      payload: { runId: first.id },
    });
    await t.app.services.jobs.drain();
    expect(await billsOf(first.id)).toHaveLength(1);
  });

  it('shows a unit billed for its current period once a live bill holds every open account, and not after a void', async () => {
    const u = await unit('Current', '600000');
    const billed = async () => {
      const res = await t.json('GET', `/api/billing/households/${u.clientId}`, undefined, admin);
      return res.body.result.readiness.billed as boolean;
    };
    expect(await billed()).toBe(false);
    // The quarter holding today: the period readiness is judged for.
    const today = todayIn(t.config.FIRM_TIME_ZONE, t.clock.now());
    const run = await startRun({
      kind: 'LIVE_BILL',
      scope: 'SINGLE_UNIT',
      clientId: u.clientId,
      periodStart: today,
    });
    expect(run.bills).toBe(1);
    expect(await billed()).toBe(true);
    const list = await t.json('GET', `/api/billing/households?search=Current&limit=50`, undefined, admin);
    expect(list.body.result.find((r: { clientId: string }) => r.clientId === u.clientId)).toMatchObject({
      billed: true,
    });
    const [bill] = await billsOf(run.id);
    await t.json('POST', `/api/bills/${bill!.id}/void`, { reason: 'Billed too early' }, admin);
    expect(await billed()).toBe(false);
  });

  it('skips a unit whose setup blocks billing, with its reasons, and bills one that only requires attention', async () => {
    const blocked = await unit('Blocked', '300000');
    await t.db.execute(sql`update accounts set fee_schedule_id = null where id = ${blocked.accountId}`);
    const run = await startRun({ kind: 'FORECAST_BILL', scope: 'SINGLE_UNIT', clientId: blocked.clientId });
    expect(run).toMatchObject({ status: 'completed', bills: 0, units: { skipped: 1 } });
    const units = await t.json('GET', `/api/bill-runs/${run.id}/units?outcome=SKIPPED`, undefined, admin);
    expect(units.body.result[0].reasons).toContainEqual(
      expect.objectContaining({ code: 'NO_FEE_SCHEDULE', message: 'Blocked Brokerage has no fee schedule.' }),
    );
  });

  it('records a failed household with its error, and retries it alone once fixed', async () => {
    // A value above every schedule's ceiling: the engine refuses it.
    const u = await unit('Huge', '20000000000');
    const run = await startRun({ kind: 'FORECAST_BILL', scope: 'SINGLE_UNIT', clientId: u.clientId });
    expect(run).toMatchObject({ status: 'Failed', bills: 0, progress: { failed: 1 }, units: { failed: 1 } });
    const failed = await t.json('GET', `/api/bill-runs/${run.id}/units?outcome=FAILED`, undefined, admin);
    expect(failed.body.result[0].reasons[0].message).toMatch(/10,000,000,000|ceiling|schedule/i);
    await hold(u.accountId, '2000000');
    const retried = await t.json('POST', `/api/bill-runs/${run.id}/retry`, undefined, admin);
    expect(retried.body.message).toBe(BILL_RUN_MESSAGES.retried);
    await t.app.services.jobs.drain();
    const after = (await t.json('GET', `/api/bill-runs/${run.id}`, undefined, admin)).body.result;
    expect(after).toMatchObject({ status: 'completed', bills: 1, total: '5000.00', progress: { failed: 0 } });
    const none = await t.json('POST', `/api/bill-runs/${run.id}/retry`, undefined, admin);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(BILL_RUN_MESSAGES.noFailures);
  });

  it('bills a single account its share of the household’s tiered fee, never as if it stood alone', async () => {
    const u = await unit('Share', '1500000', { feeScheduleId: tieredSchedule });
    const second = await openAccountThroughApi(t, {
      clientId: u.clientId,
      memberId: u.memberId,
      registrationName: 'Share IRA',
      token: admin,
    });
    await hold(second, '500000');
    await setBilling(second, { feeScheduleId: tieredSchedule });
    const whole = await startRun({ kind: 'FORECAST_BILL', scope: 'SINGLE_UNIT', clientId: u.clientId });
    const wholeBill = await billOf(whole.id, u.clientId);
    const ira = wholeBill.accountLines.find((l: { accountId: string }) => l.accountId === second);
    const single = await startRun({ kind: 'FORECAST_BILL', scope: 'SINGLE_ACCOUNT', accountId: second });
    const singleBill = await billOf(single.id, u.clientId);
    expect(singleBill.accountLines).toHaveLength(1);
    expect(singleBill.amount).toBe(ira.amount);
    // 2,000,000 together: 500,000 × 1 % + 1,500,000 × 0.75 % = 16,250 a year, 4,062.50 a quarter, a quarter of it
    // the IRA's (its value's share): 1,015.625, the half cent going to the larger account by the largest
    // remainder's tie rule; alone it would pay 500,000 × 1 % / 4 = 1,250.00.
    expect(ira.amount).toBe('1015.62');
    expect(wholeBill.amount).toBe('4062.50');
  });

  it('keeps every bill of the run in its total, and a user without billingInstances out', async () => {
    const all = await startRun({ kind: 'FORECAST_BILL', scope: 'ALL_UNITS' });
    const rows = await billsOf(all.id);
    const sum = rows.reduce((cents, b) => cents + BigInt(b.amount.replace('.', '')), 0n);
    expect(all.total.replace('.', '')).toBe(sum.toString());
    expect(all.units.skipped).toBeGreaterThanOrEqual(1);

    await insertUserWithGrants(t.db, 'runs.reader@centric.test', { billingInstances: ['read'] });
    const token = (await t.signIn('runs.reader@centric.test')).token;
    expect((await t.json('GET', `/api/bill-runs/${all.id}`, undefined, token)).status).toBe(200);
    expect(
      (await t.json('POST', '/api/bill-runs', { ...Q2, kind: 'FORECAST_BILL', scope: 'ALL_UNITS' }, token))
        .status,
    ).toBe(403);
    await insertUserWithGrants(t.db, 'runs.none@centric.test', {});
    const noneToken = (await t.signIn('runs.none@centric.test')).token;
    expect((await t.json('GET', '/api/bill-runs', undefined, noneToken)).status).toBe(403);
  });
});
