import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { DEMO_PRODUCTS, demoPriceDates, demoProductIdsBySymbol, seedDemoProducts } from '../demo-products.ts';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.signIn()).token;
});

afterAll(async () => {
  await ctx?.close();
});

describe('demo products', () => {
  it('month-ends are the last weekdays of the 12 months before today', () => {
    expect(demoPriceDates('2026-05-15')).toEqual([
      '2025-05-30',
      '2025-06-30',
      '2025-07-31',
      '2025-08-29',
      '2025-09-30',
      '2025-10-31',
      '2025-11-28',
      '2025-12-31',
      '2026-01-30',
      '2026-02-27',
      '2026-03-31',
      '2026-04-30',
    ]);
    // Today's month-end itself is not before today.
    expect(demoPriceDates('2026-04-30').at(-1)).toBe('2026-03-31');
    expect(demoPriceDates('2026-05-29').at(-1)).toBe('2026-04-30');
    expect(demoPriceDates('2026-05-30').at(-1)).toBe('2026-05-29');
  });

  it('seeds about 60 products once, each priced monthly for a year (cash at 1.00), ids by symbol', async () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(55);
    expect(await seedDemoProducts(ctx.db, { today: '2026-05-15' })).toBe(DEMO_PRODUCTS.length);
    expect(await seedDemoProducts(ctx.db, { today: '2026-05-15' })).toBe(0);

    const list = await ctx.json('GET', '/api/products?limit=100', undefined, token);
    expect(list.body.totalResults).toBe(DEMO_PRODUCTS.length);
    const bySymbol = new Map(
      (list.body.result as { symbol: string | null; cusip: string | null; [key: string]: unknown }[]).map(
        (p) => [p.symbol ?? p.cusip, p],
      ),
    );
    expect(bySymbol.get('AAPL')).toMatchObject({
      cusip: '037833100',
      productType: 'EQUITY',
      securityType: { name: 'Equity' },
      assetClass: { assetClass: 'Equity', assetCategory: 'US Large Cap' },
      latestPrice: { date: '2026-04-30' },
    });
    expect(bySymbol.get('CASH')).toMatchObject({
      productType: 'CASH',
      latestPrice: null,
      fixedUnitPrice: '1.00',
    });
    expect(bySymbol.get('91282CKQ3')).toMatchObject({ productType: 'FIXED_INCOME', symbol: null });

    const ids = await demoProductIdsBySymbol(ctx.db);
    expect(ids.size).toBe(DEMO_PRODUCTS.length);
    const prices = await ctx.json(
      'GET',
      `/api/products/${ids.get('VTI')}/prices?limit=100`,
      undefined,
      token,
    );
    expect(prices.body.totalResults).toBe(12);
    expect(prices.body.result[0].date).toBe('2026-04-30');
    for (const { price } of prices.body.result as { price: string }[]) expect(price).toMatch(/^\d+\.\d{2}$/);
  });
});
