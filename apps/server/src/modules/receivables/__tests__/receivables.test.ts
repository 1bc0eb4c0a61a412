import { RECEIVABLE_MESSAGES } from '@centric/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema/index.ts';
import { listReceivableRows } from '../receivables.repository.ts';
import { insertHousehold, insertUserWithGrants, masterDataId } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

// Receivables (issue 16 §1): the schedule of expected payments, received / written off / past due, the past-due
// alert once per payment, commission splits (decision 0018), the list, header, charts and export, every §5
// Receivable and Commission rule with its message, and the receivables permission on every route.

let t: TestContext;
let admin: string;
let clientId = '';
let advisorId = '';
let termLife = 0;
let annuity = 0;
let provider = 0;
let otherProvider = 0;

const masterId = (type: string, name: string) => masterDataId(t.db, type, name);

const body = (overrides: Record<string, unknown> = {}) => ({
  productType: 'LIFE_TERM',
  receivableProductId: termLife,
  providerId: provider,
  clientId,
  accountHolder: 'Ada Lovelace',
  description: 'Term life commission',
  amount: '1200',
  paymentFrequency: 'MONTHLY',
  numberOfPayments: 12,
  startDate: '2026-01-15',
  policyNumber: 'TL-10001',
  splits: [],
  ...overrides,
});

const split = (overrides: Record<string, unknown> = {}) => ({
  type: 'WEALTH_ADVISOR_1',
  payeeId: advisorId,
  appPercentage: '50',
  commissionPercentage: '80',
  startDate: '2026-01-01',
  numberOfPayments: 12,
  creditTo: '100',
  ...overrides,
});

const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await t.json('POST', '/api/receivables', body(overrides), admin);
  expect(res.status, res.body.message).toBe(201);
  return res.body.result;
};

/** Moves the clock to a day of the firm and signs in again (a session ends after 5 idle days). */
const setToday = async (day: string) => {
  t.clock.startAt(new Date(`${day}T16:00:00Z`));
  admin = (await t.signIn()).token;
};

beforeAll(async () => {
  t = await createTestContext();
  await setToday('2026-04-20');
  // The demo's receivables would count in the header and charts: this file starts from an empty book.
  await t.db.execute(sql`delete from receivables`);
  advisorId = (await insertUserWithGrants(t.db, 'receivable.advisor@centric.test', { receivables: ['read'] }))
    .userId;
  clientId = (
    await insertHousehold(t.db, {
      name: 'Lovelace Household',
      members: [{ firstName: 'Ada', lastName: 'Lovelace' }],
      advisors: { WEALTH_ADVISOR_1: advisorId },
    })
  ).clientId;
  termLife = await masterId('receivable-products', '20-Year Term Life');
  annuity = await masterId('receivable-products', 'Fixed Indexed Annuity');
  provider = await masterId('providers', 'Prudential');
  otherProvider = await masterId('providers', 'Athene');
});
afterAll(() => t.close());

describe('schedules', () => {
  it('monthly from the 31st clamps to each month end from the anchor, never drifting', async () => {
    const r = await create({ startDate: '2026-01-31', numberOfPayments: 4, amount: '100' });
    expect(r.payments.map((p: { dueDate: string }) => p.dueDate)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(r.totalAmount).toBe('400.00');
    expect(r.payments.map((p: { sequence: number }) => p.sequence)).toEqual([1, 2, 3, 4]);
  });

  it('quarterly and semi-annual step by 3 and 6 months; annual by 12', async () => {
    const q = await create({ paymentFrequency: 'QUARTERLY', startDate: '2026-08-31', numberOfPayments: 3 });
    expect(q.payments.map((p: { dueDate: string }) => p.dueDate)).toEqual([
      '2026-08-31',
      '2026-11-30',
      '2027-02-28',
    ]);
    const s = await create({ paymentFrequency: 'SEMI_ANNUAL', startDate: '2026-08-31', numberOfPayments: 3 });
    expect(s.payments.map((p: { dueDate: string }) => p.dueDate)).toEqual([
      '2026-08-31',
      '2027-02-28',
      '2027-08-31',
    ]);
    const a = await create({ paymentFrequency: 'ANNUAL', startDate: '2028-02-29', numberOfPayments: 2 });
    expect(a.payments.map((p: { dueDate: string }) => p.dueDate)).toEqual(['2028-02-29', '2029-02-28']);
  });

  it('ONE_TIME is a single payment on the start date; it refuses another number of payments', async () => {
    const one = await create({ paymentFrequency: 'ONE_TIME', numberOfPayments: 1, startDate: '2026-06-10' });
    expect(one.payments).toHaveLength(1);
    expect(one.payments[0]).toMatchObject({ dueDate: '2026-06-10', amount: '1200.00', state: 'EXPECTED' });
    expect(one.totalAmount).toBe('1200.00');
    const refused = await t.json(
      'POST',
      '/api/receivables',
      body({ paymentFrequency: 'ONE_TIME', numberOfPayments: 3 }),
      admin,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(RECEIVABLE_MESSAGES.oneTimeSinglePayment);
  });

  it('PAID_UP expects nothing: only what is recorded as received counts', async () => {
    const paid = await create({ paymentFrequency: 'PAID_UP', numberOfPayments: 1 });
    expect(paid.payments).toEqual([]);
    expect(paid.totalAmount).toBe('0.00');
    const recorded = await t.json(
      'POST',
      `/api/receivables/${paid.id}/payments`,
      { receivedDate: '2026-04-02', amountReceived: '350.25' },
      admin,
    );
    expect(recorded.status).toBe(201);
    expect(recorded.body.message).toBe(RECEIVABLE_MESSAGES.paymentRecorded);
    expect(recorded.body.result.payments).toMatchObject([
      { sequence: null, state: 'RECEIVED', receivedDate: '2026-04-02', amountReceived: '350.25' },
    ]);
    expect(recorded.body.result.totalAmount).toBe('350.25');
    // A scheduled receivable records nothing outside its schedule.
    const monthly = await create();
    const refused = await t.json(
      'POST',
      `/api/receivables/${monthly.id}/payments`,
      { receivedDate: '2026-04-02', amountReceived: '10' },
      admin,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(RECEIVABLE_MESSAGES.paymentOnlyPaidUp);
  });
});

describe('past due, received, written off', () => {
  it('on 2026-04-20, 1,200 monthly from 2026-01-15 with two received leaves two payments past due: $2,400', async () => {
    await t.db.execute(sql`delete from receivables`);
    const r = await create();
    const [first, second] = r.payments;
    for (const payment of [first, second]) {
      const res = await t.json(
        'POST',
        `/api/receivables/${r.id}/payments/${payment.id}/receive`,
        { receivedDate: payment.dueDate, amountReceived: '1200' },
        admin,
      );
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.message).toBe(RECEIVABLE_MESSAGES.markedReceived);
    }
    const detail = (await t.json('GET', `/api/receivables/${r.id}`, undefined, admin)).body.result;
    expect(detail.payments.slice(0, 5).map((p: { state: string }) => p.state)).toEqual([
      'RECEIVED',
      'RECEIVED',
      'PAST_DUE',
      'PAST_DUE',
      'EXPECTED',
    ]);
    const header = await t.json('GET', '/api/receivables/header', undefined, admin);
    expect(header.body.result).toMatchObject({
      today: '2026-04-20',
      pastDueTotal: '2400.00',
      pastDueCount: 2,
      receivedYearToDate: '2400.00',
      projectedThisMonth: '1200.00',
      projectedThisQuarter: '3600.00',
      projectedThisYear: '14400.00',
    });
    const pastDue = await t.json('GET', '/api/receivables?childTab=pastDue', undefined, admin);
    expect(pastDue.body.totalResults).toBe(2);
    expect(
      pastDue.body.result.map((row: { date: string; daysPastDue: number }) => [row.date, row.daysPastDue]),
    ).toEqual([
      ['2026-03-15', 36],
      ['2026-04-15', 5],
    ]);
    const received = await t.json('GET', '/api/receivables?childTab=received', undefined, admin);
    expect(received.body.totalResults).toBe(2);
    const projected = await t.json('GET', '/api/receivables?childTab=projected&limit=5', undefined, admin);
    expect(projected.body.totalResults).toBe(8);
    expect(projected.body.result).toHaveLength(5);

    const charts = await t.json('GET', '/api/receivables/charts?viewBy=products', undefined, admin);
    expect(charts.body.result.stackBy).toBe('products');
    expect(charts.body.result.months).toHaveLength(12);
    expect(charts.body.result.months[0]).toMatchObject({
      month: '2026-04',
      total: '1200.00',
      parts: { '20-Year Term Life': '1200.00' },
    });
    // Under the providers view, the same month stacked by the receivable's provider.
    const byProvider = await t.json('GET', '/api/receivables/charts?viewBy=providers', undefined, admin);
    expect(byProvider.body.result.stackBy).toBe('providers');
    expect(byProvider.body.result.months[0].total).toBe('1200.00');
    expect(Object.keys(byProvider.body.result.months[0].parts)).toEqual(byProvider.body.result.series);
    expect(byProvider.body.result.series).not.toContain('20-Year Term Life');
    expect(charts.body.result.pastDueByAge).toEqual([
      { key: 'd1to30', label: '1–30 days', amount: '1200.00', count: 1 },
      { key: 'd31to60', label: '31–60 days', amount: '1200.00', count: 1 },
      { key: 'd61to90', label: '61–90 days', amount: '0.00', count: 0 },
      { key: 'over90', label: 'Over 90 days', amount: '0.00', count: 0 },
    ]);

    // Past due the day after its date, no grace: due today is still expected, due yesterday is past due.
    const dueToday = await create({
      paymentFrequency: 'ONE_TIME',
      numberOfPayments: 1,
      startDate: '2026-04-20',
    });
    expect(dueToday.payments[0].state).toBe('EXPECTED');
    const dueYesterday = await create({
      paymentFrequency: 'ONE_TIME',
      numberOfPayments: 1,
      startDate: '2026-04-19',
    });
    expect(dueYesterday.payments[0].state).toBe('PAST_DUE');
    expect((await t.json('GET', '/api/receivables/header', undefined, admin)).body.result.pastDueCount).toBe(
      3,
    );
  });

  it('raises one past-due alert per payment to the advisors, resolved when received or written off', async () => {
    await t.db.execute(sql`delete from receivables`);
    const r = await create({ startDate: '2026-03-01', numberOfPayments: 3 });
    await setToday('2026-04-21');
    const first = await t.app.services.activitySweep.runOnce();
    expect(first.daily.receivablesPastDue).toBe(2);
    const alerts = () =>
      t.db.execute(sql`select a.cause_key, a.message, a.resolved_at is null as open,
          (select count(*)::int from alert_recipients x where x.alert_id = a.id and x.user_id = ${advisorId}) as mine
        from alerts a where a.category = 'receivablePastDue' order by a.message`);
    let rows = rowsOf<{ cause_key: string; message: string; open: boolean; mine: number }>(await alerts());
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.open && row.mine === 1)).toBe(true);
    expect(rows[0]!.message).toBe(
      'The 20-Year Term Life payment of $1,200.00 from Prudential for Lovelace Household, due 03/01/2026, is past due.',
    );
    // The next day's sweep raises nothing again.
    await setToday('2026-04-22');
    expect((await t.app.services.activitySweep.runOnce()).daily.receivablesPastDue).toBe(0);
    expect(rowsOf(await alerts())).toHaveLength(2);

    const [march, april] = r.payments;
    await t.json(
      'POST',
      `/api/receivables/${r.id}/payments/${march.id}/receive`,
      { receivedDate: '2026-04-21', amountReceived: '1150' },
      admin,
    );
    const off = await t.json(
      'POST',
      `/api/receivables/${r.id}/payments/${april.id}/write-off`,
      { note: 'Carrier lapsed the policy' },
      admin,
    );
    expect(off.body.message).toBe(RECEIVABLE_MESSAGES.writtenOff);
    expect(off.body.result.payments[1]).toMatchObject({
      state: 'WRITTEN_OFF',
      note: 'Carrier lapsed the policy',
    });
    rows = rowsOf(await alerts());
    expect(rows.every((row) => !row.open)).toBe(true);

    // A settled payment cannot be settled again; reopened, it is expected (past due) again.
    const again = await t.json('POST', `/api/receivables/${r.id}/payments/${april.id}/write-off`, {}, admin);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(RECEIVABLE_MESSAGES.paymentAlreadySettled);
    const reopened = await t.json(
      'POST',
      `/api/receivables/${r.id}/payments/${april.id}/reopen`,
      undefined,
      admin,
    );
    expect(reopened.status).toBe(200);
    expect(reopened.body.result.payments[1]).toMatchObject({ state: 'PAST_DUE', note: null });
  });

  it('refuses a received date in the future or missing, and an amount out of range', async () => {
    const r = await create({ startDate: '2026-05-01', numberOfPayments: 2 });
    const url = `/api/receivables/${r.id}/payments/${r.payments[0].id}/receive`;
    const cases: [Record<string, unknown>, string][] = [
      [{ amountReceived: '10' }, RECEIVABLE_MESSAGES.receivedDateRequired],
      [{ receivedDate: '2026-04-23', amountReceived: '10' }, RECEIVABLE_MESSAGES.receivedDateInFuture],
      [{ receivedDate: '2026-04-01' }, RECEIVABLE_MESSAGES.amountReceivedRequired],
      [{ receivedDate: '2026-04-01', amountReceived: '0' }, RECEIVABLE_MESSAGES.amountReceivedRange],
      [
        { receivedDate: '2026-04-01', amountReceived: '50000000.01' },
        RECEIVABLE_MESSAGES.amountReceivedRange,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await t.json('POST', url, payload, admin);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const detail = (await t.json('GET', `/api/receivables/${r.id}`, undefined, admin)).body.result;
    expect(detail.payments[0].state).toBe('EXPECTED');
  });
});

describe('commission splits', () => {
  it('pays each payee payment × app % × commission %, the rest to the firm (a worked example)', async () => {
    const r = await create({
      amount: '1200',
      numberOfPayments: 4,
      startDate: '2026-05-15',
      splits: [
        split({ appPercentage: '50', commissionPercentage: '80', numberOfPayments: 4 }),
        split({
          type: 'FIRM',
          payeeId: null,
          appPercentage: '50',
          commissionPercentage: '10',
          startDate: '2026-06-01',
          numberOfPayments: 2,
          creditTo: '0',
        }),
      ],
    });
    expect(r.totalAppPercentage).toBe('100');
    expect(r.totalCommissionPercentage).toBe('90');
    // $1,200 × 50% × 80% = $480 to the advisor; from June, $1,200 × 50% × 10% = $60 to the firm's split for 2
    // payments; the firm keeps the rest.
    expect(
      r.payments.map((p: { shares: { amount: string }[]; firmAmount: string }) => [
        p.shares.map((s) => s.amount),
        p.firmAmount,
      ]),
    ).toEqual([
      [['480.00'], '720.00'],
      [['480.00', '60.00'], '660.00'],
      [['480.00', '60.00'], '660.00'],
      [['480.00'], '720.00'],
    ]);
    expect(r.payments[0].shares[0].payee).toBe('Test receivable.advisor');
    // Half a cent rounds up: $0.01… of 33.33% × 15%: 1,000.03 × 33.33% × 15% = 49.9965 → $50.00.
    const odd = await create({
      amount: '1000.03',
      numberOfPayments: 1,
      splits: [split({ appPercentage: '33.33', commissionPercentage: '15', numberOfPayments: 1 })],
    });
    expect(odd.payments[0].shares[0].amount).toBe('50.00');
    expect(odd.payments[0].firmAmount).toBe('950.03');
  });

  it('a received payment is split as received', async () => {
    const r = await create({
      startDate: '2026-04-01',
      numberOfPayments: 2,
      splits: [split({ appPercentage: '100', commissionPercentage: '50', numberOfPayments: 2 })],
    });
    const res = await t.json(
      'POST',
      `/api/receivables/${r.id}/payments/${r.payments[0].id}/receive`,
      { receivedDate: '2026-04-10', amountReceived: '1000' },
      admin,
    );
    expect(res.body.result.payments[0]).toMatchObject({
      shares: [{ amount: '500.00' }],
      firmAmount: '500.00',
    });
  });
});

describe('the rules of §5 Receivable and Commission, each with its message, nothing stored', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['account holder missing', { accountHolder: '' }, RECEIVABLE_MESSAGES.accountHolderRequired],
    ['account holder only spaces', { accountHolder: '   ' }, RECEIVABLE_MESSAGES.accountHolderOnlySpaces],
    ['account holder over 30', { accountHolder: 'A'.repeat(31) }, RECEIVABLE_MESSAGES.accountHolderMax],
    ['description over 50', { description: 'D'.repeat(51) }, RECEIVABLE_MESSAGES.descriptionMax],
    ['amount below $1', { amount: '0.99' }, RECEIVABLE_MESSAGES.amountRange],
    ['amount above $50,000,000', { amount: '50000000.01' }, RECEIVABLE_MESSAGES.amountRange],
    ['amount missing', { amount: '' }, RECEIVABLE_MESSAGES.amountRequired],
    ['amount with 3 decimals', { amount: '10.005' }, RECEIVABLE_MESSAGES.amountDecimals],
    ['no payments', { numberOfPayments: 0 }, RECEIVABLE_MESSAGES.numberOfPaymentsRange],
    ['121 payments', { numberOfPayments: 121 }, RECEIVABLE_MESSAGES.numberOfPaymentsRange],
    ['frequency unknown', { paymentFrequency: 'WEEKLY' }, RECEIVABLE_MESSAGES.frequencyRequired],
    ['start date missing', { startDate: '' }, RECEIVABLE_MESSAGES.startDateRequired],
    ['product type missing', { productType: undefined }, RECEIVABLE_MESSAGES.productTypeRequired],
    ['policy number over 30', { policyNumber: 'P'.repeat(31) }, RECEIVABLE_MESSAGES.policyNumberMax],
    [
      'app percentage above 100',
      { splits: [{ appPercentage: '100.01' }] },
      RECEIVABLE_MESSAGES.appPercentageRange,
    ],
    ['app percentage below 0', { splits: [{ appPercentage: '-1' }] }, RECEIVABLE_MESSAGES.appPercentageRange],
    [
      'commission percentage above 300',
      { splits: [{ commissionPercentage: '300.01' }] },
      RECEIVABLE_MESSAGES.commissionPercentageRange,
    ],
    [
      'commission percentage below 0',
      { splits: [{ commissionPercentage: '-0.01' }] },
      RECEIVABLE_MESSAGES.commissionPercentageRange,
    ],
    ['credit to above 100', { splits: [{ creditTo: '101' }] }, RECEIVABLE_MESSAGES.creditToRange],
    ['split with no payments', { splits: [{ numberOfPayments: 0 }] }, RECEIVABLE_MESSAGES.splitPaymentsMin],
    [
      'split beyond the total product payments',
      { numberOfPayments: 12, splits: [{ numberOfPayments: 13 }] },
      RECEIVABLE_MESSAGES.splitPaymentsAboveTotal,
    ],
    [
      'total app percentage below 1',
      { splits: [{ appPercentage: '0.5' }] },
      RECEIVABLE_MESSAGES.totalAppPercentageRange,
    ],
    [
      'total app percentage above 100',
      { splits: [{ appPercentage: '60' }, { appPercentage: '50' }] },
      RECEIVABLE_MESSAGES.totalAppPercentageRange,
    ],
    [
      'total commission percentage above 300',
      {
        splits: [
          { appPercentage: '50', commissionPercentage: '200' },
          { appPercentage: '50', commissionPercentage: '100.5' },
        ],
      },
      RECEIVABLE_MESSAGES.totalCommissionPercentageRange,
    ],
    ['payee missing', { splits: [{ payeeId: null }] }, RECEIVABLE_MESSAGES.payeeRequired],
    ['firm with a payee', { splits: [{ type: 'FIRM' }] }, RECEIVABLE_MESSAGES.payeeFirmHasNone],
    ['split start date missing', { splits: [{ startDate: '' }] }, RECEIVABLE_MESSAGES.splitStartDateRequired],
  ];
  it.each(cases)('%s', async (_name, overrides, message) => {
    const before = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from receivables`),
    )[0]!.n;
    const payload = body(overrides);
    if (Array.isArray(overrides.splits)) {
      payload.splits = (overrides.splits as Record<string, unknown>[]).map((s) => split(s)) as never[];
    }
    const res = await t.json('POST', '/api/receivables', payload, admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    const after = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from receivables`),
    )[0]!.n;
    expect(after).toBe(before);
  });

  it('refuses a product of another product type, an unknown provider, household or payee', async () => {
    const cases: [Record<string, unknown>, string, number][] = [
      [{ receivableProductId: annuity }, RECEIVABLE_MESSAGES.productNotFound, 400],
      [{ providerId: termLife }, RECEIVABLE_MESSAGES.providerNotFound, 400],
      [{ clientId: '00000000-0000-4000-8000-000000000000' }, RECEIVABLE_MESSAGES.householdNotFound, 400],
      [
        { splits: [split({ payeeId: '00000000-0000-4000-8000-000000000000' })] },
        RECEIVABLE_MESSAGES.payeeNotFound,
        400,
      ],
    ];
    for (const [overrides, message, status] of cases) {
      const res = await t.json('POST', '/api/receivables', body(overrides), admin);
      expect(res.status, message).toBe(status);
      expect(res.body.message).toBe(message);
    }
  });

  it('changing the terms keeps what was received and refuses a schedule ending before it', async () => {
    const r = await create({ startDate: '2026-01-15', numberOfPayments: 6 });
    await t.json(
      'POST',
      `/api/receivables/${r.id}/payments/${r.payments[2].id}/receive`,
      { receivedDate: '2026-03-16', amountReceived: '1200' },
      admin,
    );
    const shorter = await t.json('PATCH', `/api/receivables/${r.id}`, body({ numberOfPayments: 2 }), admin);
    expect(shorter.status).toBe(400);
    expect(shorter.body.message).toBe(RECEIVABLE_MESSAGES.settledPaymentBeyondSchedule(3));
    const changed = await t.json(
      'PATCH',
      `/api/receivables/${r.id}`,
      body({ numberOfPayments: 4, amount: '1300', providerId: otherProvider }),
      admin,
    );
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.message).toBe(RECEIVABLE_MESSAGES.updated);
    expect(
      changed.body.result.payments.map((p: { sequence: number; amount: string; state: string }) => [
        p.sequence,
        p.amount,
        p.state,
      ]),
    ).toEqual([
      [1, '1300.00', 'PAST_DUE'],
      [2, '1300.00', 'PAST_DUE'],
      [3, '1200.00', 'RECEIVED'],
      [4, '1300.00', 'PAST_DUE'],
    ]);
    const [update] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'receivable'), eq(auditLog.entityId, r.id), eq(auditLog.action, 'UPDATE')),
      )
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(update?.after).toMatchObject({
      amount: '1300.00',
      numberOfPayments: 4,
      providerId: otherProvider,
    });

    const removed = await t.json('DELETE', `/api/receivables/${r.id}`, undefined, admin);
    expect(removed.body.message).toBe(RECEIVABLE_MESSAGES.deleted);
    expect((await t.json('GET', `/api/receivables/${r.id}`, undefined, admin)).status).toBe(404);
  });
});

describe('list views and exports', () => {
  it('groups rows by product, provider, advisor or household, searches, pages and exports', async () => {
    await t.db.execute(sql`delete from receivables`);
    await create({ numberOfPayments: 2, startDate: '2026-05-01' });
    await create({
      productType: 'ANNUITY_INDEXED',
      receivableProductId: annuity,
      providerId: otherProvider,
      numberOfPayments: 1,
      startDate: '2026-06-01',
      policyNumber: 'AN-777',
    });
    const list = async (query: string) =>
      (await t.json('GET', `/api/receivables?${query}`, undefined, admin)).body;
    expect(
      (await list('viewBy=products')).result.map((r: { group: { name: string } }) => r.group.name),
    ).toEqual(['20-Year Term Life', '20-Year Term Life', 'Fixed Indexed Annuity']);
    expect((await list('viewBy=providers')).result[0].group.name).toBe('Athene');
    expect((await list('viewBy=advisors')).result[0].group).toEqual({
      id: advisorId,
      name: 'Test receivable.advisor',
    });
    expect((await list('viewBy=households')).result[0].group.name).toBe('Lovelace Household');
    expect((await list('search=AN-777')).totalResults).toBe(1);
    expect((await list(`viewBy=products&groupId=${annuity}`)).totalResults).toBe(1);
    const originals = await list('childTab=originals&sortBy=amount&order=DESC');
    expect(originals.totalResults).toBe(2);
    expect(originals.result.map((r: { totalAmount: string }) => r.totalAmount).sort()).toEqual([
      '1200.00',
      '2400.00',
    ]);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/receivables/export?childTab=projected&viewBy=providers&format=csv',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('receivables-projected');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Provider,Product,Provider,Household');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Athene');
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/receivables/export?childTab=originals&format=xlsx',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('the screen at scale: pages walked by group, header and counts from the days', () => {
  it('pages each view and tab in the same order as the whole list, and the days add up to the payments', async () => {
    await t.db.execute(sql`delete from receivables`);
    const other = (
      await insertHousehold(t.db, {
        name: 'Babbage Household',
        members: [{ firstName: 'Charles', lastName: 'Babbage' }],
      })
    ).clientId;
    const made = [
      await create({ numberOfPayments: 6, startDate: '2026-01-31' }),
      await create({ numberOfPayments: 4, startDate: '2026-01-31', amount: '250', clientId: other }),
      await create({
        productType: 'ANNUITY_INDEXED',
        receivableProductId: annuity,
        providerId: otherProvider,
        paymentFrequency: 'QUARTERLY',
        numberOfPayments: 5,
        startDate: '2025-11-30',
        clientId: other,
      }),
      await create({ paymentFrequency: 'ONE_TIME', numberOfPayments: 1, startDate: '2026-05-02' }),
    ];
    const payment = (i: number, k: number) => made[i].payments[k] as { id: string };
    const post = async (i: number, k: number, action: string, payload?: unknown) => {
      const res = await t.json(
        'POST',
        `/api/receivables/${made[i].id}/payments/${payment(i, k).id}/${action}`,
        payload,
        admin,
      );
      expect(res.status, res.body.message).toBe(200);
    };
    await post(0, 0, 'receive', { receivedDate: '2026-02-02', amountReceived: '1150' });
    await post(1, 0, 'receive', { receivedDate: '2026-02-03', amountReceived: '250' });
    await post(2, 0, 'write-off', { note: 'Lapsed' });
    await post(2, 1, 'receive', { receivedDate: '2026-03-01', amountReceived: '1200' });
    await post(2, 1, 'reopen');
    const gone = await t.json('DELETE', `/api/receivables/${made[3].id}`, undefined, admin);
    expect(gone.status, gone.body.message).toBe(200);

    // The days kept by the triggers are the payments added up afresh.
    const days = async (source: 'kept' | 'fresh') =>
      rowsOf<{ kind: string; day: string; state: string; payments: number; amount: string }>(
        await t.db.execute(
          source === 'kept'
            ? sql`select kind, day::text, state, payments, amount::text from receivable_payment_days
                where payments <> 0 order by 1, 2, 3`
            : sql`select * from (
                select 'DUE' as kind, due_date::text as day, state, count(*)::int as payments,
                  sum(amount)::numeric(20,2)::text as amount
                from receivable_payments group by due_date, state
                union all
                select 'RECEIVED', received_date::text, 'RECEIVED', count(*)::int,
                  sum(amount_received)::numeric(20,2)::text
                from receivable_payments where state = 'RECEIVED' group by received_date) x
              order by 1, 2, 3`,
        ),
      );
    expect(await days('kept')).toEqual(await days('fresh'));
    const header = (await t.json('GET', '/api/receivables/header', undefined, admin)).body.result;
    expect(header).toMatchObject({
      projectedThisMonth: '1450.00', // 2026-04-30: 1,200 and 250
      pastDueTotal: '4100.00', // 02-28 and 03-31 of the first (2 × 1,200), 02-28 and 03-31 of the second (2 × 250), 02-28 of the third (1,200)
      pastDueCount: 5,
      receivedYearToDate: '1400.00',
    });

    // Every view and tab: its pages one after the other are the whole list, in the whole list's order.
    for (const viewBy of ['products', 'providers', 'advisors', 'households'] as const) {
      for (const childTab of ['projected', 'pastDue', 'received', 'originals'] as const) {
        for (const order of ['ASC', 'DESC'] as const) {
          const query = { childTab, viewBy, order, sortBy: 'group' as const };
          const whole = await listReceivableRows(t.db, query, '2026-04-20', null);
          const paged: string[] = [];
          for (let page = 1; page <= Math.ceil(whole.total / 2); page += 1) {
            const one = await listReceivableRows(t.db, query, '2026-04-20', { page, limit: 2 });
            expect(one.total, `${viewBy} ${childTab}`).toBe(whole.total);
            paged.push(...one.items.map((row) => row.id));
          }
          expect(paged, `${viewBy} ${childTab} ${order}`).toEqual(whole.items.map((row) => row.id));
          expect(whole.items).toHaveLength(whole.total);
        }
      }
    }
  });
});

describe('permissions: receivables on every route', () => {
  it('refuses each route without its permission, and allows reading with read only', async () => {
    const r = await create({ numberOfPayments: 1, startDate: '2026-06-01' });
    const paymentId = r.payments[0].id;
    await insertUserWithGrants(t.db, 'no.receivables@centric.test', { dashboard: ['read'] });
    await insertUserWithGrants(t.db, 'read.receivables@centric.test', { receivables: ['read'] });
    const none = (await t.signIn('no.receivables@centric.test')).token;
    const reader = (await t.signIn('read.receivables@centric.test')).token;
    const reads: [string, string][] = [
      ['GET', '/api/receivables'],
      ['GET', '/api/receivables/header'],
      ['GET', '/api/receivables/charts'],
      ['GET', '/api/receivables/options'],
      ['GET', '/api/receivables/export?format=csv'],
      ['GET', `/api/receivables/${r.id}`],
    ];
    const writes: [string, string, unknown][] = [
      ['POST', '/api/receivables', body()],
      ['PATCH', `/api/receivables/${r.id}`, body()],
      ['POST', `/api/receivables/${r.id}/payments`, { receivedDate: '2026-04-01', amountReceived: '1' }],
      [
        'POST',
        `/api/receivables/${r.id}/payments/${paymentId}/receive`,
        { receivedDate: '2026-04-01', amountReceived: '1' },
      ],
      ['POST', `/api/receivables/${r.id}/payments/${paymentId}/write-off`, {}],
      ['POST', `/api/receivables/${r.id}/payments/${paymentId}/reopen`, undefined],
      ['DELETE', `/api/receivables/${r.id}`, undefined],
    ];
    for (const [method, url] of reads) {
      expect((await t.json(method as 'GET', url, undefined, none)).status, url).toBe(403);
      expect((await t.json(method as 'GET', url, undefined, reader)).status, url).toBe(200);
    }
    for (const [method, url, payload] of writes) {
      expect((await t.json(method as 'POST', url, payload, none)).status, url).toBe(403);
      expect((await t.json(method as 'POST', url, payload, reader)).status, url).toBe(403);
    }
    expect(
      (await t.json('GET', `/api/receivables/${r.id}`, undefined, admin)).body.result.payments[0].state,
    ).toBe('EXPECTED');
  });
});
