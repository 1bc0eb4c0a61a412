import { householdBill } from '@centric/billing';
import { CASH_FLOW_MESSAGES } from '@centric/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, manualCashFlows, products } from '../../../db/schema/index.ts';
import {
  feeScheduleInput,
  insertHousehold,
  insertUserWithGrants,
  openAccountThroughApi,
} from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

// Cash flows (issue 14 §5): the accounts' deposits and withdrawals with manual flows, the firm's threshold,
// each flow's treatment, and the projected fee reading them through the unit's billing inputs.

let t: TestContext;
let admin: string;
let scheduleId = '';
let cashId = '';

type Row = {
  id: string;
  source: string;
  account: { id: string; registrationName: string };
  household: { id: string; name: string };
  date: string;
  amount: string;
  direction: string;
  reason: string | null;
  treatment: string;
  createdBy: { id: string; fullName: string } | null;
};

const openAccount = (clientId: string, memberId: string, registrationName: string) =>
  openAccountThroughApi(t, { clientId, memberId, registrationName, token: admin });

const hold = async (accountId: string) => {
  const res = await t.json(
    'PUT',
    `/api/accounts/${accountId}/holdings/2026-09-30`,
    { positions: [{ productId: cashId, quantity: '250000' }] },
    admin,
  );
  expect(res.status).toBe(200);
};

const setBilling = async (accountId: string, timing: 'ARREARS' | 'ADVANCE') => {
  const res = await t.json(
    'PUT',
    `/api/billing/accounts/${accountId}/billing`,
    {
      feeScheduleId: scheduleId,
      payMethod: 'INDIRECT',
      frequency: 'QUARTERLY',
      timing,
      startDate: '2026-01-01',
      feePayingAccountId: accountId,
    },
    admin,
  );
  expect(res.status).toBe(200);
};

const transact = async (
  accountId: string,
  type: 'DEPOSIT' | 'WITHDRAWAL',
  tradeDate: string,
  amount: string,
) => {
  const res = await t.json(
    'POST',
    `/api/accounts/${accountId}/transactions`,
    { type, tradeDate, amount },
    admin,
  );
  expect(res.status).toBe(201);
};

const list = async (query: string, token = admin) => {
  const res = await t.json('GET', `/api/billing/cashflows?${query}`, undefined, token);
  expect(res.status).toBe(200);
  return res.body as unknown as {
    result: Row[];
    totalResults: number;
    summary: { deposits: string; withdrawals: string; count: number };
  };
};

const setThreshold = async (threshold: string | null) => {
  const res = await t.json('PUT', '/api/billing/cashflows/threshold', { threshold }, admin);
  expect(res.status).toBe(200);
};

const firstError = (res: { body: { errors?: { field: string; message: string }[] } }) => res.body.errors?.[0];

/** A household with an ARREARS account (deposit 100,000, withdrawal 5,000) and an ADVANCE one (deposit 20,000). */
const flowsHousehold = async (lastName: string) => {
  const h = await insertHousehold(t.db, { members: [{ firstName: 'Cash', lastName }] });
  const arrears = await openAccount(h.clientId, h.memberIds[0]!, `${lastName} Arrears`);
  const advance = await openAccount(h.clientId, h.memberIds[0]!, `${lastName} Advance`);
  await hold(arrears);
  await hold(advance);
  await setBilling(arrears, 'ARREARS');
  await setBilling(advance, 'ADVANCE');
  await transact(arrears, 'DEPOSIT', '2026-11-01', '100000');
  await transact(arrears, 'WITHDRAWAL', '2026-10-15', '5000');
  await transact(advance, 'DEPOSIT', '2026-10-20', '20000');
  return { clientId: h.clientId, memberId: h.memberIds[0]!, arrears, advance };
};

beforeAll(async () => {
  t = await createTestContext();
  t.clock.startAt(new Date('2026-11-25T16:00:00Z'));
  admin = (await t.signIn()).token;
  const schedule = await t.json(
    'POST',
    '/api/fee-schedules',
    feeScheduleInput({ name: 'Cash Flows AUM' }),
    admin,
  );
  scheduleId = schedule.body.result.id;
  const [cash] = await t.db
    .insert(products)
    .values({ name: 'Cash Flows Cash', symbol: 'CFCASH', productType: 'CASH' })
    .returning({ id: products.id });
  cashId = (cash as { id: string }).id;
});
afterAll(() => t.close());

describe('the list: filters, figures and each flow’s treatment under the threshold', () => {
  it('lists the transactions’ flows with their figures, filtered, and treats them by timing and threshold', async () => {
    const h = await flowsHousehold('Listed');
    await setThreshold(null);
    const all = await list(`householdId=${h.clientId}&from=2026-10-01&to=2026-12-31&sortBy=date&order=ASC`);
    expect(all.totalResults).toBe(3);
    expect(all.summary).toEqual({ deposits: '120000.00', withdrawals: '5000.00', count: 3 });
    expect(
      all.result.map((r) => [r.date, r.account.id, r.direction, r.amount, r.source, r.treatment]),
    ).toEqual([
      ['2026-10-15', h.arrears, 'WITHDRAWAL', '5000.00', 'TRANSACTION', 'CREDITED'],
      ['2026-10-20', h.advance, 'DEPOSIT', '20000.00', 'TRANSACTION', 'NOT_PRORATED'],
      ['2026-11-01', h.arrears, 'DEPOSIT', '100000.00', 'TRANSACTION', 'CHARGED'],
    ]);
    expect(all.result[0]?.household).toEqual({ id: h.clientId, name: 'Listed, Cash' });

    // Filters: direction, account, date range, search, source.
    const withdrawals = await list(`householdId=${h.clientId}&direction=WITHDRAWAL`);
    expect(withdrawals.summary).toEqual({ deposits: '0.00', withdrawals: '5000.00', count: 1 });
    expect((await list(`accountId=${h.advance}`)).result.map((r) => r.amount)).toEqual(['20000.00']);
    expect((await list(`householdId=${h.clientId}&from=2026-10-16&to=2026-10-31`)).totalResults).toBe(1);
    expect((await list('search=listed arrears')).totalResults).toBe(2);
    expect((await list(`householdId=${h.clientId}&source=MANUAL`)).totalResults).toBe(0);
    // Paging and sorting by amount.
    const page = await list(`householdId=${h.clientId}&sortBy=amount&order=DESC&limit=1&page=2`);
    expect([page.totalResults, page.result.map((r) => r.amount)]).toEqual([3, ['20000.00']]);

    // A threshold of 10,000: the 5,000 withdrawal is no longer prorated.
    await setThreshold('10000');
    expect((await t.json('GET', '/api/billing/cashflows/threshold', undefined, admin)).body.result).toEqual({
      threshold: '10000.00',
    });
    const treated = await list(`householdId=${h.clientId}&sortBy=date&order=ASC`);
    expect(treated.result.map((r) => r.treatment)).toEqual(['NOT_PRORATED', 'NOT_PRORATED', 'CHARGED']);
    expect((await list(`householdId=${h.clientId}&treatment=NOT_PRORATED`)).summary).toEqual({
      deposits: '20000.00',
      withdrawals: '5000.00',
      count: 2,
    });
    // At the threshold exactly, a flow is prorated.
    await setThreshold('5000.00');
    expect((await list(`householdId=${h.clientId}&treatment=CREDITED`)).totalResults).toBe(1);
    const changes = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cashflow'), eq(auditLog.entityId, 'threshold')));
    expect(changes.at(-1)).toMatchObject({
      action: 'UPDATE',
      before: { threshold: '10000.00' },
      after: { threshold: '5000.00' },
    });
    await setThreshold(null);

    const bad = await t.json('GET', '/api/billing/cashflows?from=2026-12-01&to=2026-11-01', undefined, admin);
    expect([bad.status, bad.body.message]).toEqual([400, CASH_FLOW_MESSAGES.dateRange]);
    const badThreshold = await t.json('PUT', '/api/billing/cashflows/threshold', { threshold: '-1' }, admin);
    expect([badThreshold.status, badThreshold.body.message]).toEqual([
      400,
      CASH_FLOW_MESSAGES.thresholdInvalid,
    ]);
    const cents = await t.json('PUT', '/api/billing/cashflows/threshold', { threshold: '1.234' }, admin);
    expect(cents.status).toBe(400);
    expect((await t.json('GET', '/api/billing/cashflows/threshold', undefined, admin)).body.result).toEqual({
      threshold: null,
    });
  });

  it('exports the rows the filters select as CSV (and XLSX)', async () => {
    const h = await flowsHousehold('Exported');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/billing/cashflows/export?format=csv&householdId=${h.clientId}&sortBy=date&order=ASC`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Account,Household,Direction,Amount,Treatment,Source,Reason,Entered by');
    // The last two columns (reason, entered by) left out: a transaction has no reason.
    expect(lines.slice(1).map((line) => line.replace(/,,[^,]*$/, ''))).toEqual([
      '10/15/2026,Exported Arrears,"Exported, Cash",Withdrawal,5000.00,Credited,Transaction',
      '10/20/2026,Exported Advance,"Exported, Cash",Deposit,20000.00,Not prorated,Transaction',
      '11/01/2026,Exported Arrears,"Exported, Cash",Deposit,100000.00,Charged,Transaction',
    ]);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/billing/cashflows/export?format=xlsx&householdId=${h.clientId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const [exported] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cashflow'), eq(auditLog.action, 'EXPORT')));
    expect(exported?.after).toMatchObject({ format: 'csv', rows: 3 });
  });
});

describe('manual flows', () => {
  it('adds one (audited), refuses bad entries with their message changing nothing, deletes only manual flows', async () => {
    const h = await flowsHousehold('Manual');
    const body = (overrides: Record<string, unknown> = {}) => ({
      accountId: h.arrears,
      date: '2026-11-10',
      amount: '-2500.5',
      reason: 'Check returned by the custodian',
      ...overrides,
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: '0' }, 400, CASH_FLOW_MESSAGES.amountZero],
      [{ amount: '-0.00' }, 400, CASH_FLOW_MESSAGES.amountZero],
      [{ amount: '12.345' }, 400, CASH_FLOW_MESSAGES.amountInvalid],
      [{ amount: 'ten' }, 400, CASH_FLOW_MESSAGES.amountInvalid],
      [{ amount: '' }, 400, CASH_FLOW_MESSAGES.amountRequired],
      [{ amount: '1000000000.01' }, 400, CASH_FLOW_MESSAGES.amountMax],
      [{ reason: '  ' }, 400, CASH_FLOW_MESSAGES.reasonRequired],
      [{ reason: 'x'.repeat(201) }, 400, CASH_FLOW_MESSAGES.reasonMax],
      [{ date: '' }, 400, CASH_FLOW_MESSAGES.dateRequired],
      [{ date: '2026-02-30' }, 400, 'Please enter a valid date.'],
      [{ accountId: 'nope' }, 400, CASH_FLOW_MESSAGES.accountRequired],
      [{ accountId: unknown }, 404, CASH_FLOW_MESSAGES.accountNotFound],
    ];
    for (const [overrides, status, message] of cases) {
      const res = await t.json('POST', '/api/billing/cashflows', body(overrides), admin);
      expect([JSON.stringify(overrides), res.status, res.body.message]).toEqual([
        JSON.stringify(overrides),
        status,
        message,
      ]);
    }
    const closed = await openAccount(h.clientId, h.memberId, 'Manual Closed');
    await t.db
      .update(accounts)
      .set({ status: 'CLOSED', closedOn: '2026-11-01' })
      .where(eq(accounts.id, closed));
    const onClosed = await t.json('POST', '/api/billing/cashflows', body({ accountId: closed }), admin);
    expect([onClosed.status, firstError(onClosed)]).toEqual([
      400,
      { field: 'accountId', message: CASH_FLOW_MESSAGES.accountClosed },
    ]);
    expect(await t.db.select().from(manualCashFlows).where(eq(manualCashFlows.accountId, h.arrears))).toEqual(
      [],
    );
    expect((await list(`householdId=${h.clientId}`)).totalResults).toBe(3);

    const created = await t.json('POST', '/api/billing/cashflows', body(), admin);
    expect([created.status, created.body.message]).toEqual([201, CASH_FLOW_MESSAGES.created]);
    const id = created.body.result.id as string;
    const manual = await list(`householdId=${h.clientId}&source=MANUAL`);
    expect(manual.result).toEqual([
      {
        id,
        source: 'MANUAL',
        account: { id: h.arrears, registrationName: 'Manual Arrears' },
        household: { id: h.clientId, name: 'Manual, Cash' },
        date: '2026-11-10',
        amount: '2500.50',
        direction: 'WITHDRAWAL',
        reason: 'Check returned by the custodian',
        treatment: 'CREDITED',
        createdBy: { id: expect.any(String), fullName: expect.any(String) },
      },
    ]);
    expect(manual.summary).toEqual({ deposits: '0.00', withdrawals: '2500.50', count: 1 });
    const [createdAudit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cashflow'), eq(auditLog.entityId, id)));
    expect(createdAudit).toMatchObject({
      action: 'CREATE',
      after: {
        accountId: h.arrears,
        householdId: h.clientId,
        date: '2026-11-10',
        amount: '-2500.50',
        reason: 'Check returned by the custodian',
      },
    });

    // A transaction's flow is not deleted here; an unknown id is not found: nothing changes.
    const transactionFlow = (await list(`householdId=${h.clientId}&source=TRANSACTION`)).result[0] as Row;
    const refused = await t.json('DELETE', `/api/billing/cashflows/${transactionFlow.id}`, undefined, admin);
    expect([refused.status, refused.body.message]).toEqual([409, CASH_FLOW_MESSAGES.fromTransaction]);
    const missing = await t.json('DELETE', `/api/billing/cashflows/${unknown}`, undefined, admin);
    expect([missing.status, missing.body.message]).toEqual([404, CASH_FLOW_MESSAGES.notFound]);
    expect((await list(`householdId=${h.clientId}`)).totalResults).toBe(4);

    const deleted = await t.json('DELETE', `/api/billing/cashflows/${id}`, undefined, admin);
    expect([deleted.status, deleted.body.message]).toEqual([200, CASH_FLOW_MESSAGES.deleted]);
    expect((await list(`householdId=${h.clientId}`)).totalResults).toBe(3);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cashflow'), eq(auditLog.entityId, id)));
    expect(trail.map((r) => r.action)).toEqual(['CREATE', 'DELETE']);
    expect(trail[1]?.before).toMatchObject({ amount: '-2500.50', accountId: h.arrears });
    const again = await t.json('DELETE', `/api/billing/cashflows/${id}`, undefined, admin);
    expect(again.status).toBe(404);
  });

  it('a manual deposit changes the unit’s projected fee as the engine says, under the threshold', async () => {
    const h = await insertHousehold(t.db, { members: [{ firstName: 'Cash', lastName: 'Projected' }] });
    const account = await openAccount(h.clientId, h.memberIds[0]!, 'Projected Joint');
    await hold(account); // 250,000
    await setBilling(account, 'ARREARS');
    const projected = async () => {
      const res = await t.json(
        'GET',
        `/api/billing/households/${h.clientId}/projected-fee`,
        undefined,
        admin,
      );
      expect(res.status).toBe(200);
      return res.body.result.amount as string;
    };
    const engine = (cashFlows: { date: string; amount: string }[], cashFlowThreshold: string | null) =>
      householdBill({
        schedule: feeScheduleInput() as never,
        periodStart: '2026-10-01',
        periodEnd: '2026-12-31',
        frequency: 'QUARTERLY',
        proration: 'FREQUENCY',
        timing: 'ARREARS',
        cashFlowThreshold,
        accounts: [{ id: account, value: '250000.00', feePayingAccountId: account, cashFlows }],
      }).amount;
    const before = await projected();
    expect(before).toBe(engine([], null));

    const created = await t.json(
      'POST',
      '/api/billing/cashflows',
      { accountId: account, date: '2026-11-01', amount: '100000', reason: 'Wire received late' },
      admin,
    );
    expect(created.status).toBe(201);
    const flows = [{ date: '2026-11-01', amount: '100000.00' }];
    const after = await projected();
    expect(after).toBe(engine(flows, null));
    expect(after).not.toBe(before);

    // Above the deposit, the threshold leaves it out; at it, it counts again.
    await setThreshold('100000.01');
    expect(await projected()).toBe(engine(flows, '100000.01'));
    expect(await projected()).toBe(before);
    await setThreshold('100000');
    expect(await projected()).toBe(after);
    await setThreshold(null);

    await t.json('DELETE', `/api/billing/cashflows/${created.body.result.id}`, undefined, admin);
    expect(await projected()).toBe(before);
  });
});

describe('permissions: cashflows read, write and delete', () => {
  it('refuses a role without them, lets a reader read only and a writer add but not delete', async () => {
    const h = await flowsHousehold('Perms');
    await insertUserWithGrants(t.db, 'no.cashflows@centric.local', { billingUnits: ['read'] });
    const none = (await t.signIn('no.cashflows@centric.local')).token;
    await insertUserWithGrants(t.db, 'cashflows.reader@centric.local', { cashflows: ['read'] });
    const reader = (await t.signIn('cashflows.reader@centric.local')).token;
    await insertUserWithGrants(t.db, 'cashflows.writer@centric.local', { cashflows: ['read', 'write'] });
    const writer = (await t.signIn('cashflows.writer@centric.local')).token;
    const reads = [
      '/api/billing/cashflows',
      '/api/billing/cashflows/export?format=csv',
      '/api/billing/cashflows/threshold',
    ];
    const get = (url: string, token: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    for (const url of reads) {
      expect([url, (await get(url, none)).statusCode]).toEqual([url, 403]);
      expect([url, (await get(url, reader)).statusCode]).toEqual([url, 200]);
    }
    const flow = { accountId: h.arrears, date: '2026-11-02', amount: '10', reason: 'Permission check' };
    for (const token of [none, reader]) {
      expect((await t.json('POST', '/api/billing/cashflows', flow, token)).status).toBe(403);
      expect(
        (await t.json('PUT', '/api/billing/cashflows/threshold', { threshold: '1' }, token)).status,
      ).toBe(403);
    }
    const created = await t.json('POST', '/api/billing/cashflows', flow, writer);
    expect(created.status).toBe(201);
    const id = created.body.result.id as string;
    for (const token of [none, reader, writer]) {
      expect((await t.json('DELETE', `/api/billing/cashflows/${id}`, undefined, token)).status).toBe(403);
    }
    expect((await list(`householdId=${h.clientId}&source=MANUAL`)).totalResults).toBe(1);
    expect((await t.json('DELETE', `/api/billing/cashflows/${id}`, undefined, admin)).status).toBe(200);
  });
});
