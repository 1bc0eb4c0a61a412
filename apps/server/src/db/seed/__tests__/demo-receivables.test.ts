import { randomBytes } from 'node:crypto';
import { DEFAULT_FIRM_TIME_ZONE, todayIn } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSecretBox } from '../../../platform/secret-box.ts';
import { rowsOf } from '../../client.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { seedDemoClients } from '../demo-clients.ts';
import { seedDemoReceivables } from '../demo-receivables.ts';

let t: TestContext;
let today = '';

beforeAll(async () => {
  t = await createTestContext();
  today = todayIn(DEFAULT_FIRM_TIME_ZONE, t.clock.now());
  await seedDemoClients(t.db, { secrets: createSecretBox(randomBytes(32)), today });
}, 180_000);
afterAll(() => t.close());

const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(query))[0] as T;

it('gives every demo advisor receivables on several providers and products, received, past due and short-paid', async () => {
  const first = await seedDemoReceivables(t.db, { today });
  expect(first.receivables).toBeGreaterThan(20);
  // Once: a second start adds nothing.
  expect((await seedDemoReceivables(t.db, { today })).receivables).toBe(0);

  const spread = await one<{
    advisors: number;
    withReceivables: number;
    providers: number;
    products: number;
  }>(sql`
    select
      (select count(distinct ha.user_id)::int from household_advisors ha join households h on h.id = ha.household_id
        where ha.role = 'WEALTH_ADVISOR_1' and h.status = 'ACTIVE' and not h.draft) as advisors,
      (select count(distinct s.payee_user_id)::int from commission_splits s where s.type = 'WEALTH_ADVISOR_1') as "withReceivables",
      (select count(distinct provider_id)::int from receivables) as providers,
      (select count(distinct product_type)::int from receivables) as products`);
  expect(spread.withReceivables).toBe(spread.advisors);
  expect(spread.providers).toBeGreaterThanOrEqual(6);
  expect(spread.products).toBeGreaterThanOrEqual(5);

  const states = await one<{ received: number; pastDue: number; short: number; future: number }>(sql`
    select
      count(*) filter (where state = 'RECEIVED')::int as received,
      count(*) filter (where state = 'EXPECTED' and due_date < ${today}::date)::int as "pastDue",
      count(*) filter (where state = 'RECEIVED' and amount_received < amount)::int as short,
      count(*) filter (where state = 'EXPECTED' and due_date >= ${today}::date)::int as future
    from receivable_payments`);
  expect(states.received).toBeGreaterThan(20);
  expect(states.pastDue).toBeGreaterThan(3);
  expect(states.short).toBeGreaterThan(0);
  expect(states.future).toBeGreaterThan(20);

  // The demo carrier statement is imported: some of its lines short-paid, and each other flag, open.
  const flags = rowsOf<{ flag: string; n: number }>(
    await t.db.execute(sql`select flag, count(*)::int as n from carrier_statement_lines
      where resolution is null group by flag order by flag`),
  );
  const byFlag = Object.fromEntries(flags.map((f) => [f.flag, f.n]));
  expect(byFlag.SHORT_PAID).toBe(3);
  expect(byFlag).toMatchObject({ MATCHED: 6, OVERPAID: 1, UNKNOWN: 1, CHARGEBACK: 1 });
  expect(byFlag.UNPAID).toBeGreaterThanOrEqual(1);

  // The screen reads them: its header has figures, and the sweep alerts the advisors once per past-due payment.
  const token = (await t.signIn()).token;
  const header = await t.json('GET', '/api/receivables/header', undefined, token);
  expect(header.body.result.pastDueCount).toBe(states.pastDue);
  expect(Number(header.body.result.receivedYearToDate)).toBeGreaterThan(0);
}, 120_000);
