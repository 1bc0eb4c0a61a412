import { ACCOUNT_MESSAGES } from '@centric/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import {
  accounts,
  alerts,
  assetClasses,
  auditLog,
  masterDataItems,
  productPrices,
  products,
} from '../../../db/schema/index.ts';
import { DEMO_ADMIN } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { insertHousehold, insertUserWithGrants } from '../../../../test/factories.ts';
import { tableState } from '../../../../test/route-table.ts';

let t: TestContext;
let admin: string;
let reader: string;
let clientId: string;
let memberIds: string[];
let otherMemberId: string;
let registrationTypeId: number;
let objectiveId: number;
let equityId: string;
let bondId: string;
let cashId: string;

const masterId = async (type: string) => {
  const [row] = await t.db.select().from(masterDataItems).where(eq(masterDataItems.type, type)).limit(1);
  return (row as { id: number }).id;
};

const insertProduct = async (values: {
  name: string;
  symbol: string;
  productType: string;
  assetClassId: string | null;
}) => {
  const [row] = await t.db.insert(products).values(values).returning({ id: products.id });
  return (row as { id: string }).id;
};

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  t.clock.startAt(new Date('2026-12-15T16:00:00Z'));
  admin = (await t.signIn()).token;
  await insertUserWithGrants(t.db, 'accounts.reader@centric.local', {
    managedAccounts: ['read'],
    clients: ['read'],
  });
  reader = (await t.signIn('accounts.reader@centric.local')).token;
  ({ clientId, memberIds } = await insertHousehold(t.db, {
    members: [
      { firstName: 'Ada', lastName: 'Quinn' },
      { firstName: 'Ben', lastName: 'Quinn' },
    ],
  }));
  ({
    memberIds: [otherMemberId = ''],
  } = await insertHousehold(t.db, { members: [{ firstName: 'Cy', lastName: 'Other' }] }));
  registrationTypeId = await masterId('registration-type');
  objectiveId = await masterId('account-objective');
  const [equity, bonds] = await t.db
    .insert(assetClasses)
    .values([
      { assetClass: 'Test Equity', assetCategory: 'Large Cap', productType: 'EQUITY' },
      { assetClass: 'Test Fixed Income', assetCategory: 'Aggregate', productType: 'FIXED_INCOME' },
    ])
    .returning({ id: assetClasses.id });
  equityId = await insertProduct({
    name: 'Test Equity Fund',
    symbol: 'TQEQ',
    productType: 'ETF',
    assetClassId: equity!.id,
  });
  bondId = await insertProduct({
    name: 'Test Bond Fund',
    symbol: 'TQBD',
    productType: 'ETF',
    assetClassId: bonds!.id,
  });
  cashId = await insertProduct({
    name: 'Test Cash',
    symbol: 'TQCASH',
    productType: 'CASH',
    assetClassId: null,
  });
  await t.db.insert(productPrices).values([
    { productId: equityId, priceDate: '2026-03-31', price: '100.00' },
    { productId: equityId, priceDate: '2026-04-30', price: '110.50' },
    { productId: equityId, priceDate: '2026-05-29', price: '120.123456' },
    { productId: bondId, priceDate: '2026-03-31', price: '50.00' },
  ]);
});
afterAll(() => t.close());

const accountBody = (overrides: Record<string, unknown> = {}) => ({
  registrationName: 'Ada Quinn IRA',
  registrationTypeId,
  custodian: 'Charles Schwab',
  custodianNumber: '8812-3344',
  accountObjectiveId: objectiveId,
  startDate: '2026-01-15',
  owners: [{ memberId: memberIds[0], role: 'OWNER' }],
  ...overrides,
});

let custodianCounter = 1000;
const createAccount = async (overrides: Record<string, unknown> = {}) => {
  custodianCounter += 1;
  const res = await t.json(
    'POST',
    `/api/clients/${clientId}/accounts`,
    accountBody({ custodianNumber: `QA-${custodianCounter}`, ...overrides }),
    admin,
  );
  expect(res.status).toBe(201);
  return res.body.result as { id: string; custodianNumber: string };
};

describe('accounts', () => {
  it('are added with owners, the custodian number sealed and shown masked', async () => {
    const res = await t.json('POST', `/api/clients/${clientId}/accounts`, accountBody(), admin);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.created);
    const account = res.body.result;
    expect(account).toMatchObject({
      clientId,
      registrationName: 'Ada Quinn IRA',
      custodian: 'Charles Schwab',
      custodianNumber: '****3344',
      status: 'OPEN',
      closedOn: null,
      reviewStatus: 'NEEDS_REVIEW',
      payMethod: 'UNASSIGNED',
      owners: [{ memberId: memberIds[0], fullName: 'Ada Quinn', role: 'OWNER' }],
    });
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.custodianNumberSealed).toMatch(/^v1:/);
    expect(row?.custodianNumberLast4).toBe('3344');
    // The clear number is nowhere in the database: not in the account, not in the audit trail.
    const clear = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from ${auditLog} where after::text like '%8812-3344%'
        or before::text like '%8812-3344%'`),
    );
    expect(clear[0]?.n).toBe(0);
    expect(JSON.stringify(row)).not.toContain('8812-3344');
    rememberSecret('8812-3344');
  });

  it('refuses a custodian number already used, whatever its case and spaces', async () => {
    await createAccount({ custodianNumber: 'ab-7788' });
    const res = await t.json(
      'POST',
      `/api/clients/${clientId}/accounts`,
      accountBody({ custodianNumber: ' AB-7788 ' }),
      admin,
    );
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([
      { field: 'custodianNumber', message: ACCOUNT_MESSAGES.custodianNumberTaken },
    ]);
  });

  it.each([
    [{ registrationName: '' }, 'registrationName', ACCOUNT_MESSAGES.registrationNameRequired],
    [{ registrationName: '   ' }, 'registrationName', ACCOUNT_MESSAGES.registrationNameOnlySpaces],
    [{ registrationName: 'x'.repeat(121) }, 'registrationName', ACCOUNT_MESSAGES.registrationNameMax],
    [{ registrationTypeId: null }, 'registrationTypeId', ACCOUNT_MESSAGES.registrationTypeRequired],
    [{ custodian: ' ' }, 'custodian', ACCOUNT_MESSAGES.custodianRequired],
    [{ custodianNumber: '' }, 'custodianNumber', ACCOUNT_MESSAGES.custodianNumberRequired],
    [{ custodianNumber: '12' }, 'custodianNumber', ACCOUNT_MESSAGES.custodianNumberInvalid],
    [{ custodianNumber: '12#45' }, 'custodianNumber', ACCOUNT_MESSAGES.custodianNumberInvalid],
    [{ custodianNumber: '****3344' }, 'custodianNumber', ACCOUNT_MESSAGES.custodianNumberInvalid],
    [{ startDate: '' }, 'startDate', ACCOUNT_MESSAGES.startDateRequired],
    [{ startDate: '2026-02-30' }, 'startDate', ACCOUNT_MESSAGES.invalidDate],
    [{ status: 'CLOSED' }, 'closedOn', ACCOUNT_MESSAGES.closedOnRequired],
    [{ closedOn: '2026-03-01' }, 'closedOn', ACCOUNT_MESSAGES.closedOnOpen],
    [{ status: 'CLOSED', closedOn: '2025-12-31' }, 'closedOn', ACCOUNT_MESSAGES.closedOnBeforeStart],
    [{ owners: [] }, 'owners', ACCOUNT_MESSAGES.ownersRequired],
    [{ owners: [{ memberId: 'x', role: 'OWNER' }] }, 'owners.0.memberId', ACCOUNT_MESSAGES.ownerNotMember],
    [{ owners: [{ role: 'OWNER' }] }, 'owners.0.memberId', ACCOUNT_MESSAGES.ownerNotMember],
    [
      { owners: [{ memberId: '00000000-0000-4000-8000-000000000000', role: 'KING' }] },
      'owners.0.role',
      ACCOUNT_MESSAGES.ownerRoleInvalid,
    ],
  ])('refuses %j with its message and changes nothing', async (overrides, field, message) => {
    const before = await tableState(t.db, ['audit_log', 'sessions']);
    const res = await t.json(
      'POST',
      `/api/clients/${clientId}/accounts`,
      accountBody({ custodianNumber: 'NEW-0001', ...overrides }),
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
    expect(await tableState(t.db, ['audit_log', 'sessions'])).toEqual(before);
  });

  it('refuses owners from another household, the same owner twice, and unknown master data', async () => {
    const other = await t.json(
      'POST',
      `/api/clients/${clientId}/accounts`,
      accountBody({ custodianNumber: 'NEW-0002', owners: [{ memberId: otherMemberId, role: 'OWNER' }] }),
      admin,
    );
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual([
      { field: 'owners.0.memberId', message: ACCOUNT_MESSAGES.ownerNotMember },
    ]);
    const twice = await t.json(
      'POST',
      `/api/clients/${clientId}/accounts`,
      accountBody({
        custodianNumber: 'NEW-0003',
        owners: [
          { memberId: memberIds[0], role: 'OWNER' },
          { memberId: memberIds[0], role: 'TRUSTEE' },
        ],
      }),
      admin,
    );
    expect(twice.body.errors).toEqual([{ field: 'owners.1.memberId', message: ACCOUNT_MESSAGES.ownerTwice }]);
    const objective = await t.json(
      'POST',
      `/api/clients/${clientId}/accounts`,
      accountBody({ custodianNumber: 'NEW-0004', accountObjectiveId: registrationTypeId }),
      admin,
    );
    expect(objective.body.errors).toEqual([
      { field: 'accountObjectiveId', message: ACCOUNT_MESSAGES.accountObjectiveNotFound },
    ]);
    const household = await t.json(
      'POST',
      '/api/clients/00000000-0000-4000-8000-000000000000/accounts',
      accountBody({ custodianNumber: 'NEW-0005' }),
      admin,
    );
    expect(household.status).toBe(404);
  });

  it('keeps the stored custodian number when the masked one is sent back, and changes it when a new one is', async () => {
    const account = await createAccount({ custodianNumber: 'KEEP-5566' });
    const keep = await t.json(
      'PATCH',
      `/api/accounts/${account.id}`,
      accountBody({
        custodianNumber: '****5566',
        registrationName: 'Joint brokerage',
        status: 'CLOSED',
        closedOn: '2026-05-31',
        owners: [
          { memberId: memberIds[0], role: 'OWNER' },
          { memberId: memberIds[1], role: 'JOINT_OWNER' },
        ],
      }),
      admin,
    );
    expect(keep.status).toBe(200);
    expect(keep.body.result).toMatchObject({
      registrationName: 'Joint brokerage',
      custodianNumber: '****5566',
      status: 'CLOSED',
      closedOn: '2026-05-31',
      owners: [
        { fullName: 'Ada Quinn', role: 'OWNER' },
        { fullName: 'Ben Quinn', role: 'JOINT_OWNER' },
      ],
    });
    const wrongMask = await t.json(
      'PATCH',
      `/api/accounts/${account.id}`,
      accountBody({ custodianNumber: '****9999' }),
      admin,
    );
    expect(wrongMask.status).toBe(400);
    const changed = await t.json(
      'PATCH',
      `/api/accounts/${account.id}`,
      accountBody({ custodianNumber: 'NEW-7777' }),
      admin,
    );
    expect(changed.body.result.custodianNumber).toBe('****7777');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'account'), eq(auditLog.entityId, account.id)))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(audit?.before).toMatchObject({ custodianNumber: '****5566' });
    expect(audit?.after).toMatchObject({ custodianNumber: '****7777' });
  });

  it('are read and written only with the managed accounts permission', async () => {
    const account = await createAccount();
    expect((await t.json('GET', `/api/accounts/${account.id}`, undefined, reader)).status).toBe(200);
    expect((await t.json('GET', `/api/clients/${clientId}/managed-accounts`, undefined, reader)).status).toBe(
      200,
    );
    const refused = await t.json(
      'POST',
      `/api/clients/${clientId}/accounts`,
      accountBody({ custodianNumber: 'RD-0001' }),
      reader,
    );
    expect(refused.status).toBe(403);
    expect((await t.json('DELETE', `/api/accounts/${account.id}`, undefined, reader)).status).toBe(403);
  });
});

describe('holdings and values', () => {
  let accountId: string;

  beforeAll(async () => {
    accountId = (await createAccount({ registrationName: 'Quinn Family Trust', startDate: '2026-01-01' })).id;
    const put = (asOf: string, positions: unknown[]) =>
      t.json('PUT', `/api/accounts/${accountId}/holdings/${asOf}`, { positions }, admin);
    expect(
      (
        await put('2026-03-31', [
          { productId: equityId, quantity: '100' },
          { productId: bondId, quantity: '200' },
          { productId: cashId, quantity: '1500.25' },
        ])
      ).status,
    ).toBe(200);
    expect(
      (
        await put('2026-05-31', [
          { productId: equityId, quantity: '150.5' },
          { productId: cashId, quantity: '10' },
        ])
      ).status,
    ).toBe(200);
  });

  it('values a date from the latest snapshot on or before it, at the latest prices on or before it', async () => {
    const march = await t.json(
      'GET',
      `/api/accounts/${accountId}/holdings?date=2026-03-31`,
      undefined,
      admin,
    );
    expect(march.body.result).toMatchObject({
      date: '2026-03-31',
      asOf: '2026-03-31',
      marketValue: '21500.25',
    });
    // April 30: still March's holdings, but April's equity price (110.50); the bond keeps its March price.
    const april = await t.json(
      'GET',
      `/api/accounts/${accountId}/holdings?date=2026-04-30`,
      undefined,
      admin,
    );
    expect(april.body.result.asOf).toBe('2026-03-31');
    expect(april.body.result.marketValue).toBe('22550.25');
    const positions = april.body.result.positions as {
      product: { symbol: string };
      price: string;
      marketValue: string;
      weight: string;
    }[];
    expect(positions.map((p) => [p.product.symbol, p.price, p.marketValue, p.weight])).toEqual([
      ['TQEQ', '110.500000', '11050.00', '49.00'],
      ['TQBD', '50.000000', '10000.00', '44.35'],
      ['TQCASH', '1', '1500.25', '6.65'],
    ]);
    // Today (Dec 15): May's snapshot at May's price: 150.5 × 120.123456 = 18078.58 (rounded to the cent) + 10 cash.
    const june = await t.json('GET', `/api/accounts/${accountId}/holdings`, undefined, admin);
    expect(june.body.result).toMatchObject({
      date: '2026-12-15',
      asOf: '2026-05-31',
      marketValue: '18088.58',
    });
    expect(june.body.result.snapshots).toEqual(['2026-05-31', '2026-03-31']);
    // Before any snapshot: nothing held.
    const before = await t.json(
      'GET',
      `/api/accounts/${accountId}/holdings?date=2026-02-01`,
      undefined,
      admin,
    );
    expect(before.body.result).toMatchObject({ asOf: null, marketValue: '0.00', positions: [] });
  });

  it('sums the household on a date with its allocation by asset class', async () => {
    const res = await t.json(
      'GET',
      `/api/clients/${clientId}/managed-accounts?date=2026-04-30`,
      undefined,
      admin,
    );
    expect(res.status).toBe(200);
    const trust = (res.body.result.accounts as { id: string; marketValue: string; asOf: string }[]).find(
      (a) => a.id === accountId,
    );
    expect(trust).toMatchObject({ marketValue: '22550.25', asOf: '2026-03-31' });
    expect(res.body.result.totalValue).toBe('22550.25');
    expect(res.body.result.allocation).toEqual([
      { assetClass: 'Test Equity', marketValue: '11050.00', weight: '49.00' },
      { assetClass: 'Test Fixed Income', marketValue: '10000.00', weight: '44.35' },
      { assetClass: 'Cash', marketValue: '1500.25', weight: '6.65' },
    ]);
  });

  it('gives the value at each month end for the variation graph', async () => {
    const res = await t.json(
      'GET',
      `/api/accounts/${accountId}/values?from=2026-01-01&to=2026-06-15`,
      undefined,
      admin,
    );
    expect(res.body.result).toEqual([
      { date: '2026-01-31', value: '0.00' },
      { date: '2026-02-28', value: '0.00' },
      { date: '2026-03-31', value: '21500.25' },
      { date: '2026-04-30', value: '22550.25' },
      { date: '2026-05-31', value: '18088.58' },
      { date: '2026-06-15', value: '18088.58' },
    ]);
    const household = await t.json(
      'GET',
      `/api/clients/${clientId}/managed-accounts/values?from=2026-04-01&to=2026-04-30`,
      undefined,
      admin,
    );
    expect(household.body.result).toEqual([{ date: '2026-04-30', value: '22550.25' }]);
  });

  it('refuses unknown products, a product twice, bad quantities and a date before the start', async () => {
    const put = (asOf: string, positions: unknown[]) =>
      t.json('PUT', `/api/accounts/${accountId}/holdings/${asOf}`, { positions }, admin);
    const unknown = await put('2026-06-01', [
      { productId: '00000000-0000-4000-8000-000000000000', quantity: '1' },
    ]);
    expect(unknown.body.errors).toEqual([
      { field: 'positions.0.productId', message: ACCOUNT_MESSAGES.productNotFound },
    ]);
    const twice = await put('2026-06-01', [
      { productId: equityId, quantity: '1' },
      { productId: equityId, quantity: '2' },
    ]);
    expect(twice.body.errors).toEqual([
      { field: 'positions.1.productId', message: ACCOUNT_MESSAGES.productTwice },
    ]);
    for (const quantity of ['-1', '1.1234567', 'abc', '1e5']) {
      const res = await put('2026-06-01', [{ productId: equityId, quantity }]);
      expect(res.body.errors).toEqual([
        { field: 'positions.0.quantity', message: ACCOUNT_MESSAGES.quantityInvalid },
      ]);
    }
    const early = await put('2025-12-31', [{ productId: equityId, quantity: '1' }]);
    expect(early.body.errors).toEqual([{ field: 'asOf', message: ACCOUNT_MESSAGES.asOfBeforeStart }]);
  });

  it('keeps an account with holdings from being deleted, and deletes a snapshot', async () => {
    const refused = await t.json('DELETE', `/api/accounts/${accountId}`, undefined, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ACCOUNT_MESSAGES.inUse);
    const temp = await createAccount({ registrationName: 'Temp' });
    await t.json(
      'PUT',
      `/api/accounts/${temp.id}/holdings/2026-04-01`,
      { positions: [{ productId: cashId, quantity: '5' }] },
      admin,
    );
    expect(
      (await t.json('DELETE', `/api/accounts/${temp.id}/holdings/2026-04-01`, undefined, admin)).status,
    ).toBe(200);
    expect(
      (await t.json('DELETE', `/api/accounts/${temp.id}/holdings/2026-04-01`, undefined, admin)).status,
    ).toBe(404);
    expect((await t.json('DELETE', `/api/accounts/${temp.id}`, undefined, admin)).status).toBe(200);
    expect((await t.json('GET', `/api/accounts/${temp.id}`, undefined, admin)).status).toBe(404);
  });
});

describe('transactions', () => {
  let accountId: string;

  beforeAll(async () => {
    accountId = (await createAccount({ registrationName: 'Ben Roth IRA' })).id;
  });

  it('are added, filtered by date and type, and listed newest first', async () => {
    const add = (body: Record<string, unknown>) =>
      t.json('POST', `/api/accounts/${accountId}/transactions`, body, admin);
    const deposit = await add({ type: 'DEPOSIT', tradeDate: '2026-02-01', amount: '25000' });
    expect(deposit.status).toBe(201);
    expect(deposit.body.result).toMatchObject({
      type: 'DEPOSIT',
      amount: '25000.00',
      product: null,
      quantity: null,
    });
    await add({
      type: 'BUY',
      tradeDate: '2026-02-02',
      amount: '10000.50',
      productId: equityId,
      quantity: '100',
    });
    await add({ type: 'WITHDRAWAL', tradeDate: '2026-04-10', amount: '5000', description: 'Tuition' });
    const all = await t.json('GET', `/api/accounts/${accountId}/transactions`, undefined, admin);
    expect(all.body.totalResults).toBe(3);
    expect((all.body.result as { type: string }[]).map((r) => r.type)).toEqual([
      'WITHDRAWAL',
      'BUY',
      'DEPOSIT',
    ]);
    const february = await t.json(
      'GET',
      `/api/accounts/${accountId}/transactions?from=2026-02-01&to=2026-02-28`,
      undefined,
      admin,
    );
    expect(february.body.totalResults).toBe(2);
    const flows = await t.json(
      'GET',
      `/api/clients/${clientId}/transactions?type=WITHDRAWAL&accountId=${accountId}`,
      undefined,
      admin,
    );
    expect(flows.body.result).toMatchObject([
      { amount: '5000.00', description: 'Tuition', registrationName: 'Ben Roth IRA' },
    ]);
    const range = await t.json(
      'GET',
      `/api/accounts/${accountId}/transactions?from=2026-03-01&to=2026-02-01`,
      undefined,
      admin,
    );
    expect(range.body.errors).toEqual([{ field: 'to', message: ACCOUNT_MESSAGES.dateRange }]);
  });

  it.each([
    [{ type: 'GIFT' }, 'type', ACCOUNT_MESSAGES.typeInvalid],
    [{ tradeDate: '' }, 'tradeDate', ACCOUNT_MESSAGES.tradeDateRequired],
    [{ amount: '' }, 'amount', ACCOUNT_MESSAGES.amountRequired],
    [{ amount: '0' }, 'amount', ACCOUNT_MESSAGES.amountInvalid],
    [{ amount: '-5' }, 'amount', ACCOUNT_MESSAGES.amountInvalid],
    [{ amount: '1.234' }, 'amount', ACCOUNT_MESSAGES.amountInvalid],
    [{ amount: '100000000000.01' }, 'amount', ACCOUNT_MESSAGES.amountMax],
    [{ type: 'BUY' }, 'productId', ACCOUNT_MESSAGES.productNeeded],
    [
      { type: 'SELL', productId: '00000000-0000-4000-8000-000000000000' },
      'quantity',
      ACCOUNT_MESSAGES.quantityNeeded,
    ],
    [{ description: 'x'.repeat(201) }, 'description', ACCOUNT_MESSAGES.descriptionMax],
  ])('refuses %j', async (overrides, field, message) => {
    const res = await t.json(
      'POST',
      `/api/accounts/${accountId}/transactions`,
      { type: 'DEPOSIT', tradeDate: '2026-03-01', amount: '100', ...overrides },
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('raise a transaction alert for a large withdrawal, by amount or by share of the value', async () => {
    const id = (await createAccount({ registrationName: 'Withdrawal test' })).id;
    await t.json(
      'PUT',
      `/api/accounts/${id}/holdings/2026-04-30`,
      { positions: [{ productId: cashId, quantity: '20000' }] },
      admin,
    );
    const open = async (transactionId: string) =>
      t.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.causeKey, `withdrawal:${transactionId}`), isNull(alerts.resolvedAt)));
    const add = async (body: Record<string, unknown>) =>
      (await t.json('POST', `/api/accounts/${id}/transactions`, { tradeDate: '2026-05-04', ...body }, admin))
        .body.result.id as string;
    const small = await add({ type: 'WITHDRAWAL', amount: '4000' });
    expect(await open(small)).toEqual([]);
    const share = await add({ type: 'TRANSFER_OUT', amount: '6000' });
    const [alert] = await open(share);
    expect(alert).toMatchObject({ category: 'managedAccounts' });
    expect(alert?.message).toBe(
      'Large withdrawal: $6,000 from Withdrawal test on 05/04/2026 (30.00% of its value).',
    );
    const big = await add({ type: 'WITHDRAWAL', amount: '100000' });
    expect(await open(big)).toHaveLength(1);
    const deposit = await add({ type: 'DEPOSIT', amount: '900000' });
    expect(await open(deposit)).toEqual([]);
    await t.json('DELETE', `/api/accounts/${id}/transactions/${share}`, undefined, admin);
    expect(await open(share)).toEqual([]);
  });

  it('keeps the account from being deleted, and are deleted one by one', async () => {
    expect((await t.json('DELETE', `/api/accounts/${accountId}`, undefined, admin)).status).toBe(409);
    const list = await t.json('GET', `/api/accounts/${accountId}/transactions`, undefined, admin);
    const first = (list.body.result as { id: string }[])[0] as { id: string };
    expect(
      (await t.json('DELETE', `/api/accounts/${accountId}/transactions/${first.id}`, undefined, reader))
        .status,
    ).toBe(403);
    expect(
      (await t.json('DELETE', `/api/accounts/${accountId}/transactions/${first.id}`, undefined, admin))
        .status,
    ).toBe(200);
    expect(
      (await t.json('DELETE', `/api/accounts/${accountId}/transactions/${first.id}`, undefined, admin))
        .status,
    ).toBe(404);
  });
});
