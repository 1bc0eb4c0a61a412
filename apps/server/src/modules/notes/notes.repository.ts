import type { NoteCategory, NoteType, RecordKind } from '@centric/contracts';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  households,
  noteMentions,
  notes,
  recordLinks,
  rolePermissions,
  users,
  workflowRequests,
  workflowTemplates,
} from '../../db/schema/index.ts';
import { pickableUsers } from '../../platform/pickable-users.ts';
import { likePattern } from '../../platform/sql-like.ts';

export type NoteRow = typeof notes.$inferSelect;
export type NoteValues = typeof notes.$inferInsert;

const HOUSEHOLD: RecordKind = 'household';
const NOTE = 'note';

export const insertNote = async (tx: Db, values: NoteValues) => {
  const [row] = await tx.insert(notes).values(values).returning();
  if (!row) throw new Error('note insert returned nothing');
  return row;
};

/** A live (not deleted) note, locked until the transaction ends. */
export const lockNote = async (tx: Db, id: string) => {
  const [row] = await tx
    .select()
    .from(notes)
    .where(and(eq(notes.id, id), isNull(notes.deletedAt)))
    .for('update')
    .limit(1);
  return row ?? null;
};

export const updateNoteRow = (tx: Db, id: string, values: Partial<NoteValues>) =>
  tx.update(notes).set(values).where(eq(notes.id, id));

/** The users a note mentions become exactly `userIds`. */
export const replaceMentions = async (tx: Db, noteId: string, userIds: readonly string[]) => {
  await tx.delete(noteMentions).where(eq(noteMentions.noteId, noteId));
  if (userIds.length > 0) {
    await tx.insert(noteMentions).values(userIds.map((userId) => ({ noteId, userId })));
  }
};

export const mentionedUserIdsOf = async (db: Db, noteId: string) =>
  (
    await db.select({ userId: noteMentions.userId }).from(noteMentions).where(eq(noteMentions.noteId, noteId))
  ).map((r) => r.userId);

/** Users by id with what their role allows on notes and households (for mentions). */
export const usersWithAccess = async (db: Db, ids: readonly string[]) => {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      fullName: users.fullName,
      status: users.status,
      roleId: users.roleId,
      notesRead: sql<boolean>`coalesce(bool_or(${rolePermissions.read}) filter (where ${rolePermissions.feature} = 'notes'), false)`,
      clientsRead: sql<boolean>`coalesce(bool_or(${rolePermissions.read}) filter (where ${rolePermissions.feature} = 'clients'), false)`,
      prospectsRead: sql<boolean>`coalesce(bool_or(${rolePermissions.read}) filter (where ${rolePermissions.feature} = 'prospects'), false)`,
    })
    .from(users)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
    .where(inArray(users.id, [...ids]))
    .groupBy(users.id);
};

/** Households by id (drafts included: a note may be written while the wizard runs). */
export const householdsByIds = async (db: Db, ids: readonly string[]) => {
  if (ids.length === 0) return [];
  return db
    .select({ id: households.id, name: households.name })
    .from(households)
    .where(inArray(households.id, [...ids]));
};

/** Whether the role allows `read` of the feature (a role without the row is denied). */
const roleReads = (feature: 'notes' | 'clients') =>
  sql`exists (select 1 from ${rolePermissions} where ${rolePermissions.roleId} = ${users.roleId}
    and ${rolePermissions.feature} = ${feature} and ${rolePermissions.read})`;

/**
 * Up to `limit` active users (not the system role) whose name or email holds the search, whose role may read
 * notes and, when `withClients`, households: nobody is offered who could not open the note.
 */
export const mentionableUsers = (db: Db, params: { search: string; withClients: boolean; limit: number }) =>
  pickableUsers(
    db,
    and(
      roleReads('notes'),
      params.withClients ? roleReads('clients') : undefined,
      params.search
        ? or(
            sql`${users.fullName} ilike ${likePattern(params.search)}`,
            sql`${users.email} ilike ${likePattern(params.search)}`,
          )
        : undefined,
    ),
    params.limit,
  );

/** Up to `limit` households (not drafts) whose name holds the search, by name. */
export const mentionableHouseholds = (db: Db, params: { search: string; limit: number }) =>
  db
    .select({ id: households.id, name: households.name })
    .from(households)
    .where(
      and(
        eq(households.draft, false),
        params.search ? sql`${households.name} ilike ${likePattern(params.search)}` : undefined,
      ),
    )
    .orderBy(asc(households.name), asc(households.id))
    .limit(params.limit);

/** The note hangs on this record (a household, a prospect). */
const onRecord = (kind: RecordKind, id: string) => sql`exists (select 1 from ${recordLinks}
  where ${recordLinks.subjectKind} = ${NOTE} and ${recordLinks.subjectId} = ${notes.id}
  and ${recordLinks.recordKind} = ${kind} and ${recordLinks.recordId} = ${id})`;

/** Who reads notes: households read opens a household's notes, prospects read a prospect's (type PROSPECTS). */
export type NoteReader = { clientsRead: boolean; prospectsRead?: boolean };

/**
 * What a reader may see of the notes: live ones that stand alone on the dashboard, and, when the reader may
 * read households, those on a household.
 */
export const readableBy = (reader: NoteReader): SQL =>
  and(
    isNull(notes.deletedAt),
    // on_household: the note hangs on at least one household (kept by a trigger on its links).
    or(
      eq(notes.type, 'DASHBOARD'),
      reader.clientsRead ? notes.onHousehold : undefined,
      reader.prospectsRead ? eq(notes.type, 'PROSPECTS') : undefined,
    ),
  )!;

export type NoteListFilter = {
  clientId?: string | undefined;
  prospectId?: string | undefined;
  /** A workflow request's notes. */
  requestId?: string | undefined;
  category?: NoteCategory | undefined;
  type?: NoteType | undefined;
  authorId?: string | undefined;
  search?: string | undefined;
  /** Created in [from, to) (instants). */
  createdFrom?: SQL | undefined;
  createdBefore?: SQL | undefined;
  ids?: readonly string[] | undefined;
};

const whereOf = (reader: NoteReader, filter: NoteListFilter) =>
  and(
    readableBy(reader),
    filter.clientId ? onRecord(HOUSEHOLD, filter.clientId) : undefined,
    filter.prospectId ? onRecord('prospect', filter.prospectId) : undefined,
    filter.requestId ? onRecord('workflowRequest', filter.requestId) : undefined,
    filter.category ? eq(notes.category, filter.category) : undefined,
    filter.type ? eq(notes.type, filter.type) : undefined,
    filter.authorId ? eq(notes.authorId, filter.authorId) : undefined,
    filter.search ? sql`${notes.bodyText} ilike ${likePattern(filter.search)}` : undefined,
    filter.createdFrom ? sql`${notes.createdAt} >= ${filter.createdFrom}` : undefined,
    filter.createdBefore ? sql`${notes.createdAt} < ${filter.createdBefore}` : undefined,
    filter.ids ? inArray(notes.id, [...filter.ids]) : undefined,
  );

/** The start of a firm's day (yyyy-MM-dd) as an instant, in the firm's time zone (DST included). */
export const dayStartIn = (day: string, timeZone: string) =>
  sql`((${day}::date)::timestamp at time zone ${timeZone})`;

const noteColumns = {
  note: notes,
  authorName: users.fullName,
  authorImagePath: users.profileImagePath,
  authorUpdatedAt: users.updatedAt,
};

export type NoteListRow = {
  note: NoteRow;
  authorName: string | null;
  authorImagePath: string | null;
  authorUpdatedAt: Date | null;
};

/** A page of the readable notes that pass the filter: pinned first, then newest. */
export const listNotes = async (
  db: Db,
  reader: NoteReader,
  filter: NoteListFilter,
  page: { limit: number; offset: number },
) => {
  const where = whereOf(reader, filter);
  // The page's ids first, from the notes alone (notes_listed_idx holds the order and the read test), then
  // those few with their authors: joining every match first read the heap of a month of the firm's notes.
  const [ids, [count]] = await Promise.all([
    db
      .select({ id: notes.id })
      .from(notes)
      .where(where)
      .orderBy(desc(notes.isPinned), desc(notes.createdAt), asc(notes.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notes)
      .where(where),
  ]);
  const found: NoteListRow[] =
    ids.length === 0
      ? []
      : await db
          .select(noteColumns)
          .from(notes)
          .leftJoin(users, eq(users.id, notes.authorId))
          .where(
            inArray(
              notes.id,
              ids.map((row) => row.id),
            ),
          );
  const byId = new Map(found.map((row) => [row.note.id, row]));
  const rows = ids.flatMap((row) => byId.get(row.id) ?? []);
  return { rows, total: Number(count?.n ?? 0) };
};

/** One readable note with its author, or null. */
export const findReadableNote = async (db: Db, reader: NoteReader, id: string) => {
  const [row] = await db
    .select(noteColumns)
    .from(notes)
    .leftJoin(users, eq(users.id, notes.authorId))
    .where(whereOf(reader, { ids: [id] }))
    .limit(1);
  return row ?? null;
};

/** Whether the note hangs on any household (its readers then need households read). */
export const householdIdsOfNote = async (db: Db, noteId: string) =>
  (
    await db
      .select({ id: recordLinks.recordId })
      .from(recordLinks)
      .where(
        and(
          eq(recordLinks.subjectKind, NOTE),
          eq(recordLinks.subjectId, noteId),
          eq(recordLinks.recordKind, HOUSEHOLD),
        ),
      )
      .orderBy(asc(recordLinks.createdAt), asc(recordLinks.recordId))
  ).map((r) => r.id);

/** The households each note hangs on, with their names, by note id. */
export const householdsOfNotes = async (db: Db, noteIds: readonly string[]) => {
  const byNote = new Map<string, { id: string; name: string }[]>();
  if (noteIds.length === 0) return byNote;
  const rows = await db
    .select({ noteId: recordLinks.subjectId, id: households.id, name: households.name })
    .from(recordLinks)
    .innerJoin(households, eq(households.id, recordLinks.recordId))
    .where(
      and(
        eq(recordLinks.subjectKind, NOTE),
        eq(recordLinks.recordKind, HOUSEHOLD),
        inArray(recordLinks.subjectId, [...noteIds]),
      ),
    )
    .orderBy(asc(recordLinks.createdAt), asc(households.name));
  for (const row of rows) {
    const list = byNote.get(row.noteId) ?? [];
    list.push({ id: row.id, name: row.name });
    byNote.set(row.noteId, list);
  }
  return byNote;
};

/** The workflow request each workflow note is on, with its template's name, by note id. */
export const requestsOfNotes = async (db: Db, noteIds: readonly string[]) => {
  const byNote = new Map<string, { id: string; name: string }>();
  if (noteIds.length === 0) return byNote;
  const rows = await db
    .select({ noteId: recordLinks.subjectId, id: workflowRequests.id, name: workflowTemplates.name })
    .from(recordLinks)
    .innerJoin(workflowRequests, eq(workflowRequests.id, recordLinks.recordId))
    .innerJoin(workflowTemplates, eq(workflowTemplates.id, workflowRequests.templateId))
    .where(
      and(
        eq(recordLinks.subjectKind, NOTE),
        eq(recordLinks.recordKind, 'workflowRequest'),
        inArray(recordLinks.subjectId, [...noteIds]),
      ),
    );
  for (const row of rows) byNote.set(row.noteId, { id: row.id, name: row.name });
  return byNote;
};

/** The users each note mentions, by note id. */
export const mentionsOfNotes = async (db: Db, noteIds: readonly string[]) => {
  const byNote = new Map<string, { id: string; fullName: string }[]>();
  if (noteIds.length === 0) return byNote;
  const rows = await db
    .select({ noteId: noteMentions.noteId, id: users.id, fullName: users.fullName })
    .from(noteMentions)
    .innerJoin(users, eq(users.id, noteMentions.userId))
    .where(inArray(noteMentions.noteId, [...noteIds]))
    .orderBy(asc(users.fullName));
  for (const row of rows) {
    const list = byNote.get(row.noteId) ?? [];
    list.push({ id: row.id, fullName: row.fullName });
    byNote.set(row.noteId, list);
  }
  return byNote;
};
