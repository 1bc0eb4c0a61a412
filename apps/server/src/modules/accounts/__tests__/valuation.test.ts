import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterDataItems, productPrices, products } from '../../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { insertHousehold } from '../../../../test/factories.ts';
import { accountValuesOn, householdValuesOn } from '../accounts.repository.ts';

// The bulk valuation a bill run starts from (issue 13 §6): every household's value on a date in one
// statement, which must agree with what the managed accounts tab shows for each household on that date.

let t: TestContext;
let admin: string;
let quinn: string;
let empty: string;
let none: string;
const ids: Record<string, string> = {};

const masterId = async (type: string) => {
  const [row] = await t.db.select().from(masterDataItems).where(eq(masterDataItems.type, type)).limit(1);
  return (row as { id: number }).id;
};

const DATES = ['2026-02-01', '2026-03-31', '2026-04-30', '2026-06-29', '2026-06-30', '2026-12-15'];

beforeAll(async () => {
  t = await createTestContext();
  t.clock.startAt(new Date('2026-12-15T16:00:00Z'));
  admin = (await t.signIn()).token;
  const registrationTypeId = await masterId('registration-type');
  const product = async (symbol: string, productType: string) => {
    const [row] = await t.db
      .insert(products)
      .values({ name: `Valuation ${symbol}`, symbol, productType })
      .returning({ id: products.id });
    ids[symbol] = (row as { id: string }).id;
  };
  await product('VQEQ', 'ETF');
  await product('VQBD', 'MUTUAL_FUND');
  await product('VQHC', 'EQUITY');
  await product('VQUP', 'EQUITY');
  await product('VQCASH', 'CASH');
  await t.db.insert(productPrices).values([
    { productId: ids.VQEQ!, priceDate: '2026-03-31', price: '100.00' },
    { productId: ids.VQEQ!, priceDate: '2026-04-30', price: '110.50' },
    { productId: ids.VQEQ!, priceDate: '2026-06-30', price: '120.123456' },
    { productId: ids.VQBD!, priceDate: '2026-03-31', price: '50.00' },
    // Half a cent: each position rounds to the cent before the sum.
    { productId: ids.VQHC!, priceDate: '2026-03-31', price: '0.005' },
  ]);

  let number = 5000;
  const account = async (clientId: string, memberId: string, name: string) => {
    number += 1;
    const res = await t.json(
      'POST',
      `/api/clients/${clientId}/accounts`,
      {
        registrationName: name,
        registrationTypeId,
        custodian: 'Fidelity',
        custodianNumber: `VAL-${number}`,
        startDate: '2026-01-01',
        owners: [{ memberId, role: 'OWNER' }],
      },
      admin,
    );
    expect(res.status).toBe(201);
    return (res.body.result as { id: string }).id;
  };
  const hold = async (accountId: string, asOf: string, positions: [string, string][]) => {
    const res = await t.json(
      'PUT',
      `/api/accounts/${accountId}/holdings/${asOf}`,
      { positions: positions.map(([symbol, quantity]) => ({ productId: ids[symbol], quantity })) },
      admin,
    );
    expect(res.status).toBe(200);
  };

  const a = await insertHousehold(t.db, { members: [{ firstName: 'Val', lastName: 'Quinn' }] });
  quinn = a.clientId;
  const trust = await account(quinn, a.memberIds[0]!, 'Quinn Trust');
  const ira = await account(quinn, a.memberIds[0]!, 'Quinn IRA');
  ids.trust = trust;
  ids.ira = ira;
  await hold(trust, '2026-03-31', [
    ['VQEQ', '100'],
    ['VQBD', '200'],
    ['VQCASH', '1500.25'],
  ]);
  await hold(trust, '2026-06-30', [
    ['VQEQ', '150.5'],
    ['VQHC', '1'],
    ['VQCASH', '10'],
  ]);
  await hold(ira, '2026-06-30', [
    ['VQHC', '3'],
    ['VQUP', '10'],
  ]);

  // A household whose accounts held nothing: one never had a snapshot, one's snapshot is empty.
  const b = await insertHousehold(t.db, { members: [{ firstName: 'Val', lastName: 'Empty' }] });
  empty = b.clientId;
  await account(empty, b.memberIds[0]!, 'Empty Joint');
  ids.emptied = await account(empty, b.memberIds[0]!, 'Emptied Brokerage');
  await hold(ids.emptied, '2026-03-31', []);

  ({ clientId: none } = await insertHousehold(t.db, { members: [{ firstName: 'Val', lastName: 'None' }] }));
});
afterAll(() => t.close());

const tab = async (clientId: string, date: string) => {
  const res = await t.json('GET', `/api/clients/${clientId}/managed-accounts?date=${date}`, undefined, admin);
  expect(res.status).toBe(200);
  return res.body.result as { totalValue: string; accounts: { id: string; marketValue: string }[] };
};

describe('householdValuesOn (the bill run’s valuation)', () => {
  it('agrees with the managed accounts tab of every household on past dates', async () => {
    for (const date of DATES) {
      const values = await householdValuesOn(t.db, date);
      for (const clientId of [quinn, empty]) {
        expect([date, values.get(clientId)]).toEqual([date, (await tab(clientId, date)).totalValue]);
      }
      // Only households with accounts are in the answer.
      expect(values.has(none)).toBe(false);
    }
  });

  it('values each position at its latest price on or before the date, rounded to the cent, cash at 1.00', async () => {
    // Before any snapshot: nothing held.
    expect((await householdValuesOn(t.db, '2026-02-01')).get(quinn)).toBe('0.00');
    // March's holdings at April's equity price: 100 × 110.50 + 200 × 50 + 1,500.25 cash.
    expect((await householdValuesOn(t.db, '2026-04-30')).get(quinn)).toBe('22550.25');
    // The day before June's snapshot: still March's holdings.
    expect((await householdValuesOn(t.db, '2026-06-29')).get(quinn)).toBe('22550.25');
    // June: trust 150.5 × 120.123456 = 18,078.58, 1 × 0.005 = 0.01, 10 cash; IRA 3 × 0.005 = 0.02 and an
    // unpriced position worth 0.
    const june = await householdValuesOn(t.db, '2026-06-30');
    expect(june.get(quinn)).toBe('18088.61');
    expect(june.get(empty)).toBe('0.00');
  });

  it('gives each account’s value, as the tab does', async () => {
    const chosen = [ids.trust!, ids.ira!, ids.emptied!];
    for (const date of DATES) {
      const values = await accountValuesOn(t.db, date, chosen);
      const shown = (await tab(quinn, date)).accounts;
      for (const account of shown) {
        expect([date, values.get(account.id) ?? '0.00']).toEqual([date, account.marketValue]);
      }
      // An empty snapshot (or none) leaves the account out.
      expect(values.has(ids.emptied!)).toBe(false);
    }
    const all = await accountValuesOn(t.db, '2026-06-30');
    expect(all.get(ids.trust!)).toBe('18088.59');
    expect(all.get(ids.ira!)).toBe('0.02');
    expect((await accountValuesOn(t.db, '2026-06-30', [])).size).toBe(0);
  });
});
