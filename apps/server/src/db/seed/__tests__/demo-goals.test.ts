import { todayIn } from '@centric/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { seedDemoFeeSchedules } from '../demo-fee-schedules.ts';
import { seedDemoGoals } from '../demo-goals.ts';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.signIn()).token;
});

afterAll(async () => {
  await ctx?.close();
});

describe('demo goals', () => {
  it("sets this year's goals of every demo advisor and business developer once, and prices the pipeline", async () => {
    await seedDemoFeeSchedules(ctx.db);
    const today = todayIn(ctx.config.FIRM_TIME_ZONE, ctx.clock.now());
    // Olivia Bennett and Marcus Reed (wealth advisors), Priya Shah and Samuel Ortiz (business developers).
    expect(await seedDemoGoals(ctx.db, { today })).toEqual({ goals: 4 });
    expect(await seedDemoGoals(ctx.db, { today })).toEqual({ goals: 0 });

    const goals = await ctx.json('GET', `/api/goals?year=${today.slice(0, 4)}`, undefined, token);
    const withGoals = (goals.body.result.users as { fullName: string; targets: { newAum: string } | null }[])
      .filter((u) => u.targets)
      .map((u) => u.fullName)
      .sort();
    expect(withGoals).toEqual(['Marcus Reed', 'Olivia Bennett', 'Priya Shah', 'Samuel Ortiz']);
    const settings = await ctx.json('GET', '/api/growth/settings', undefined, token);
    expect(settings.body.result.defaultFeeScheduleName).toBe('Standard AUM');
  });
});
