import { PROSPECT_MESSAGES } from '@centric/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { masterDataItems } from '../../../db/schema/index.ts';
import { insertUserWithGrants } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { putFile, TINY_PNG } from '../../../../test/uploads.ts';

// Prospects (issue 17 §1): every §5 Prospect rule with its message (the stricter readings of decision 0020),
// the list, statistics, board move and export, activities and notes, the 30-day alert raised once per lapse,
// and the prospects permission on every route.

let t: TestContext;
let admin: string;
let advisorId = '';
let developerId = '';
let source = 0;
let state = 0;

const masterId = async (type: string) => {
  const [row] = await t.db
    .select({ id: masterDataItems.id })
    .from(masterDataItems)
    .where(and(eq(masterDataItems.type, type)))
    .limit(1);
  if (!row) throw new Error(`no ${type}`);
  return row.id;
};

const body = (overrides: Record<string, unknown> = {}) => ({
  type: 'PERSON',
  firstName: 'Grace',
  lastName: 'Hopper',
  activityStatus: 'ACTIVE',
  leadStatus: 'WARM',
  wealthAdvisorId: advisorId,
  businessDeveloperId: developerId,
  assetManagement: '2500000',
  riskManagement: '100000.50',
  sourceId: source,
  phone: '(212) 555-0142',
  email: 'grace@example.com',
  activities: [{ activityType: 'PHONE_CALL', activityDate: '2026-04-10', minutes: '30' }],
  ...overrides,
});

const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await t.json('POST', '/api/prospects', body(overrides), admin);
  expect(res.status, res.body.message).toBe(201);
  return res.body.result;
};

/** The 400's errors as {field: message}, and that nothing was written. */
const refused = async (overrides: Record<string, unknown>) => {
  const before = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from prospects`))[0]!
    .n;
  const res = await t.json('POST', '/api/prospects', body(overrides), admin);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const after = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from prospects`))[0]!
    .n;
  expect(after).toBe(before);
  return Object.fromEntries(
    (res.body.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
  );
};

const setToday = async (day: string) => {
  t.clock.startAt(new Date(`${day}T16:00:00Z`));
  admin = (await t.signIn()).token;
};

beforeAll(async () => {
  t = await createTestContext();
  await setToday('2026-04-20');
  await t.db.execute(sql`delete from prospects`);
  advisorId = (await insertUserWithGrants(t.db, 'prospect.advisor@centric.test', { prospects: ['read'] }))
    .userId;
  developerId = (await insertUserWithGrants(t.db, 'prospect.developer@centric.test', { prospects: ['read'] }))
    .userId;
  source = await masterId('sources');
  state = await masterId('states');
});
afterAll(() => t.close());

describe('§5 Prospect rules and messages', () => {
  it('adds a person with its activity: combineInterests is the total, money stays decimal', async () => {
    const p = await create({ stateId: state, zip: '10001', city: 'New York', addressLine1: '1 Main St' });
    expect(p).toMatchObject({
      displayName: 'Grace Hopper',
      combineInterests: '2600000.50',
      assetManagement: '2500000.00',
      phone: '+12125550142',
      lastActivityDate: '2026-04-10',
      daysSinceLastActivity: 10,
      leadStatus: 'WARM',
      activityStatus: 'ACTIVE',
    });
    expect(p.activities).toHaveLength(1);
    expect(p.activities[0]).toMatchObject({ activityType: 'PHONE_CALL', minutes: 30 });
  });

  it('a person needs first and last name; a business or trust a name of 3 to 30', async () => {
    expect(await refused({ firstName: '', lastName: '  ' })).toMatchObject({
      firstName: 'Required',
      lastName: 'Name cannot contain only spaces.',
    });
    // Every message at once: the rules across fields run beside a field's own refusal.
    expect(await refused({ firstName: '', phone: '123', sourceId: null })).toMatchObject({
      firstName: 'Required',
      phone: 'Please add valid phone number with area code',
      sourceId: 'Please add Source Name',
    });
    expect(await refused({ firstName: 'x'.repeat(51) })).toMatchObject({
      firstName: PROSPECT_MESSAGES.firstNameMax,
    });
    expect(await refused({ type: 'BUSINESS', name: '' })).toMatchObject({ name: 'Required' });
    expect(await refused({ type: 'BUSINESS', name: 'AB' })).toMatchObject({
      name: 'Name must be 3 to 30 characters.',
    });
    expect(await refused({ type: 'TRUST', name: 'x'.repeat(31) })).toMatchObject({
      name: 'Name must be 3 to 30 characters.',
    });
    const business = await create({ type: 'BUSINESS', name: 'Hopper Holdings', firstName: '', lastName: '' });
    expect(business.displayName).toBe('Hopper Holdings');
  });

  it('type, activity status and lead status are required; worksAt is 3 to 30 when given', async () => {
    expect(await refused({ type: undefined })).toMatchObject({ type: 'Please select a type.' });
    expect(await refused({ activityStatus: undefined, leadStatus: undefined })).toMatchObject({
      activityStatus: 'Please select any one activity status',
      leadStatus: 'Please select any one lead status',
    });
    expect(await refused({ leadStatus: 'TEPID' })).toMatchObject({
      leadStatus: 'Please select any one lead status',
    });
    expect(await refused({ worksAt: 'AB' })).toMatchObject({
      worksAt: 'Works at must be 3 to 30 characters.',
    });
    expect(await refused({ worksAt: 'x'.repeat(31) })).toMatchObject({
      worksAt: 'Works at must be 3 to 30 characters.',
    });
  });

  it('CONVERTED is never chosen in the form', async () => {
    expect(await refused({ activityStatus: 'CONVERTED' })).toMatchObject({
      activityStatus: PROSPECT_MESSAGES.convertedOnlyByConversion,
    });
    const p = await create();
    const res = await t.json('PATCH', `/api/prospects/${p.id}`, body({ activityStatus: 'CONVERTED' }), admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PROSPECT_MESSAGES.convertedOnlyByConversion);
  });

  it('a primary advisor is required, active, and not also the business developer', async () => {
    expect(await refused({ wealthAdvisorId: null })).toMatchObject({
      wealthAdvisorId: 'Please select a primary advisor.',
    });
    expect(await refused({ businessDeveloperId: advisorId })).toMatchObject({
      businessDeveloperId: 'The same person cannot be both wealth advisor and business developer.',
    });
    expect(await refused({ wealthAdvisorId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({
      wealthAdvisorId: PROSPECT_MESSAGES.advisorNotFound,
    });
  });

  it('interest values: at most 100 billion, no leading zero, two decimals, at least one', async () => {
    expect(await refused({ assetManagement: '100000000000.01' })).toMatchObject({
      assetManagement: 'Max limit should be 100 billion.',
    });
    expect(await refused({ assetManagement: '0123' })).toMatchObject({
      assetManagement: 'Remove the leading zero.',
    });
    expect(await refused({ assetManagement: '12.345' })).toMatchObject({
      assetManagement: PROSPECT_MESSAGES.interestInvalid,
    });
    expect(await refused({ assetManagement: null, riskManagement: '' })).toMatchObject({
      financialLifeManagement: 'Please add at least one service value.',
    });
    const top = await create({ assetManagement: '100000000000', riskManagement: '0.10' });
    expect(top.combineInterests).toBe('100000000000.10');
  });

  it('contact: phone with area code, source, other, address, city, zip, email', async () => {
    expect(await refused({ phone: '555-0142' })).toMatchObject({
      phone: 'Please add valid phone number with area code',
    });
    expect(await refused({ sourceId: null })).toMatchObject({ sourceId: 'Please add Source Name' });
    expect(await refused({ sourceId: state })).toMatchObject({ sourceId: 'Please add Source Name' });
    expect(
      await refused({
        other: 'x'.repeat(31),
        addressLine1: 'x'.repeat(51),
        city: 'x'.repeat(31),
        zip: '123',
      }),
    ).toMatchObject({
      other: 'Other can be up to 30 characters.',
      addressLine1: 'Address can be up to 50 characters.',
      city: 'City can be up to 30 characters.',
      zip: 'Zip must be 4 to 5 digits.',
    });
    expect(await refused({ email: '' })).toMatchObject({ email: 'Email is required.' });
    expect(await refused({ email: 'not-an-email' })).toMatchObject({
      email: 'Please enter a valid email address.',
    });
    expect(await refused({ email: `${'x'.repeat(250)}@example.com` })).toMatchObject({
      email: 'Email can be up to 255 characters in length.',
    });
  });

  it('a CONVERTED prospect keeps its email required with its own sentence', async () => {
    const p = await create();
    await t.db.execute(
      sql`update prospects set activity_status = 'CONVERTED', converted_at = now() where id = ${p.id}`,
    );
    const res = await t.json(
      'PATCH',
      `/api/prospects/${p.id}`,
      body({ activityStatus: 'CONVERTED', email: '' }),
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field: 'email', message: 'Please add email Address' });
  });

  it('at least one activity; each with type, date and minutes (digits only)', async () => {
    expect(await refused({ activities: [] })).toMatchObject({
      activities: 'Please add at least one activity.',
    });
    expect(await refused({ activities: [{}] })).toMatchObject({
      'activities.0.activityType': PROSPECT_MESSAGES.activityTypeRequired,
      'activities.0.activityDate': PROSPECT_MESSAGES.activityDateRequired,
      'activities.0.minutes': PROSPECT_MESSAGES.minutesRequired,
    });
    expect(
      await refused({ activities: [{ activityType: 'EMAIL', activityDate: '2026-02-30', minutes: '1.5' }] }),
    ).toMatchObject({
      'activities.0.activityDate': 'Enter a valid Date',
      'activities.0.minutes': 'Minutes must be digits only.',
    });
    expect(
      await refused({ activities: [{ activityType: 'EMAIL', activityDate: '2026-04-21', minutes: '10' }] }),
    ).toMatchObject({ 'activities.0.activityDate': PROSPECT_MESSAGES.activityDateFuture });
  });
});

describe('activities, board, list, statistics, notes', () => {
  it('logs activities (newest first) and moves the lead status', async () => {
    const p = await create();
    const logged = await t.json(
      'POST',
      `/api/prospects/${p.id}/activity`,
      { activityType: 'VIDEO_MEETING', activityDate: '2026-04-18', minutes: 45 },
      admin,
    );
    expect(logged.status).toBe(201);
    expect(logged.body.result.activities.map((a: { activityType: string }) => a.activityType)).toEqual([
      'VIDEO_MEETING',
      'PHONE_CALL',
    ]);
    expect(logged.body.result.daysSinceLastActivity).toBe(2);
    const bad = await t.json(
      `POST`,
      `/api/prospects/${p.id}/activity`,
      { activityType: 'FAX', minutes: 'x' },
      admin,
    );
    expect(bad.status).toBe(400);
    const moved = await t.json('PUT', `/api/prospects/${p.id}/lead-status`, { leadStatus: 'HOT' }, admin);
    expect(moved.status).toBe(200);
    expect(moved.body.result.leadStatus).toBe('HOT');
    const missing = await t.json(
      'PUT',
      '/api/prospects/00000000-0000-4000-8000-000000000000/lead-status',
      { leadStatus: 'HOT' },
      admin,
    );
    expect(missing.status).toBe(404);
  });

  it('lists with filters, search, sort and paging; statistics; export', async () => {
    await t.db.execute(sql`delete from prospects`);
    await create({
      firstName: 'Alan',
      lastName: 'Turing',
      leadStatus: 'HOT',
      assetManagement: '100',
      riskManagement: null,
    });
    await create({
      firstName: 'Ada',
      lastName: 'Lovelace',
      leadStatus: 'COLD',
      assetManagement: '200',
      riskManagement: null,
    });
    await create({
      firstName: 'Edsger',
      lastName: 'Dijkstra',
      leadStatus: 'HOT',
      activityStatus: 'INACTIVE',
      businessDeveloperId: null,
      assetManagement: '300.25',
      riskManagement: null,
    });
    const hot = await t.json('GET', '/api/prospects?leadStatus=HOT&sortBy=name&order=ASC', undefined, admin);
    expect(hot.body.totalResults).toBe(2);
    expect(hot.body.result.map((r: { displayName: string }) => r.displayName)).toEqual([
      'Alan Turing',
      'Edsger Dijkstra',
    ]);
    const byDeveloper = await t.json(
      'GET',
      `/api/prospects?businessDeveloperId=${developerId}`,
      undefined,
      admin,
    );
    expect(byDeveloper.body.totalResults).toBe(2);
    const inactive = await t.json('GET', '/api/prospects?activityStatus=INACTIVE', undefined, admin);
    expect(inactive.body.result.map((r: { displayName: string }) => r.displayName)).toEqual([
      'Edsger Dijkstra',
    ]);
    const search = await t.json('GET', '/api/prospects?search=love', undefined, admin);
    expect(search.body.result.map((r: { displayName: string }) => r.displayName)).toEqual(['Ada Lovelace']);
    // A search with a digit or two is no phone search ("E2e…" matched every phone with a 2).
    expect((await t.json('GET', '/api/prospects?search=Lo2', undefined, admin)).body.totalResults).toBe(0);
    const byPhone = await t.json('GET', '/api/prospects?search=555-0142', undefined, admin);
    expect(byPhone.body.totalResults).toBe(3);
    const page = await t.json(
      'GET',
      '/api/prospects?sortBy=combineInterests&order=DESC&limit=1&page=2',
      undefined,
      admin,
    );
    expect(page.body.result.map((r: { displayName: string }) => r.displayName)).toEqual(['Ada Lovelace']);
    expect((await t.json('GET', '/api/prospects?sortBy=shoeSize', undefined, admin)).status).toBe(400);

    const stats = await t.json('GET', '/api/prospects/statistics', undefined, admin);
    expect(stats.body.result).toEqual({
      byLeadStatus: { HOT: 2, WARM: 0, COLD: 1 },
      total: 3,
      newThisMonth: 3,
      convertedThisQuarter: 0,
      pipelineValue: '600.25',
    });

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/prospects/export?format=csv&sortBy=name&order=ASC',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Name');
    expect(lines[1]).toContain('Ada Lovelace');
    expect(lines).toHaveLength(4);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/prospects/export?format=xlsx',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('keeps notes on the prospect through the notes service, readable with prospects read', async () => {
    const p = await create();
    const posted = await t.json(
      'POST',
      `/api/prospects/${p.id}/notes`,
      { html: '<p>Met at the gala</p>' },
      admin,
    );
    expect(posted.status, posted.body.message).toBe(201);
    expect(posted.body.result.type).toBe('PROSPECTS');
    const list = await t.json('GET', `/api/prospects/${p.id}/notes`, undefined, admin);
    expect(list.body.result.map((n: { text: string }) => n.text)).toEqual(['Met at the gala']);
    const missing = await t.json(
      'GET',
      '/api/prospects/00000000-0000-4000-8000-000000000000/notes',
      undefined,
      admin,
    );
    expect(missing.status).toBe(404);
    // A notes reader without prospects read neither lists nor opens it.
    await insertUserWithGrants(t.db, 'notes.only@centric.test', { notes: ['read', 'write'] });
    const notesOnly = (await t.signIn('notes.only@centric.test')).token;
    expect((await t.json('GET', `/api/prospects/${p.id}/notes`, undefined, notesOnly)).status).toBe(403);
    expect((await t.json('GET', `/api/notes/${posted.body.result.id}`, undefined, notesOnly)).status).toBe(
      404,
    );
  });
});

describe('profile image', () => {
  it('stores a jpg or png (by content) and serves it; anything else is refused with the spec sentence', async () => {
    const p = await create();
    const url = `/api/prospects/${p.id}/profile-image`;
    const bad = await putFile(t, { url, token: admin, filename: 'x.png', data: Buffer.from('not an image') });
    expect(bad.statusCode).toBe(415);
    expect(bad.json().message).toBe('File format accepted only .jpg, .jpeg, .png up to 15 MB');
    const res = await putFile(t, { url, token: admin, filename: 'ada.png', data: TINY_PNG });
    expect(res.statusCode).toBe(200);
    const image = res.json().result.profileImageUrl as string;
    expect(image).toMatch(new RegExp(`^/api/prospects/${p.id}/profile-image\\?v=`));
    const served = await t.app.inject({
      method: 'GET',
      url: image,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
  });
});

describe('the 30-day alert', () => {
  it('raises one alert to the business developer per lapse, resolved by the next activity', async () => {
    await t.db.execute(sql`delete from prospects`);
    await setToday('2026-05-01');
    const p = await create({
      activities: [{ activityType: 'EMAIL', activityDate: '2026-04-02', minutes: '5' }],
    });
    const noDeveloper = await create({
      firstName: 'Solo',
      businessDeveloperId: null,
      activities: [{ activityType: 'EMAIL', activityDate: '2026-04-01', minutes: '5' }],
    });
    await create({
      firstName: 'Quiet',
      activityStatus: 'INACTIVE',
      activities: [{ activityType: 'EMAIL', activityDate: '2026-01-01', minutes: '5' }],
    });
    const alerts = async () =>
      rowsOf<{ message: string; open: boolean; recipient: string; state: string }>(
        await t.db
          .execute(sql`select a.message, a.resolved_at is null as open, r.user_id as recipient, r.state
          from alerts a join alert_recipients r on r.alert_id = a.id
          where a.category = 'prospectInactive' order by a.message`),
      );
    // Day 29 of the first lapse (30 for Solo): only Solo's alert, to its wealth advisor.
    expect((await t.app.services.activitySweep.runOnce()).daily.prospectsInactive).toBe(1);
    expect(await alerts()).toEqual([
      {
        message: 'Solo Hopper has had no activity for 30 days.',
        open: true,
        recipient: advisorId,
        state: 'ACTIVE',
      },
    ]);
    await setToday('2026-05-02');
    expect((await t.app.services.activitySweep.runOnce()).daily.prospectsInactive).toBe(1);
    await setToday('2026-05-03');
    expect((await t.app.services.activitySweep.runOnce()).daily.prospectsInactive).toBe(0);
    const rows = await alerts();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      message: 'Grace Hopper has had no activity for 30 days.',
      open: true,
      recipient: developerId,
      state: 'ACTIVE',
    });
    // A new activity resolves it; the next lapse raises it again, once.
    await t.json(
      'POST',
      `/api/prospects/${p.id}/activity`,
      { activityType: 'PHONE_CALL', activityDate: '2026-05-03', minutes: '15' },
      admin,
    );
    expect((await alerts()).find((a) => a.message.startsWith('Grace'))?.open).toBe(false);
    await setToday('2026-06-02');
    expect((await t.app.services.activitySweep.runOnce()).daily.prospectsInactive).toBe(1);
    await setToday('2026-06-03');
    expect((await t.app.services.activitySweep.runOnce()).daily.prospectsInactive).toBe(0);
    expect((await alerts()).find((a) => a.message.startsWith('Grace'))?.open).toBe(true);
    expect(noDeveloper.id).toBeTruthy();
  });
});

describe('permissions: prospects on every route', () => {
  it('refuses each route without its permission, and allows reading with read only', async () => {
    const p = await create();
    await insertUserWithGrants(t.db, 'no.prospects@centric.test', {
      dashboard: ['read'],
      notes: ['read', 'write'],
    });
    await insertUserWithGrants(t.db, 'read.prospects@centric.test', { prospects: ['read'], notes: ['read'] });
    const none = (await t.signIn('no.prospects@centric.test')).token;
    const reader = (await t.signIn('read.prospects@centric.test')).token;
    const reads: string[] = [
      '/api/prospects',
      '/api/prospects/statistics',
      '/api/prospects/export?format=csv',
      `/api/prospects/${p.id}`,
      `/api/prospects/${p.id}/notes`,
    ];
    const writes: [string, string, unknown][] = [
      ['POST', '/api/prospects', body()],
      ['PATCH', `/api/prospects/${p.id}`, body()],
      ['PUT', `/api/prospects/${p.id}/lead-status`, { leadStatus: 'COLD' }],
      [
        'POST',
        `/api/prospects/${p.id}/activity`,
        { activityType: 'EMAIL', activityDate: '2026-04-01', minutes: 5 },
      ],
    ];
    for (const url of reads) {
      expect((await t.json('GET', url, undefined, none)).status, url).toBe(403);
      expect((await t.json('GET', url, undefined, reader)).status, url).toBe(200);
    }
    for (const [method, url, payload] of writes) {
      expect((await t.json(method as 'POST', url, payload, none)).status, url).toBe(403);
      expect((await t.json(method as 'POST', url, payload, reader)).status, url).toBe(403);
    }
    expect((await t.json('POST', `/api/prospects/${p.id}/notes`, { html: '<p>x</p>' }, none)).status).toBe(
      403,
    );
    expect((await t.json('POST', `/api/prospects/${p.id}/notes`, { html: '<p>x</p>' }, reader)).status).toBe(
      403,
    );
    const unchanged = await t.json('GET', `/api/prospects/${p.id}`, undefined, admin);
    expect(unchanged.body.result.leadStatus).toBe('WARM');
    expect(unchanged.body.result.activities).toHaveLength(1);
  });
});

describe('deleting a prospect (decision 0026)', () => {
  it('goes with its activities and notes (kept deleted, audited); a writer without delete is refused', async () => {
    const p = await create({ email: 'delete.me@example.com' });
    const note = await t.json(
      'POST',
      `/api/prospects/${p.id}/notes`,
      { html: '<p>Call back in May</p>' },
      admin,
    );
    expect(note.status).toBe(201);
    await insertUserWithGrants(t.db, 'write.prospects@centric.test', { prospects: ['read', 'write'] });
    const writer = (await t.signIn('write.prospects@centric.test')).token;
    expect((await t.json('DELETE', `/api/prospects/${p.id}`, undefined, writer)).status).toBe(403);
    expect((await t.json('GET', `/api/prospects/${p.id}`, undefined, admin)).status).toBe(200);

    const res = await t.json('DELETE', `/api/prospects/${p.id}`, undefined, admin);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(PROSPECT_MESSAGES.deleted);
    expect((await t.json('GET', `/api/prospects/${p.id}`, undefined, admin)).status).toBe(404);
    const count = async (query: ReturnType<typeof sql>) =>
      rowsOf<{ n: number }>(await t.db.execute(query))[0]!.n;
    expect(
      await count(sql`select count(*)::int as n from prospect_activities where prospect_id = ${p.id}`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from record_links where record_id = ${p.id}`)).toBe(0);
    // The note is a deleted note now: kept, with who deleted it.
    const [kept] = rowsOf<{ deleted_at: Date | null }>(
      await t.db.execute(sql`select deleted_at from notes where id = ${note.body.result.id}`),
    );
    expect(kept?.deleted_at).not.toBeNull();
    const audits = rowsOf<{ action: string; entity: string; before: { activities?: unknown[] } }>(
      await t.db.execute(sql`select action, entity, before from audit_log
        where entity_id in (${p.id}, ${note.body.result.id}) and action = 'DELETE' order by id`),
    );
    expect(audits.map((a) => a.entity)).toEqual(['note', 'prospect']);
    expect(audits[1]?.before.activities).toHaveLength(1);
    expect((await t.json('DELETE', `/api/prospects/${p.id}`, undefined, admin)).status).toBe(404);
  });

  it('a converted prospect cannot be deleted', async () => {
    const p = await create({ email: 'converted.keep@example.com' });
    await t.db.execute(
      sql`update prospects set activity_status = 'CONVERTED', converted_at = now() where id = ${p.id}`,
    );
    const res = await t.json('DELETE', `/api/prospects/${p.id}`, undefined, admin);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PROSPECT_MESSAGES.convertedNotDeleted);
  });
});
