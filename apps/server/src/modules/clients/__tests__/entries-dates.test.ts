import { CLIENT_API_MESSAGES as A, CLIENT_MESSAGES as M } from '@centric/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, specialDates } from '../../../db/schema/index.ts';
import type { TestContext } from '../../../../test/harness.ts';
import { loadMilestones, loadRelationships, loadSpecialDates } from '../member-read.ts';
import { expectFieldError, openKit, type OpenKit } from './members-kit.ts';

/** Spec §5 Dates and other entries: special dates, family/milestone entries, relationships. */

let t: TestContext;
let k: OpenKit<'operations' | 'businessDeveloper'>;
let h: { clientId: string; memberId: string };
let child: { id: string };
let stranger: { clientId: string; memberId: string };

beforeAll(async () => {
  k = await openKit('operations', 'businessDeveloper');
  t = k.t;
  h = await k.createHousehold({ firstName: 'Pat', lastName: 'Prime', date: '1970-06-15' });
  child = await k.addMember(h.clientId, { firstName: 'Cam', lastName: 'Prime', date: '2010-01-20' });
  stranger = await k.createHousehold({ firstName: 'Stan' });
});
afterAll(() => t.close());

const base = (kind: string) => `/api/clients/${h.clientId}/${kind}`;
const post = (kind: string, body: unknown, token = k.token) => t.json('POST', base(kind), body, token);
const put = (kind: string, id: string, body: unknown, token = k.token) =>
  t.json('PUT', `${base(kind)}/${id}`, body, token);
const del = (kind: string, id: string, token = k.token) =>
  t.json('DELETE', `${base(kind)}/${id}`, undefined, token);

describe('special dates', () => {
  const date = (over: Record<string, unknown> = {}) => ({
    memberId: h.memberId,
    dateType: 'Anniversary',
    date: '1995-09-01',
    description: 'Wedding',
    ...over,
  });

  it('adds a special date with the member name and birth date, audited', async () => {
    const res = await post('special-dates', date());
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(A.specialDateAdded);
    expect(res.body.result).toMatchObject({
      memberId: h.memberId,
      fullName: 'Pat Prime',
      dob: '1970-06-15',
      dateType: 'Anniversary',
      date: '1995-09-01',
      description: 'Wedding',
    });
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'specialDate'), eq(auditLog.entityId, res.body.result.id)));
    expect(trail.map((r) => r.action)).toEqual(['CREATE']);
  });

  it.each([
    ['memberId', undefined, M.required],
    ['memberId', '', M.required],
    ['memberId', 'nope', M.invalidOption],
    ['dateType', undefined, M.required],
    ['dateType', 'Name day', M.required],
    ['date', undefined, M.required],
    ['date', '', M.required],
    ['date', '2021-02-29', M.invalidDate],
    ['date', '02/01/2021', M.invalidDate],
    ['date', '1899-12-31', M.invalidDate],
    ['description', 'x'.repeat(76), M.descriptionMax75],
  ])('%s %j → %s', async (field, value, message) => {
    expectFieldError(
      await post('special-dates', date({ dateType: 'Graduation', [field]: value })),
      message,
      field,
    );
  });

  it('accepts a 75-character description and none at all', async () => {
    const res = await post(
      'special-dates',
      date({ memberId: child.id, dateType: 'Graduation', description: 'x'.repeat(75) }),
    );
    expect(res.status).toBe(201);
    const none = await post(
      'special-dates',
      date({ memberId: child.id, dateType: 'Others', description: '' }),
    );
    expect(none.body.result.description).toBeNull();
  });

  it('the member must be of this household', async () => {
    expectFieldError(
      await post('special-dates', date({ memberId: stranger.memberId, dateType: 'Retirement' })),
      A.memberNotInHousehold,
      'memberId',
    );
  });

  it('refuses a second date of the same type for the same member (409), also on update', async () => {
    const first = await post('special-dates', date({ dateType: 'Client Anniversary', date: '2015-04-01' }));
    expect(first.status).toBe(201);
    expectFieldError(
      await post('special-dates', date({ dateType: 'Client Anniversary', date: '2016-04-01' })),
      M.specialDateDuplicate,
      'dateType',
      409,
    );
    // Same type for another member is fine.
    const other = await post('special-dates', date({ memberId: child.id, dateType: 'Client Anniversary' }));
    expect(other.status).toBe(201);
    // Moving the other member's entry onto the primary collides; keeping its own type does not.
    expectFieldError(
      await put('special-dates', other.body.result.id, date({ dateType: 'Client Anniversary' })),
      M.specialDateDuplicate,
      'dateType',
      409,
    );
    const same = await put(
      'special-dates',
      other.body.result.id,
      date({ memberId: child.id, dateType: 'Client Anniversary', date: '2017-01-01' }),
    );
    expect(same.status).toBe(200);
    expect(same.body.message).toBe(A.specialDateUpdated);
    expect(same.body.result.date).toBe('2017-01-01');
  });

  it('two adds of the same date at once: one 201, one 409', async () => {
    const results = await Promise.all([
      post('special-dates', date({ memberId: child.id, dateType: 'Retirement' })),
      post('special-dates', date({ memberId: child.id, dateType: 'Retirement' })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body.message).toBe(M.specialDateDuplicate);
  });

  it('lists in calendar order (month and day), then by member', async () => {
    const list = await loadSpecialDates(t.db, h.clientId);
    const keys = list.map((d) => d.date.slice(5));
    expect(keys).toEqual([...keys].sort());
    expect(list.length).toBeGreaterThanOrEqual(4);
  });

  it('update and delete: 404 for an entry of another household; delete needs clients delete', async () => {
    const created = await post(
      'special-dates',
      date({ memberId: child.id, dateType: 'Birthday', date: '2010-01-20' }),
    );
    const id = created.body.result.id;
    const foreign = await t.json(
      'PUT',
      `/api/clients/${stranger.clientId}/special-dates/${id}`,
      { ...date(), memberId: stranger.memberId },
      k.token,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(A.entryNotFound);
    expect((await del('special-dates', id, k.tokens.operations)).status).toBe(403);
    expect(
      (await post('special-dates', date({ dateType: 'Others' }), k.tokens.businessDeveloper)).status,
    ).toBe(403);
    const removed = await del('special-dates', id);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(A.specialDateDeleted);
    expect((await del('special-dates', id)).status).toBe(404);
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(trail.map((r) => r.action)).toEqual(['CREATE', 'DELETE']);
  });

  it('malformed bodies are 400', async () => {
    for (const body of ['{x', '[]', 'null', { memberId: 5 }]) {
      expect((await post('special-dates', body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('go with their member when it is deleted', async () => {
    const extra = await k.addMember(h.clientId, { firstName: 'Gone' });
    await post('special-dates', date({ memberId: extra.id, dateType: 'Birthday' }));
    await t.json('DELETE', `/api/clients/${h.clientId}/members/${extra.id}`, undefined, k.token);
    const left = await t.db.select().from(specialDates).where(eq(specialDates.memberId, extra.id));
    expect(left).toEqual([]);
  });
});

describe('milestones', () => {
  const milestone = (over: Record<string, unknown> = {}) => ({
    memberId: h.memberId,
    fullName: 'Grandchild Lily',
    description: 'Born in Boston',
    dob: '2023-05-02',
    ...over,
  });

  it('adds, updates and deletes a milestone', async () => {
    const res = await post('milestones', milestone());
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(A.milestoneAdded);
    expect(res.body.result).toMatchObject({
      memberName: 'Pat Prime',
      fullName: 'Grandchild Lily',
      dob: '2023-05-02',
    });
    const id = res.body.result.id;
    const updated = await put(
      'milestones',
      id,
      milestone({ fullName: 'F'.repeat(60), description: 'x'.repeat(300) }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe(A.milestoneUpdated);
    expect(updated.body.result.fullName).toBe('F'.repeat(60));
    expect((await loadMilestones(t.db, h.clientId)).map((m) => m.id)).toContain(id);
    expect((await del('milestones', id, k.tokens.operations)).status).toBe(403);
    const removed = await del('milestones', id);
    expect(removed.body.message).toBe(A.milestoneDeleted);
    expect((await put('milestones', id, milestone())).status).toBe(404);
  });

  it.each([
    ['memberId', undefined, M.required],
    ['fullName', '', M.required],
    ['fullName', '   ', M.nameOnlySpaces],
    ['fullName', 'x'.repeat(61), M.milestoneFullNameMax],
    ['description', 'x'.repeat(301), M.descriptionMax300],
    ['dob', undefined, M.required],
    ['dob', '2023-13-01', M.invalidDate],
  ])('%s %j → %s', async (field, value, message) => {
    expectFieldError(await post('milestones', milestone({ [field]: value })), message, field);
  });

  it('the member must be of this household; writes need clients write', async () => {
    expectFieldError(
      await post('milestones', milestone({ memberId: stranger.memberId })),
      A.memberNotInHousehold,
      'memberId',
    );
    expect((await post('milestones', milestone(), k.tokens.businessDeveloper)).status).toBe(403);
  });
});

describe('relationships', () => {
  it('adds and deletes a relationship between two members of the household', async () => {
    const res = await post('relationships', { memberId: child.id, relation: 'Son', relativeId: h.memberId });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(A.relationshipAdded);
    expect(res.body.result).toMatchObject({
      memberName: 'Cam Prime',
      relation: 'Son',
      relativeName: 'Pat Prime',
    });
    expectFieldError(
      await post('relationships', { memberId: child.id, relation: 'Child', relativeId: h.memberId }),
      A.relationshipDuplicate,
      'relativeId',
      409,
    );
    // The other direction is another relationship.
    const back = await post('relationships', {
      memberId: h.memberId,
      relation: 'Father',
      relativeId: child.id,
    });
    expect(back.status).toBe(201);
    expect((await loadRelationships(t.db, h.clientId)).map((r) => r.relation)).toEqual(['Father', 'Son']);
    expect((await del('relationships', back.body.result.id, k.tokens.operations)).status).toBe(403);
    const removed = await del('relationships', back.body.result.id);
    expect(removed.body.message).toBe(A.relationshipDeleted);
  });

  it.each([
    ['relation', '', M.required],
    ['relation', 'x'.repeat(51), M.relationMax],
    ['memberId', undefined, M.required],
  ])('%s %j → %s', async (field, value, message) => {
    const body = { memberId: h.memberId, relation: 'Mother', relativeId: child.id, [field]: value };
    expectFieldError(await post('relationships', body), message, field);
  });

  it('refuses a member related to themselves, or to someone outside the household', async () => {
    expectFieldError(
      await post('relationships', { memberId: child.id, relation: 'Self', relativeId: child.id }),
      M.relationSameMember,
      'relativeId',
    );
    expectFieldError(
      await post('relationships', { memberId: child.id, relation: 'Friend', relativeId: stranger.memberId }),
      A.memberNotInHousehold,
      'relativeId',
    );
    expect(
      (
        await post(
          'relationships',
          { memberId: child.id, relation: 'X', relativeId: h.memberId },
          k.tokens.businessDeveloper,
        )
      ).status,
    ).toBe(403);
  });
});
