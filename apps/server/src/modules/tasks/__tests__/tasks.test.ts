import { TASK_MESSAGES } from '@centric/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, masterDataItems, notifications, tasks } from '../../../db/schema/index.ts';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { insertHousehold, insertUserWithGrants, userIdByEmail } from '../../../../test/factories.ts';
import { tableState } from '../../../../test/route-table.ts';

let t: TestContext;
let admin: string;
let adminId: string;
let oliviaId: string;
let marcusId: string;
let readOnly: string;
let typeIds: Record<string, number>;
let clientId: string;

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  // Today in the firm (New York) is Wednesday, Dec 2, 2026.
  t.clock.startAt(new Date('2026-12-02T17:00:00Z'));
  admin = (await t.signIn()).token;
  adminId = await userIdByEmail(t.db, DEMO_ADMIN.email);
  oliviaId = await userIdByEmail(t.db, DEMO_USERS[1].email);
  marcusId = await userIdByEmail(t.db, DEMO_USERS[2].email);
  await insertUserWithGrants(t.db, 'tasks.reader@centric.local', { tasks: ['read'], clients: ['read'] });
  readOnly = (await t.signIn('tasks.reader@centric.local')).token;
  const types = await t.db.select().from(masterDataItems).where(eq(masterDataItems.type, 'task-types'));
  typeIds = Object.fromEntries(types.map((r) => [r.name, r.id]));
  ({ clientId } = await insertHousehold(t.db, { members: [{ firstName: 'Ada', lastName: 'Quinn' }] }));
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, token = admin) => t.json('POST', '/api/tasks', body, token);
const patch = (id: string, body: Record<string, unknown>, token = admin) =>
  t.json('PATCH', `/api/tasks/${id}`, body, token);
const base = () => ({ description: 'Call about the review', typeId: typeIds.Call, dueDate: '2026-12-10' });
const rowOf = async (id: string) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0];

describe('task types', () => {
  it('are a master-data list seeded with the defaults', () => {
    expect(Object.keys(typeIds).sort()).toEqual([
      'Call',
      'Email',
      'Follow Up',
      'Meeting',
      'Paperwork',
      'Review',
    ]);
  });
});

describe('creating a task', () => {
  it.each([
    [{ typeId: undefined }, 'typeId', TASK_MESSAGES.typeRequired],
    [{ typeId: null }, 'typeId', TASK_MESSAGES.typeRequired],
    [{ dueDate: undefined }, 'dueDate', TASK_MESSAGES.dueDateRequired],
    [{ dueDate: '' }, 'dueDate', TASK_MESSAGES.dueDateRequired],
    [{ dueDate: '2026-02-30' }, 'dueDate', TASK_MESSAGES.dueDateInvalid],
    [{ description: '' }, 'description', TASK_MESSAGES.descriptionRequired],
    [{ description: 'x'.repeat(501) }, 'description', TASK_MESSAGES.descriptionMax],
    [{ priority: 'URGENT' }, 'priority', TASK_MESSAGES.priorityInvalid],
    [{ recurrence: { unit: 'MONTH', every: 100 } }, 'recurrence.every', TASK_MESSAGES.recurrenceEveryInvalid],
  ])('refuses %j with 400 naming %s', async (patchBody, field, message) => {
    const before = await t.db.select().from(tasks);
    const res = await create({ ...base(), ...patchBody });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toContainEqual({ field, message });
    expect(await t.db.select().from(tasks)).toHaveLength(before.length);
  });

  it('refuses an unknown task type and an inactive or unknown assignee', async () => {
    const unknownType = await create({ ...base(), typeId: 999999 });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.errors).toContainEqual({ field: 'typeId', message: TASK_MESSAGES.typeNotFound });
    const unknownUser = await create({ ...base(), assigneeId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownUser.status).toBe(400);
    expect(unknownUser.body.message).toBe(TASK_MESSAGES.assigneeNotFound);
  });

  it('stores priorities as 10, 20, 30 (MEDIUM by default) and answers them by name', async () => {
    const stored: Record<string, number | undefined> = {};
    for (const priority of ['LOW', undefined, 'HIGH'] as const) {
      const res = await create({ ...base(), ...(priority ? { priority } : {}) });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe(TASK_MESSAGES.created);
      expect(res.body.result.priority).toBe(priority ?? 'MEDIUM');
      stored[priority ?? 'default'] = (await rowOf(res.body.result.id))?.priority;
    }
    expect(stored).toEqual({ LOW: 10, default: 20, HIGH: 30 });
  });

  it('answers the type, assignee (the creator by default), dueState and an audit row', async () => {
    const res = await create({ ...base(), dueDate: '2026-12-02' });
    expect(res.body.result).toMatchObject({
      description: 'Call about the review',
      type: { id: typeIds.Call, name: 'Call' },
      dueState: 'today',
      status: 'OPEN',
      completedAt: null,
      assignee: { id: adminId },
      household: null,
      recurrence: null,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'task'), eq(auditLog.entityId, res.body.result.id)));
    expect(audit).toMatchObject({ action: 'CREATE' });
    expect(audit?.after).toMatchObject({ type: 'Call', priority: 'MEDIUM', dueDate: '2026-12-02' });
  });

  it("links a task to a household through the household's route", async () => {
    const res = await t.json('POST', `/api/clients/${clientId}/tasks`, base(), admin);
    expect(res.status).toBe(201);
    expect(res.body.result.household).toEqual({ id: clientId, name: 'Quinn, Ada' });
    const list = await t.json('GET', `/api/clients/${clientId}/tasks`, undefined, admin);
    expect(list.body.result.map((x: { id: string }) => x.id)).toEqual([res.body.result.id]);
    const missing = await t.json(
      'POST',
      '/api/clients/00000000-0000-4000-8000-000000000000/tasks',
      base(),
      admin,
    );
    expect(missing.status).toBe(404);
  });
});

describe('recurrence from the anchor', () => {
  const completeChain = async (first: string, times: number) => {
    const dues: string[] = [];
    let id = first;
    for (let i = 0; i < times; i += 1) {
      const res = await patch(id, { status: 'DONE' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(TASK_MESSAGES.completed);
      expect(res.body.result.completedAt).not.toBeNull();
      dues.push(res.body.result.nextOccurrence.dueDate);
      id = res.body.result.nextOccurrence.id;
    }
    return dues;
  };

  it('keeps the 31st where the month has one: Jan 31 monthly → Feb 28, Mar 31, Apr 30', async () => {
    const res = await create({ ...base(), dueDate: '2027-01-31', recurrence: { unit: 'MONTH', every: 1 } });
    expect(res.body.result.recurrence).toEqual({ unit: 'MONTH', every: 1, anchor: '2027-01-31', index: 0 });
    expect(await completeChain(res.body.result.id, 3)).toEqual(['2027-02-28', '2027-03-31', '2027-04-30']);
  });

  it('puts Feb 29 yearly on Feb 28 in common years and on Feb 29 in a leap year', async () => {
    const res = await create({ ...base(), dueDate: '2024-02-29', recurrence: { unit: 'YEAR', every: 1 } });
    expect(await completeChain(res.body.result.id, 4)).toEqual([
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('repeats every N days and weeks', async () => {
    const days = await create({ ...base(), dueDate: '2026-12-30', recurrence: { unit: 'DAY', every: 3 } });
    expect(await completeChain(days.body.result.id, 2)).toEqual(['2027-01-02', '2027-01-05']);
    const weeks = await create({ ...base(), dueDate: '2026-12-30', recurrence: { unit: 'WEEK', every: 2 } });
    expect(await completeChain(weeks.body.result.id, 1)).toEqual(['2027-01-13']);
  });

  it('creates exactly one next occurrence when completed twice, concurrently, or after reopening', async () => {
    const description = 'Quarterly statement check';
    const res = await create({
      ...base(),
      description,
      dueDate: '2027-03-31',
      recurrence: { unit: 'MONTH', every: 3 },
    });
    const id: string = res.body.result.id;
    const [a, b] = await Promise.all([patch(id, { status: 'DONE' }), patch(id, { status: 'DONE' })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await patch(id, { status: 'DONE' })).body.result.nextOccurrence).toBeNull();
    const reopened = await patch(id, { status: 'OPEN' });
    expect(reopened.body.message).toBe(TASK_MESSAGES.reopened);
    expect(reopened.body.result).toMatchObject({ status: 'OPEN', completedAt: null });
    await patch(id, { status: 'DONE' });
    const series = await t.db.select().from(tasks).where(eq(tasks.description, description));
    expect(series.map((s) => [s.recurrenceIndex, s.dueDate]).sort()).toEqual([
      [0, '2027-03-31'],
      [1, '2027-06-30'],
    ]);
  });

  it('makes one next occurrence after a reopened task is edited, and one for each of two identical series', async () => {
    const description = 'Monthly rebalance check';
    const first = (
      await create({ ...base(), description, dueDate: '2027-05-31', recurrence: { unit: 'MONTH', every: 1 } })
    ).body.result.id as string;
    const twin = (
      await create({ ...base(), description, dueDate: '2027-05-31', recurrence: { unit: 'MONTH', every: 1 } })
    ).body.result.id as string;
    expect((await patch(first, { status: 'DONE' })).body.result.nextOccurrence).not.toBeNull();
    // The same series elsewhere (another household's identical task) gets its own next occurrence.
    expect((await patch(twin, { status: 'DONE' })).body.result.nextOccurrence).not.toBeNull();
    await patch(first, { status: 'OPEN' });
    await patch(first, { description: `${description} (edited)` });
    expect((await patch(first, { status: 'DONE' })).body.result.nextOccurrence).toBeNull();
    const next = await t.db
      .select()
      .from(tasks)
      .where(inArray(tasks.previousId, [first, twin]));
    expect(next.map((row) => [row.previousId, row.dueDate]).sort()).toEqual(
      [
        [first, '2027-06-30'],
        [twin, '2027-06-30'],
      ].sort(),
    );
  });

  it("moves a linked task's next occurrence onto the same household", async () => {
    const res = await t.json(
      'POST',
      `/api/clients/${clientId}/tasks`,
      { ...base(), recurrence: { unit: 'WEEK', every: 1 } },
      admin,
    );
    const done = await patch(res.body.result.id, { status: 'DONE' });
    expect(done.body.result.nextOccurrence.household).toEqual({ id: clientId, name: 'Quinn, Ada' });
  });
});

describe('assignment notifications', () => {
  const notificationsOf = (userId: string, taskId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.causeKey, `task-assigned:${taskId}:${userId}`),
        ),
      );

  it('notifies the assignee once, with a link to the household or the dashboard', async () => {
    const res = await create({ ...base(), assigneeId: oliviaId });
    const id: string = res.body.result.id;
    expect(res.body.result.assignee).toEqual({ id: oliviaId, fullName: 'Olivia Bennett' });
    await patch(id, { description: 'Call about the annual review' });
    const [first, ...rest] = await notificationsOf(oliviaId, id);
    expect(rest).toHaveLength(0);
    expect(first).toMatchObject({
      kind: 'TASK_ASSIGNED',
      link: '/dashboard?tab=updates&subTab=tasks',
      actorId: adminId,
    });
    await patch(id, { assigneeId: marcusId });
    await patch(id, { assigneeId: oliviaId });
    expect(await notificationsOf(oliviaId, id)).toHaveLength(1);
    expect(await notificationsOf(marcusId, id)).toHaveLength(1);

    const linked = await t.json(
      'POST',
      `/api/clients/${clientId}/tasks`,
      { ...base(), assigneeId: marcusId },
      admin,
    );
    const [note] = await notificationsOf(marcusId, linked.body.result.id);
    expect(note?.link).toBe(`/client-detail/${clientId}`);
  });

  it('does not notify whoever assigns a task to themselves', async () => {
    const res = await create(base());
    expect(await notificationsOf(adminId, res.body.result.id)).toHaveLength(0);
  });
});

describe('lists', () => {
  it('lists new tasks first, filters by status, assignee and duration (with overdue open tasks)', async () => {
    const mark = `dur-${Date.now()}`;
    const make = async (dueDate: string, extra: Record<string, unknown> = {}) =>
      (
        await create({
          ...base(),
          description: `${mark} ${dueDate}`,
          dueDate,
          assigneeId: marcusId,
          ...extra,
        })
      ).body.result.id as string;
    const overdue = await make('2026-10-01');
    const thisWeek = await make('2026-12-04');
    const thisMonth = await make('2026-12-28');
    const nextYear = await make('2027-01-15');
    const doneOld = await make('2026-09-01');
    await patch(doneOld, { status: 'DONE' });
    const ids = async (query: string) => {
      const res = await t.json(
        'GET',
        `/api/tasks?assigneeId=${marcusId}&limit=100${query}`,
        undefined,
        admin,
      );
      expect(res.status).toBe(200);
      // The total counts each task once (an overdue task due in the period is in both of the count's parts).
      expect(res.body.totalResults).toBe(res.body.result.length);
      return (res.body.result as { id: string; description: string }[])
        .filter((x) => x.description.startsWith(mark))
        .map((x) => x.id);
    };
    expect(await ids('')).toEqual([doneOld, nextYear, thisMonth, thisWeek, overdue]);
    expect(await ids('&duration=THIS_WEEK')).toEqual([thisWeek, overdue]);
    expect(await ids('&duration=THIS_MONTH')).toEqual([thisMonth, thisWeek, overdue]);
    expect(await ids('&duration=THIS_YEAR&status=OPEN')).toEqual([thisMonth, thisWeek, overdue]);
    expect(await ids('&status=DONE')).toEqual([doneOld]);
    expect(await ids('&sortBy=dueDate&order=ASC')).toEqual([doneOld, overdue, thisWeek, thisMonth, nextYear]);
    const overdueTask = (await t.json('GET', `/api/tasks/${overdue}`, undefined, admin)).body.result;
    expect(overdueTask.dueState).toBe('overdue');
  });
});

describe('permissions and deletion', () => {
  it('refuses writes without tasks write (403) and changes nothing', async () => {
    const res = await create(base());
    const id: string = res.body.result.id;
    const before = await tableState(t.db, ['audit_log', 'sessions']);
    expect((await create(base(), readOnly)).status).toBe(403);
    expect((await t.json('POST', `/api/clients/${clientId}/tasks`, base(), readOnly)).status).toBe(403);
    expect((await patch(id, { status: 'DONE' }, readOnly)).status).toBe(403);
    expect((await t.json('DELETE', `/api/tasks/${id}`, undefined, readOnly)).status).toBe(403);
    expect(await tableState(t.db, ['audit_log', 'sessions'])).toEqual(before);
    expect((await t.json('GET', `/api/tasks/${id}`, undefined, readOnly)).status).toBe(200);
  });

  it('hides households from a user without clients read and refuses household filters', async () => {
    await insertUserWithGrants(t.db, 'tasks.only@centric.local', { tasks: ['read', 'write'] });
    const token = (await t.signIn('tasks.only@centric.local')).token;
    const linked = await t.json('POST', `/api/clients/${clientId}/tasks`, base(), admin);
    const seen = await t.json('GET', `/api/tasks/${linked.body.result.id}`, undefined, token);
    expect(seen.body.result.household).toBeNull();
    expect((await t.json('GET', `/api/clients/${clientId}/tasks`, undefined, token)).status).toBe(403);
    expect((await t.json('POST', '/api/tasks', { ...base(), clientId }, token)).status).toBe(403);
  });

  it('deletes a task with an audit row', async () => {
    const res = await create(base());
    const id: string = res.body.result.id;
    const del = await t.json('DELETE', `/api/tasks/${id}`, undefined, admin);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(TASK_MESSAGES.deleted);
    expect(await rowOf(id)).toBeUndefined();
    expect((await t.json('GET', `/api/tasks/${id}`, undefined, admin)).status).toBe(404);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'task'), eq(auditLog.entityId, id), eq(auditLog.action, 'DELETE')));
    expect(rows).toHaveLength(1);
  });
});
