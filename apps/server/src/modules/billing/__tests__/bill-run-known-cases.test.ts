import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_CEILING, feeScheduleInput } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { billRunFirm } from './bill-run-fixtures.ts';

// The known cases of packages/billing's README ("The known cases, worked"), each billed by a real live run end
// to end: schedules and values entered through the API, the run a durable job, the bill read back.

let t: TestContext;
type Firm = Awaited<ReturnType<typeof billRunFirm>>;
let f: Firm;

const schedule = async (body: Record<string, unknown>) => {
  const res = await t.json('POST', '/api/fee-schedules', feeScheduleInput(body), f.admin);
  expect(res.status, res.body.message).toBe(201);
  return res.body.result.id as string;
};

const liveBill = async (clientId: string, period: Record<string, unknown> = {}) => {
  const run = await f.startRun({ kind: 'LIVE_BILL', scope: 'SINGLE_UNIT', clientId, ...period });
  expect(run.status).toBe('completed');
  return f.billOf(run.id, clientId);
};

const Q3 = { period: 'QUARTERLY', periodStart: '2026-07-01' };

beforeAll(async () => {
  t = await createTestContext();
  t.clock.startAt(new Date('2027-01-15T16:00:00Z'));
  f = await billRunFirm(t);
});
afterAll(() => t.close());

describe('the fee engine’s known cases through a live run', () => {
  it('1. 100 bps to $1M, 75 above, $1.5M: tiered 13,750.00 a year, linear 11,250.00', async () => {
    const tiers = [
      { minimum: '0', maximum: '1000000', rate: '100' },
      { minimum: '1000000', maximum: FEE_CEILING, rate: '75' },
    ];
    const tiered = await schedule({ name: 'Known 1 tiered', tiers });
    const linear = await schedule({ name: 'Known 1 linear', structure: 'LINEAR', tiers });
    const a = await f.unit('Known1Tiered', '1500000', { feeScheduleId: tiered });
    const b = await f.unit('Known1Linear', '1500000', { feeScheduleId: linear });
    expect((await liveBill(a.clientId)).amount).toBe('3437.50');
    expect((await liveBill(b.clientId)).amount).toBe('2812.50');
  });

  it('2. three tiers, $1M: 2,187.50 a quarter by frequency, 2,181.51 by actual days', async () => {
    const id = await schedule({ name: 'Known 2' });
    const a = await f.unit('Known2Frequency', '1000000', { feeScheduleId: id });
    const b = await f.unit('Known2Days', '1000000', { feeScheduleId: id });
    const bill = await liveBill(a.clientId);
    expect(bill.amount).toBe('2187.50');
    expect(bill.schedules[0].annualAmount).toBe('8750.00');
    // A custom period is prorated by actual days: 8,750 × 91/365.
    const custom = await liveBill(b.clientId, {
      period: 'CUSTOM',
      periodStart: '2026-04-01',
      periodEnd: '2026-06-30',
    });
    expect(custom.amount).toBe('2181.51');
  });

  it('3. seven tiers, $3M: 18,750.00 a year', async () => {
    const id = await schedule({
      name: 'Known 3',
      tiers: [
        { minimum: '0', maximum: '500000', rate: '90' },
        { minimum: '500000', maximum: '1000000', rate: '75' },
        { minimum: '1000000', maximum: '2000000', rate: '60' },
        { minimum: '2000000', maximum: '4000000', rate: '45' },
        { minimum: '4000000', maximum: '6000000', rate: '30' },
        { minimum: '6000000', maximum: '10000000', rate: '25' },
        { minimum: '10000000', maximum: FEE_CEILING, rate: '20' },
      ],
    });
    const u = await f.unit('Known3', '3000000', { feeScheduleId: id });
    const bill = await liveBill(u.clientId);
    expect(bill.schedules[0].annualAmount).toBe('18750.00');
    expect(bill.amount).toBe('4687.50');
  });

  it('4. 125 bps with a $4,000 minimum, $250,000: the minimum, 1,000.00 a quarter', async () => {
    const id = await schedule({
      name: 'Known 4',
      structure: 'LINEAR',
      annualMinimum: '4000',
      tiers: [{ minimum: '0', maximum: FEE_CEILING, rate: '125' }],
    });
    const u = await f.unit('Known4', '250000', { feeScheduleId: id });
    expect((await liveBill(u.clientId)).amount).toBe('1000.00');
  });

  it('5. householding $100k and $300k: 2,125.00 a year together, allocated 132.81 and 398.44 a quarter', async () => {
    const id = await schedule({
      name: 'Known 5',
      tiers: [
        { minimum: '0', maximum: '100000', rate: '100' },
        { minimum: '100000', maximum: '250000', rate: '50' },
        { minimum: '250000', maximum: FEE_CEILING, rate: '25' },
      ],
    });
    const u = await f.unit('Known5', '100000', { feeScheduleId: id });
    const { openAccountThroughApi } = await import('../../../../test/factories.ts');
    const second = await openAccountThroughApi(t, {
      clientId: u.clientId,
      memberId: u.memberId,
      registrationName: 'Known5 Trust',
      token: f.admin,
    });
    await f.hold(second, '300000');
    await f.setBilling(second, { feeScheduleId: id });
    const bill = await liveBill(u.clientId);
    expect(bill.schedules[0].annualAmount).toBe('2125.00');
    expect(bill.amount).toBe('531.25');
    expect(bill.accountLines.map((a: { amount: string }) => a.amount).sort()).toEqual(['132.81', '398.44']);
  });

  it('6. cash flows into $150,000 at 100 bps in arrears: 248.63, rounded once', async () => {
    const id = await schedule({
      name: 'Known 6',
      structure: 'LINEAR',
      tiers: [{ minimum: '0', maximum: FEE_CEILING, rate: '100' }],
    });
    const u = await f.unit('Known6', '150000', { feeScheduleId: id });
    for (const [date, amount] of [
      ['2026-05-02', '100000'],
      ['2026-05-08', '100000'],
      ['2026-05-15', '-50000'],
    ]) {
      const res = await t.json(
        'POST',
        '/api/billing/cashflows',
        { accountId: u.accountId, date, amount, reason: 'Known case 6' },
        f.admin,
      );
      expect(res.status, res.body.message).toBe(201);
    }
    expect((await liveBill(u.clientId)).amount).toBe('248.63');
  });

  it('8 and 10. a closing in arrears bills 45 of 91 days, 1,236.26; a 2,000.00 credit leaves 763.74 carried', async () => {
    const u = await f.unit('Known8', '1000000');
    await t.db.execute(
      sql`update accounts set status = 'CLOSED', closed_on = '2026-05-15' where id = ${u.accountId}::uuid`,
    );
    const credit = await t.json(
      'POST',
      '/api/billing/adjustments',
      { accountId: u.accountId, reasonCode: 'FEE_WAIVER', amount: '-2000' },
      f.admin,
    );
    expect(credit.status, credit.body.message).toBe(201);
    const bill = await liveBill(u.clientId);
    expect(bill.accountLines[0]).toMatchObject({ amount: '1236.26', openDays: 45, periodDays: 91 });
    expect(bill.extraLines).toEqual([
      expect.objectContaining({ kind: 'ADJUSTMENT', amount: '-1236.26', carriedForward: '-763.74' }),
    ]);
    expect(bill.amount).toBe('0.00');
  });

  it('8. a closing in advance: billed 2,500.00 for Q2, 46 unused days refunded, −1,263.74', async () => {
    const u = await f.unit('Known8Advance', '1000000', { timing: 'ADVANCE', startDate: '2025-10-01' });
    await f.hold(u.accountId, '1000000', '2026-03-31');
    // (Billed from before Q1: no part-period of Q1 is due.)
    expect((await liveBill(u.clientId)).amount).toBe('2500.00');
    const { openAccountThroughApi } = await import('../../../../test/factories.ts');
    const stays = await openAccountThroughApi(t, {
      clientId: u.clientId,
      memberId: u.memberId,
      registrationName: 'Known8 Stays',
      token: f.admin,
    });
    await f.hold(stays, '400000', '2026-09-30');
    await f.setBilling(stays);
    await t.db.execute(
      sql`update accounts set status = 'CLOSED', closed_on = '2026-05-15' where id = ${u.accountId}::uuid`,
    );
    const q3 = await liveBill(u.clientId, Q3);
    expect(q3.extraLines).toEqual([expect.objectContaining({ kind: 'REFUND', amount: '-1263.74' })]);
  });

  it('9. an opening in advance on 2026-05-02: Q3 charges 2,500.00 and 60 days of Q2, 1,648.35', async () => {
    const u = await f.unit('Known9', '1000000', { timing: 'ADVANCE', startDate: '2026-05-02' });
    const bill = await liveBill(u.clientId, Q3);
    expect(bill.accountLines[0].amount).toBe('2500.00');
    expect(bill.extraLines).toEqual([expect.objectContaining({ kind: 'PART_PERIOD', amount: '1648.35' })]);
    expect(bill.amount).toBe('4148.35');
  });
});
