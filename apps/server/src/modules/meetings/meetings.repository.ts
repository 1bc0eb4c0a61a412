import { ROLE_IDS, type MeetingStatus, type SortOrder } from '@centric/contracts';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { households, meetingAttendees, meetings, recordLinks, users } from '../../db/schema/index.ts';

export type MeetingRow = typeof meetings.$inferSelect;

const householdLink = and(
  eq(recordLinks.subjectKind, 'meeting'),
  eq(recordLinks.subjectId, meetings.id),
  eq(recordLinks.recordKind, 'household'),
);

const detailQuery = (db: Db) =>
  db
    .select({
      meeting: meetings,
      creatorName: users.fullName,
      creatorEmail: users.email,
      householdId: households.id,
      householdName: households.name,
    })
    .from(meetings)
    .innerJoin(users, eq(users.id, meetings.createdBy))
    .leftJoin(recordLinks, householdLink)
    .leftJoin(households, eq(households.id, recordLinks.recordId));

export type MeetingDetailRow = Awaited<ReturnType<ReturnType<typeof detailQuery>['execute']>>[number];

export const findMeetingDetails = async (db: Db, ids: string[]) =>
  ids.length === 0 ? [] : detailQuery(db).where(inArray(meetings.id, ids));

export type MeetingListFilter = {
  /** Firm days (yyyy-MM-dd) read in this time zone. */
  timeZone: string;
  from?: string | undefined;
  to?: string | undefined;
  status?: MeetingStatus | undefined;
  householdId?: string | undefined;
  attendeeId?: string | undefined;
  sortBy: 'startsAt' | 'createdAt';
  order: SortOrder;
  limit: number;
  offset: number;
};

/** The instant a firm day starts (the database converts it in the firm's zone, DST included). */
const dayStart = (day: string, timeZone: string) => sql`((${day}::date)::timestamp at time zone ${timeZone})`;

const filterOf = (filter: MeetingListFilter): SQL | undefined =>
  and(
    filter.from ? sql`${meetings.endsAt} >= ${dayStart(filter.from, filter.timeZone)}` : undefined,
    filter.to
      ? sql`${meetings.startsAt} < ${dayStart(filter.to, filter.timeZone)} + interval '1 day'`
      : undefined,
    filter.status ? eq(meetings.status, filter.status) : undefined,
    filter.householdId ? eq(recordLinks.recordId, filter.householdId) : undefined,
    filter.attendeeId
      ? sql`exists (select 1 from ${meetingAttendees} where ${meetingAttendees.meetingId} = ${meetings.id}
          and ${meetingAttendees.userId} = ${filter.attendeeId})`
      : undefined,
  );

export const listMeetings = async (db: Db, filter: MeetingListFilter) => {
  const where = filterOf(filter);
  const direction = filter.order === 'ASC' ? asc : desc;
  const column = filter.sortBy === 'createdAt' ? meetings.createdAt : meetings.startsAt;
  const rows = await detailQuery(db)
    .where(where)
    .orderBy(direction(column), asc(meetings.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(meetings)
    .leftJoin(recordLinks, householdLink)
    .where(where);
  return { rows, total: count?.n ?? 0 };
};

export const attendeesOf = async (db: Db, meetingIds: string[]) =>
  meetingIds.length === 0
    ? []
    : db
        .select({
          meetingId: meetingAttendees.meetingId,
          id: users.id,
          fullName: users.fullName,
          email: users.email,
        })
        .from(meetingAttendees)
        .innerJoin(users, eq(users.id, meetingAttendees.userId))
        .where(inArray(meetingAttendees.meetingId, meetingIds))
        .orderBy(asc(users.fullName), asc(users.id));

export const lockMeeting = async (db: Db, id: string) => {
  const [row] = await db.select().from(meetings).where(eq(meetings.id, id)).for('update').limit(1);
  return row ?? null;
};

export const householdOfMeeting = async (db: Db, id: string) => {
  const [row] = await db
    .select({ id: recordLinks.recordId })
    .from(recordLinks)
    .where(
      and(
        eq(recordLinks.subjectKind, 'meeting'),
        eq(recordLinks.subjectId, id),
        eq(recordLinks.recordKind, 'household'),
      ),
    )
    .limit(1);
  return row?.id ?? null;
};

export const insertMeeting = async (db: Db, values: typeof meetings.$inferInsert) => {
  const [row] = await db.insert(meetings).values(values).returning();
  if (!row) throw new Error('meeting insert returned nothing');
  return row;
};

export const updateMeetingRow = (
  db: Db,
  id: string,
  values: Partial<typeof meetings.$inferInsert>,
  at: Date,
) =>
  db
    .update(meetings)
    .set({ ...values, updatedAt: at })
    .where(eq(meetings.id, id));

export const replaceAttendees = async (db: Db, meetingId: string, userIds: string[]) => {
  await db.delete(meetingAttendees).where(eq(meetingAttendees.meetingId, meetingId));
  if (userIds.length > 0) {
    await db.insert(meetingAttendees).values(userIds.map((userId) => ({ meetingId, userId })));
  }
};

export const attendeeIdsOf = async (db: Db, meetingId: string) =>
  (
    await db
      .select({ userId: meetingAttendees.userId })
      .from(meetingAttendees)
      .where(eq(meetingAttendees.meetingId, meetingId))
  )
    .map((r) => r.userId)
    .sort();

export const deleteMeetingRow = async (db: Db, id: string) => {
  await db
    .delete(recordLinks)
    .where(and(eq(recordLinks.subjectKind, 'meeting'), eq(recordLinks.subjectId, id)));
  await db.delete(meetings).where(eq(meetings.id, id));
};

/** Of these ids, the active people (not the system role): who may attend. */
export const activeUserIds = async (db: Db, ids: string[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, ids), eq(users.status, 'ACTIVE'), ne(users.roleId, ROLE_IDS.system)))
      ).map((r) => r.id);
