import { MEETING_MESSAGES } from '@centric/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { insertHousehold, userIdByEmail } from '../../../../test/factories.ts';

let t: TestContext;
let admin: string;
let oliviaId: string;
let marcusId: string;
let clientId: string;

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  t.clock.startAt(new Date('2026-12-02T17:00:00Z'));
  admin = (await t.signIn()).token;
  oliviaId = await userIdByEmail(t.db, DEMO_USERS[1].email);
  marcusId = await userIdByEmail(t.db, DEMO_USERS[2].email);
  ({ clientId } = await insertHousehold(t.db, { members: [{ firstName: 'Ada', lastName: 'Quinn' }] }));
});
afterAll(() => t.close());

const base = () => ({
  title: 'Annual review',
  startsAt: '2026-12-10T15:00:00Z',
  endsAt: '2026-12-10T16:00:00Z',
  location: 'Boston office',
  attendeeIds: [oliviaId, marcusId],
});
const create = (body: Record<string, unknown>) => t.json('POST', '/api/meetings', body, admin);

/** RFC 5545 §3.1: unfold (a CRLF followed by one space continues the line). */
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('creating meetings', () => {
  it.each([
    [{ title: '' }, 'title', MEETING_MESSAGES.titleRequired],
    [{ title: 'x'.repeat(201) }, 'title', MEETING_MESSAGES.titleMax],
    [{ endsAt: '2026-12-10T15:00:00Z' }, 'endsAt', MEETING_MESSAGES.endAfterStart],
    [{ endsAt: '2026-12-10T14:00:00Z' }, 'endsAt', MEETING_MESSAGES.endAfterStart],
    [{ startsAt: 'tomorrow' }, 'startsAt', MEETING_MESSAGES.timeInvalid],
    [{ location: 'l'.repeat(201) }, 'location', MEETING_MESSAGES.locationMax],
    [{ videoUrl: 'javascript:alert(1)' }, 'videoUrl', MEETING_MESSAGES.videoUrlInvalid],
    [{ videoUrl: `https://v.example/${'a'.repeat(500)}` }, 'videoUrl', MEETING_MESSAGES.videoUrlMax],
    [{ attendeeIds: [] }, 'attendeeIds', MEETING_MESSAGES.attendeesRequired],
    [
      { attendeeIds: ['00000000-0000-4000-8000-000000000000'] },
      'attendeeIds',
      MEETING_MESSAGES.attendeeNotFound,
    ],
  ])('refuses %j with 400 naming %s', async (patch, field, message) => {
    const res = await create({ ...base(), ...patch });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('creates a meeting on a household with its attendees, Upcoming', async () => {
    const res = await create({ ...base(), clientId, videoUrl: 'https://meet.example/abc' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MEETING_MESSAGES.created);
    expect(res.body.result).toMatchObject({
      title: 'Annual review',
      status: 'UPCOMING',
      needsStatusUpdate: false,
      location: 'Boston office',
      videoUrl: 'https://meet.example/abc',
      household: { id: clientId, name: 'Quinn, Ada' },
    });
    expect(res.body.result.attendees.map((a: { fullName: string }) => a.fullName)).toEqual([
      'Marcus Reed',
      'Olivia Bennett',
    ]);
    const list = await t.json('GET', `/api/clients/${clientId}/meetings`, undefined, admin);
    expect(list.body.result.map((m: { id: string }) => m.id)).toContain(res.body.result.id);
  });

  it('lists the meetings a user attends with attendeeId (the dashboard’s Mine)', async () => {
    const both = (await create({ ...base(), title: 'Both attend' })).body.result.id as string;
    const oliviaOnly = (await create({ ...base(), title: 'Olivia only', attendeeIds: [oliviaId] })).body
      .result.id as string;
    const ids = async (query: string) => {
      const res = await t.json('GET', `/api/meetings?limit=100${query}`, undefined, admin);
      expect(res.status).toBe(200);
      expect(res.body.totalResults).toBe(res.body.result.length);
      return (res.body.result as { id: string }[]).map((m) => m.id);
    };
    const marcus = await ids(`&attendeeId=${marcusId}`);
    expect(marcus).toContain(both);
    expect(marcus).not.toContain(oliviaOnly);
    expect(await ids(`&attendeeId=${oliviaId}`)).toEqual(expect.arrayContaining([both, oliviaOnly]));
    expect(await ids('')).toEqual(expect.arrayContaining([both, oliviaOnly]));
    const bad = await t.json('GET', '/api/meetings?attendeeId=nobody', undefined, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({
      field: 'attendeeId',
      message: MEETING_MESSAGES.attendeeNotFound,
    });
  });
});

describe('status', () => {
  it('updates the status, and flags a past meeting still Upcoming without dropping it', async () => {
    const past = await create({
      ...base(),
      startsAt: '2026-11-30T15:00:00Z',
      endsAt: '2026-11-30T16:00:00Z',
    });
    expect(past.body.result.needsStatusUpdate).toBe(true);
    const soon = await create({
      ...base(),
      title: 'Soon',
      startsAt: '2026-12-03T15:00:00Z',
      endsAt: '2026-12-03T16:00:00Z',
    });
    expect(soon.body.result.needsStatusUpdate).toBe(false);
    t.clock.advanceTo(new Date('2026-12-03T17:00:00Z'));
    const list = await t.json(
      'GET',
      '/api/meetings?from=2026-11-30&to=2026-12-03&limit=100',
      undefined,
      admin,
    );
    const flagged = (list.body.result as { id: string; needsStatusUpdate: boolean }[]).filter((m) =>
      [past.body.result.id, soon.body.result.id].includes(m.id),
    );
    expect(flagged.map((m) => m.needsStatusUpdate)).toEqual([true, true]);
    const held = await t.json(
      'PUT',
      `/api/meetings/${past.body.result.id}/status`,
      { status: 'HELD' },
      admin,
    );
    expect(held.status).toBe(200);
    expect(held.body.message).toBe(MEETING_MESSAGES.statusUpdated);
    expect(held.body.result).toMatchObject({ status: 'HELD', needsStatusUpdate: false });
    const bad = await t.json('PUT', `/api/meetings/${past.body.result.id}/status`, { status: 'DONE' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MEETING_MESSAGES.statusInvalid);
    const onlyHeld = await t.json('GET', '/api/meetings?status=HELD', undefined, admin);
    expect(onlyHeld.body.result.map((m: { id: string }) => m.id)).toEqual([past.body.result.id]);
  });

  it('checks an edited end against the stored start', async () => {
    const res = await create(base());
    const edit = await t.json(
      'PATCH',
      `/api/meetings/${res.body.result.id}`,
      { endsAt: '2026-12-10T14:00:00Z' },
      admin,
    );
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(MEETING_MESSAGES.endAfterStart);
    const ok = await t.json(
      'PATCH',
      `/api/meetings/${res.body.result.id}`,
      { title: 'Renamed', attendeeIds: [oliviaId] },
      admin,
    );
    expect(ok.body.result).toMatchObject({ title: 'Renamed', attendees: [{ id: oliviaId }] });
  });
});

describe('the .ics file', () => {
  it('is valid iCalendar: CRLF lines folded at 75 octets, escaped text, UTC times, attendees', async () => {
    const title = `Review, Q4; plan\nnext steps — ${'é'.repeat(60)}`;
    const res = await create({ ...base(), title, location: 'Room 1, Floor 2; East', clientId });
    const ics = await t.app.inject({
      method: 'GET',
      url: `/api/meetings/${res.body.result.id}/ics`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers['content-disposition']).toMatch(
      /^attachment; filename="review-q4-plan-next-steps.*\.ics"$/,
    );
    const raw = ics.body;
    expect(raw.endsWith('\r\n')).toBe(true);
    const physical = raw.slice(0, -2).split('\r\n');
    expect(physical.every((line) => !line.includes('\n') && Buffer.byteLength(line, 'utf8') <= 75)).toBe(
      true,
    );
    expect(physical.some((line) => line.startsWith(' '))).toBe(true);
    const lines = unfold(raw).slice(0, -2).split('\r\n');
    const value = (name: string) => lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(value('VERSION')).toBe('2.0');
    expect(value('UID')).toBe(`${res.body.result.id}@centric.test`);
    expect(value('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(value('DTSTART')).toBe('20261210T150000Z');
    expect(value('DTEND')).toBe('20261210T160000Z');
    expect(value('SUMMARY')).toBe(`Review\\, Q4\\; plan\\nnext steps — ${'é'.repeat(60)}`);
    expect(value('LOCATION')).toBe('Room 1\\, Floor 2\\; East');
    expect(value('STATUS')).toBe('CONFIRMED');
    const attendees = lines.filter((l) => l.startsWith('ATTENDEE'));
    expect(attendees).toEqual([
      'ATTENDEE;CN="Marcus Reed";ROLE=REQ-PARTICIPANT:mailto:marcus.reed@centric.local',
      'ATTENDEE;CN="Olivia Bennett";ROLE=REQ-PARTICIPANT:mailto:olivia.bennett@centric.local',
    ]);
    await t.json('PUT', `/api/meetings/${res.body.result.id}/status`, { status: 'CANCELLED' }, admin);
    const cancelled = await t.app.inject({
      method: 'GET',
      url: `/api/meetings/${res.body.result.id}/ics`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(unfold(cancelled.body)).toContain('\r\nSTATUS:CANCELLED\r\n');
  });
});

describe('deleting', () => {
  it('deletes a meeting', async () => {
    const res = await create(base());
    const del = await t.json('DELETE', `/api/meetings/${res.body.result.id}`, undefined, admin);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(MEETING_MESSAGES.deleted);
    expect((await t.json('GET', `/api/meetings/${res.body.result.id}`, undefined, admin)).status).toBe(404);
  });
});
