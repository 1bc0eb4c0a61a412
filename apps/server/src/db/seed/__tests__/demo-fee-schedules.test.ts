import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { DEMO_FEE_SCHEDULES, seedDemoFeeSchedules } from '../demo-fee-schedules.ts';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.signIn()).token;
});

afterAll(async () => {
  await ctx?.close();
});

describe('demo fee schedules', () => {
  it('seeds each schedule once, readable through the API with its tiers sorted and contiguous', async () => {
    expect(await seedDemoFeeSchedules(ctx.db)).toBe(DEMO_FEE_SCHEDULES.length);
    // A second start finds them and adds nothing.
    expect(await seedDemoFeeSchedules(ctx.db)).toBe(0);

    const res = await ctx.json('GET', '/api/fee-schedules?limit=100', undefined, token);
    expect(res.status).toBe(200);
    expect(res.body.totalResults).toBe(DEMO_FEE_SCHEDULES.length);
    const byName = new Map(
      (res.body.result as { name: string; tiers: { minimum: string; maximum: string }[] }[]).map((s) => [
        s.name,
        s,
      ]),
    );
    for (const demo of DEMO_FEE_SCHEDULES) {
      const saved = byName.get(demo.name);
      expect(saved?.tiers).toHaveLength(demo.tiers.length);
      expect(saved?.tiers[0]?.minimum).toBe('0.00');
      expect(saved?.tiers.at(-1)?.maximum).toBe('10000000000.00');
      saved?.tiers.slice(1).forEach((tier, i) => expect(tier.minimum).toBe(saved.tiers[i]?.maximum));
    }
  });

  it('previews the standard schedule at $1M as the engine’s known case: 8750.00 a year', async () => {
    const standard = (await ctx.json('GET', '/api/fee-schedules?search=standard', undefined, token)).body
      .result[0];
    const res = await ctx.json(
      'POST',
      '/api/fee-schedules/preview',
      { schedule: { ...standard, tiers: standard.tiers }, value: '1000000' },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ annual: '8750.00', quarterly: '2187.50' });
  });
});
