import { PROSPECT_CONVERSION_MESSAGES } from '@centric/contracts';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { attachments, meetings, recordLinks, tasks } from '../../../db/schema/index.ts';
import { insertUserWithGrants } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { type Ids, loadIds } from '../../clients/__tests__/members-kit.ts';

// Conversion of a prospect into a household (issue 17 §2, decision 0022): everything linked moves exactly once,
// an existing household gets only its empty fields, two concurrent requests make one household, the email is
// required (§4), the member's own rules hold with their messages, and every new route needs its permissions.

let t: TestContext;
let admin: string;
let adminId = '';
let advisorId = '';
let developerId = '';
let source = 0;
let ids: Ids;
let taskType = 0;
let phoneSeq = 100;

const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(query))[0] as T;

const nextPhone = () => `(646) 555-${String(phoneSeq++).padStart(4, '0')}`;

const createProspect = async (overrides: Record<string, unknown> = {}) => {
  const res = await t.json(
    'POST',
    '/api/prospects',
    {
      type: 'PERSON',
      firstName: 'Grace',
      lastName: 'Hopper',
      middleName: 'Brewster',
      activityStatus: 'ACTIVE',
      leadStatus: 'HOT',
      wealthAdvisorId: advisorId,
      businessDeveloperId: developerId,
      assetManagement: '2500000',
      legacyPlanning: '1000.50',
      sourceId: source,
      phone: nextPhone(),
      email: `grace.${randomUUID().slice(0, 8)}@example.com`,
      worksAt: 'Navy Labs',
      addressLine1: '1 Main St',
      city: 'New York',
      stateId: ids.state,
      zip: '10001',
      activities: [
        { activityType: 'PHONE_CALL', activityDate: '2026-04-10', minutes: '30' },
        { activityType: 'IN_PERSON_MEETING', activityDate: '2026-04-12', minutes: '60' },
      ],
      ...overrides,
    },
    admin,
  );
  expect(res.status, res.body.message).toBe(201);
  return res.body.result as { id: string; phone: string; email: string };
};

/** A note (with an attachment), a task and a meeting on the prospect. */
const hangOn = async (prospectId: string) => {
  const note = await t.json(
    'POST',
    `/api/prospects/${prospectId}/notes`,
    { html: '<p>Met at the gala</p>' },
    admin,
  );
  expect(note.status, note.body.message).toBe(201);
  const noteId = note.body.result.id as string;
  await t.db.insert(attachments).values({
    storageKey: `test/${randomUUID()}.pdf`,
    fileName: 'plan.pdf',
    contentType: 'application/pdf',
    sizeBytes: 10,
    subjectKind: 'note',
    subjectId: noteId,
    uploadedBy: adminId,
  });
  const [task] = await t.db
    .insert(tasks)
    .values({
      description: 'Send the plan',
      typeId: taskType,
      dueDate: '2026-05-01',
      assigneeId: adminId,
      createdBy: adminId,
    })
    .returning();
  const [meeting] = await t.db
    .insert(meetings)
    .values({
      title: 'Kick-off',
      startsAt: new Date('2026-05-02T15:00:00Z'),
      endsAt: new Date('2026-05-02T16:00:00Z'),
      createdBy: adminId,
    })
    .returning();
  await t.db.insert(recordLinks).values([
    { subjectKind: 'task', subjectId: task!.id, recordKind: 'prospect', recordId: prospectId },
    { subjectKind: 'meeting', subjectId: meeting!.id, recordKind: 'prospect', recordId: prospectId },
  ]);
  return { noteId, taskId: task!.id, meetingId: meeting!.id };
};

const answers = (overrides: Record<string, unknown> = {}) => ({
  date: '1980-12-09',
  gender: ids.gender,
  marriageStatus: ids.marriageStatus,
  employmentStatus: [ids.employmentStatus],
  addressLine1: '1 Main St',
  city: 'New York',
  stateId: ids.state,
  zip: '10001',
  ...overrides,
});

/** The notes, tasks and meetings hanging on a record (not alerts: a new household's own may hang there). */
const links = async (kind: 'prospect' | 'household', id: string) =>
  (
    await one<{ n: number }>(sql`select count(*)::int as n from record_links
      where record_kind = ${kind} and record_id = ${id}::uuid and subject_kind <> 'alert'`)
  ).n;

/** Rows of each kind (links of notes, tasks and meetings: a new household's missing-information alert adds its own). */
const counts = async () =>
  one<{
    households: number;
    members: number;
    notes: number;
    tasks: number;
    meetings: number;
    activities: number;
    attachments: number;
    links: number;
  }>(sql`
    select (select count(*) from households)::int as households, (select count(*) from members)::int as members,
      (select count(*) from notes)::int as notes, (select count(*) from tasks)::int as tasks,
      (select count(*) from meetings)::int as meetings, (select count(*) from prospect_activities)::int as activities,
      (select count(*) from attachments)::int as attachments, (select count(*) from record_links where subject_kind <> 'alert')::int as links`);

beforeAll(async () => {
  t = await createTestContext();
  t.clock.startAt(new Date('2026-04-20T16:00:00Z'));
  admin = (await t.signIn()).token;
  const [session] = rowsOf<{ id: string }>(
    await t.db.execute(sql`select user_id as id from sessions order by created_at desc limit 1`),
  );
  adminId = session?.id ?? '';
  advisorId = (await insertUserWithGrants(t.db, 'conv.advisor@centric.test', { prospects: ['read'] })).userId;
  developerId = (await insertUserWithGrants(t.db, 'conv.developer@centric.test', { prospects: ['read'] }))
    .userId;
  source = (
    await one<{ id: number }>(
      sql`select id from master_data_items where type = 'sources' order by id limit 1`,
    )
  ).id;
  taskType = (
    await one<{ id: number }>(
      sql`select id from master_data_items where type = 'task-types' order by id limit 1`,
    )
  ).id;
  ids = await loadIds(t.db);
});
afterAll(() => t.close());

describe('into a new household', () => {
  it('previews what moves and what the household gets', async () => {
    const p = await createProspect();
    await hangOn(p.id);
    const res = await t.json('GET', `/api/prospects/${p.id}/conversion`, undefined, admin);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.result).toMatchObject({
      mode: 'NEW',
      household: null,
      convertedHouseholdId: null,
      moves: { notes: 1, activities: 2, tasks: 1, meetings: 1, attachments: 1 },
    });
    const fills = res.body.result.fills as { label: string; value: string }[];
    expect(fills).toContainEqual(expect.objectContaining({ label: 'Primary member', value: 'Grace Hopper' }));
    expect(fills).toContainEqual(expect.objectContaining({ label: 'Service', value: 'Asset Management' }));
    expect(fills).toContainEqual(expect.objectContaining({ label: 'Wealth Advisor 1' }));
  });

  it('moves every linked record exactly once, in one transaction, and answers the household', async () => {
    const p = await createProspect();
    const hung = await hangOn(p.id);
    const before = await counts();
    expect(await links('prospect', p.id)).toBe(3);

    const res = await t.json(
      'POST',
      `/api/prospects/${p.id}/convert`,
      { mode: 'NEW', member: answers() },
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(PROSPECT_CONVERSION_MESSAGES.converted);
    const { clientId } = res.body.result as { clientId: string };
    expect(res.body.result).toMatchObject({
      alreadyConverted: false,
      moved: { notes: 1, activities: 2, tasks: 1, meetings: 1, attachments: 1 },
    });

    // Nothing copied, nothing lost: one household and one member more, every other count the same.
    const after = await counts();
    expect(after).toEqual({ ...before, households: before.households + 1, members: before.members + 1 });
    expect(await links('prospect', p.id)).toBe(0);
    expect(await links('household', clientId)).toBe(3);

    const household = await t.json('GET', `/api/clients/${clientId}`, undefined, admin);
    expect(household.status).toBe(200);
    expect(household.body.result).toMatchObject({
      name: 'Hopper, Grace',
      status: 'ACTIVE',
      services: { assetManagement: true, legacyPlanning: true, riskManagement: false },
    });
    expect(household.body.result.team.map((m: { role: string }) => m.role)).toEqual([
      'WEALTH_ADVISOR_1',
      'BUSINESS_DEVELOPER',
    ]);
    const [member] = household.body.result.members;
    expect(member).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      middleName: 'Brewster',
      subType: 'PRIMARY',
    });
    // Complete, never a draft: listed like any household.
    const draft = await one<{ draft: boolean }>(
      sql`select draft from households where id = ${clientId}::uuid`,
    );
    expect(draft.draft).toBe(false);

    const notes = await t.json('GET', `/api/clients/${clientId}/notes`, undefined, admin);
    expect(notes.body.result.map((n: { id: string }) => n.id)).toEqual([hung.noteId]);
    const tasksList = await t.json('GET', `/api/clients/${clientId}/tasks`, undefined, admin);
    expect(tasksList.body.result.map((x: { id: string }) => x.id)).toContain(hung.taskId);
    const activities = await t.json('GET', `/api/clients/${clientId}/prospect-activities`, undefined, admin);
    expect(activities.body.result.map((a: { activityType: string }) => a.activityType)).toEqual([
      'IN_PERSON_MEETING',
      'PHONE_CALL',
    ]);
    expect(activities.body.result[0].prospectName).toBe('Grace Hopper');

    const prospect = await t.json('GET', `/api/prospects/${p.id}`, undefined, admin);
    expect(prospect.body.result).toMatchObject({
      activityStatus: 'CONVERTED',
      convertedHouseholdId: clientId,
    });
    expect(prospect.body.result.convertedAt).toMatch(/^2026-04-20T/);
    const audit = await one<{ n: number }>(sql`select count(*)::int as n from audit_log
      where entity = 'prospect' and entity_id = ${p.id} and after ->> 'activityStatus' = 'CONVERTED'`);
    expect(audit.n).toBe(1);

    // Converting again answers the same household and changes nothing.
    const again = await t.json(
      'POST',
      `/api/prospects/${p.id}/convert`,
      { mode: 'NEW', member: answers() },
      admin,
    );
    expect(again.status).toBe(200);
    expect(again.body.result).toMatchObject({ clientId, alreadyConverted: true });
    expect(await counts()).toEqual(after);
  });

  it('two concurrent requests make one household', async () => {
    const p = await createProspect();
    await hangOn(p.id);
    const before = await counts();
    const [a, b] = await Promise.all([
      t.json('POST', `/api/prospects/${p.id}/convert`, { mode: 'NEW', member: answers() }, admin),
      t.json('POST', `/api/prospects/${p.id}/convert`, { mode: 'NEW', member: answers() }, admin),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.result.clientId).toBe(b.body.result.clientId);
    expect([a.body.result.alreadyConverted, b.body.result.alreadyConverted].sort()).toEqual([false, true]);
    const after = await counts();
    expect(after.households).toBe(before.households + 1);
    expect(after.links).toBe(before.links);
  });

  it("refuses what a primary member lacks, with the member's messages, and changes nothing", async () => {
    const p = await createProspect();
    const before = await counts();
    const res = await t.json(
      'POST',
      `/api/prospects/${p.id}/convert`,
      {
        mode: 'NEW',
        member: answers({ date: '', gender: null, marriageStatus: null, employmentStatus: [] }),
      },
      admin,
    );
    expect(res.status).toBe(400);
    const errors = Object.fromEntries(
      (res.body.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );
    expect(errors).toMatchObject({
      'member.date': 'Date of birth is required.',
      'member.marriageStatus': 'Required',
      'member.employmentStatus': expect.any(String),
    });
    const noAddress = await t.json(
      'POST',
      `/api/prospects/${p.id}/convert`,
      { mode: 'NEW', member: answers({ addressLine1: '', city: '', stateId: null }) },
      admin,
    );
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.errors).toContainEqual({ field: 'member.addressLine1', message: 'Required' });
    expect(await counts()).toEqual(before);
    const prospect = await t.json('GET', `/api/prospects/${p.id}`, undefined, admin);
    expect(prospect.body.result.activityStatus).toBe('ACTIVE');
  });

  it('requires the email (§4) and refuses a phone another member holds', async () => {
    const p = await createProspect();
    await t.db.execute(sql`update prospects set email = null where id = ${p.id}::uuid`);
    const before = await counts();
    const res = await t.json(
      'POST',
      `/api/prospects/${p.id}/convert`,
      { mode: 'NEW', member: answers() },
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please add email Address');
    expect(res.body.errors).toContainEqual({ field: 'email', message: 'Please add email Address' });

    // Its phone taken by a member of another household converted meanwhile.
    const first = await createProspect();
    const converted = await t.json(
      'POST',
      `/api/prospects/${first.id}/convert`,
      { mode: 'NEW', member: answers() },
      admin,
    );
    expect(converted.status).toBe(200);
    const twin = await createProspect({ phone: first.phone });
    const taken = await t.json(
      'POST',
      `/api/prospects/${twin.id}/convert`,
      { mode: 'NEW', member: answers() },
      admin,
    );
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('This phone number is already in use.');
    expect((await counts()).households).toBe(before.households + 1);
  });

  it('a business: the date it was established, and its name as first and last name', async () => {
    const p = await createProspect({
      type: 'BUSINESS',
      name: 'Acme Holdings LLC',
      firstName: '',
      lastName: '',
      middleName: '',
    });
    const refused = await t.json(
      'POST',
      `/api/prospects/${p.id}/convert`,
      { mode: 'NEW', member: answers({ firstName: 'Acme Holdings', lastName: '', date: '' }) },
      admin,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({ field: 'member.lastName', message: 'Required' });
    const res = await t.json(
      'POST',
      `/api/prospects/${p.id}/convert`,
      {
        mode: 'NEW',
        member: answers({
          firstName: 'Acme Holdings',
          lastName: 'LLC',
          gender: null,
          marriageStatus: null,
          employmentStatus: [],
        }),
      },
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const household = await t.json('GET', `/api/clients/${res.body.result.clientId}`, undefined, admin);
    expect(household.body.result.name).toBe('LLC, Acme Holdings');
    expect(household.body.result.members[0]).toMatchObject({ type: 'BUSINESS', firstName: 'Acme Holdings' });
  });
});

describe('into an existing household', () => {
  it('fills only its empty fields; what is filled stays', async () => {
    // The household: a primary member with a gender and an email, no phone, no address; Wealth Advisor 1 set.
    const created = await t.json(
      'POST',
      '/api/clients',
      {
        type: 'PERSON',
        subType: 'PRIMARY',
        firstName: 'Ada',
        lastName: 'Byron',
        date: '1985-12-10',
        gender: ids.gender,
        marriageStatus: ids.marriageStatus,
      },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { clientId, memberId } = created.body.result as { clientId: string; memberId: string };
    await t.db.execute(sql`insert into member_emails (member_id, email, type, is_primary, position)
      values (${memberId}::uuid, 'ada@byron.test', 'Personal', true, 0)`);
    await t.db.execute(sql`update households set asset_management = true where id = ${clientId}::uuid`);
    await t.json('PUT', `/api/clients/${clientId}/team`, { WEALTH_ADVISOR_1: adminId }, admin);

    const p = await createProspect({ genderId: null });
    await hangOn(p.id);
    const preview = await t.json(
      'GET',
      `/api/prospects/${p.id}/conversion?clientId=${clientId}`,
      undefined,
      admin,
    );
    expect(preview.status, preview.body.message).toBe(200);
    const labels = (list: { label: string }[]) => list.map((f) => f.label).sort();
    expect(preview.body.result.household).toEqual({ clientId, name: 'Byron, Ada' });
    expect(labels(preview.body.result.fills)).toEqual(
      ['Address', 'Business Developer', 'Employer', 'Middle name', 'Phone', 'Service'].sort(),
    );
    expect(labels(preview.body.result.kept)).toEqual(['Email', 'Service', 'Wealth Advisor 1'].sort());

    const before = await counts();
    const res = await t.json('POST', `/api/prospects/${p.id}/convert`, { mode: 'EXISTING', clientId }, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.clientId).toBe(clientId);
    expect(await counts()).toEqual(before);
    const household = await t.json('GET', `/api/clients/${clientId}`, undefined, admin);
    expect(household.body.result.services).toMatchObject({ assetManagement: true, legacyPlanning: true });
    const team = Object.fromEntries(
      household.body.result.team.map((m: { role: string; user: { id: string } }) => [m.role, m.user.id]),
    );
    expect(team).toEqual({ WEALTH_ADVISOR_1: adminId, BUSINESS_DEVELOPER: developerId });
    const member = await t.json('GET', `/api/clients/${clientId}/members/${memberId}`, undefined, admin);
    expect(member.body.result).toMatchObject({
      firstName: 'Ada',
      middleName: 'Brewster',
      employer: 'Navy Labs',
    });
    expect(member.body.result.emailAddresses.map((e: { email: string }) => e.email)).toEqual([
      'ada@byron.test',
    ]);
    expect(member.body.result.phoneNumbers.map((e: { phone: string }) => e.phone)).toEqual([p.phone]);
    expect(member.body.result.addresses).toHaveLength(1);
    expect(await links('household', clientId)).toBe(3);
  });

  it('404 for a household that does not exist, nothing changed', async () => {
    const p = await createProspect();
    const res = await t.json(
      'POST',
      `/api/prospects/${p.id}/convert`,
      { mode: 'EXISTING', clientId: '00000000-0000-4000-8000-000000000000' },
      admin,
    );
    expect(res.status).toBe(404);
    const prospect = await t.json('GET', `/api/prospects/${p.id}`, undefined, admin);
    expect(prospect.body.result.activityStatus).toBe('ACTIVE');
  });
});

describe('permissions on every new route', () => {
  it('needs prospects and clients: read to preview, write to convert', async () => {
    const p = await createProspect();
    const grants = {
      prospectsOnly: { prospects: ['read', 'write'] },
      clientsOnly: { clients: ['read', 'write'] },
      readers: { prospects: ['read'], clients: ['read'] },
      writers: { prospects: ['read', 'write'], clients: ['read', 'write'] },
    } as const;
    const tokens: Record<string, string> = {};
    for (const [name, grant] of Object.entries(grants)) {
      await insertUserWithGrants(t.db, `conv.${name}@centric.test`, grant);
      tokens[name] = (await t.signIn(`conv.${name}@centric.test`)).token;
    }
    const body = { mode: 'NEW', member: answers() };
    const preview = `/api/prospects/${p.id}/conversion`;
    const convert = `/api/prospects/${p.id}/convert`;
    const activities = `/api/clients/00000000-0000-4000-8000-000000000000/prospect-activities`;
    for (const who of ['prospectsOnly', 'clientsOnly'] as const) {
      expect((await t.json('GET', preview, undefined, tokens[who])).status).toBe(403);
      expect((await t.json('POST', convert, body, tokens[who])).status).toBe(403);
      expect((await t.json('GET', activities, undefined, tokens[who])).status).toBe(403);
    }
    expect((await t.json('GET', preview, undefined, tokens.readers)).status).toBe(200);
    expect((await t.json('GET', activities, undefined, tokens.readers)).status).toBe(200);
    expect((await t.json('POST', convert, body, tokens.readers)).status).toBe(403);
    const prospect = await t.json('GET', `/api/prospects/${p.id}`, undefined, admin);
    expect(prospect.body.result.activityStatus).toBe('ACTIVE');
    expect((await t.json('POST', convert, body, tokens.writers)).status).toBe(200);
    expect((await t.json('GET', preview, undefined)).status).toBe(401);
  });
});
