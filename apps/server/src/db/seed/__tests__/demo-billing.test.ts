import { DEFAULT_FIRM_TIME_ZONE, todayIn } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptionKeyOf } from '../../../config.ts';
import { createSecretBox } from '../../../platform/secret-box.ts';
import { rowsOf } from '../../client.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { seedDemoAccounts } from '../demo-accounts.ts';
import { seedDemoBilling } from '../demo-billing.ts';
import { demoBilledQuarter, seedDemoBillRun } from '../demo-bill-run.ts';
import { seedDemoClients } from '../demo-clients.ts';
import { seedDemoFeeSchedules } from '../demo-fee-schedules.ts';
import { seedDemoProducts } from '../demo-products.ts';

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  token = (await t.signIn()).token;
  const today = todayIn(DEFAULT_FIRM_TIME_ZONE, t.clock.now());
  // The app's own key: the demo's bill run opens the sealed bank numbers for its ACH file.
  const secrets = createSecretBox(encryptionKeyOf(t.config));
  await seedDemoClients(t.db, { secrets, today });
  await seedDemoProducts(t.db, { today });
  await seedDemoFeeSchedules(t.db);
  await seedDemoAccounts(t.db, { secrets, today });
  const first = await seedDemoBilling(t.db, { secrets, today });
  expect(first.households).toBeGreaterThan(100);
  // Some planning fees (paid from an open account of the household), exclusions and manual flows.
  expect(first.planningFees).toBeGreaterThan(5);
  expect(first.exclusions).toBeGreaterThan(2);
  expect(first.manualCashFlows).toBeGreaterThan(1);
  // Once: a second start adds nothing.
  expect((await seedDemoBilling(t.db, { secrets, today })).households).toBe(0);
  await t.app.services.billingReadiness.refreshAll(t.db);
}, 180_000);
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number }>(await t.db.execute(query))[0]?.n ?? 0);

describe('demo billing setup', () => {
  it('makes most units ready to bill and leaves a realistic share needing attention, for each kind of reason', async () => {
    const list = await t.json('GET', '/api/billing/households?limit=1', undefined, token);
    const summary = (list.body as unknown as { summary: Record<string, number> }).summary;
    expect(summary.totalHouseholds).toBeGreaterThan(100);
    expect(summary.readyToBill! / summary.totalHouseholds!).toBeGreaterThan(0.55);
    expect(summary.requiresAttention).toBeGreaterThan(10);
    for (const code of [
      'NO_FEE_SCHEDULE',
      'PAY_METHOD_UNASSIGNED',
      'ACH_NO_BANK_ACCOUNT',
      'NO_PAYOUT_BLOCKS',
      'PAYOUT_BELOW_100',
    ]) {
      expect([
        code,
        await count(sql`select count(*)::int as n from billing_readiness where ${code} = any(codes)`),
      ]).not.toEqual([code, 0]);
    }
  });

  it('follows the server’s own rules: INDIRECT names an open payer that pays its own fee; bank numbers sealed', async () => {
    expect(
      await count(sql`select count(*)::int as n from accounts a left join accounts p on p.id = a.fee_paying_account_id
        where a.status = 'OPEN' and a.pay_method = 'INDIRECT'
          and (p.id is null or p.status <> 'OPEN' or (p.fee_paying_account_id is not null and p.fee_paying_account_id <> p.id))`),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from accounts where fee_paying_account_id is not null and fee_paying_account_id <> id`,
      ),
    ).toBeGreaterThan(0);
    const [row] = rowsOf<{ sealed: string; last4: string }>(
      await t.db.execute(
        sql`select account_number_sealed as sealed, account_number_last4 as last4 from ach_accounts limit 1`,
      ),
    );
    expect(row?.sealed).not.toMatch(/^\d+$/);
    expect(row?.last4).toMatch(/^\d{4}$/);
  });
});

describe('the demo’s billed quarter (issue 16 §4)', () => {
  it('bills the quarter before last live for every ready unit, through to export, collection and payouts', async () => {
    const today = todayIn(DEFAULT_FIRM_TIME_ZONE, t.clock.now());
    const { bills } = await seedDemoBillRun(t.app, t.db, { today, now: t.clock.now() });
    const quarter = demoBilledQuarter(today);
    const [run] = rowsOf<{ id: string; stage: string; status: string; periodStart: string; total: string }>(
      await t.db.execute(sql`select id, stage, status, period_start::text as "periodStart",
        (select sum(amount)::text from bills b where b.run_id = r.id) as total from bill_runs r`),
    );
    expect(run).toMatchObject({ stage: 'EXPORTED', status: 'completed', periodStart: quarter.from });
    expect(bills).toBeGreaterThan(100);
    // Every exported bill, none left behind; the files: a custodian fee file and an ACH (NACHA) file.
    expect(await count(sql`select count(*)::int as n from bills where status <> 'EXPORTED'`)).toBe(0);
    expect(
      rowsOf<{ kind: string }>(
        await t.db.execute(sql`select distinct kind from bill_exports order by 1`),
      ).map((r) => r.kind),
    ).toEqual(['CUSTODIAN', 'NACHA']);
    // Most collected in full, a few still open; nothing collected beyond a bill's amount.
    const collected = await count(
      sql`select count(*)::int as n from bills where collected = amount and amount > 0`,
    );
    expect(collected / bills).toBeGreaterThan(0.85);
    expect(collected).toBeLessThan(bills);
    expect(await count(sql`select count(*)::int as n from bills where collected > amount`)).toBe(0);
    // The advisors are paid from it: payouts of the locked bills, and the countdown of limited payout blocks.
    expect(await count(sql`select count(*)::int as n from bill_payouts`)).toBeGreaterThan(100);
    expect(
      await count(sql`select count(*)::int as n from payout_blocks where payments_made > 0`),
    ).toBeGreaterThan(0);
    // The firm's compensation view: fees collected for the advisors, beside their commissions.
    for (const basis of ['billed', 'collected']) {
      const firm = await t.json(
        'GET',
        `/api/compensation?from=${quarter.from}&to=${today}&basis=${basis}`,
        undefined,
        token,
      );
      expect(firm.status, firm.body.message).toBe(200);
      const payees = firm.body.result as { payee: { fullName: string }; fees: string }[];
      expect(payees.filter((p) => p.fees !== '0.00').length, basis).toBeGreaterThan(1);
    }
    // The seed's sign-in is gone with it.
    expect(
      await count(sql`select count(*)::int as n from sessions where user_agent = 'Centric demo seed'`),
    ).toBe(0);
    expect(run!.total).toMatch(/^\d+\.\d{2}$/);
  }, 180_000);
});
