import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../../db/schema/index.ts';
import { insertHousehold } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const alertOf = async (clientId: string) =>
  (
    await t.db
      .select()
      .from(alerts)
      .where(eq(alerts.causeKey, `missing-info:${clientId}`))
  )[0];

describe('missing information after a household changes', () => {
  it('is raised by the change that leaves it incomplete, not only by the sweep', async () => {
    const admin = await t.signIn();
    const { clientId } = await insertHousehold(t.db, {
      members: [{ firstName: 'Iris', lastName: 'Refresh', dateOfBirth: '1970-04-02' }],
    });
    expect(await alertOf(clientId)).toBeUndefined();
    const res = await t.json('PATCH', `/api/clients/${clientId}`, { rating: 4 }, admin.token);
    expect(res.status).toBe(200);
    const alert = await alertOf(clientId);
    expect(alert?.resolvedAt).toBeNull();
    expect(alert?.message).toContain('Phone');
  });

  it('is left alone by a refused change', async () => {
    const admin = await t.signIn();
    const { clientId } = await insertHousehold(t.db, {
      members: [{ firstName: 'Ivo', lastName: 'Refused' }],
    });
    const res = await t.json('PATCH', `/api/clients/${clientId}`, { rating: 9 }, admin.token);
    expect(res.status).toBe(400);
    expect(await alertOf(clientId)).toBeUndefined();
  });
});
