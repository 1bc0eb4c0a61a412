import { STRATEGY_MESSAGES } from '@centric/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  alerts,
  assetClasses,
  masterDataItems,
  notes,
  productPrices,
  products,
  recordLinks,
} from '../../../db/schema/index.ts';
import { DEMO_ADMIN } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { insertHousehold, insertUserWithGrants } from '../../../../test/factories.ts';

let t: TestContext;
let admin: string;
let reader: string;
let clientId: string;
let memberIds: string[];
let strategyTypeId: number;
let registrationTypeId: number;
let equityClass: string;
let bondClass: string;
let equityId: string;
let bondId: string;
let cashId: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  t.clock.startAt(new Date('2026-12-15T16:00:00Z'));
  admin = (await t.signIn()).token;
  await insertUserWithGrants(t.db, 'strategies.reader@centric.local', { managedAccounts: ['read'] });
  reader = (await t.signIn('strategies.reader@centric.local')).token;
  ({ clientId, memberIds } = await insertHousehold(t.db, {
    members: [{ firstName: 'Dora', lastName: 'Vance' }],
  }));
  const [type] = await t.db
    .select()
    .from(masterDataItems)
    .where(eq(masterDataItems.type, 'strategy-types'))
    .limit(1);
  strategyTypeId = (type as { id: number }).id;
  const [reg] = await t.db
    .select()
    .from(masterDataItems)
    .where(eq(masterDataItems.type, 'registration-type'))
    .limit(1);
  registrationTypeId = (reg as { id: number }).id;
  const classes = await t.db
    .insert(assetClasses)
    .values([
      { assetClass: 'ST Equity', assetCategory: 'US', productType: 'ETF' },
      { assetClass: 'ST Bonds', assetCategory: 'Aggregate', productType: 'ETF' },
    ])
    .returning({ id: assetClasses.id });
  [equityClass = '', bondClass = ''] = classes.map((c) => c.id);
  const made = await t.db
    .insert(products)
    .values([
      { name: 'ST Stock ETF', symbol: 'STEQ', productType: 'ETF', assetClassId: equityClass },
      { name: 'ST Bond ETF', symbol: 'STBD', productType: 'ETF', assetClassId: bondClass },
      { name: 'ST Cash', symbol: 'STCASH', productType: 'CASH' },
    ])
    .returning({ id: products.id });
  [equityId = '', bondId = '', cashId = ''] = made.map((p) => p.id);
  await t.db.insert(productPrices).values([
    { productId: equityId, priceDate: '2026-11-30', price: '100' },
    { productId: bondId, priceDate: '2026-11-30', price: '100' },
  ]);
});
afterAll(() => t.close());

const strategyBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Balanced ${(seq += 1)}`,
  strategyTypeId,
  riskNumber: 50,
  grouping: 'ASSET_CATEGORY',
  targets: [
    { assetClassId: equityClass, target: '60', lowerTolerance: '5', upperTolerance: '5' },
    { assetClassId: bondClass, target: '40', lowerTolerance: '5', upperTolerance: '5' },
  ],
  ...overrides,
});

const createStrategy = async (overrides: Record<string, unknown> = {}) => {
  const res = await t.json('POST', '/api/strategies', strategyBody(overrides), admin);
  expect(res.status).toBe(201);
  return res.body.result as { id: string; name: string };
};

const createAccount = async (name: string) => {
  seq += 1;
  const res = await t.json(
    'POST',
    `/api/clients/${clientId}/accounts`,
    {
      registrationName: name,
      registrationTypeId,
      custodian: 'Fidelity',
      custodianNumber: `ST-${seq}`,
      startDate: '2026-01-01',
      owners: [{ memberId: memberIds[0], role: 'OWNER' }],
    },
    admin,
  );
  expect(res.status).toBe(201);
  return res.body.result.id as string;
};

const hold = (accountId: string, equity: string, bonds: string, cash = '0') =>
  t.json(
    'PUT',
    `/api/accounts/${accountId}/holdings/2026-11-30`,
    {
      positions: [
        { productId: equityId, quantity: equity },
        { productId: bondId, quantity: bonds },
        ...(cash === '0' ? [] : [{ productId: cashId, quantity: cash }]),
      ],
    },
    admin,
  );

describe('strategies', () => {
  it('are added with targets summing to 100 and listed with their labels', async () => {
    const strategy = await createStrategy({ name: 'Growth 60/40', description: 'Sixty-forty' });
    const res = await t.json('GET', `/api/strategies/${strategy.id}`, undefined, reader);
    expect(res.body.result).toMatchObject({
      name: 'Growth 60/40',
      riskNumber: 50,
      display: 'MODEL',
      grouping: 'ASSET_CATEGORY',
      viewableByClient: false,
      accountCount: 0,
      targets: [
        { label: 'ST Equity · US', target: '60.00', lowerTolerance: '5.00', upperTolerance: '5.00' },
        { label: 'ST Bonds · Aggregate', target: '40.00' },
      ],
    });
    const list = await t.json('GET', '/api/strategies?search=growth', undefined, reader);
    expect(list.body.totalResults).toBe(1);
    const taken = await t.json('POST', '/api/strategies', strategyBody({ name: 'growth 60/40' }), admin);
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([{ field: 'name', message: STRATEGY_MESSAGES.nameTaken }]);
  });

  it.each([
    [{ name: '' }, 'name', STRATEGY_MESSAGES.nameRequired],
    [{ strategyTypeId: null }, 'strategyTypeId', STRATEGY_MESSAGES.strategyTypeRequired],
    [{ riskNumber: 0 }, 'riskNumber', STRATEGY_MESSAGES.riskNumberRange],
    [{ riskNumber: 100 }, 'riskNumber', STRATEGY_MESSAGES.riskNumberRange],
    [{ display: 'LOUD' }, 'display', STRATEGY_MESSAGES.displayInvalid],
    [{ targets: [] }, 'targets', STRATEGY_MESSAGES.targetsRequired],
    [
      {
        targets: [
          {
            assetClassId: '00000000-0000-4000-8000-000000000000',
            target: '0.5',
            lowerTolerance: '0',
            upperTolerance: '0',
          },
        ],
      },
      'targets.0.target',
      STRATEGY_MESSAGES.targetRange,
    ],
    [
      {
        targets: [
          {
            assetClassId: '00000000-0000-4000-8000-000000000000',
            target: '100',
            lowerTolerance: '25.01',
            upperTolerance: '0',
          },
        ],
      },
      'targets.0.lowerTolerance',
      STRATEGY_MESSAGES.toleranceRange,
    ],
    [
      {
        targets: [
          {
            assetClassId: '00000000-0000-4000-8000-000000000000',
            target: '99.99',
            lowerTolerance: '0',
            upperTolerance: '0',
          },
        ],
      },
      'targets',
      STRATEGY_MESSAGES.targetsTotal,
    ],
    [
      { targets: [{ target: '100', lowerTolerance: '0', upperTolerance: '0' }] },
      'targets.0.assetClassId',
      STRATEGY_MESSAGES.assetClassRequired,
    ],
    [
      { grouping: 'CUSIP', targets: [{ target: '100', lowerTolerance: '0', upperTolerance: '0' }] },
      'targets.0.productId',
      STRATEGY_MESSAGES.productRequired,
    ],
  ])('refuses %j', async (overrides, field, message) => {
    const res = await t.json('POST', '/api/strategies', strategyBody(overrides), admin);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('refuses targets that do not exist, and writes need the managed accounts write permission', async () => {
    const res = await t.json(
      'POST',
      '/api/strategies',
      strategyBody({
        targets: [
          {
            assetClassId: '00000000-0000-4000-8000-000000000000',
            target: '100',
            lowerTolerance: '0',
            upperTolerance: '0',
          },
        ],
      }),
      admin,
    );
    expect(res.body.errors).toEqual([
      { field: 'targets.0.assetClassId', message: STRATEGY_MESSAGES.keyNotFound },
    ]);
    expect((await t.json('POST', '/api/strategies', strategyBody(), reader)).status).toBe(403);
  });
});

describe('assignments and drift', () => {
  let balanced: { id: string; name: string };
  let income: { id: string; name: string };
  let ira: string;
  let brokerage: string;

  beforeAll(async () => {
    balanced = await createStrategy({ name: 'Drift Balanced' });
    income = await createStrategy({
      name: 'Drift Income',
      targets: [
        { assetClassId: equityClass, target: '20', lowerTolerance: '5', upperTolerance: '5' },
        { assetClassId: bondClass, target: '80', lowerTolerance: '5', upperTolerance: '5' },
      ],
    });
    ira = await createAccount('Dora IRA');
    brokerage = await createAccount('Dora brokerage');
    // IRA: 60 / 40 exactly. Brokerage: 75 / 25.
    expect((await hold(ira, '60', '40')).status).toBe(200);
    expect((await hold(brokerage, '75', '25')).status).toBe(200);
  });

  const driftAlert = (accountId: string) =>
    t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.causeKey, `drift:${accountId}`), isNull(alerts.resolvedAt)));

  it('needs accounts unless applied to all, percents summing to 100, and one all-accounts assignment', async () => {
    const none = await t.json(
      'POST',
      `/api/clients/${clientId}/strategy-assignments`,
      { applyToAllAccounts: false, transactionList: [{ strategyId: balanced.id, percent: '100' }] },
      admin,
    );
    expect(none.body.errors).toEqual([{ field: 'accounts', message: STRATEGY_MESSAGES.accountsRequired }]);
    const sum = await t.json(
      'POST',
      `/api/clients/${clientId}/strategy-assignments`,
      {
        assignmentType: 'MODEL_BLEND',
        applyToAllAccounts: true,
        transactionList: [
          { strategyId: balanced.id, percent: '50' },
          { strategyId: income.id, percent: '49.99' },
        ],
      },
      admin,
    );
    expect(sum.body.errors).toEqual([{ field: 'transactionList', message: STRATEGY_MESSAGES.percentTotal }]);
    const percent = await t.json(
      'POST',
      `/api/clients/${clientId}/strategy-assignments`,
      { applyToAllAccounts: true, transactionList: [{ strategyId: balanced.id, percent: '0.001' }] },
      admin,
    );
    expect(percent.body.errors).toContainEqual({
      field: 'transactionList.0.percent',
      message: STRATEGY_MESSAGES.percentRange,
    });
  });

  it('raises a drift alert once for an account outside its band, and clears it when back inside', async () => {
    const all = await t.json(
      'POST',
      `/api/clients/${clientId}/strategy-assignments`,
      { applyToAllAccounts: true, transactionList: [{ strategyId: balanced.id, percent: '100' }] },
      admin,
    );
    expect(all.status).toBe(201);
    expect(all.body.result).toMatchObject({
      applyToAllAccounts: true,
      transactionList: [{ name: 'Drift Balanced', percent: '100.00' }],
    });
    const second = await t.json(
      'POST',
      `/api/clients/${clientId}/strategy-assignments`,
      { applyToAllAccounts: true, transactionList: [{ strategyId: income.id, percent: '100' }] },
      admin,
    );
    expect(second.status).toBe(409);
    expect(second.body.errors).toEqual([
      { field: 'applyToAllAccounts', message: STRATEGY_MESSAGES.allAccountsTaken },
    ]);

    const drift = await t.json('GET', `/api/clients/${clientId}/drift`, undefined, reader);
    const byName = Object.fromEntries(
      (drift.body.result as { registrationName: string; outOfBand: number; rows: unknown[] }[]).map((d) => [
        d.registrationName,
        d,
      ]),
    );
    expect(byName['Dora IRA']).toMatchObject({ outOfBand: 0, marketValue: '10000.00' });
    expect(byName['Dora brokerage']).toMatchObject({
      outOfBand: 2,
      rows: [
        {
          label: 'ST Equity · US',
          target: '60.00',
          lower: '5.00',
          upper: '5.00',
          actual: '75.00',
          state: 'ABOVE',
        },
        { label: 'ST Bonds · Aggregate', target: '40.00', actual: '25.00', state: 'BELOW' },
      ],
    });
    const [alert] = await driftAlert(brokerage);
    expect(alert?.category).toBe('managedAccounts');
    expect(alert?.message).toBe(
      'Dora brokerage is outside its strategy: ST Equity · US 75.00% (target 60.00% −5.00/+5.00); ST Bonds · Aggregate 25.00% (target 40.00% −5.00/+5.00)',
    );
    expect(await driftAlert(ira)).toEqual([]);
    // Checked again (another change, the daily sweep): still one alert for the cause.
    await hold(brokerage, '75', '25');
    expect(
      await t.db
        .select()
        .from(alerts)
        .where(eq(alerts.causeKey, `drift:${brokerage}`)),
    ).toHaveLength(1);
    // Back inside the band (64 / 36): resolved.
    await hold(brokerage, '64', '36');
    expect(await driftAlert(brokerage)).toEqual([]);
  });

  it('blends strategies by their percents, and chosen accounts override the all-accounts assignment', async () => {
    const blend = await t.json(
      'POST',
      `/api/clients/${clientId}/strategy-assignments`,
      {
        assignmentType: 'MODEL_BLEND',
        applyToAllAccounts: false,
        accounts: [ira],
        transactionList: [
          { strategyId: balanced.id, percent: '50' },
          { strategyId: income.id, percent: '50' },
        ],
      },
      admin,
    );
    expect(blend.status).toBe(201);
    // 50% of 60/40 and 50% of 20/80: 40/60, so the IRA at 60/40 is now out of band.
    const drift = await t.json('GET', `/api/clients/${clientId}/drift`, undefined, admin);
    const iraDrift = (
      drift.body.result as { accountId: string; rows: { target: string; state: string }[] }[]
    ).find((d) => d.accountId === ira);
    expect(iraDrift?.rows.map((r) => [r.target, r.state])).toEqual([
      ['60.00', 'BELOW'],
      ['40.00', 'ABOVE'],
    ]);
    expect(await driftAlert(ira)).toHaveLength(1);
    const twice = await t.json(
      'POST',
      `/api/clients/${clientId}/strategy-assignments`,
      {
        applyToAllAccounts: false,
        accounts: [ira],
        transactionList: [{ strategyId: income.id, percent: '100' }],
      },
      admin,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.errors).toEqual([{ field: 'accounts.0', message: STRATEGY_MESSAGES.accountAssigned }]);
    // Removing the blend puts the IRA back on the household's balanced strategy: inside, so resolved.
    expect(
      (
        await t.json(
          'DELETE',
          `/api/clients/${clientId}/strategy-assignments/${blend.body.result.id}`,
          undefined,
          admin,
        )
      ).status,
    ).toBe(200);
    expect(await driftAlert(ira)).toEqual([]);
    // A strategy in use cannot be deleted.
    const inUse = await t.json('DELETE', `/api/strategies/${balanced.id}`, undefined, admin);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe(STRATEGY_MESSAGES.inUse);
    expect(
      (await t.json('GET', `/api/strategies/${balanced.id}`, undefined, admin)).body.result.accountCount,
    ).toBe(2);
  });
});

describe('strategizing from the review queue', () => {
  it('puts accounts on one strategy through their household assignment, moving them from another', async () => {
    const model = await createStrategy({ name: 'Queue Model' });
    const other = await createStrategy({ name: 'Queue Other' });
    const first = await createAccount('Queue first');
    const second = await createAccount('Queue second');
    const strategize = (accountIds: string[], strategyId: string, token = admin) =>
      t.json('POST', '/api/bookkeeping-review/strategize', { accountIds, strategyId }, token);
    const res = await strategize([first], model.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Strategy assigned to 1 account.',
      result: { changed: 1, unchanged: 0 },
    });
    const both = await strategize([first, second], model.id);
    expect(both.body.result).toEqual({ changed: 1, unchanged: 1 });
    const assignments = async () =>
      (await t.json('GET', `/api/clients/${clientId}/strategy-assignments`, undefined, admin)).body
        .result as {
        id: string;
        applyToAllAccounts: boolean;
        accounts: { id: string }[];
        transactionList: { strategyId: string; percent: string }[];
      }[];
    const onModel = (await assignments()).filter((a) => a.transactionList[0]?.strategyId === model.id);
    expect(onModel).toHaveLength(1);
    expect(onModel[0]?.accounts.map((a) => a.id).sort()).toEqual([first, second].sort());
    expect(onModel[0]?.transactionList).toEqual([expect.objectContaining({ percent: '100.00' })]);
    // Moving both to another strategy leaves the first assignment with none: it goes.
    expect((await strategize([first, second], other.id)).body.result).toEqual({ changed: 2, unchanged: 0 });
    const after = await assignments();
    expect(after.some((a) => a.id === onModel[0]?.id)).toBe(false);
    expect(after.find((a) => a.transactionList[0]?.strategyId === other.id)?.accounts).toHaveLength(2);
    expect((await strategize([first], '00000000-0000-4000-8000-000000000000')).status).toBe(400);
    expect((await strategize([first], model.id, reader)).status).toBe(403);
  });
});

describe('the daily check', () => {
  it('raises drift that prices alone caused, once a day', async () => {
    const [brokerage] = await t.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.registrationName, 'Dora brokerage'));
    const cause = `drift:${brokerage?.id}`;
    const open = () =>
      t.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.causeKey, cause), isNull(alerts.resolvedAt)));
    expect(await open()).toEqual([]);
    // The equity price doubles: 64 × 200 against 36 × 100 is 78% equity, out of the 55–65 band.
    await t.db.insert(productPrices).values({ productId: equityId, priceDate: '2026-12-10', price: '200' });
    const first = await t.app.services.activitySweep.runOnce();
    expect(first.daily.accountChecks).toBeGreaterThan(0);
    expect(await open()).toHaveLength(1);
    const second = await t.app.services.activitySweep.runOnce();
    expect(second.daily).toEqual({
      accountChecks: 0,
      billingReadiness: 0,
      billsNotCollected: 0,
      receivablesPastDue: 0,
      prospectsInactive: 0,
      workflowOverdue: 0,
    });
  });
});

describe('bookkeeping review', () => {
  let fresh: string;
  let priced: string;

  beforeAll(async () => {
    fresh = await createAccount('Review new account');
    priced = await createAccount('Review priced account');
    await hold(priced, '10', '10');
  });

  const reviewOf = async (id: string) => (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0];

  it('puts accounts into review by their data checks, and lists them in the queue', async () => {
    expect(await reviewOf(fresh)).toMatchObject({
      reviewStatus: 'NEEDS_REVIEW',
      reviewReasons: ['NO_HOLDINGS'],
    });
    expect((await reviewOf(priced))?.reviewReasons).toEqual([]);
    const queue = await t.json(
      'GET',
      '/api/bookkeeping-review?search=Review&custodian=Fidelity',
      undefined,
      reader,
    );
    expect(queue.status).toBe(200);
    const item = (queue.body.result as { accountId: string }[]).find((r) => r.accountId === fresh);
    expect(item).toMatchObject({
      household: 'Vance, Dora',
      reviewReasons: ['NO_HOLDINGS'],
      custodian: 'Fidelity',
    });
    expect((queue.body as unknown as { custodians: string[] }).custodians).toContain('Fidelity');
    // Each status's count under the same filters, for the status control.
    const counts = (queue.body as unknown as { counts: Record<string, number> }).counts;
    expect(Object.keys(counts).sort()).toEqual([
      'ADVANCE_REVIEW',
      'NEEDS_REVIEW',
      'READY',
      'REVIEW_DONE',
      'SNOOZED',
    ]);
    expect(counts.NEEDS_REVIEW).toBe(queue.body.totalResults);
  });

  it('marks review done with a system note on the household, and a new data problem reopens it', async () => {
    const res = await t.json(
      'POST',
      '/api/bookkeeping-review/actions',
      {
        action: 'REVIEW_DONE',
        accountIds: [fresh, priced],
        note: 'Checked against the custodian statement.',
      },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ changed: 2, unchanged: 0 });
    expect(await reviewOf(fresh)).toMatchObject({ reviewStatus: 'REVIEW_DONE', reviewedAt: '2026-12-15' });
    const [note] = await t.db
      .select({
        bodyText: notes.bodyText,
        subType: notes.subType,
        type: notes.type,
        system: notes.isSystemGenerated,
      })
      .from(notes)
      .innerJoin(recordLinks, and(eq(recordLinks.subjectId, notes.id), eq(recordLinks.subjectKind, 'note')))
      .where(and(eq(recordLinks.recordId, clientId), eq(notes.subType, 'REVIEW_DONE')));
    expect(note).toEqual({
      bodyText:
        'Bookkeeping review done: Review new account, Review priced account. Checked against the custodian statement.',
      subType: 'REVIEW_DONE',
      type: 'MANAGED_ACCOUNTS',
      system: true,
    });
    // The same reason (no holdings) does not reopen it; a new one does: holdings with no price.
    await t.json(
      'PUT',
      `/api/accounts/${priced}/holdings/2026-12-01`,
      { positions: [{ productId: cashId, quantity: '5' }] },
      admin,
    );
    expect((await reviewOf(fresh))?.reviewStatus).toBe('REVIEW_DONE');
    const [unpriced] = await t.db
      .insert(products)
      .values({ name: 'Never priced', symbol: 'NOPRICE', productType: 'EQUITY', assetClassId: equityClass })
      .returning({ id: products.id });
    await t.json(
      'PUT',
      `/api/accounts/${fresh}/holdings/2026-12-01`,
      { positions: [{ productId: unpriced?.id, quantity: '5' }] },
      admin,
    );
    expect(await reviewOf(fresh)).toMatchObject({
      reviewStatus: 'NEEDS_REVIEW',
      reviewReasons: ['OPEN_ZERO_VALUE', 'UNPRICED_HOLDINGS'],
    });
  });

  it('snoozes with a required future date, hides the account until then, and refuses actions that do not apply', async () => {
    const missing = await t.json(
      'POST',
      '/api/bookkeeping-review/actions',
      { action: 'SNOOZE', accountIds: [fresh] },
      admin,
    );
    expect(missing.body.errors).toEqual([
      { field: 'snoozeUntil', message: STRATEGY_MESSAGES.snoozeDateRequired },
    ]);
    const past = await t.json(
      'POST',
      '/api/bookkeeping-review/actions',
      { action: 'SNOOZE', accountIds: [fresh], snoozeUntil: '2026-12-15' },
      admin,
    );
    expect(past.body.errors).toEqual([{ field: 'snoozeUntil', message: STRATEGY_MESSAGES.snoozeDateFuture }]);
    const long = await t.json(
      'POST',
      '/api/bookkeeping-review/actions',
      { action: 'SNOOZE', accountIds: [fresh], snoozeUntil: '2027-01-15', note: 'x'.repeat(201) },
      admin,
    );
    expect(long.body.errors).toEqual([{ field: 'note', message: STRATEGY_MESSAGES.noteMax }]);
    const snoozed = await t.json(
      'POST',
      '/api/bookkeeping-review/actions',
      {
        action: 'SNOOZE',
        accountIds: [fresh],
        snoozeUntil: '2027-01-15',
        note: 'Waiting for the price feed.',
      },
      admin,
    );
    expect(snoozed.status).toBe(200);
    const open = await t.json('GET', '/api/bookkeeping-review?search=Review new', undefined, admin);
    expect(open.body.totalResults).toBe(0);
    const later = await t.json(
      'GET',
      '/api/bookkeeping-review?status=SNOOZED&search=Review new',
      undefined,
      admin,
    );
    expect(later.body.result).toMatchObject([{ accountId: fresh, reviewSnoozedUntil: '2027-01-15' }]);
    const [note] = await t.db
      .select({ bodyText: notes.bodyText })
      .from(notes)
      .where(eq(notes.subType, 'SNOOZE'));
    expect(note?.bodyText).toBe(
      'Bookkeeping review snoozed until 01/15/2027: Review new account. Waiting for the price feed.',
    );
    // READY starts from REVIEW_DONE only: a single account in another status is a 409 naming it.
    const ready = await t.json(
      'POST',
      '/api/bookkeeping-review/actions',
      { action: 'READY', accountIds: [fresh] },
      admin,
    );
    expect(ready.status).toBe(409);
    expect(ready.body.message).toBe(STRATEGY_MESSAGES.reviewNotAllowed('Needs review'));
    const refused = await t.json(
      'POST',
      '/api/bookkeeping-review/actions',
      { action: 'READY', accountIds: [priced] },
      reader,
    );
    expect(refused.status).toBe(403);
    const mixed = await t.json(
      'POST',
      '/api/bookkeeping-review/actions',
      { action: 'READY', accountIds: [fresh, priced] },
      admin,
    );
    expect(mixed.body.result).toEqual({ changed: 1, unchanged: 1 });
    // The snoozed and reviewed views sort by their dates too (never reviewed last either way).
    for (const order of ['ASC', 'DESC']) {
      const byDate = await t.json(
        'GET',
        `/api/bookkeeping-review?status=READY&sortBy=reviewedAt&order=${order}`,
        undefined,
        admin,
      );
      expect(byDate.status).toBe(200);
      const dates = byDate.body.result.map((item: { reviewedAt: string | null }) => item.reviewedAt);
      const known = dates.filter((d: string | null) => d !== null);
      expect(dates.slice(0, known.length)).toEqual(known);
      expect(known).toEqual(order === 'ASC' ? [...known].sort() : [...known].sort().reverse());
    }
    const bySnooze = await t.json(
      'GET',
      '/api/bookkeeping-review?status=SNOOZED&sortBy=snoozedUntil&order=DESC',
      undefined,
      admin,
    );
    expect(bySnooze.status).toBe(200);
    expect((await t.json('GET', '/api/bookkeeping-review?sortBy=value', undefined, admin)).status).toBe(400);
  });
});
