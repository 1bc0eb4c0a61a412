import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHousehold, insertUserWithGrants } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Tile = {
  id: string;
  data: Record<string, string | number>[];
  headline: { value: number } | null;
};

const stats = async (token: string, query = '') => {
  const res = await t.json('GET', `/api/dashboard/stats${query}`, undefined, token);
  expect(res.status).toBe(200);
  return res.body.result as { duration: string; from: string; to: string; tiles: Tile[] };
};

describe('GET /api/dashboard/stats', () => {
  it("counts the firm's households by status, service, tier and week of the period", async () => {
    const admin = await t.signIn();
    const before = await stats(admin.token);
    const byId = (list: Tile[], id: string) => list.find((tile) => tile.id === id)!;
    const value = (tile: Tile, key: string, name: string, field = 'value') =>
      Number(tile.data.find((row) => row[key] === name)?.[field] ?? 0);

    const now = t.clock.now();
    await insertHousehold(t.db, {
      members: [{ firstName: 'Ada', lastName: 'Stats' }],
      services: { riskManagement: true },
      influencerTier: 'GOLD',
      createdAt: now,
    });
    await insertHousehold(t.db, {
      members: [{ firstName: 'Bo', lastName: 'Stats' }],
      status: 'INACTIVE',
      createdAt: now,
    });
    const after = await stats(admin.token);
    expect(after.duration).toBe('THIS_MONTH');
    expect(after.tiles.map((tile) => tile.id)).toEqual([
      'opportunities',
      'goals',
      'pathway-to-partnership',
      'leaderboard',
      'households-by-status',
      'households-by-service',
      'service-pricing',
      'households-by-tier',
      'top-influencers',
      'new-households',
      'notes-written',
      'tasks-by-assignee',
      'meetings-held',
    ]);
    const status = (s: typeof before, name: string) =>
      value(byId(s.tiles, 'households-by-status'), 'name', name);
    expect(status(after, 'Active') - status(before, 'Active')).toBe(1);
    expect(status(after, 'Inactive') - status(before, 'Inactive')).toBe(1);
    const service = (s: typeof before) =>
      value(byId(s.tiles, 'households-by-service'), 'service', 'Risk management', 'households');
    expect(service(after) - service(before)).toBe(1);
    const gold = (s: typeof before) => value(byId(s.tiles, 'households-by-tier'), 'name', 'Gold');
    expect(gold(after) - gold(before)).toBe(1);
    const added = (s: typeof before) => byId(s.tiles, 'new-households').headline!.value;
    expect(added(after) - added(before)).toBe(2);
  });

  it('buckets a week by day and answers the period it counted', async () => {
    const admin = await t.signIn();
    const week = await stats(admin.token, '?duration=THIS_WEEK');
    expect(week.duration).toBe('THIS_WEEK');
    const tile = week.tiles.find((x) => x.id === 'new-households')!;
    expect(tile.data).toHaveLength(7);
    expect(week.from <= week.to).toBe(true);
    expect(
      (await t.json('GET', '/api/dashboard/stats?duration=LAST_DECADE', undefined, admin.token)).status,
    ).toBe(400);
  });

  it('counts notes written, open and overdue tasks by assignee, and meetings held in the period', async () => {
    const admin = await t.signIn();
    const tile = async (id: string) => (await stats(admin.token)).tiles.find((x) => x.id === id)!;
    const notesBefore = (await tile('notes-written')).headline!.value;
    const household = await insertHousehold(t.db, { members: [{ firstName: 'Cy', lastName: 'Tiles' }] });
    const note = await t.json(
      'POST',
      `/api/clients/${household.clientId}/notes`,
      { html: '<p>Called about the review.</p>', category: 'PHONE' },
      admin.token,
    );
    expect(note.status).toBe(201);
    expect((await tile('notes-written')).headline!.value - notesBefore).toBe(1);

    const overdueBefore = (await tile('tasks-by-assignee')).headline!.value;
    const types = await t.json('GET', '/api/master-data/task-types?limit=1', undefined, admin.token);
    const typeId = types.body.result[0].id as number;
    const today = new Date(t.clock.now().getTime() - 24 * 60 * 60 * 1000 * 3).toISOString().slice(0, 10);
    const task = await t.json(
      'POST',
      '/api/tasks',
      { description: 'Overdue call', typeId, dueDate: today },
      admin.token,
    );
    expect(task.status).toBe(201);
    expect((await tile('tasks-by-assignee')).headline!.value - overdueBefore).toBe(1);
  });

  it('shows only the tiles of features the user may read', async () => {
    await insertUserWithGrants(t.db, 'dash.only@centric.local', { dashboard: ['read'] });
    const user = await t.signIn('dash.only@centric.local');
    // The dashboard's own tiles (the user's goals and pathway), none of another feature.
    expect((await stats(user.token)).tiles.map((tile) => tile.id)).toEqual([
      'goals',
      'pathway-to-partnership',
    ]);
  });
});
