import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../../db/seed/demo.ts';
import {
  feeScheduleInput,
  insertHousehold,
  insertUserWithGrants,
  userIdByEmail,
  openAccountThroughApi,
} from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

// The unit's and the account's Logs tabs (issue 14 §2, §3): the billing log narrowed to one household (its
// own changes, its accounts' and the records it holds, deleted ones too) or to one account.

let t: TestContext;
let admin: string;
let advisorId: string;
let scheduleId = '';

type Entry = { entity: string; entityId: string; action: string };
const logsOf = async (query: string, token = admin) => {
  const res = await t.json('GET', `/api/billing-logs?limit=100&${query}`, undefined, token);
  expect(res.status).toBe(200);
  return res.body.result as Entry[];
};

const openAccount = (clientId: string, memberId: string, registrationName: string) =>
  openAccountThroughApi(t, { clientId, memberId, registrationName, token: admin });

const setBilling = (accountId: string) =>
  t.json(
    'PUT',
    `/api/billing/accounts/${accountId}/billing`,
    {
      feeScheduleId: scheduleId,
      payMethod: 'INDIRECT',
      frequency: 'QUARTERLY',
      timing: 'ARREARS',
      startDate: '2026-01-01',
      feePayingAccountId: accountId,
    },
    admin,
  );

const block = (percent: string) => ({
  type: 'WEALTH_ADVISOR_1',
  payeeId: advisorId,
  payoutPercentage: percent,
  creditTo: '100',
  startDate: '2026-01-01',
  payoutBlockPaymentType: 'Forever',
  numberOfPayments: null,
});

beforeAll(async () => {
  t = await createTestContext();
  admin = (await t.signIn()).token;
  advisorId = await userIdByEmail(t.db, DEMO_USERS[1].email);
  scheduleId = (await t.json('POST', '/api/fee-schedules', feeScheduleInput({ name: 'Logs AUM' }), admin))
    .body.result.id;
});
afterAll(() => t.close());

describe('the billing log of a unit and of an account', () => {
  it("shows a unit's changes, its accounts' and its records' (deleted ones too), and no other unit's", async () => {
    const a = await insertHousehold(t.db, { members: [{ firstName: 'Logs', lastName: 'Alpha' }] });
    const b = await insertHousehold(t.db, { members: [{ firstName: 'Logs', lastName: 'Beta' }] });
    const alpha = await openAccount(a.clientId, a.memberIds[0]!, 'Alpha Brokerage');
    const beta = await openAccount(b.clientId, b.memberIds[0]!, 'Beta Brokerage');
    expect((await setBilling(alpha)).status).toBe(200);
    expect((await setBilling(beta)).status).toBe(200);
    // The same setting again changes nothing, and the log says nothing of it.
    expect((await setBilling(alpha)).status).toBe(200);

    const unitBlock = await t.json(
      'POST',
      `/api/billing/households/${a.clientId}/payout-blocks`,
      block('60'),
      admin,
    );
    expect(unitBlock.status).toBe(201);
    const unitBlockId = (unitBlock.body.result.blocks as { id: string }[])[0]!.id;
    const accountBlock = await t.json(
      'POST',
      `/api/billing/accounts/${alpha}/payout-blocks`,
      block('100'),
      admin,
    );
    expect(accountBlock.status).toBe(201);
    const accountBlockId = (accountBlock.body.result.blocks as { id: string }[])[0]!.id;
    expect(
      (
        await t.json(
          'DELETE',
          `/api/billing/households/${a.clientId}/payout-blocks/${unitBlockId}`,
          undefined,
          admin,
        )
      ).status,
    ).toBe(200);
    expect(
      (await t.json('POST', `/api/billing/households/${b.clientId}/payout-blocks`, block('50'), admin))
        .status,
    ).toBe(201);

    const unit = await logsOf(`clientId=${a.clientId}`);
    const seen = unit.map((e) => `${e.action} ${e.entity} ${e.entityId}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        `UPDATE billingAccount ${alpha}`,
        `CREATE payoutBlock ${unitBlockId}`,
        `DELETE payoutBlock ${unitBlockId}`,
        `CREATE payoutBlock ${accountBlockId}`,
      ]),
    );
    expect(unit.every((e) => e.entityId !== beta)).toBe(true);
    expect(unit).toHaveLength(4);

    const account = await logsOf(`accountId=${alpha}`);
    expect(account.map((e) => `${e.action} ${e.entity} ${e.entityId}`).sort()).toEqual(
      [`CREATE payoutBlock ${accountBlockId}`, `UPDATE billingAccount ${alpha}`].sort(),
    );
    // Filters still narrow within the unit.
    expect((await logsOf(`clientId=${a.clientId}&action=DELETE`)).map((e) => e.entityId)).toEqual([
      unitBlockId,
    ]);
  });

  it('refuses an id that is not one, and a user without billingLogs read', async () => {
    const bad = await t.json('GET', '/api/billing-logs?clientId=nope', undefined, admin);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Household not found.');
    await insertUserWithGrants(t.db, 'units.only@centric.local', { billingUnits: ['read'] });
    const unitsOnly = (await t.signIn('units.only@centric.local')).token;
    const denied = await t.json(
      'GET',
      '/api/billing-logs?clientId=00000000-0000-4000-8000-000000000000',
      undefined,
      unitsOnly,
    );
    expect(denied.status).toBe(403);
  });
});
