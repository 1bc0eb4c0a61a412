import { EXCLUSION_MESSAGES } from '@centric/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, excludedAssets, products } from '../../../db/schema/index.ts';
import {
  feeScheduleInput,
  insertHousehold,
  insertUserWithGrants,
  openAccountThroughApi,
} from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

// Excluded assets (issue 14 §5): a holding, a product or a percentage of an account left out of the fee, the
// payout or both; audited, checked with their messages, and read by the engine through the billing inputs.

let t: TestContext;
let admin: string;
let scheduleId = '';
let cashId = '';
let fundId = '';

const openAccount = (clientId: string, memberId: string, registrationName: string) =>
  openAccountThroughApi(t, { clientId, memberId, registrationName, token: admin });

/** 250,000 of cash and 50,000 of the money fund (both worth 1 a unit): 300,000. */
const hold = async (accountId: string) => {
  const res = await t.json(
    'PUT',
    `/api/accounts/${accountId}/holdings/2026-09-30`,
    {
      positions: [
        { productId: cashId, quantity: '250000' },
        { productId: fundId, quantity: '50000' },
      ],
    },
    admin,
  );
  expect(res.status).toBe(200);
};

/** A unit of one account worth 300,000 on the standard schedule (1 % to 500k), billed quarterly in arrears. */
const billedUnit = async (name: string) => {
  const h = await insertHousehold(t.db, { members: [{ firstName: name, lastName: 'Exclusions' }] });
  const account = await openAccount(h.clientId, h.memberIds[0]!, `${name} Brokerage`);
  await hold(account);
  const res = await t.json(
    'PUT',
    `/api/billing/accounts/${account}/billing`,
    {
      feeScheduleId: scheduleId,
      payMethod: 'INDIRECT',
      frequency: 'QUARTERLY',
      timing: 'ARREARS',
      startDate: '2026-01-01',
      feePayingAccountId: account,
    },
    admin,
  );
  expect(res.status).toBe(200);
  return { clientId: h.clientId, memberId: h.memberIds[0]!, account };
};

const body = (overrides: Record<string, unknown> = {}) => ({
  kind: 'HOLDING',
  accountId: null,
  productId: fundId,
  percent: null,
  appliesTo: 'FEE',
  reason: 'Legacy position the client manages',
  startDate: '2026-01-01',
  endDate: null,
  ...overrides,
});

const url = (clientId: string, id?: string) =>
  `/api/billing/households/${clientId}/exclusions${id ? `/${id}` : ''}`;

const projected = async (clientId: string) => {
  const res = await t.json('GET', `/api/billing/households/${clientId}/projected-fee`, undefined, admin);
  expect(res.status).toBe(200);
  return res.body.result as {
    amount: string;
    groups: { billableValue: string; periods: { accounts: { excluded: string }[] }[] }[];
  };
};

const auditOf = (id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'excludedAsset'), eq(auditLog.entityId, id)))
    .orderBy(asc(auditLog.id));

const rowsOf = (clientId: string) =>
  t.db.select().from(excludedAssets).where(eq(excludedAssets.householdId, clientId));

beforeAll(async () => {
  t = await createTestContext();
  t.clock.startAt(new Date('2026-11-25T16:00:00Z'));
  admin = (await t.signIn()).token;
  const schedule = await t.json(
    'POST',
    '/api/fee-schedules',
    feeScheduleInput({ name: 'Exclusions AUM' }),
    admin,
  );
  scheduleId = schedule.body.result.id;
  const made = await t.db
    .insert(products)
    .values([
      { name: 'Exclusions Cash', symbol: 'EXCASH', productType: 'CASH' },
      { name: 'Exclusions Money Fund', symbol: 'EXFUND', productType: 'CASH' },
    ])
    .returning({ id: products.id });
  cashId = made[0]!.id;
  fundId = made[1]!.id;
});
afterAll(() => t.close());

describe('excluded assets: writes, each audited', () => {
  it('adds, changes and deletes each kind, answering its account, product, percent and value today', async () => {
    const unit = await billedUnit('Kinds');
    const empty = await t.json('GET', url(unit.clientId), undefined, admin);
    expect(empty.status).toBe(200);
    expect(empty.body.result).toEqual({
      asOf: '2026-11-25',
      exclusions: [],
      accounts: [{ id: unit.account, registrationName: 'Kinds Brokerage', open: true }],
    });

    const holding = await t.json('POST', url(unit.clientId), body({ accountId: unit.account }), admin);
    expect(holding.status).toBe(201);
    expect(holding.body.message).toBe(EXCLUSION_MESSAGES.created);
    expect(holding.body.result).toMatchObject({
      kind: 'HOLDING',
      account: { id: unit.account, registrationName: 'Kinds Brokerage' },
      product: { id: fundId, symbol: 'EXFUND', name: 'Exclusions Money Fund' },
      percent: null,
      appliesTo: 'FEE',
      active: true,
      excludedValue: '50000.00',
    });

    // A product is excluded in every account of the household: the unused account and percent are dropped.
    const product = await t.json(
      'POST',
      url(unit.clientId),
      body({ kind: 'PRODUCT', accountId: unit.account, percent: '5', productId: cashId, appliesTo: 'BOTH' }),
      admin,
    );
    expect(product.status).toBe(201);
    expect(product.body.result).toMatchObject({
      kind: 'PRODUCT',
      account: null,
      product: { id: cashId },
      percent: null,
      excludedValue: '250000.00',
    });

    const percent = await t.json(
      'POST',
      url(unit.clientId),
      body({
        kind: 'PERCENT',
        accountId: unit.account,
        productId: fundId,
        percent: '12.50',
        appliesTo: 'PAYOUT',
      }),
      admin,
    );
    expect(percent.status).toBe(201);
    expect(percent.body.result).toMatchObject({
      kind: 'PERCENT',
      product: null,
      percent: '12.5',
      excludedValue: '37500.00',
    });

    const ids = [holding, product, percent].map((r) => r.body.result.id as string);
    const changed = await t.json(
      'PATCH',
      url(unit.clientId, ids[2]),
      body({
        kind: 'PERCENT',
        accountId: unit.account,
        percent: '10',
        appliesTo: 'PAYOUT',
        endDate: '2026-10-31',
      }),
      admin,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(EXCLUSION_MESSAGES.updated);
    expect(changed.body.result).toMatchObject({ percent: '10', endDate: '2026-10-31', active: false });

    const list = await t.json('GET', url(unit.clientId), undefined, admin);
    expect(list.body.result.exclusions.map((e: { id: string }) => e.id).sort()).toEqual([...ids].sort());

    for (const id of ids) {
      const gone = await t.json('DELETE', url(unit.clientId, id), undefined, admin);
      expect(gone.status).toBe(200);
      expect(gone.body.message).toBe(EXCLUSION_MESSAGES.deleted);
    }
    expect(await rowsOf(unit.clientId)).toEqual([]);

    // Each write is one audit entry: created, changed (the fields that changed), deleted.
    const [created, deleted] = await auditOf(ids[0]!);
    expect(created).toMatchObject({
      action: 'CREATE',
      after: { kind: 'HOLDING', accountId: unit.account, productId: fundId, appliesTo: 'FEE' },
    });
    expect(deleted).toMatchObject({ action: 'DELETE', before: { kind: 'HOLDING' } });
    const percentTrail = await auditOf(ids[2]!);
    expect(percentTrail.map((e) => e.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    expect(percentTrail[1]).toMatchObject({
      before: { percent: '12.5', endDate: null },
      after: { percent: '10', endDate: '2026-10-31' },
    });
    expect((await auditOf(ids[1]!)).map((e) => e.action)).toEqual(['CREATE', 'DELETE']);
  });

  it('refuses bad input with its message and changes nothing', async () => {
    const unit = await billedUnit('Refusals');
    const other = await billedUnit('Elsewhere');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const cases: [Record<string, unknown>, number, string, string][] = [
      [
        { kind: 'PERCENT', accountId: unit.account, percent: '0' },
        400,
        'percent',
        EXCLUSION_MESSAGES.percentRange,
      ],
      [
        { kind: 'PERCENT', accountId: unit.account, percent: '100.5' },
        400,
        'percent',
        EXCLUSION_MESSAGES.percentRange,
      ],
      [{ kind: 'PERCENT', accountId: unit.account }, 400, 'percent', EXCLUSION_MESSAGES.percentRequired],
      [
        { accountId: unit.account, startDate: '2026-06-01', endDate: '2026-05-31' },
        400,
        'endDate',
        EXCLUSION_MESSAGES.endBeforeStart,
      ],
      [{ accountId: other.account }, 400, 'accountId', EXCLUSION_MESSAGES.accountNotFound],
      [{ accountId: unit.account, productId: unknown }, 400, 'productId', EXCLUSION_MESSAGES.productNotFound],
      [{ accountId: null }, 400, 'accountId', EXCLUSION_MESSAGES.accountRequired],
      [{ accountId: unit.account, reason: '  ' }, 400, 'reason', EXCLUSION_MESSAGES.reasonRequired],
      [{ accountId: unit.account, reason: 'x'.repeat(201) }, 400, 'reason', EXCLUSION_MESSAGES.reasonMax],
      [{ accountId: unit.account, appliesTo: 'ALL' }, 400, 'appliesTo', EXCLUSION_MESSAGES.appliesToRequired],
    ];
    for (const [overrides, status, field, message] of cases) {
      const res = await t.json('POST', url(unit.clientId), body(overrides), admin);
      expect([overrides, res.status, res.body.errors?.[0]]).toEqual([overrides, status, { field, message }]);
    }
    expect(await rowsOf(unit.clientId)).toEqual([]);

    // A change refused keeps the row as it was; unknown ids (or another household's) are 404.
    const made = await t.json('POST', url(unit.clientId), body({ accountId: unit.account }), admin);
    const id = made.body.result.id as string;
    const before = await rowsOf(unit.clientId);
    const refused = await t.json('PATCH', url(unit.clientId, id), body({ accountId: other.account }), admin);
    expect(refused.status).toBe(400);
    expect(await rowsOf(unit.clientId)).toEqual(before);
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['CREATE']);
    for (const [method, path] of [
      ['PATCH', url(unit.clientId, unknown)],
      ['DELETE', url(unit.clientId, unknown)],
      ['PATCH', url(other.clientId, id)],
      ['DELETE', url(other.clientId, id)],
    ] as const) {
      const res = await t.json(
        method,
        path,
        method === 'PATCH' ? body({ accountId: unit.account }) : undefined,
        admin,
      );
      expect([path, res.status, res.body.message]).toEqual([path, 404, EXCLUSION_MESSAGES.notFound]);
    }
    const household = await t.json('GET', url(unknown), undefined, admin);
    expect([household.status, household.body.message]).toEqual([404, EXCLUSION_MESSAGES.householdNotFound]);
    expect(await rowsOf(unit.clientId)).toEqual(before);
  });

  it('needs billingUnits: read to list, write to add and change, delete to delete', async () => {
    const unit = await billedUnit('Permissions');
    const made = await t.json('POST', url(unit.clientId), body({ accountId: unit.account }), admin);
    const id = made.body.result.id as string;
    await insertUserWithGrants(t.db, 'exclusions.none@centric.local', { clients: ['read'] });
    await insertUserWithGrants(t.db, 'exclusions.reader@centric.local', { billingUnits: ['read'] });
    await insertUserWithGrants(t.db, 'exclusions.writer@centric.local', { billingUnits: ['read', 'write'] });
    const none = (await t.signIn('exclusions.none@centric.local')).token;
    const reader = (await t.signIn('exclusions.reader@centric.local')).token;
    const writer = (await t.signIn('exclusions.writer@centric.local')).token;
    expect((await t.json('GET', url(unit.clientId), undefined, none)).status).toBe(403);
    expect((await t.json('GET', url(unit.clientId), undefined, reader)).status).toBe(200);
    expect((await t.json('POST', url(unit.clientId), body({ accountId: unit.account }), reader)).status).toBe(
      403,
    );
    expect(
      (await t.json('PATCH', url(unit.clientId, id), body({ accountId: unit.account }), reader)).status,
    ).toBe(403);
    expect((await t.json('DELETE', url(unit.clientId, id), undefined, reader)).status).toBe(403);
    const changed = await t.json(
      'PATCH',
      url(unit.clientId, id),
      body({ accountId: unit.account, reason: 'Changed by a writer' }),
      writer,
    );
    expect(changed.status).toBe(200);
    expect((await t.json('DELETE', url(unit.clientId, id), undefined, writer)).status).toBe(403);
    expect(await rowsOf(unit.clientId)).toHaveLength(1);
  });
});

describe('excluded assets in the projected fee (the engine, through the billing inputs)', () => {
  // 300,000 on 1 %: 3,000 a year, 750.00 the quarter (Q4 2026, in arrears).
  it('drops the fee by the excluded holding’s fee, to the cent, and back when it is deleted', async () => {
    const unit = await billedUnit('Holding Fee');
    expect((await projected(unit.clientId)).amount).toBe('750.00');
    const made = await t.json('POST', url(unit.clientId), body({ accountId: unit.account }), admin);
    expect(made.status).toBe(201);
    // 50,000 excluded: 250,000 billed, 2,500 a year, 625.00 the quarter.
    const fee = await projected(unit.clientId);
    expect(fee.amount).toBe('625.00');
    expect(fee.groups[0]?.billableValue).toBe('250000.00');
    await t.json('DELETE', url(unit.clientId, made.body.result.id), undefined, admin);
    expect((await projected(unit.clientId)).amount).toBe('750.00');
  });

  it('drops the fee by a percentage of the account, to the cent', async () => {
    const unit = await billedUnit('Percent Fee');
    const made = await t.json(
      'POST',
      url(unit.clientId),
      body({ kind: 'PERCENT', accountId: unit.account, percent: '12.34', appliesTo: 'BOTH' }),
      admin,
    );
    expect(made.status).toBe(201);
    // 12.34 % of 300,000 = 37,020 excluded: 262,980 billed, 2,629.80 a year, 657.45 the quarter.
    const fee = await projected(unit.clientId);
    expect(fee.groups[0]?.billableValue).toBe('262980.00');
    expect(fee.amount).toBe('657.45');
    // The account's line says what was left out.
    expect(fee.groups[0]?.periods[0]?.accounts[0]?.excluded).toBe('37020.00');
  });

  it('leaves the fee unchanged for an exclusion from the payout only, and ignores exclusions outside the period', async () => {
    const unit = await billedUnit('Payout Only');
    const payout = await t.json(
      'POST',
      url(unit.clientId),
      body({ accountId: unit.account, appliesTo: 'PAYOUT' }),
      admin,
    );
    expect(payout.status).toBe(201);
    expect((await projected(unit.clientId)).amount).toBe('750.00');
    // Ended before the quarter, or starting after it: not in this bill.
    await t.json('POST', url(unit.clientId), body({ accountId: unit.account, endDate: '2026-09-30' }), admin);
    await t.json(
      'POST',
      url(unit.clientId),
      body({ kind: 'PERCENT', accountId: unit.account, percent: '50', startDate: '2027-01-01' }),
      admin,
    );
    expect((await projected(unit.clientId)).amount).toBe('750.00');
  });
});
