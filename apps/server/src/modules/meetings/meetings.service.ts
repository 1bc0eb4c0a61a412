import {
  isAllowed,
  MEETING_MESSAGES,
  type createMeetingBodySchema,
  type Meeting,
  type MeetingStatus,
  type meetingListQuerySchema,
  type updateMeetingBodySchema,
} from '@centric/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditWriter, changedFields, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { lockHousehold } from '../../platform/households.ts';
import { loadPermissions } from '../../platform/permissions.ts';
import { recordLinksService } from '../../platform/record-links.ts';
import { meetingIcs } from './meetings.ics.ts';
import {
  activeUserIds,
  attendeeIdsOf,
  attendeesOf,
  deleteMeetingRow,
  findMeetingDetails,
  householdOfMeeting,
  insertMeeting,
  listMeetings,
  lockMeeting,
  replaceAttendees,
  updateMeetingRow,
  type MeetingDetailRow,
  type MeetingRow,
} from './meetings.repository.ts';

export type Viewer = { userId: string; roleId: number };

const auditSnapshot = (m: MeetingRow, attendeeIds: string[], clientId: string | null) => ({
  title: m.title,
  startsAt: m.startsAt.toISOString(),
  endsAt: m.endsAt.toISOString(),
  location: m.location,
  videoUrl: m.videoUrl,
  status: m.status,
  attendeeIds,
  clientId,
});

export const createMeetingsService = (deps: {
  db: Db;
  clock: Clock;
  config: { FIRM_TIME_ZONE: string; publicUrl: string };
}) => {
  const { db, clock, config } = deps;
  const writeAudit = auditWriter(clock);

  const mayReadHouseholds = async (viewer: Viewer) =>
    isAllowed(await loadPermissions(db, viewer.roleId), 'clients', 'read');

  const toMeetings = async (rows: MeetingDetailRow[], showHousehold: boolean): Promise<Meeting[]> => {
    const attendees = await attendeesOf(
      db,
      rows.map((r) => r.meeting.id),
    );
    const now = clock.now();
    return rows.map(({ meeting: m, creatorName, householdId, householdName }) => ({
      id: m.id,
      title: m.title,
      startsAt: m.startsAt.toISOString(),
      endsAt: m.endsAt.toISOString(),
      location: m.location,
      videoUrl: m.videoUrl,
      status: m.status as MeetingStatus,
      needsStatusUpdate: m.status === 'UPCOMING' && m.endsAt < now,
      attendees: attendees
        .filter((a) => a.meetingId === m.id)
        .map((a) => ({ id: a.id, fullName: a.fullName, email: a.email })),
      household:
        showHousehold && householdId && householdName !== null
          ? { id: householdId, name: householdName }
          : null,
      createdBy: { id: m.createdBy, fullName: creatorName },
      createdAt: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
    }));
  };

  const get = async (id: string, viewer: Viewer) => {
    const [meeting] = await toMeetings(await findMeetingDetails(db, [id]), await mayReadHouseholds(viewer));
    if (!meeting) throw notFound(MEETING_MESSAGES.notFound);
    return meeting;
  };

  const assertAttendees = async (tx: Db, ids: string[], current: string[] = []) => {
    const added = ids.filter((id) => !current.includes(id));
    if ((await activeUserIds(tx, added)).length !== added.length) {
      throw fieldError('attendeeIds', MEETING_MESSAGES.attendeeNotFound);
    }
  };

  return {
    get,

    async list(query: z.output<typeof meetingListQuerySchema>, viewer: Viewer, householdId?: string) {
      const canReadHouseholds = await mayReadHouseholds(viewer);
      const clientId = householdId ?? query.clientId;
      if (clientId && !canReadHouseholds) throw forbidden();
      const { rows, total } = await listMeetings(db, {
        timeZone: config.FIRM_TIME_ZONE,
        from: query.from,
        to: query.to,
        status: query.status,
        householdId: clientId,
        attendeeId: query.attendeeId,
        sortBy: query.sortBy,
        order: query.order,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { items: await toMeetings(rows, canReadHouseholds), total };
    },

    async create(body: z.output<typeof createMeetingBodySchema>, viewer: Viewer, context: AuditContext) {
      const canReadHouseholds = await mayReadHouseholds(viewer);
      const id = await db.transaction(async (tx) => {
        if (body.clientId && !canReadHouseholds) throw forbidden();
        const household = body.clientId ? await lockHousehold(tx, body.clientId) : null;
        const attendeeIds = [...body.attendeeIds].sort();
        await assertAttendees(tx, attendeeIds);
        const meeting = await insertMeeting(tx, {
          title: body.title,
          startsAt: new Date(body.startsAt),
          endsAt: new Date(body.endsAt),
          location: body.location,
          videoUrl: body.videoUrl,
          status: 'UPCOMING',
          createdBy: viewer.userId,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        });
        await replaceAttendees(tx, meeting.id, attendeeIds);
        if (household) {
          await recordLinksService.link(tx, { kind: 'meeting', id: meeting.id }, [
            { kind: 'household', id: household.id },
          ]);
        }
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: 'meeting',
          entityId: meeting.id,
          after: auditSnapshot(meeting, attendeeIds, household?.id ?? null),
        });
        return meeting.id;
      });
      return get(id, viewer);
    },

    async update(
      id: string,
      body: z.output<typeof updateMeetingBodySchema> & { status?: MeetingStatus },
      viewer: Viewer,
      context: AuditContext,
    ) {
      const canReadHouseholds = await mayReadHouseholds(viewer);
      await db.transaction(async (tx) => {
        const meeting = await lockMeeting(tx, id);
        if (!meeting) throw notFound(MEETING_MESSAGES.notFound);
        const currentAttendees = await attendeeIdsOf(tx, id);
        const currentHousehold = await householdOfMeeting(tx, id);
        const householdChanges = body.clientId !== undefined && body.clientId !== currentHousehold;
        if (householdChanges && !canReadHouseholds) throw forbidden();
        const household = householdChanges
          ? body.clientId
            ? (await lockHousehold(tx, body.clientId)).id
            : null
          : currentHousehold;
        const startsAt = body.startsAt ? new Date(body.startsAt) : meeting.startsAt;
        const endsAt = body.endsAt ? new Date(body.endsAt) : meeting.endsAt;
        if (startsAt >= endsAt) throw fieldError('endsAt', MEETING_MESSAGES.endAfterStart);
        const attendeeIds = body.attendeeIds ? [...body.attendeeIds].sort() : currentAttendees;
        if (body.attendeeIds) await assertAttendees(tx, attendeeIds, currentAttendees);
        const fields = {
          title: body.title ?? meeting.title,
          startsAt,
          endsAt,
          location: body.location !== undefined ? body.location : meeting.location,
          videoUrl: body.videoUrl !== undefined ? body.videoUrl : meeting.videoUrl,
          status: body.status ?? meeting.status,
        };
        const diff = changedFields(
          auditSnapshot(meeting, currentAttendees, currentHousehold),
          auditSnapshot({ ...meeting, ...fields }, attendeeIds, household),
        );
        if (!diff.changed) return;
        await updateMeetingRow(tx, id, fields, clock.now());
        if (body.attendeeIds) await replaceAttendees(tx, id, attendeeIds);
        if (householdChanges) {
          await recordLinksService.setLinks(
            tx,
            { kind: 'meeting', id },
            household ? [{ kind: 'household', id: household }] : [],
          );
        }
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'meeting',
          entityId: id,
          before: diff.before,
          after: diff.after,
        });
      });
      return get(id, viewer);
    },

    async remove(id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        const meeting = await lockMeeting(tx, id);
        if (!meeting) throw notFound(MEETING_MESSAGES.notFound);
        const attendeeIds = await attendeeIdsOf(tx, id);
        const household = await householdOfMeeting(tx, id);
        await deleteMeetingRow(tx, id);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'meeting',
          entityId: id,
          before: auditSnapshot(meeting, attendeeIds, household),
        });
      });
    },

    /** The meeting as an .ics file and its file name. */
    async ics(id: string, viewer: Viewer) {
      const [row] = await findMeetingDetails(db, [id]);
      if (!row) throw notFound(MEETING_MESSAGES.notFound);
      const showHousehold = await mayReadHouseholds(viewer);
      const attendees = await attendeesOf(db, [id]);
      const m = row.meeting;
      const text = meetingIcs(
        {
          id: m.id,
          title: m.title,
          startsAt: m.startsAt,
          endsAt: m.endsAt,
          location: m.location,
          videoUrl: m.videoUrl,
          status: m.status as MeetingStatus,
          updatedAt: m.updatedAt,
          organizer: { fullName: row.creatorName, email: row.creatorEmail },
          attendees,
          householdName: showHousehold ? row.householdName : null,
        },
        clock.now(),
        new URL(config.publicUrl).hostname,
      );
      const slug = m.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60);
      return { text, fileName: `${slug || 'meeting'}.ics` };
    },
  };
};

export type MeetingsService = ReturnType<typeof createMeetingsService>;
