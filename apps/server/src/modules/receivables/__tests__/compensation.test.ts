import { COMPENSATION_MESSAGES } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../../db/seed/demo.ts';
import { insertUserWithGrants, masterDataId } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { billRunFirm } from '../../billing/__tests__/bill-run-fixtures.ts';

// Compensation (issue 16 §3): an advisor's period from a locked bill's payout and a receivable's split as it is
// received (billed or collected), the next 12 months projected, each line's origin; the firm view with its
// export and a period marked paid; an accepted chargeback of a reconciled statement taken back.

let t: TestContext;
let f: Awaited<ReturnType<typeof billRunFirm>>;
let advisor = '';
let receivableId = '';
const Q2 = 'from=2026-04-01&to=2026-06-30';

const masterId = (type: string, name: string) => masterDataId(t.db, type, name);

beforeAll(async () => {
  t = await createTestContext();
  t.clock.startAt(new Date('2026-07-15T16:00:00Z'));
  await t.db.execute(sql`delete from receivables`);
  f = await billRunFirm(t);
  // A $1,000,000 unit at 1 % a year: $2,500 for the quarter, 40 % of it paid out to the advisor ($1,000).
  const u = await f.unit('Compensation', '1000000');
  await f.addBlock(u.clientId, { payoutPercentage: '40' });
  const run = await f.startRun({ kind: 'LIVE_BILL', scope: 'SINGLE_UNIT', clientId: u.clientId });
  for (const step of ['approve', 'lock']) {
    const res = await t.json('POST', `/api/bill-runs/${run.id}/${step}`, {}, f.admin);
    expect(res.status, res.body.message).toBe(200);
  }
  // $1,200 a month from April 10, the advisor's split 100 % × 50 %: $600 a payment; two received, one short.
  const created = await t.json(
    'POST',
    '/api/receivables',
    {
      productType: 'LIFE_TERM',
      receivableProductId: await masterId('receivable-products', '20-Year Term Life'),
      providerId: await masterId('providers', 'Prudential'),
      clientId: u.clientId,
      accountHolder: 'Compensation Unit',
      amount: '1200',
      paymentFrequency: 'MONTHLY',
      numberOfPayments: 6,
      startDate: '2026-04-10',
      splits: [
        {
          type: 'WEALTH_ADVISOR_1',
          payeeId: f.advisor1,
          appPercentage: '100',
          commissionPercentage: '50',
          startDate: '2026-04-01',
          numberOfPayments: 6,
          creditTo: '100',
        },
      ],
    },
    f.admin,
  );
  expect(created.status, created.body.message).toBe(201);
  receivableId = created.body.result.id;
  const [april, may] = created.body.result.payments;
  for (const [payment, receivedDate, amountReceived] of [
    [april, '2026-04-12', '1200'],
    [may, '2026-05-11', '1000'],
  ] as const) {
    const res = await t.json(
      'POST',
      `/api/receivables/${receivableId}/payments/${payment.id}/receive`,
      { receivedDate, amountReceived },
      f.admin,
    );
    expect(res.status, res.body.message).toBe(200);
  }
  advisor = (await t.signIn(DEMO_USERS[1].email)).token;
}, 120_000);
afterAll(() => t.close());

describe('my compensation', () => {
  it('billed: the bill payout and the commissions due in the period, each line with its origin', async () => {
    const res = await t.json('GET', `/api/myCompensation?${Q2}&basis=billed`, undefined, advisor);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.result.payee).toEqual({ id: f.advisor1, fullName: DEMO_USERS[1].fullName });
    // Commissions due April, May, June: $600 (received in full), $500 (received short), $600 expected.
    expect(res.body.result.thisPeriod).toEqual({ fees: '1000.00', commissions: '1700.00', total: '2700.00' });
    const lines = res.body.result.lines as {
      source: string;
      amount: string;
      origin: { kind: string; label: string };
    }[];
    expect(lines.filter((l) => l.source === 'COMMISSIONS').map((l) => [l.amount, l.origin.label])).toEqual([
      ['600.00', '20-Year Term Life, Prudential, payment 1'],
      ['500.00', '20-Year Term Life, Prudential, payment 2'],
      ['600.00', '20-Year Term Life, Prudential, payment 3'],
    ]);
    const fee = lines.find((l) => l.source === 'FEES');
    expect(fee).toMatchObject({ amount: '1000.00', origin: { kind: 'bill' } });
    expect(fee!.origin.label).toMatch(/^Bill \d+ \(04\/01\/2026–06\/30\/2026\)$/);
    // The next 12 months: August and September are still expected ($600 each); July's is past due already.
    expect(res.body.result.projected.total).toBe('1200.00');
    expect(res.body.result.projected.months.slice(0, 3)).toEqual([
      { month: '2026-07', amount: '0.00' },
      { month: '2026-08', amount: '600.00' },
      { month: '2026-09', amount: '600.00' },
    ]);
  });

  it('collected: only what arrived (the bill is not collected yet, the commissions as received)', async () => {
    const res = await t.json('GET', `/api/myCompensation?${Q2}&basis=collected`, undefined, advisor);
    expect(res.body.result.thisPeriod).toEqual({ fees: '0.00', commissions: '1100.00', total: '1100.00' });
    expect(res.body.result.yearToDate).toEqual({ fees: '0.00', commissions: '1100.00', total: '1100.00' });
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await t.json('GET', '/api/myCompensation?from=2026-06-30&to=2026-04-01', undefined, advisor);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(COMPENSATION_MESSAGES.rangeInvalid);
  });
});

describe('the firm view', () => {
  it('lists every payee, exports the payable summary and marks a period paid', async () => {
    const list = await t.json('GET', `/api/compensation?${Q2}&basis=billed`, undefined, f.admin);
    expect(list.status).toBe(200);
    const row = (list.body.result as { payee: { id: string } }[]).find((r) => r.payee.id === f.advisor1);
    expect(row).toMatchObject({ fees: '1000.00', commissions: '1700.00', total: '2700.00', paid: null });

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/compensation/export?${Q2}&basis=billed&format=csv`,
      headers: { authorization: `Bearer ${f.admin}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Payee,Advisory fees,Commissions,Total,Paid,Paid on');
    expect(csv.body).toContain(`${DEMO_USERS[1].fullName},1000.00,1700.00,2700.00`);

    const body = {
      payeeId: f.advisor1,
      from: '2026-04-01',
      to: '2026-06-30',
      basis: 'billed',
      amount: '2700',
    };
    const future = await t.json(
      'POST',
      '/api/compensation/payments',
      { ...body, paidOn: '2026-07-16' },
      f.admin,
    );
    expect(future.status).toBe(400);
    expect(future.body.message).toBe(COMPENSATION_MESSAGES.paidOnInFuture);
    const paid = await t.json(
      'POST',
      '/api/compensation/payments',
      { ...body, paidOn: '2026-07-15' },
      f.admin,
    );
    expect(paid.status, paid.body.message).toBe(200);
    expect(paid.body.message).toBe(COMPENSATION_MESSAGES.markedPaid);
    const again = await t.json('GET', `/api/compensation?${Q2}&basis=billed`, undefined, f.admin);
    expect(
      (again.body.result as { payee: { id: string } }[]).find((r) => r.payee.id === f.advisor1),
    ).toMatchObject({
      paid: { amount: '2700.00', paidOn: '2026-07-15' },
    });
  });

  it('needs the receivables permission (read to see, write to mark paid); my compensation needs none', async () => {
    await insertUserWithGrants(t.db, 'no.compensation@centric.test', { dashboard: ['read'] });
    await insertUserWithGrants(t.db, 'read.compensation@centric.test', { receivables: ['read'] });
    const none = (await t.signIn('no.compensation@centric.test')).token;
    const reader = (await t.signIn('read.compensation@centric.test')).token;
    for (const url of [`/api/compensation?${Q2}`, `/api/compensation/export?${Q2}&format=csv`]) {
      expect((await t.json('GET', url, undefined, none)).status).toBe(403);
      expect((await t.json('GET', url, undefined, reader)).status).toBe(200);
    }
    const mark = {
      payeeId: f.advisor1,
      from: '2026-04-01',
      to: '2026-06-30',
      basis: 'billed',
      amount: '1',
      paidOn: '2026-07-01',
    };
    expect((await t.json('POST', '/api/compensation/payments', mark, reader)).status).toBe(403);
    const mine = await t.json('GET', `/api/myCompensation?${Q2}`, undefined, none);
    expect(mine.status).toBe(200);
    expect(mine.body.result.thisPeriod.total).toBe('0.00');
  });
});

describe('a chargeback on a reconciled statement', () => {
  it('is taken back from the advisor’s period, beside the bill payout and the received split', async () => {
    await t.db.execute(sql`update receivables set policy_number = 'COMP-1' where id = ${receivableId}`);
    const provider = await masterId('providers', 'Prudential');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/carrier-statements?providerId=${provider}&policyColumn=Policy&dateColumn=Date&amountColumn=Amount`,
      headers: { authorization: `Bearer ${f.admin}`, 'content-type': 'text/csv' },
      payload: 'Policy,Date,Amount\nCOMP-1,2026-06-20,-200.00\n',
    });
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().result.id as string;
    await t.app.services.jobs.drain();
    expect((await t.json('POST', `/api/carrier-statements/${jobId}/apply`, {}, f.admin)).status).toBe(202);
    await t.app.services.jobs.drain();
    const [chargeback] = (
      await t.json('GET', '/api/statement-differences?flag=CHARGEBACK', undefined, f.admin)
    ).body.result as { id: string }[];
    // Open, it is not taken back yet; accepted, it is: $200 × 100 % × 50 % = $100.
    const before = await t.json('GET', `/api/myCompensation?${Q2}&basis=billed`, undefined, advisor);
    expect(before.body.result.thisPeriod.total).toBe('2700.00');
    const accept = await t.json(
      'POST',
      `/api/statement-differences/${chargeback!.id}/resolve`,
      { action: 'accept' },
      f.admin,
    );
    expect(accept.status, accept.body.message).toBe(200);
    const after = await t.json('GET', `/api/myCompensation?${Q2}&basis=billed`, undefined, advisor);
    expect(after.body.result.thisPeriod).toEqual({
      fees: '1000.00',
      commissions: '1600.00',
      total: '2600.00',
    });
    const line = (
      after.body.result.lines as { source: string; amount: string; origin: { label: string } }[]
    ).find((l) => l.source === 'CHARGEBACKS');
    expect(line).toMatchObject({ amount: '-100.00' });
    expect(line!.origin.label).toBe(
      'Chargeback: 20-Year Term Life, Prudential, policy COMP-1 (statement statement.csv, line 2)',
    );
  });
});
