import { ACCOUNT_PAYEE_MESSAGES, BILLING_SETUP_MESSAGES, PLANNING_FEE_MESSAGES } from '@centric/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPayees, auditLog, planningFees, products } from '../../../db/schema/index.ts';
import {
  feeScheduleInput,
  insertHousehold,
  insertUserWithGrants,
  openAccountThroughApi,
} from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

// Financial planning fees (a unit's flat or periodic fee) and account payees (an account's fee split over
// open accounts by percent, totalling 100), issue 14: every rule on the server, every change audited.

let t: TestContext;
let admin: string;
const openAccount = (clientId: string, memberId: string, registrationName: string) =>
  openAccountThroughApi(t, { clientId, memberId, registrationName, token: admin });

const closeAccount = (id: string) =>
  t.db.execute(sql`update accounts set status = 'CLOSED', closed_on = '2026-06-30' where id = ${id}`);

const feeBody = (overrides: Record<string, unknown> = {}) => ({
  description: 'Annual plan review',
  feeType: 'PERIODIC',
  amount: '1250.50',
  frequency: 'QUARTERLY',
  startDate: '2026-01-01',
  endDate: null,
  payMethod: 'UNASSIGNED',
  feePayingAccountId: null,
  ...overrides,
});

const firstError = (res: { body: { errors?: { field: string; message: string }[] } }) => res.body.errors?.[0];

const auditCount = async (entity: string, entityId?: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(
        entityId
          ? and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId))
          : eq(auditLog.entity, entity),
      )
  )[0]!.n;

beforeAll(async () => {
  t = await createTestContext();
  t.clock.startAt(new Date('2026-11-25T16:00:00Z'));
  admin = (await t.signIn()).token;
});
afterAll(() => t.close());

describe('financial planning fees', () => {
  let clientId = '';
  let memberId = '';
  let brokerage = '';
  const url = () => `/api/billing/households/${clientId}/planning-fees`;
  beforeAll(async () => {
    const h = await insertHousehold(t.db, { members: [{ firstName: 'Plan', lastName: 'Fees' }] });
    clientId = h.clientId;
    memberId = h.memberIds[0]!;
    brokerage = await openAccount(clientId, memberId, 'Plan Brokerage');
  });

  it('adds, changes and deletes a fee, each change audited, with its next charge and annual amount', async () => {
    const created = await t.json('POST', url(), feeBody(), admin);
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(PLANNING_FEE_MESSAGES.created);
    const id = created.body.result.id as string;
    expect(created.body.result).toMatchObject({
      description: 'Annual plan review',
      feeType: 'PERIODIC',
      amount: '1250.50',
      frequency: 'QUARTERLY',
      payMethod: 'UNASSIGNED',
      feePayingAccount: null,
      // Today is 2026-11-25: the next quarter starts on January 1st.
      nextChargeDate: '2027-01-01',
      annualAmount: '5002.00',
    });
    expect(await auditCount('planningFee', id)).toBe(1);

    const changed = await t.json(
      'PATCH',
      `${url()}/${id}`,
      feeBody({
        description: '  One-time plan  ',
        feeType: 'FLAT',
        frequency: null,
        startDate: '2026-12-15',
        payMethod: 'INDIRECT',
        feePayingAccountId: brokerage,
      }),
      admin,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(PLANNING_FEE_MESSAGES.updated);
    expect(changed.body.result).toMatchObject({
      description: 'One-time plan',
      feeType: 'FLAT',
      frequency: null,
      nextChargeDate: '2026-12-15',
      annualAmount: '1250.50',
      feePayingAccount: { id: brokerage, registrationName: 'Plan Brokerage', clientId },
    });
    const [update] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'planningFee'), eq(auditLog.entityId, id), eq(auditLog.action, 'UPDATE')),
      );
    expect(update?.after).toMatchObject({
      feeType: 'FLAT',
      payMethod: 'INDIRECT',
      feePayingAccountId: brokerage,
    });

    const list = await t.json('GET', url(), undefined, admin);
    expect(list.body.result).toHaveLength(1);

    const removed = await t.json('DELETE', `${url()}/${id}`, undefined, admin);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(PLANNING_FEE_MESSAGES.deleted);
    expect(await auditCount('planningFee', id)).toBe(3);
    expect((await t.json('GET', url(), undefined, admin)).body.result).toEqual([]);
  });

  it('ends a recurring fee at its end date and a past one-time fee has no next charge', async () => {
    const ended = await t.json(
      'POST',
      url(),
      feeBody({ startDate: '2026-01-01', endDate: '2026-12-31' }),
      admin,
    );
    expect(ended.body.result.nextChargeDate).toBeNull();
    const past = await t.json(
      'POST',
      url(),
      feeBody({ feeType: 'FLAT', frequency: null, startDate: '2026-03-01' }),
      admin,
    );
    expect(past.body.result.nextChargeDate).toBeNull();
    await t.db.delete(planningFees).where(eq(planningFees.householdId, clientId));
  });

  it('refuses every bad fee with its message and changes nothing', async () => {
    const other = await insertHousehold(t.db, { members: [{ firstName: 'Closed', lastName: 'Payer' }] });
    const closed = await openAccount(other.clientId, other.memberIds[0]!, 'Closed Payer');
    await closeAccount(closed);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ description: '' }, 'description', PLANNING_FEE_MESSAGES.descriptionRequired],
      [{ description: '    ' }, 'description', PLANNING_FEE_MESSAGES.descriptionOnlySpaces],
      [{ description: 'x'.repeat(51) }, 'description', PLANNING_FEE_MESSAGES.descriptionMax],
      [{ feeType: 'SOMETIMES' }, 'feeType', PLANNING_FEE_MESSAGES.feeTypeRequired],
      [{ amount: '0' }, 'amount', PLANNING_FEE_MESSAGES.amountInvalid],
      [{ amount: '-5' }, 'amount', PLANNING_FEE_MESSAGES.amountInvalid],
      [{ amount: '10.555' }, 'amount', PLANNING_FEE_MESSAGES.amountInvalid],
      [{ amount: 100 }, 'amount', PLANNING_FEE_MESSAGES.amountInvalid],
      [{ amount: '1000000.01' }, 'amount', PLANNING_FEE_MESSAGES.amountMax],
      [{ frequency: null }, 'frequency', PLANNING_FEE_MESSAGES.frequencyRequired],
      [{ frequency: 'WEEKLY' }, 'frequency', PLANNING_FEE_MESSAGES.frequencyInvalid],
      [{ feeType: 'FLAT' }, 'frequency', PLANNING_FEE_MESSAGES.frequencyOnlyPeriodic],
      [{ startDate: '' }, 'startDate', PLANNING_FEE_MESSAGES.startDateRequired],
      [{ endDate: '2025-12-31' }, 'endDate', PLANNING_FEE_MESSAGES.endDateBeforeStart],
      [{ payMethod: 'CHEQUE' }, 'payMethod', PLANNING_FEE_MESSAGES.payMethodRequired],
      [{ payMethod: 'INDIRECT' }, 'feePayingAccountId', PLANNING_FEE_MESSAGES.feePayingAccountRequired],
      [
        { payMethod: 'ACH', feePayingAccountId: brokerage },
        'feePayingAccountId',
        PLANNING_FEE_MESSAGES.feePayingAccountOnlyIndirect,
      ],
      [
        { payMethod: 'INDIRECT', feePayingAccountId: '00000000-0000-4000-8000-000000000000' },
        'feePayingAccountId',
        PLANNING_FEE_MESSAGES.feePayingAccountNotFound,
      ],
      [
        { payMethod: 'INDIRECT', feePayingAccountId: closed },
        'feePayingAccountId',
        PLANNING_FEE_MESSAGES.feePayingAccountClosed,
      ],
      [{ payMethod: 'ACH' }, 'payMethod', PLANNING_FEE_MESSAGES.achWithoutBankAccount],
    ];
    const audits = await auditCount('planningFee');
    for (const [overrides, field, message] of cases) {
      const res = await t.json('POST', url(), feeBody(overrides), admin);
      expect([JSON.stringify(overrides), res.status, firstError(res)]).toEqual([
        JSON.stringify(overrides),
        400,
        { field, message },
      ]);
    }
    expect(await t.db.select().from(planningFees).where(eq(planningFees.householdId, clientId))).toEqual([]);
    expect(await auditCount('planningFee')).toBe(audits);
  });

  it('takes ACH once the household has a bank account, and answers 404 for an unknown household or fee', async () => {
    const ach = await t.json(
      'POST',
      `/api/billing/households/${clientId}/ach-accounts`,
      {
        achAccountType: 'CHECKING',
        accountNumber: '000123456789',
        routingNumber: '021000021',
        firstName: 'Plan',
        lastName: 'Fees',
        billingAddressLine1: '1 Main Street',
        city: 'Boston',
        state: 'MA',
        emailAddress: 'plan@example.com',
        phoneNumber: '6175550100',
        zip: '02110',
      },
      admin,
    );
    expect(ach.status).toBe(201);
    const res = await t.json('POST', url(), feeBody({ payMethod: 'ACH' }), admin);
    expect(res.status).toBe(201);
    const id = res.body.result.id as string;
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missingHousehold = await t.json(
      'POST',
      `/api/billing/households/${unknown}/planning-fees`,
      feeBody(),
      admin,
    );
    expect([missingHousehold.status, missingHousehold.body.message]).toEqual([
      404,
      BILLING_SETUP_MESSAGES.householdNotFound,
    ]);
    const getMissing = await t.json(
      'GET',
      `/api/billing/households/${unknown}/planning-fees`,
      undefined,
      admin,
    );
    expect(getMissing.status).toBe(404);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const missingFee = await t.json(
        method,
        `${url()}/${unknown}`,
        method === 'PATCH' ? feeBody() : undefined,
        admin,
      );
      expect([missingFee.status, missingFee.body.message]).toEqual([404, PLANNING_FEE_MESSAGES.notFound]);
    }
    // Another household's fee is not found through this one.
    const other = await insertHousehold(t.db, { members: [{ firstName: 'Other', lastName: 'Unit' }] });
    const wrong = await t.json(
      'DELETE',
      `/api/billing/households/${other.clientId}/planning-fees/${id}`,
      undefined,
      admin,
    );
    expect(wrong.status).toBe(404);
    expect((await t.json('GET', url(), undefined, admin)).body.result).toHaveLength(1);
  });
});

describe('account payees', () => {
  let clientId = '';
  let memberId = '';
  let account = '';
  let joint = '';
  let ira = '';
  let elsewhere = '';
  const url = () => `/api/billing/accounts/${account}/payees`;
  const put = (payees: { accountId: string; payPercent: unknown }[]) =>
    t.json('PUT', url(), { payees }, admin);
  beforeAll(async () => {
    const h = await insertHousehold(t.db, { members: [{ firstName: 'Payee', lastName: 'Split' }] });
    clientId = h.clientId;
    memberId = h.memberIds[0]!;
    account = await openAccount(clientId, memberId, 'Split Trust');
    joint = await openAccount(clientId, memberId, 'Split Joint');
    ira = await openAccount(clientId, memberId, 'Split IRA');
    const other = await insertHousehold(t.db, { members: [{ firstName: 'Payee', lastName: 'Elsewhere' }] });
    elsewhere = await openAccount(other.clientId, other.memberIds[0]!, 'Elsewhere Cash');
  });

  it('starts empty, then replaces the list in one audited change, of any household', async () => {
    const empty = await t.json('GET', url(), undefined, admin);
    expect(empty.body.result).toEqual({ accountId: account, payees: [] });
    const res = await put([
      { accountId: joint, payPercent: '33.33' },
      { accountId: elsewhere, payPercent: '66.67' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ACCOUNT_PAYEE_MESSAGES.updated);
    expect(res.body.result.payees).toEqual([
      expect.objectContaining({
        accountId: elsewhere,
        registrationName: 'Elsewhere Cash',
        payPercent: '66.67',
      }),
      expect.objectContaining({
        accountId: joint,
        registrationName: 'Split Joint',
        clientId,
        payPercent: '33.33',
      }),
    ]);
    expect(await auditCount('accountPayees', account)).toBe(1);
    // The same list again changes nothing and writes nothing.
    await put([
      { accountId: elsewhere, payPercent: '66.67' },
      { accountId: joint, payPercent: '33.33' },
    ]);
    expect(await auditCount('accountPayees', account)).toBe(1);
    const replaced = await put([{ accountId: ira, payPercent: 100 }]);
    expect(replaced.body.result.payees).toEqual([
      expect.objectContaining({ accountId: ira, payPercent: '100' }),
    ]);
    const [last] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'accountPayees'), eq(auditLog.entityId, account)))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(last?.before).toEqual({
      payees: [
        { accountId: elsewhere, payPercent: '66.67' },
        { accountId: joint, payPercent: '33.33' },
      ],
    });
    expect(last?.after).toEqual({ payees: [{ accountId: ira, payPercent: '100' }] });
    // Emptied: the fee-paying account pays all.
    expect((await put([])).body.result.payees).toEqual([]);
    expect(await auditCount('accountPayees', account)).toBe(3);
  });

  it('refuses a total other than 100, a duplicate, a bad percent and a closed or unknown account, changing nothing', async () => {
    await put([{ accountId: joint, payPercent: '100' }]);
    const audits = await auditCount('accountPayees', account);
    const closed = await openAccount(clientId, memberId, 'Split Closed');
    await closeAccount(closed);
    const cases: [{ accountId: string; payPercent: unknown }[], string, string][] = [
      [
        [
          { accountId: joint, payPercent: '50' },
          { accountId: ira, payPercent: '49.99' },
        ],
        'payees',
        ACCOUNT_PAYEE_MESSAGES.total('99.99'),
      ],
      [
        [{ accountId: joint, payPercent: '100.01' }],
        'payees.0.payPercent',
        ACCOUNT_PAYEE_MESSAGES.percentRange,
      ],
      [
        [
          { accountId: joint, payPercent: '0.5' },
          { accountId: ira, payPercent: '99.5' },
        ],
        'payees.0.payPercent',
        ACCOUNT_PAYEE_MESSAGES.percentRange,
      ],
      [
        [{ accountId: joint, payPercent: '33.333' }],
        'payees.0.payPercent',
        ACCOUNT_PAYEE_MESSAGES.percentRange,
      ],
      [
        [
          { accountId: joint, payPercent: '50' },
          { accountId: joint, payPercent: '50' },
        ],
        'payees.1.accountId',
        ACCOUNT_PAYEE_MESSAGES.duplicate,
      ],
      [
        [{ accountId: 'nope', payPercent: '100' }],
        'payees.0.accountId',
        ACCOUNT_PAYEE_MESSAGES.accountRequired,
      ],
      [
        [{ accountId: '00000000-0000-4000-8000-000000000000', payPercent: '100' }],
        'payees.0.accountId',
        ACCOUNT_PAYEE_MESSAGES.accountNotFound,
      ],
      [
        [
          { accountId: joint, payPercent: '40' },
          { accountId: closed, payPercent: '60' },
        ],
        'payees.1.accountId',
        ACCOUNT_PAYEE_MESSAGES.accountClosed,
      ],
    ];
    for (const [payees, field, message] of cases) {
      const res = await put(payees);
      expect([JSON.stringify(payees), res.status, firstError(res)]).toEqual([
        JSON.stringify(payees),
        400,
        { field, message },
      ]);
    }
    const rows = await t.db.select().from(accountPayees).where(eq(accountPayees.accountId, account));
    expect(rows.map((r) => [r.payeeAccountId, r.payPercent])).toEqual([[joint, '100.00']]);
    expect(await auditCount('accountPayees', account)).toBe(audits);
    const missing = await t.json(
      'GET',
      '/api/billing/accounts/00000000-0000-4000-8000-000000000000/payees',
      undefined,
      admin,
    );
    expect([missing.status, missing.body.message]).toEqual([404, BILLING_SETUP_MESSAGES.accountNotFound]);
  });
});

describe('the projected fee split over account payees', () => {
  it('gives each payee its share of the account’s fee, exact to the cent', async () => {
    const schedule = await t.json(
      'POST',
      '/api/fee-schedules',
      feeScheduleInput({ name: 'Payee Split AUM' }),
      admin,
    );
    expect(schedule.status).toBe(201);
    const [cash] = await t.db
      .insert(products)
      .values({ name: 'Payee Split Cash', symbol: 'PSCASH', productType: 'CASH' })
      .returning({ id: products.id });
    const h = await insertHousehold(t.db, { members: [{ firstName: 'Split', lastName: 'Fee' }] });
    const account = await openAccount(h.clientId, h.memberIds[0]!, 'Split Fee Trust');
    const other = await openAccount(h.clientId, h.memberIds[0]!, 'Split Fee Cash');
    for (const id of [account, other]) {
      const billing = await t.json(
        'PUT',
        `/api/billing/accounts/${id}/billing`,
        {
          feeScheduleId: schedule.body.result.id,
          payMethod: 'INDIRECT',
          frequency: 'QUARTERLY',
          timing: 'ARREARS',
          startDate: '2026-01-01',
          feePayingAccountId: id,
        },
        admin,
      );
      expect(billing.status).toBe(200);
    }
    const held = await t.json(
      'PUT',
      `/api/accounts/${account}/holdings/2026-09-30`,
      { positions: [{ productId: (cash as { id: string }).id, quantity: '100000' }] },
      admin,
    );
    expect(held.status).toBe(200);
    const put = await t.json(
      'PUT',
      `/api/billing/accounts/${account}/payees`,
      {
        payees: [
          { accountId: account, payPercent: '33.33' },
          { accountId: other, payPercent: '66.67' },
        ],
      },
      admin,
    );
    expect(put.status).toBe(200);
    const res = await t.json('GET', `/api/billing/households/${h.clientId}/projected-fee`, undefined, admin);
    expect(res.status).toBe(200);
    type Line = { id: string; amount: string; split?: { id: string; payPercent: string; amount: string }[] };
    const lines = (res.body.result.groups as { periods: { accounts: Line[] }[] }[]).flatMap((g) =>
      g.periods.flatMap((p) => p.accounts),
    );
    const line = lines.find((l) => l.id === account) as Line;
    // 100,000 at 1 % a year: 250.00 the quarter; 166.675 and 83.325 exactly, the odd cent to the first.
    expect(line.amount).toBe('250.00');
    expect(line.split).toEqual([
      { id: other, registrationName: 'Split Fee Cash', payPercent: '66.67', amount: '166.68' },
      { id: account, registrationName: 'Split Fee Trust', payPercent: '33.33', amount: '83.32' },
    ]);
    expect(lines.find((l) => l.id === other)?.split).toBeUndefined();
  });
});

describe('permissions: billingUnits for planning fees, billingAccounts for payees', () => {
  it('refuses a role without them and lets a reader read but not write', async () => {
    await insertUserWithGrants(t.db, 'no.planning@centric.local', { clients: ['read'] });
    const none = (await t.signIn('no.planning@centric.local')).token;
    await insertUserWithGrants(t.db, 'planning.reader@centric.local', {
      billingUnits: ['read'],
      billingAccounts: ['read'],
    });
    const reader = (await t.signIn('planning.reader@centric.local')).token;
    await insertUserWithGrants(t.db, 'planning.writer@centric.local', {
      billingUnits: ['read', 'write'],
      billingAccounts: ['read'],
    });
    const writer = (await t.signIn('planning.writer@centric.local')).token;
    const h = await insertHousehold(t.db, { members: [{ firstName: 'Perm', lastName: 'Plan' }] });
    const account = await openAccount(h.clientId, h.memberIds[0]!, 'Perm Plan Brokerage');
    const fee = await t.json('POST', `/api/billing/households/${h.clientId}/planning-fees`, feeBody(), admin);
    const feeUrl = `/api/billing/households/${h.clientId}/planning-fees/${fee.body.result.id as string}`;
    const reads = [
      `/api/billing/households/${h.clientId}/planning-fees`,
      `/api/billing/accounts/${account}/payees`,
    ];
    const writes: ['POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown][] = [
      ['POST', `/api/billing/households/${h.clientId}/planning-fees`, feeBody()],
      ['PATCH', feeUrl, feeBody()],
      ['DELETE', feeUrl, undefined],
      ['PUT', `/api/billing/accounts/${account}/payees`, { payees: [] }],
    ];
    for (const url of reads) {
      expect([url, (await t.json('GET', url, undefined, none)).status]).toEqual([url, 403]);
      expect([url, (await t.json('GET', url, undefined, reader)).status]).toEqual([url, 200]);
    }
    for (const [method, url, body] of writes) {
      expect([url, (await t.json(method, url, body, reader)).status]).toEqual([url, 403]);
    }
    // Writing is not deleting: a writer without delete changes the fee but cannot remove it.
    expect((await t.json('PATCH', feeUrl, feeBody({ amount: '99' }), writer)).status).toBe(200);
    expect((await t.json('DELETE', feeUrl, undefined, writer)).status).toBe(403);
  });
});
