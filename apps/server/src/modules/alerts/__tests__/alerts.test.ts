import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@centric/contracts';
import { auditLog } from '../../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { insertHousehold, insertUserWithGrants } from '../../../../test/factories.ts';

let t: TestContext;
let token: string;
let otherToken: string;
let userId: string;
let clientId: string;
const ids: Record<string, string> = {};

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestContext();
  userId = (await insertUserWithGrants(t.db, 'inbox.alerts@centric.local', { alerts: ['read', 'write'] }))
    .userId;
  await insertUserWithGrants(t.db, 'other.alerts@centric.local', { alerts: ['read', 'write'] });
  ({ clientId } = await insertHousehold(t.db, {
    name: 'Alerted, Household',
    members: [{ firstName: 'Ann', lastName: 'Alerted' }],
    advisors: { WEALTH_ADVISOR_2: userId },
  }));
  const alerts = t.app.services.alerts;
  await t.db.transaction(async (tx) => {
    for (const [key, category] of [
      ['one', 'managedAccounts'],
      ['two', 'liabilities'],
      ['three', 'liabilities'],
    ] as const) {
      t.clock.advance(1000);
      ids[key] = await alerts.raiseAlert(tx, {
        category,
        causeKey: `routes-test:${key}`,
        message: `Alert ${key}`,
        details: { key },
        record: { kind: 'household', id: clientId },
      });
    }
  });
  token = (await t.signIn('inbox.alerts@centric.local')).token;
  otherToken = (await t.signIn('other.alerts@centric.local')).token;
});
afterAll(() => t.close());

const list = (query = '') => t.json('GET', `/api/alerts${query}`, undefined, token);
const count = async () =>
  (await t.json('GET', '/api/alerts/count', undefined, token)).body.result.count as number;
const profileCount = async () =>
  (await t.json('GET', '/api/waprofile', undefined, token)).body.result.alertCount as number;

describe('/api/alerts', () => {
  it('lists the user’s active alerts newest first, with the household, counts per tab and the badge', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.totalResults).toBe(3);
    expect(res.body.result.alerts.map((a: { id: string }) => a.id)).toEqual([ids.three, ids.two, ids.one]);
    expect(res.body.result.alerts[0]).toMatchObject({
      category: 'liabilities',
      message: 'Alert three',
      details: { key: 'three' },
      household: { id: clientId, name: 'Alerted, Household' },
      state: 'ACTIVE',
      snoozedUntil: null,
    });
    expect(res.body.result.counts).toMatchObject({
      ALL: 3,
      liabilities: 2,
      managedAccounts: 1,
      privateFund: 0,
    });
    const tab = await list('?tab=liabilities&limit=1&page=2');
    expect(tab.body.totalResults).toBe(2);
    expect(tab.body.result.alerts.map((a: { id: string }) => a.id)).toEqual([ids.two]);
    expect(await count()).toBe(3);
    expect(await profileCount()).toBe(3);
  });

  it('dismiss, snooze and activate change this user’s state only, audited; a snooze returns on its date', async () => {
    const dismiss = await t.json('PUT', `/api/alerts/${ids.one}/dismiss`, undefined, token);
    expect(dismiss.status).toBe(200);
    expect(dismiss.body.message).toBe('Alert dismissed successfully.');
    const today = todayIn(t.config.FIRM_TIME_ZONE, t.clock.now());
    const tomorrow = addDays(today, 1);
    const tooSoon = await t.json('PUT', `/api/alerts/${ids.two}/snooze`, { until: today }, token);
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.errors).toEqual([{ field: 'until', message: 'Snooze date must be after today.' }]);
    const bad = await t.json('PUT', `/api/alerts/${ids.two}/snooze`, { until: '2026-02-30' }, token);
    expect(bad.status).toBe(400);
    const snooze = await t.json('PUT', `/api/alerts/${ids.two}/snooze`, { until: tomorrow }, token);
    expect(snooze.status).toBe(200);
    expect(snooze.body.message).toBe('Alert snoozed successfully.');

    expect((await list()).body.result.alerts.map((a: { id: string }) => a.id)).toEqual([ids.three]);
    expect((await list('?view=dismissed')).body.result.alerts.map((a: { id: string }) => a.id)).toEqual([
      ids.one,
    ]);
    const snoozed = await list('?view=snoozed');
    expect(snoozed.body.result.alerts).toMatchObject([
      { id: ids.two, state: 'SNOOZED', snoozedUntil: tomorrow },
    ]);
    expect(snoozed.body.result.counts).toMatchObject({ ALL: 1, liabilities: 1 });
    expect(await count()).toBe(1);
    expect(await profileCount()).toBe(1);

    // Another user: not their alert.
    const notTheirs = await t.json('PUT', `/api/alerts/${ids.three}/dismiss`, undefined, otherToken);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.message).toBe('Alert not found.');

    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entityId, ids.two!));
    expect(audited.map((r) => [r.action, r.entity, r.before, r.after])).toEqual([
      [
        'UPDATE',
        'alert',
        { state: 'ACTIVE', snoozedUntil: null },
        { state: 'SNOOZED', snoozedUntil: tomorrow },
      ],
    ]);

    // The snooze's date comes: active again, computed on read.
    t.clock.advance(2 * DAY_MS);
    const back = await list();
    expect(back.body.result.alerts).toMatchObject([
      { id: ids.three, state: 'ACTIVE' },
      { id: ids.two, state: 'ACTIVE', snoozedUntil: null },
    ]);
    expect((await list('?view=snoozed')).body.totalResults).toBe(0);
    expect(await count()).toBe(2);

    const activate = await t.json('PUT', `/api/alerts/${ids.one}/activate`, undefined, token);
    expect(activate.status).toBe(200);
    expect(activate.body.message).toBe('Alert activated successfully.');
    expect(await count()).toBe(3);
    expect((await list('?view=dismissed')).body.totalResults).toBe(0);
  });

  it('a resolved alert leaves the lists and its state can no longer change', async () => {
    await t.db.transaction((tx) => t.app.services.alerts.resolveAlert(tx, 'routes-test:one'));
    expect(await count()).toBe(2);
    expect((await list()).body.result.alerts.map((a: { id: string }) => a.id)).not.toContain(ids.one);
    expect((await t.json('PUT', `/api/alerts/${ids.one}/dismiss`, undefined, token)).status).toBe(404);
  });

  it('refuses a bad view, tab or id', async () => {
    expect((await list('?view=archived')).status).toBe(400);
    expect((await list('?tab=nothing')).status).toBe(400);
    const badId = await t.json('PUT', '/api/alerts/not-a-uuid/dismiss', undefined, token);
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe('Alert not found.');
  });
});
