import { expect } from 'vitest';
import { DEMO_USERS } from '../../../db/seed/demo.ts';
import { products } from '../../../db/schema/index.ts';
import {
  FEE_CEILING,
  feeScheduleInput,
  insertHousehold,
  openAccountThroughApi,
  userIdByEmail,
} from '../../../../test/factories.ts';
import type { TestContext } from '../../../../test/harness.ts';

/**
 * A firm to bill (issue 15's tests): a flat 1 % schedule (0.25 % a quarter) and a tiered one, a cash product
 * (an account's value is its cash), two advisors to pay out to, and helpers that make units, start runs and
 * read their bills through the API. Periods default to 2026's second quarter (91 days).
 */
export const Q2 = { period: 'QUARTERLY', periodStart: '2026-04-01' } as const;

export type RunView = {
  id: string;
  number: number;
  status: string;
  stage: string | null;
  bills: number;
  total: string;
  progress: { done: number; total: number; failed: number };
  units: { billed: number; skipped: number; alreadyBilled: number; failed: number };
};

export const billRunFirm = async (t: TestContext) => {
  const admin = (await t.signIn()).token;
  const advisor1 = await userIdByEmail(t.db, DEMO_USERS[1].email);
  const advisor2 = await userIdByEmail(t.db, DEMO_USERS[2].email);
  const flat = await t.json(
    'POST',
    '/api/fee-schedules',
    feeScheduleInput({
      name: 'Runs Flat 1%',
      structure: 'LINEAR',
      tiers: [{ minimum: '0', maximum: FEE_CEILING, rate: '100' }],
    }),
    admin,
  );
  expect(flat.status, flat.body.message).toBe(201);
  const flatSchedule = flat.body.result.id as string;
  const tiered = await t.json('POST', '/api/fee-schedules', feeScheduleInput({ name: 'Runs Tiered' }), admin);
  const tieredSchedule = tiered.body.result.id as string;
  const [cash] = await t.db
    .insert(products)
    .values({ name: 'Runs Cash', symbol: 'RUNCASH', productType: 'CASH' })
    .returning({ id: products.id });
  const cashId = cash!.id;

  const hold = async (accountId: string, quantity: string, asOf = '2026-06-30') => {
    const res = await t.json(
      'PUT',
      `/api/accounts/${accountId}/holdings/${asOf}`,
      { positions: [{ productId: cashId, quantity }] },
      admin,
    );
    expect(res.status, res.body.message).toBe(200);
  };

  const setBilling = async (accountId: string, overrides: Record<string, unknown> = {}) => {
    const res = await t.json(
      'PUT',
      `/api/billing/accounts/${accountId}/billing`,
      {
        feeScheduleId: flatSchedule,
        payMethod: 'INDIRECT',
        frequency: 'QUARTERLY',
        timing: 'ARREARS',
        startDate: '2026-01-01',
        feePayingAccountId: accountId,
        ...overrides,
      },
      admin,
    );
    expect(res.status, res.body.message).toBe(200);
  };

  const addBlock = async (clientId: string, body: Record<string, unknown>) => {
    const res = await t.json(
      'POST',
      `/api/billing/households/${clientId}/payout-blocks`,
      {
        type: 'WEALTH_ADVISOR_1',
        payeeId: advisor1,
        payoutPercentage: '100',
        creditTo: '100',
        startDate: '2026-01-01',
        payoutBlockPaymentType: 'Forever',
        numberOfPayments: null,
        ...body,
      },
      admin,
    );
    expect(res.status, res.body.message).toBe(201);
    const blocks = res.body.result.blocks as { id: string; payoutPercentage: string; startDate: string }[];
    return blocks.at(-1)!.id;
  };

  /** A unit with one account valued at `quantity` dollars on 2026-06-30, billed quarterly in arrears. */
  const unit = async (name: string, quantity: string, billing: Record<string, unknown> = {}) => {
    const h = await insertHousehold(t.db, { name, members: [{ firstName: name, lastName: 'Unit' }] });
    const accountId = await openAccountThroughApi(t, {
      clientId: h.clientId,
      memberId: h.memberIds[0]!,
      registrationName: `${name} Brokerage`,
      token: admin,
    });
    await hold(accountId, quantity);
    await setBilling(accountId, billing);
    return { clientId: h.clientId, memberId: h.memberIds[0]!, accountId };
  };

  const runOf = async (id: string) =>
    (await t.json('GET', `/api/bill-runs/${id}`, undefined, admin)).body.result as RunView;

  const startRun = async (body: Record<string, unknown>, token = admin) => {
    const res = await t.json('POST', '/api/bill-runs', { ...Q2, ...body }, token);
    expect(res.status, res.body.message).toBe(201);
    await t.app.services.jobs.drain();
    return runOf(res.body.result.id);
  };

  const billsOf = async (runId: string) =>
    (await t.json('GET', `/api/bill-runs/${runId}/bills?limit=100`, undefined, admin)).body.result as {
      id: string;
      clientId: string;
      amount: string;
      balance: string;
      status: string;
    }[];

  const billOf = async (runId: string, clientId: string) => {
    const bill = (await billsOf(runId)).find((b) => b.clientId === clientId);
    expect(bill).toBeDefined();
    return (await t.json('GET', `/api/bills/${bill!.id}`, undefined, admin)).body.result;
  };

  return {
    admin,
    advisor1,
    advisor2,
    flatSchedule,
    tieredSchedule,
    cashId,
    hold,
    setBilling,
    addBlock,
    unit,
    runOf,
    startRun,
    billsOf,
    billOf,
  };
};
