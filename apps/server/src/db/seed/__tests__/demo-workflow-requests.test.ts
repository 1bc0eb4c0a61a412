import { todayIn, type WorkflowRequestSummary } from '@centric/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptionKeyOf } from '../../../config.ts';
import { createSecretBox } from '../../../platform/secret-box.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { seedDemoClients } from '../demo-clients.ts';
import { seedDemoWorkflowRequests } from '../demo-workflow-requests.ts';
import { seedDemoWorkflows } from '../demo-workflows.ts';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.signIn()).token;
  const today = todayIn(ctx.config.FIRM_TIME_ZONE, ctx.clock.now());
  await seedDemoClients(ctx.db, { secrets: createSecretBox(encryptionKeyOf(ctx.config)), today });
});

afterAll(async () => {
  await ctx?.close();
});

const listed = async (query: string) =>
  (await ctx.json('GET', `/api/workflow-requests?limit=100&${query}`, undefined, token)).body
    .result as WorkflowRequestSummary[];

describe('demo workflow requests', () => {
  it('seeds requests in every state across demo households, once (issue 18 §3)', async () => {
    await seedDemoWorkflows(ctx.db);
    const today = todayIn(ctx.config.FIRM_TIME_ZONE, ctx.clock.now());
    expect(await seedDemoWorkflowRequests(ctx.db, { today })).toBe(12);
    expect(await seedDemoWorkflowRequests(ctx.db, { today })).toBe(0);

    const running = await listed('filterBy=IN_PROGRESS');
    const completed = await listed('filterBy=COMPLETED');
    const rejected = await listed('filterBy=REJECTED');
    expect(running.length + completed.length + rejected.length).toBe(12);
    // In progress on time and overdue; completed with every required step done; rejected with a reason.
    expect(running.some((r) => r.overdueCount === 0)).toBe(true);
    expect((await listed('filterBy=IN_PROGRESS&overdue=true')).length).toBeGreaterThan(0);
    expect(completed.length).toBeGreaterThan(0);
    for (const r of completed) expect(r.progress).toBe(100);
    expect(rejected.length).toBeGreaterThan(0);
    for (const r of rejected) expect(r.rejectionReason).toBeTruthy();
    const households = new Set([...running, ...completed, ...rejected].map((r) => r.household.id));
    expect(households.size).toBeGreaterThan(1);
    // Requests of five of the six demo templates (RMD Distribution has none).
    const names = new Set([...running, ...completed, ...rejected].map((r) => r.name));
    expect([...names].sort()).toEqual(
      [
        'Account Opening',
        'Address Change',
        'Annual Review',
        'Beneficiary Change',
        'New Client Onboarding',
      ].sort(),
    );
  });
});
