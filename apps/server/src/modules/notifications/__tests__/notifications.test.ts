import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { insertUserWithGrants } from '../../../../test/factories.ts';

let t: TestContext;
let token: string;
let otherToken: string;
let userId: string;
let actorId: string;
let otherId: string;
const ids: string[] = [];

beforeAll(async () => {
  t = await createTestContext();
  // No feature at all: every user has an inbox.
  userId = (await insertUserWithGrants(t.db, 'inbox.owner@centric.local', {})).userId;
  otherId = (await insertUserWithGrants(t.db, 'inbox.other@centric.local', {})).userId;
  actorId = (await insertUserWithGrants(t.db, 'inbox.actor@centric.local', {})).userId;
  const notifications = t.app.services.notifications;
  for (const n of [1, 2, 3]) {
    t.clock.advance(1000);
    const [row] = await t.db.transaction((tx) =>
      notifications.notify(tx, [
        {
          userId,
          kind: n === 3 ? 'TASK_DUE' : 'MENTIONED',
          causeKey: `inbox-test:${n}`,
          title: `Notification ${n}`,
          body: n === 1 ? 'The body' : null,
          link: `/dashboard?n=${n}`,
          actorId: n === 3 ? null : actorId,
        },
      ]),
    );
    ids.push(row!.id);
  }
  await t.db.transaction((tx) =>
    notifications.notify(tx, [
      {
        userId: otherId,
        kind: 'MENTIONED',
        causeKey: 'inbox-test:other',
        title: 'Theirs',
        link: '/dashboard',
      },
    ]),
  );
  token = (await t.signIn('inbox.owner@centric.local')).token;
  otherToken = (await t.signIn('inbox.other@centric.local')).token;
});
afterAll(() => t.close());

const list = (query = '') => t.json('GET', `/api/notifications${query}`, undefined, token);
const unread = async (tok = token) =>
  (await t.json('GET', '/api/notifications/count', undefined, tok)).body.result.count as number;

describe('the notification inbox', () => {
  it('lists only the user’s own, newest first, with the actor', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.totalResults).toBe(3);
    expect(res.body.result.map((n: { id: string }) => n.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(res.body.result[2]).toMatchObject({
      kind: 'MENTIONED',
      title: 'Notification 1',
      body: 'The body',
      link: '/dashboard?n=1',
      actor: { id: actorId, fullName: 'Test inbox.actor' },
      readAt: null,
    });
    expect(res.body.result[0].actor).toBeNull();
    expect(await unread()).toBe(3);
    const paged = await list('?limit=1&page=2');
    expect(paged.body.result.map((n: { id: string }) => n.id)).toEqual([ids[1]]);
  });

  it('marks one read, filters unread, and refuses another user’s notification with 404', async () => {
    const read = await t.json('PUT', `/api/notifications/${ids[0]}/read`, undefined, token);
    expect(read.status).toBe(200);
    expect(read.body.message).toBe('Notification marked as read.');
    expect(await unread()).toBe(2);
    const unreadList = await list('?filter=unread');
    expect(unreadList.body.totalResults).toBe(2);
    expect(unreadList.body.result.map((n: { id: string }) => n.id)).toEqual([ids[2], ids[1]]);
    expect((await list()).body.result[2].readAt).not.toBeNull();

    const theirs = await t.json('PUT', `/api/notifications/${ids[1]}/read`, undefined, otherToken);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Notification not found.');
    expect(await unread()).toBe(2);
    expect((await t.json('GET', '/api/notifications', undefined, otherToken)).body.totalResults).toBe(1);
  });

  it('read-all marks every unread one of the user, none of another’s', async () => {
    const res = await t.json('PUT', '/api/notifications/read-all', undefined, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'All notifications marked as read.', result: { count: 2 } });
    expect(await unread()).toBe(0);
    expect((await list('?filter=unread')).body.totalResults).toBe(0);
    expect(await unread(otherToken)).toBe(1);
  });

  it('keeps the email choice per kind', async () => {
    const before = await t.json('GET', '/api/notifications/preferences', undefined, token);
    expect(before.body.result).toEqual([
      { kind: 'MENTIONED', email: false },
      { kind: 'MENTION_EDITED', email: false },
      { kind: 'MENTION_DELETED', email: false },
      { kind: 'TASK_ASSIGNED', email: false },
      { kind: 'TASK_DUE', email: false },
      { kind: 'WORKFLOW_ASSIGNED', email: false },
      { kind: 'WORKFLOW_OVERDUE', email: false },
    ]);
    const saved = await t.json(
      'PUT',
      '/api/notifications/preferences',
      { TASK_DUE: true, MENTIONED: true },
      token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Notification preferences saved successfully.');
    await t.json('PUT', '/api/notifications/preferences', { MENTIONED: false }, token);
    const after = await t.json('GET', '/api/notifications/preferences', undefined, token);
    expect(after.body.result.filter((p: { email: boolean }) => p.email)).toEqual([
      { kind: 'TASK_DUE', email: true },
    ]);
    const bad = await t.json('PUT', '/api/notifications/preferences', { TASK_DUE: 'yes' }, token);
    expect(bad.status).toBe(400);
    const unknown = await t.json('PUT', '/api/notifications/preferences', { SOMETHING: true }, token);
    expect(unknown.status).toBe(400);
    // Another user's choices are their own.
    const theirs = await t.json('GET', '/api/notifications/preferences', undefined, otherToken);
    expect(theirs.body.result.every((p: { email: boolean }) => !p.email)).toBe(true);
  });
});
