import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { masterDataItems } from './master-data.ts';
import { createdAt, updatedAt } from './columns.ts';

/*
 * The activity substrate (issue 12): notes, tasks, meetings, alerts, notifications, and the one generic link
 * by which each hangs on a record (docs/architecture.md, "Seams"). Later areas add a record kind (contracts
 * RECORD_KINDS), never a link table of their own.
 */

/**
 * What hangs on which record: a note, task, meeting or alert (`subject_*`) on a household, and later a
 * prospect, workflow request, account or suitability review (`record_*`). A note may hang on several
 * records; a dashboard note on none. Re-linking (a prospect converting into a household) moves rows here.
 * No foreign key on either id: the services that own the kinds keep them true.
 */
export const recordLinks = pgTable(
  'record_links',
  {
    subjectKind: varchar('subject_kind', { length: 16 }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    recordKind: varchar('record_kind', { length: 24 }).notNull(),
    recordId: uuid('record_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.subjectKind, t.subjectId, t.recordKind, t.recordId] }),
    index('record_links_record_idx').on(t.recordKind, t.recordId, t.subjectKind),
  ],
);

/**
 * A note: sanitised HTML (the editor's), its plain text (search, length, previews), a category, the spec's
 * type and subType. Deleted notes are kept (deleted_at) for the audit trail and compliance.
 */
export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bodyHtml: text('body_html').notNull(),
    bodyText: text('body_text').notNull(),
    category: varchar('category', { length: 16 }),
    type: varchar('type', { length: 20 }).notNull().default('NONE'),
    subType: varchar('sub_type', { length: 16 }),
    isPinned: boolean('is_pinned').notNull().default(false),
    isSystemGenerated: boolean('is_system_generated').notNull().default(false),
    /** Null for a system note. */
    authorId: uuid('author_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id),
    /**
     * Whether the note hangs on at least one household (a link in record_links), kept by a trigger on the
     * links (migration 0012): who may read households may read it, tested without a lookup per note.
     */
    onHousehold: boolean('on_household').notNull().default(false),
  },
  (t) => [
    // The lists' order (pinned first, then newest) with what decides who may read a note, so a page's ids
    // and a period's count are read from the index alone. DESC indexes here are NULLS FIRST, as a plain
    // `ORDER BY … DESC` is: drizzle's .desc() alone makes NULLS LAST, an order no list asks for, and the
    // planner then sorted every match (a month of the firm's notes: 0.96 s instead of 0.4 ms).
    index('notes_listed_idx')
      .on(t.isPinned.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id, t.type, t.onHousehold)
      .where(sql`${t.deletedAt} is null`),
    index('notes_created_idx')
      .on(t.createdAt, t.type, t.onHousehold)
      .where(sql`${t.deletedAt} is null`),
    index('notes_author_idx').on(t.authorId, t.createdAt.desc().nullsFirst()),
  ],
);

/** The users a note mentions (household mentions are links of the note). */
export const noteMentions = pgTable(
  'note_mentions',
  {
    noteId: uuid('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.userId] }), index('note_mentions_user_idx').on(t.userId)],
);

/**
 * An uploaded file (jpg, jpeg, png, pdf, checked by content) in the platform's file storage. It is uploaded
 * first (no subject yet) and attached when the note is posted; unattached uploads are removed after a day.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 40 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    subjectKind: varchar('subject_kind', { length: 16 }),
    subjectId: uuid('subject_id'),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('attachments_subject_idx').on(t.subjectKind, t.subjectId),
    uniqueIndex('attachments_storage_key_idx').on(t.storageKey),
  ],
);

/**
 * A task: description, type (master data `task-types`), due date, priority 10/20/30, assignee, status. A
 * recurring task repeats every `recurrence_every` `recurrence_unit` from `recurrence_anchor` (dates.ts).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    description: varchar('description', { length: 500 }).notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => masterDataItems.id, { onDelete: 'restrict' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    priority: smallint('priority').notNull().default(20),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id),
    status: varchar('status', { length: 8 }).notNull().default('OPEN'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    recurrenceUnit: varchar('recurrence_unit', { length: 8 }),
    recurrenceEvery: smallint('recurrence_every'),
    recurrenceAnchor: date('recurrence_anchor', { mode: 'string' }),
    /** Which occurrence (0 = the anchor) this task is; the next one is created when it is done. */
    recurrenceIndex: integer('recurrence_index'),
    /** The occurrence this one follows (a repeating task done): one next occurrence a task, at most. */
    previousId: uuid('previous_id').references((): AnyPgColumn => tasks.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('tasks_priority_check', sql`${t.priority} in (10, 20, 30)`),
    check('tasks_status_check', sql`${t.status} in ('OPEN', 'DONE')`),
    index('tasks_assignee_idx').on(t.assigneeId, t.status, t.dueDate),
    index('tasks_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('tasks_previous_idx').on(t.previousId),
    // The firm's tasks of a period (due in it) and its overdue ones (open, due before today), counted from
    // the index alone.
    index('tasks_due_idx').on(t.dueDate, t.status),
    index('tasks_open_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} = 'OPEN'`),
  ],
);

/** A meeting: title, start and end, where, attendees, status Upcoming/Held/Cancelled/Postponed. */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: varchar('title', { length: 200 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    location: varchar('location', { length: 200 }),
    videoUrl: varchar('video_url', { length: 500 }),
    status: varchar('status', { length: 10 }).notNull().default('UPCOMING'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('meetings_times_check', sql`${t.endsAt} >= ${t.startsAt}`),
    index('meetings_starts_idx').on(t.startsAt),
  ],
);

export const meetingAttendees = pgTable(
  'meeting_attendees',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] }), index('meeting_attendees_user_idx').on(t.userId)],
);

/**
 * An alert, raised once per cause (`cause_key`, e.g. `missing-info:<householdId>`) by `raiseAlert`; raising
 * it again updates its message and details. Resolved when its cause is gone. Each recipient has a state.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: varchar('category', { length: 24 }).notNull(),
    causeKey: varchar('cause_key', { length: 200 }).notNull(),
    message: varchar('message', { length: 500 }).notNull(),
    details: jsonb('details').$type<unknown>(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('alerts_cause_idx').on(t.causeKey)],
);

export const alertRecipients = pgTable(
  'alert_recipients',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    state: varchar('state', { length: 10 }).notNull().default('ACTIVE'),
    snoozedUntil: date('snoozed_until', { mode: 'string' }),
    updatedAt: updatedAt(),
    /** The alert is not resolved: kept by a trigger on alerts.resolved_at (migration 0012). */
    alertOpen: boolean('alert_open').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.userId] }),
    index('alert_recipients_user_idx').on(t.userId, t.state),
    // A user's open alerts by state: the badge's count from the index alone.
    index('alert_recipients_open_idx')
      .on(t.userId, t.state, t.snoozedUntil)
      .where(sql`${t.alertOpen}`),
  ],
);

/**
 * A user's notification, written in the transaction of its cause; one per cause and user
 * (`cause_key`, e.g. `mentioned:<noteId>`), so an edit never notifies twice. It deep-links to its record.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 20 }).notNull(),
    causeKey: varchar('cause_key', { length: 200 }).notNull(),
    title: varchar('title', { length: 300 }).notNull(),
    body: varchar('body', { length: 500 }),
    /** The app path it opens, e.g. /client-detail/<id>?leftPanel=notes&noteId=<id>. */
    link: varchar('link', { length: 500 }).notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_cause_idx').on(t.userId, t.causeKey),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** Per user and kind: whether an email goes out besides the in-app notification (default: no). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    email: boolean('email').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
