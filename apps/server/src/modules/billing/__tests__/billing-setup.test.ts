import { householdBill } from '@centric/billing';
import { BILLING_SETUP_MESSAGES, isValidRoutingNumber } from '@centric/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { DEMO_USERS } from '../../../db/seed/demo.ts';
import { achAccounts, auditLog, masterDataItems, products } from '../../../db/schema/index.ts';
import {
  achAccountInput as achBody,
  VALID_ROUTING,
  feeScheduleInput,
  insertHousehold,
  insertUserWithGrants,
  userIdByEmail,
} from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

// Billing setup (issue 14): the account's fee setting, the unit's billing information, payout blocks, ACH
// bank accounts and each unit's readiness, with every rule and message of spec §4–§5 on the server.

let t: TestContext;
let admin: string;
let advisorId: string;
let registrationTypeId = 0;
let scheduleId = '';
let minimumScheduleId = '';
let cashId = '';

const masterId = async (type: string) => {
  const [row] = await t.db.select().from(masterDataItems).where(eq(masterDataItems.type, type)).limit(1);
  return (row as { id: number }).id;
};

let number = 7000;
const openAccount = async (clientId: string, memberId: string, name: string, token = admin) => {
  number += 1;
  const res = await t.json(
    'POST',
    `/api/clients/${clientId}/accounts`,
    {
      registrationName: name,
      registrationTypeId,
      custodian: 'Schwab',
      custodianNumber: `BIL-${number}`,
      startDate: '2026-01-02',
      owners: [{ memberId, role: 'OWNER' }],
    },
    token,
  );
  expect(res.status).toBe(201);
  return (res.body.result as { id: string }).id;
};

const hold = async (accountId: string, asOf = '2026-09-30') => {
  const res = await t.json(
    'PUT',
    `/api/accounts/${accountId}/holdings/${asOf}`,
    { positions: [{ productId: cashId, quantity: '250000' }] },
    admin,
  );
  expect(res.status).toBe(200);
};

const billingBody = (overrides: Record<string, unknown> = {}) => ({
  feeScheduleId: scheduleId,
  payMethod: 'INDIRECT',
  frequency: 'QUARTERLY',
  timing: 'ARREARS',
  startDate: '2026-01-01',
  feePayingAccountId: null,
  ...overrides,
});

const setBilling = (accountId: string, overrides: Record<string, unknown> = {}, token = admin) =>
  t.json('PUT', `/api/billing/accounts/${accountId}/billing`, billingBody(overrides), token);

const blockBody = (overrides: Record<string, unknown> = {}) => ({
  type: 'WEALTH_ADVISOR_1',
  payeeId: advisorId,
  payoutPercentage: '100',
  creditTo: '100',
  startDate: '2026-01-01',
  payoutBlockPaymentType: 'Forever',
  numberOfPayments: null,
  ...overrides,
});

const reasonsOf = async (clientId: string) => {
  const res = await t.json('GET', `/api/billing/households/${clientId}`, undefined, admin);
  expect(res.status).toBe(200);
  return res.body.result.readiness as {
    billingStatus: string;
    blocked: boolean;
    reasons: { code: string; kind: string; message: string }[];
  };
};
const codesOf = async (clientId: string) => (await reasonsOf(clientId)).reasons.map((r) => r.code);

const firstError = (res: { body: { errors?: { field: string; message: string }[] } }) => res.body.errors?.[0];

beforeAll(async () => {
  t = await createTestContext();
  t.clock.startAt(new Date('2026-11-25T16:00:00Z'));
  admin = (await t.signIn()).token;
  advisorId = await userIdByEmail(t.db, DEMO_USERS[1].email);
  registrationTypeId = await masterId('registration-type');
  const schedule = await t.json(
    'POST',
    '/api/fee-schedules',
    feeScheduleInput({ name: 'Billing Setup AUM' }),
    admin,
  );
  scheduleId = schedule.body.result.id;
  const minimum = await t.json(
    'POST',
    '/api/fee-schedules',
    feeScheduleInput({ name: 'Billing Setup Minimum', annualMinimum: '2500' }),
    admin,
  );
  minimumScheduleId = minimum.body.result.id;
  const [cash] = await t.db
    .insert(products)
    .values({ name: 'Billing Setup Cash', symbol: 'BSCASH', productType: 'CASH' })
    .returning({ id: products.id });
  cashId = (cash as { id: string }).id;
});
afterAll(() => t.close());

describe('the account’s fee setting (spec §3 Fee (account), §4, §5 Fee)', () => {
  let clientId = '';
  let memberId = '';
  let brokerage = '';
  let ira = '';
  beforeAll(async () => {
    const h = await insertHousehold(t.db, { members: [{ firstName: 'Fee', lastName: 'Rules' }] });
    clientId = h.clientId;
    memberId = h.memberIds[0]!;
    brokerage = await openAccount(clientId, memberId, 'Rules Brokerage');
    ira = await openAccount(clientId, memberId, 'Rules IRA');
  });

  it('checks every field with its message and changes nothing on a refusal', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ payMethod: undefined }, 'payMethod', BILLING_SETUP_MESSAGES.payMethodRequired],
      [{ payMethod: 'CHEQUE' }, 'payMethod', BILLING_SETUP_MESSAGES.payMethodRequired],
      [{ frequency: 'WEEKLY' }, 'frequency', BILLING_SETUP_MESSAGES.frequencyInvalid],
      [{ frequency: 1000 }, 'frequency', BILLING_SETUP_MESSAGES.frequencyInvalid],
      [{ timing: 'LATER' }, 'timing', BILLING_SETUP_MESSAGES.timingInvalid],
      [{ startDate: '' }, 'startDate', BILLING_SETUP_MESSAGES.startDateRequired],
      [{ startDate: '2026-02-30' }, 'startDate', 'Please enter a valid date.'],
      [{ feePayingAccountId: null }, 'feePayingAccountId', BILLING_SETUP_MESSAGES.feePayingAccountRequired],
      [
        { payMethod: 'ACH', feePayingAccountId: ira },
        'feePayingAccountId',
        BILLING_SETUP_MESSAGES.feePayingAccountOnlyIndirect,
      ],
      [{ feeScheduleId: 'nope' }, 'feeScheduleId', BILLING_SETUP_MESSAGES.feeScheduleNotFound],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await setBilling(brokerage, overrides);
      expect([JSON.stringify(overrides), res.status, firstError(res)]).toEqual([
        JSON.stringify(overrides),
        400,
        { field, message },
      ]);
    }
    const missingSchedule = await setBilling(brokerage, {
      feeScheduleId: '00000000-0000-4000-8000-000000000000',
      feePayingAccountId: brokerage,
    });
    expect(firstError(missingSchedule)).toEqual({
      field: 'feeScheduleId',
      message: BILLING_SETUP_MESSAGES.feeScheduleNotFound,
    });
    const account = await t.json('GET', `/api/billing/accounts/${brokerage}`, undefined, admin);
    expect(account.body.result).toMatchObject({
      payMethod: 'UNASSIGNED',
      feeSchedule: null,
      frequency: 'QUARTERLY',
    });
  });

  it('pays indirectly through itself or an open account of any household, shown on both sides', async () => {
    const other = await insertHousehold(t.db, { members: [{ firstName: 'Payer', lastName: 'Elsewhere' }] });
    const payer = await openAccount(other.clientId, other.memberIds[0]!, 'Elsewhere Joint');
    expect((await setBilling(payer, { feePayingAccountId: payer })).status).toBe(200);
    const res = await setBilling(brokerage, {
      feePayingAccountId: payer,
      frequency: 'MONTHLY',
      timing: 'ADVANCE',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(BILLING_SETUP_MESSAGES.billingUpdated);
    expect(res.body.result).toMatchObject({
      payMethod: 'INDIRECT',
      frequency: 'MONTHLY',
      timing: 'ADVANCE',
      valuation: 'PERIOD_END_VALUE',
      feeSchedule: { id: scheduleId, name: 'Billing Setup AUM' },
      feePayingAccount: { id: payer, registrationName: 'Elsewhere Joint', clientId: other.clientId },
    });
    const payerSide = await t.json('GET', `/api/billing/accounts/${payer}`, undefined, admin);
    expect(payerSide.body.result.paysFor).toEqual([
      { id: brokerage, registrationName: 'Rules Brokerage', clientId, household: expect.any(String) },
    ]);
    // No chains: the payer cannot itself pay through another account while it pays for others …
    const chain = await setBilling(payer, { feePayingAccountId: ira });
    expect(firstError(chain)).toEqual({
      field: 'feePayingAccountId',
      message: BILLING_SETUP_MESSAGES.feePayingAccountPaysOthers,
    });
    // … nor stop paying indirectly, and an account paying through another is no one's payer.
    expect(firstError(await setBilling(payer, { payMethod: 'ACH' }))?.field).toBe('payMethod');
    expect(firstError(await setBilling(ira, { feePayingAccountId: brokerage }))).toEqual({
      field: 'feePayingAccountId',
      message: BILLING_SETUP_MESSAGES.feePayingAccountPaysOthers,
    });
    // A closed payer is refused.
    const closed = await openAccount(other.clientId, other.memberIds[0]!, 'Elsewhere Closed');
    await t.db.execute(
      sql`update accounts set status = 'CLOSED', closed_on = '2026-06-30' where id = ${closed}`,
    );
    expect(firstError(await setBilling(ira, { feePayingAccountId: closed }))).toEqual({
      field: 'feePayingAccountId',
      message: BILLING_SETUP_MESSAGES.feePayingAccountClosed,
    });
  });

  it('is audited as a change of the account’s billing, one entry per account in a bulk assignment', async () => {
    const before = (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(eq(auditLog.entity, 'billingAccount'))
    )[0]!.n;
    const res = await t.json(
      'POST',
      '/api/billing/accounts/assign-schedule',
      { accountIds: [brokerage, ira], feeScheduleId: minimumScheduleId },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ changed: 2, unchanged: 0 });
    expect(res.body.message).toBe(BILLING_SETUP_MESSAGES.scheduleAssigned(2));
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'billingAccount'))
      .orderBy(sql`id desc`)
      .limit(2);
    expect(entries.map((e) => e.entityId).sort()).toEqual([brokerage, ira].sort());
    expect(entries[0]?.after).toMatchObject({ feeScheduleId: minimumScheduleId });
    const after = (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(eq(auditLog.entity, 'billingAccount'))
    )[0]!.n;
    expect(after - before).toBe(2);
    // The same again changes nothing and writes nothing.
    const again = await t.json(
      'POST',
      '/api/billing/accounts/assign-schedule',
      { accountIds: [brokerage, ira], feeScheduleId: minimumScheduleId },
      admin,
    );
    expect(again.body.result).toEqual({ changed: 0, unchanged: 2 });
    expect(
      (
        await t.json(
          'POST',
          '/api/billing/accounts/assign-schedule',
          { accountIds: [], feeScheduleId: scheduleId },
          admin,
        )
      ).body.message,
    ).toBe(BILLING_SETUP_MESSAGES.accountsRequired);
  });
});

describe('payout blocks (spec §3 Payout block, §4, §5 Payout)', () => {
  let clientId = '';
  beforeAll(async () => {
    const h = await insertHousehold(t.db, { members: [{ firstName: 'Payout', lastName: 'Rules' }] });
    clientId = h.clientId;
    await openAccount(clientId, h.memberIds[0]!, 'Payout Brokerage');
  });
  const add = (body: Record<string, unknown>) =>
    t.json('POST', `/api/billing/households/${clientId}/payout-blocks`, body, admin);

  it("names the household's advisors in the payout types' roles, for a new block's payee", async () => {
    const h = await insertHousehold(t.db, {
      members: [{ firstName: 'Payout', lastName: 'Team' }],
      advisors: { WEALTH_ADVISOR_1: advisorId, FINANCIAL_PLANNER: advisorId },
    });
    const res = await t.json('GET', `/api/billing/households/${h.clientId}/payout-blocks`, undefined, admin);
    expect(res.status).toBe(200);
    expect(res.body.result.team).toEqual([
      { type: 'WEALTH_ADVISOR_1', payee: { id: advisorId, fullName: expect.any(String) } },
    ]);
  });

  it('checks every field with its message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: undefined }, 'type', BILLING_SETUP_MESSAGES.payoutTypeRequired],
      [{ payeeId: null }, 'payeeId', BILLING_SETUP_MESSAGES.payeeRequired],
      [{ type: 'FIRM' }, 'payeeId', BILLING_SETUP_MESSAGES.payeeFirmHasNone],
      [{ payoutPercentage: '100.01' }, 'payoutPercentage', BILLING_SETUP_MESSAGES.payoutPercentageRange],
      [{ payoutPercentage: '-1' }, 'payoutPercentage', BILLING_SETUP_MESSAGES.payoutPercentageRange],
      [{ payoutPercentage: '12.345' }, 'payoutPercentage', BILLING_SETUP_MESSAGES.payoutPercentageRange],
      [{ creditTo: '101' }, 'creditTo', BILLING_SETUP_MESSAGES.creditToRange],
      [{ startDate: '' }, 'startDate', BILLING_SETUP_MESSAGES.payoutStartDateRequired],
      [
        { payoutBlockPaymentType: 'Sometimes' },
        'payoutBlockPaymentType',
        BILLING_SETUP_MESSAGES.paymentTypeRequired,
      ],
      [
        { payoutBlockPaymentType: 'Number_Of_Payments' },
        'numberOfPayments',
        BILLING_SETUP_MESSAGES.numberOfPaymentsRequired,
      ],
      [
        { payoutBlockPaymentType: 'Number_Of_Payments', numberOfPayments: 61 },
        'numberOfPayments',
        BILLING_SETUP_MESSAGES.numberOfPaymentsRange,
      ],
      [
        { payoutBlockPaymentType: 'Number_Of_Payments', numberOfPayments: 0 },
        'numberOfPayments',
        BILLING_SETUP_MESSAGES.numberOfPaymentsRange,
      ],
      [{ numberOfPayments: 4 }, 'numberOfPayments', BILLING_SETUP_MESSAGES.numberOfPaymentsForever],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await add(blockBody(overrides));
      expect([JSON.stringify(overrides), res.status, firstError(res)]).toEqual([
        JSON.stringify(overrides),
        400,
        { field, message },
      ]);
    }
    const inactive = await insertUserWithGrants(t.db, 'former.advisor@centric.local', {});
    await t.db.execute(sql`update users set status = 'INACTIVE' where id = ${inactive.userId}`);
    expect(firstError(await add(blockBody({ payeeId: inactive.userId })))).toEqual({
      field: 'payeeId',
      message: BILLING_SETUP_MESSAGES.payeeNotFound,
    });
  });

  it('counts a hand-over as 100 %, refuses blocks active together above 100 %, and totals the active ones', async () => {
    // 80 % to the firm's first advisor forever, 20 % to a solicitor for 8 quarters, then another 20 % forever
    // from the 9th quarter: never more than 100 % at once.
    expect((await add(blockBody({ payoutPercentage: '80', creditTo: '60' }))).status).toBe(201);
    const solicitor = await userIdByEmail(t.db, DEMO_USERS[3].email);
    const first = await add(
      blockBody({
        type: 'SOLICITOR',
        payeeId: solicitor,
        payoutPercentage: '20',
        creditTo: '40',
        startDate: '2026-01-01',
        payoutBlockPaymentType: 'Number_Of_Payments',
        numberOfPayments: 8,
      }),
    );
    expect(first.status).toBe(201);
    const handover = await add(
      blockBody({ type: 'OTHER', payoutPercentage: '20', creditTo: '0', startDate: '2028-01-01' }),
    );
    expect(handover.status).toBe(201);
    expect(handover.body.message).toBe(BILLING_SETUP_MESSAGES.payoutCreated);
    expect(handover.body.result).toMatchObject({
      payoutPercentageTotal: '100',
      creditToTotal: '100',
      firmResidual: '0',
      period: { start: '2026-10-01', end: '2026-12-31' },
    });
    expect(handover.body.result.blocks.map((b: { active: boolean }) => b.active)).toEqual([
      true,
      true,
      false,
    ]);
    // A block starting inside the solicitor's 8 quarters would make 120 %.
    const over = await add(blockBody({ type: 'OTHER', payoutPercentage: '20', startDate: '2027-12-31' }));
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(BILLING_SETUP_MESSAGES.payoutTotalAbove100('120'));
    // Lowering the first block leaves a residual to the firm, named on the unit.
    const list = handover.body.result.blocks as { id: string; payoutPercentage: string }[];
    const lowered = await t.json(
      'PATCH',
      `/api/billing/households/${clientId}/payout-blocks/${list[0]!.id}`,
      blockBody({ payoutPercentage: '70', creditTo: '60' }),
      admin,
    );
    expect(lowered.status).toBe(200);
    expect(lowered.body.result).toMatchObject({ payoutPercentageTotal: '90', firmResidual: '10' });
    const readiness = await reasonsOf(clientId);
    expect(readiness.reasons).toContainEqual({
      code: 'PAYOUT_BELOW_100',
      kind: 'ATTENTION',
      message: 'The unit’s payout blocks total 90%: the remaining 10% goes to the firm.',
      accountId: null,
    });
    // A block of another level is not found through this one; a deleted block is gone.
    const elsewhere = await insertHousehold(t.db, { members: [{ firstName: 'Not', lastName: 'Here' }] });
    expect(
      (
        await t.json(
          'DELETE',
          `/api/billing/households/${elsewhere.clientId}/payout-blocks/${list[2]!.id}`,
          undefined,
          admin,
        )
      ).status,
    ).toBe(404);
    const removed = await t.json(
      'DELETE',
      `/api/billing/households/${clientId}/payout-blocks/${list[2]!.id}`,
      undefined,
      admin,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.result.blocks).toHaveLength(2);
    // Every change is in the billing log (/billing/alllogs), in words.
    const log = await t.json('GET', '/api/billing-logs?entity=payoutBlock&limit=100', undefined, admin);
    expect(log.status).toBe(200);
    const entries = log.body.result as { action: string; entityId: string; sentence?: string }[];
    expect(entries.filter((e) => e.entityId === list[2]!.id).map((e) => e.action)).toEqual([
      'DELETE',
      'CREATE',
    ]);
  });
});

describe('ACH bank accounts (spec §3 ACH account, §5 ACH)', () => {
  let clientId = '';
  beforeAll(async () => {
    ({ clientId } = await insertHousehold(t.db, { members: [{ firstName: 'Ach', lastName: 'Rules' }] }));
  });
  const add = (body: Record<string, unknown>) =>
    t.json('POST', `/api/billing/households/${clientId}/ach-accounts`, body, admin);

  it('checks the routing number with the ABA checksum', () => {
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('011000015')).toBe(true);
    expect(isValidRoutingNumber('021000022')).toBe(false);
    expect(isValidRoutingNumber('12345678')).toBe(false);
  });

  it('checks every field with its message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ achAccountType: 'BROKERAGE' }, 'achAccountType', BILLING_SETUP_MESSAGES.achAccountTypeRequired],
      [{ accountNumber: '' }, 'accountNumber', BILLING_SETUP_MESSAGES.accountNumberRequired],
      [{ accountNumber: '123456789012345678' }, 'accountNumber', BILLING_SETUP_MESSAGES.accountNumberInvalid],
      [{ accountNumber: '0000' }, 'accountNumber', BILLING_SETUP_MESSAGES.accountNumberInvalid],
      [{ accountNumber: '12-34' }, 'accountNumber', BILLING_SETUP_MESSAGES.accountNumberInvalid],
      [{ routingNumber: '' }, 'routingNumber', BILLING_SETUP_MESSAGES.routingNumberRequired],
      [{ routingNumber: '02100002' }, 'routingNumber', BILLING_SETUP_MESSAGES.routingNumberInvalid],
      [{ routingNumber: '021000022' }, 'routingNumber', BILLING_SETUP_MESSAGES.routingNumberChecksum],
      [{ firstName: '' }, 'firstName', BILLING_SETUP_MESSAGES.firstNameRequired],
      [{ firstName: 'x'.repeat(16) }, 'firstName', BILLING_SETUP_MESSAGES.firstNameMax],
      [{ lastName: 'x'.repeat(16) }, 'lastName', BILLING_SETUP_MESSAGES.lastNameMax],
      [{ billingAddressLine1: 'x'.repeat(51) }, 'billingAddressLine1', BILLING_SETUP_MESSAGES.addressMax],
      [{ billingAddressLine2: 'x'.repeat(51) }, 'billingAddressLine2', BILLING_SETUP_MESSAGES.addressMax],
      [{ city: 'x'.repeat(31) }, 'city', BILLING_SETUP_MESSAGES.cityMax],
      [{ country: 'x'.repeat(51) }, 'country', BILLING_SETUP_MESSAGES.countryMax],
      [{ emailAddress: 'not-an-email' }, 'emailAddress', BILLING_SETUP_MESSAGES.emailInvalid],
      [{ emailAddress: `${'x'.repeat(250)}@a.com` }, 'emailAddress', BILLING_SETUP_MESSAGES.emailMax],
      [{ phoneNumber: '555-0100' }, 'phoneNumber', BILLING_SETUP_MESSAGES.phoneInvalid],
      [{ zip: '123' }, 'zip', BILLING_SETUP_MESSAGES.zipInvalid],
      [{ zip: '123456' }, 'zip', BILLING_SETUP_MESSAGES.zipInvalid],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await add(achBody(overrides));
      expect([JSON.stringify(overrides).slice(0, 60), res.status, firstError(res)]).toEqual([
        JSON.stringify(overrides).slice(0, 60),
        400,
        { field, message },
      ]);
    }
    const rows = await t.db.select().from(achAccounts).where(eq(achAccounts.householdId, clientId));
    expect(rows).toHaveLength(0);
  });

  it('keeps the numbers sealed: masked in answers, never in clear in the database or the audit trail', async () => {
    const res = await add(achBody());
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(BILLING_SETUP_MESSAGES.achCreated);
    expect(res.body.result).toMatchObject({
      accountNumber: '****6789',
      routingNumber: '****0021',
      phoneNumber: '6175550100',
    });
    const id = res.body.result.id as string;
    const [raw] = rowsOf<Record<string, unknown>>(
      await t.db.execute(sql`select * from ach_accounts where id = ${id}`),
    );
    const stored = JSON.stringify(raw);
    expect(stored).not.toContain('000123456789');
    expect(stored).not.toContain('123456789');
    expect(stored).not.toContain(VALID_ROUTING);
    const trail = JSON.stringify(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'achAccount'), eq(auditLog.entityId, id))),
    );
    expect(trail).toContain('****6789');
    expect(trail).not.toContain('123456789');
    expect(trail).not.toContain(VALID_ROUTING);
    // A change without numbers keeps them; a new account number is sealed again and said changed.
    const kept = await t.json(
      'PATCH',
      `/api/billing/ach-accounts/${id}`,
      achBody({ accountNumber: null, routingNumber: null, city: 'Salem' }),
      admin,
    );
    expect(kept.body.result).toMatchObject({ accountNumber: '****6789', city: 'Salem' });
    const renumbered = await t.json(
      'PATCH',
      `/api/billing/ach-accounts/${id}`,
      achBody({ accountNumber: '55501234', routingNumber: null, city: 'Salem' }),
      admin,
    );
    expect(renumbered.body.result.accountNumber).toBe('****1234');
    const [last] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'achAccount'), eq(auditLog.entityId, id)))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(JSON.stringify(last?.after)).not.toContain('55501234');
    expect(last?.after).toMatchObject({ accountNumberChanged: true });
  });
});

describe('readiness (issue 14 §1): each reason appears and clears, in its kind', () => {
  it('walks a unit from requires attention to ready, and lists it under the filters and figures', async () => {
    const h = await insertHousehold(t.db, { members: [{ firstName: 'Ready', lastName: 'Walk' }] });
    const clientId = h.clientId;
    // A household without accounts is no billing unit.
    expect((await reasonsOf(clientId)).reasons).toEqual([]);
    const listed = async (query: string) =>
      (await t.json('GET', `/api/billing/households?search=Walk${query}`, undefined, admin)).body;
    expect((await listed('')).totalResults).toBe(0);

    const account = await openAccount(clientId, h.memberIds[0]!, 'Walk Brokerage');
    const first = await reasonsOf(clientId);
    expect(first.billingStatus).toBe('REQUIRES_ATTENTION');
    expect(first.blocked).toBe(true);
    expect(first.reasons.map((r) => [r.code, r.kind])).toEqual([
      ['NO_FEE_SCHEDULE', 'BLOCKS'],
      ['PAY_METHOD_UNASSIGNED', 'BLOCKS'],
      ['NO_PAYOUT_BLOCKS', 'ATTENTION'],
      ['NO_VALUE', 'ATTENTION'],
    ]);
    const row = (await listed('')).result[0];
    expect(row).toMatchObject({
      billingStatus: 'REQUIRES_ATTENTION',
      missingFeeSchedule: true,
      missingPayoutBlocks: true,
    });
    expect((await listed('&missingFeeSchedule=true')).totalResults).toBe(1);
    expect((await listed('&subType=NO_VALUE')).totalResults).toBe(1);
    expect((await listed('&billingStatus=READY')).totalResults).toBe(0);

    // ACH without a bank account blocks; the bank account clears it.
    await setBilling(account, {
      payMethod: 'ACH',
      feePayingAccountId: null,
      feeScheduleId: minimumScheduleId,
    });
    expect(await codesOf(clientId)).toEqual([
      'ACH_NO_BANK_ACCOUNT',
      'NO_PAYOUT_BLOCKS',
      'NO_VALUE',
      'MINIMUM_WITHOUT_VALUE',
    ]);
    await t.json('POST', `/api/billing/households/${clientId}/ach-accounts`, achBody(), admin);
    expect(await codesOf(clientId)).toEqual(['NO_PAYOUT_BLOCKS', 'NO_VALUE', 'MINIMUM_WITHOUT_VALUE']);
    expect((await reasonsOf(clientId)).blocked).toBe(false);

    // Holdings value the account (through the accounts' own change: their checks tell billing).
    await hold(account);
    expect(await codesOf(clientId)).toEqual(['NO_PAYOUT_BLOCKS']);

    // INDIRECT through an account that closes blocks again.
    const payer = await openAccount(clientId, h.memberIds[0]!, 'Walk Joint');
    await setBilling(payer, { feePayingAccountId: payer });
    await setBilling(account, { feePayingAccountId: payer });
    await t.json('POST', `/api/billing/households/${clientId}/payout-blocks`, blockBody(), admin);
    expect(await codesOf(clientId)).toEqual(['NO_VALUE']); // the joint account holds nothing yet
    await hold(payer);
    expect(await reasonsOf(clientId)).toMatchObject({ billingStatus: 'READY', blocked: false, reasons: [] });
    expect((await listed('&billingStatus=READY')).totalResults).toBe(1);

    const summary = ((await listed('')) as { summary?: unknown }).summary;
    expect(summary).toEqual({
      totalHouseholds: 1,
      readyToBill: 1,
      requiresAttention: 0,
      missingFeeSchedule: 0,
      missingPayoutBlocks: 0,
    });

    // An account's own blocks replace the unit's for it: below 100 % is named on that account.
    const own = await t.json(
      'POST',
      `/api/billing/accounts/${account}/payout-blocks`,
      blockBody({ payoutPercentage: '50', creditTo: '50' }),
      admin,
    );
    expect(own.status).toBe(201);
    expect((await reasonsOf(clientId)).reasons).toEqual([
      {
        code: 'PAYOUT_BELOW_100',
        kind: 'ATTENTION',
        message: 'Walk Brokerage’s payout blocks total 50%: the remaining 50% goes to the firm.',
        accountId: account,
      },
    ]);
  });
});

describe('the projected fee (issue 14 §7): the engine, through the unit’s billing inputs', () => {
  it('householding accounts on one schedule, a deposit prorated, an indirect payer named, an account without a schedule left out', async () => {
    const h = await insertHousehold(t.db, { members: [{ firstName: 'Fee', lastName: 'Preview' }] });
    const clientId = h.clientId;
    const joint = await openAccount(clientId, h.memberIds[0]!, 'Preview Joint');
    const ira = await openAccount(clientId, h.memberIds[0]!, 'Preview IRA');
    const loose = await openAccount(clientId, h.memberIds[0]!, 'Preview Loose');
    await hold(joint); // 250,000 each
    await hold(ira);
    await setBilling(joint, { feePayingAccountId: joint });
    await setBilling(ira, { feePayingAccountId: joint });
    // 100,000 deposited into the joint account on November 1st (Q4 2026: 92 days, 31 before the deposit).
    const deposit = await t.json(
      'POST',
      `/api/accounts/${joint}/transactions`,
      { type: 'DEPOSIT', tradeDate: '2026-11-01', amount: '100000' },
      admin,
    );
    expect(deposit.status).toBe(201);
    const res = await t.json('GET', `/api/billing/households/${clientId}/projected-fee`, undefined, admin);
    expect(res.status).toBe(200);
    const fee = res.body.result;
    expect(fee.skipped).toEqual([
      { accountId: loose, registrationName: 'Preview Loose', reason: 'NO_FEE_SCHEDULE' },
    ]);
    // Standard test schedule (1 % to 500k, 0.75 % to 2M): 500,000 householded → 5,000 a year, 1,250 the quarter.
    expect(fee.groups).toHaveLength(1);
    expect(fee.groups[0]).toMatchObject({
      schedule: { id: scheduleId, name: 'Billing Setup AUM', type: 'PERCENTAGE' },
      billableValue: '500000.00',
      annualAmount: '5000.00',
    });
    const period = fee.groups[0].periods[0];
    expect(period).toMatchObject({
      frequency: 'QUARTERLY',
      timing: 'ARREARS',
      periodStart: '2026-10-01',
      periodEnd: '2026-12-31',
      valuationDate: '2026-12-31',
    });
    // The same inputs straight into the engine give the same figures: a preview and a bill cannot disagree.
    const engine = householdBill({
      schedule: feeScheduleInput() as never,
      periodStart: '2026-10-01',
      periodEnd: '2026-12-31',
      frequency: 'QUARTERLY',
      proration: 'FREQUENCY',
      timing: 'ARREARS',
      accounts: [
        {
          id: joint,
          value: '250000.00',
          feePayingAccountId: joint,
          cashFlows: [{ date: '2026-11-01', amount: '100000.00' }],
        },
        { id: ira, value: '250000.00', feePayingAccountId: joint },
      ],
    });
    const byId = (list: { id: string; amount: string }[]) =>
      Object.fromEntries(list.map((a) => [a.id, a.amount]));
    expect(byId(period.accounts)).toEqual(byId(engine.accounts));
    expect(fee.amount).toBe(engine.amount);
    expect(
      period.accounts.map((a: { line: string; paidBy: { registrationName: string } }) => [
        a.line,
        a.paidBy.registrationName,
      ]),
    ).toEqual([
      ['INDIRECT', 'Preview Joint'],
      ['DIRECT', 'Preview Joint'],
    ]);
  });
});

describe('a fee-paying account paying for two others (issue 14 tests)', () => {
  it('bills each account its own fee, names the payer on both lines, and lists both on the payer', async () => {
    const h = await insertHousehold(t.db, { members: [{ firstName: 'Two', lastName: 'Payees' }] });
    const payer = await openAccount(h.clientId, h.memberIds[0]!, 'Two Payer Joint');
    const ira = await openAccount(h.clientId, h.memberIds[0]!, 'Two Payer IRA');
    const roth = await openAccount(h.clientId, h.memberIds[0]!, 'Two Payer Roth');
    for (const id of [payer, ira, roth]) await hold(id); // 250,000 each: 750,000 householded
    expect((await setBilling(payer, { feePayingAccountId: payer })).status).toBe(200);
    expect((await setBilling(ira, { feePayingAccountId: payer })).status).toBe(200);
    expect((await setBilling(roth, { feePayingAccountId: payer })).status).toBe(200);

    const res = await t.json('GET', `/api/billing/households/${h.clientId}/projected-fee`, undefined, admin);
    const period = res.body.result.groups[0].periods[0];
    const engine = householdBill({
      schedule: feeScheduleInput() as never,
      periodStart: '2026-10-01',
      periodEnd: '2026-12-31',
      frequency: 'QUARTERLY',
      proration: 'FREQUENCY',
      timing: 'ARREARS',
      accounts: [payer, ira, roth].map((id) => ({ id, value: '250000.00', feePayingAccountId: payer })),
    });
    expect(res.body.result.amount).toBe(engine.amount);
    type Line = { id: string; amount: string; line: string; paidBy: { id: string } };
    expect(
      Object.fromEntries((period.accounts as Line[]).map((a) => [a.id, [a.line, a.paidBy.id, a.amount]])),
    ).toEqual(
      Object.fromEntries(
        engine.accounts.map((a) => [a.id, [a.id === payer ? 'DIRECT' : 'INDIRECT', payer, a.amount]]),
      ),
    );
    const payerPage = await t.json('GET', `/api/billing/accounts/${payer}`, undefined, admin);
    expect((payerPage.body.result.paysFor as { id: string }[]).map((a) => a.id).sort()).toEqual(
      [ira, roth].sort(),
    );
  });
});

describe('permissions: billingUnits and billingAccounts on every route', () => {
  it('refuses a role without them and lets a reader read but not write', async () => {
    await insertUserWithGrants(t.db, 'no.billing@centric.local', { clients: ['read'] });
    const none = (await t.signIn('no.billing@centric.local')).token;
    await insertUserWithGrants(t.db, 'billing.reader@centric.local', {
      billingUnits: ['read'],
      billingAccounts: ['read'],
    });
    const reader = (await t.signIn('billing.reader@centric.local')).token;
    const h = await insertHousehold(t.db, { members: [{ firstName: 'Perm', lastName: 'Check' }] });
    const account = await openAccount(h.clientId, h.memberIds[0]!, 'Perm Brokerage');
    const some = '00000000-0000-4000-8000-000000000000';
    const reads = [
      '/api/billing/households',
      '/api/billing/households/export?format=csv',
      `/api/billing/households/${h.clientId}`,
      `/api/billing/households/${h.clientId}/billing-info`,
      `/api/billing/households/${h.clientId}/payout-blocks`,
      `/api/billing/households/${h.clientId}/ach-accounts`,
      '/api/billing/accounts',
      '/api/billing/accounts/export?format=xlsx',
      `/api/billing/accounts/${account}`,
      `/api/billing/accounts/${account}/payout-blocks`,
    ];
    const writes: ['POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown][] = [
      [
        'PUT',
        `/api/billing/households/${h.clientId}/billing-info`,
        { payMethod: 'ACH', frequency: 'QUARTERLY' },
      ],
      ['POST', `/api/billing/households/${h.clientId}/payout-blocks`, blockBody()],
      ['PATCH', `/api/billing/households/${h.clientId}/payout-blocks/${some}`, blockBody()],
      ['DELETE', `/api/billing/households/${h.clientId}/payout-blocks/${some}`, undefined],
      ['POST', `/api/billing/households/${h.clientId}/ach-accounts`, achBody()],
      ['PATCH', `/api/billing/ach-accounts/${some}`, achBody()],
      ['DELETE', `/api/billing/ach-accounts/${some}`, undefined],
      ['PUT', `/api/billing/accounts/${account}/billing`, billingBody({ feePayingAccountId: account })],
      ['POST', '/api/billing/accounts/assign-schedule', { accountIds: [account], feeScheduleId: scheduleId }],
      ['POST', `/api/billing/accounts/${account}/payout-blocks`, blockBody()],
      ['PATCH', `/api/billing/accounts/${account}/payout-blocks/${some}`, blockBody()],
      ['DELETE', `/api/billing/accounts/${account}/payout-blocks/${some}`, undefined],
    ];
    const get = (url: string, token: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    for (const url of reads) {
      expect([url, (await get(url, none)).statusCode]).toEqual([url, 403]);
      expect([url, (await get(url, reader)).statusCode]).toEqual([url, 200]);
    }
    for (const [method, url, body] of writes) {
      expect([url, (await t.json(method, url, body, reader)).status]).toEqual([url, 403]);
    }
  });
});

// Last: it moves the clock on, for good.
describe('the daily sweep', () => {
  it('the daily sweep judges every unit again (a payout block that starts later counts from its period)', async () => {
    const h = await insertHousehold(t.db, { members: [{ firstName: 'Later', lastName: 'Start' }] });
    const account = await openAccount(h.clientId, h.memberIds[0]!, 'Later Brokerage');
    await setBilling(account, { feePayingAccountId: account });
    await hold(account);
    await t.json(
      'POST',
      `/api/billing/households/${h.clientId}/payout-blocks`,
      blockBody({ startDate: '2027-01-05' }),
      admin,
    );
    expect(await codesOf(h.clientId)).toEqual(['NO_PAYOUT_BLOCKS']);
    t.clock.advanceTo(new Date('2027-01-06T16:00:00Z'));
    admin = (await t.signIn()).token; // the session lapsed in six idle weeks
    await t.app.services.activitySweep.runOnce();
    expect(await codesOf(h.clientId)).toEqual([]);
  });
});
