import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/** Failure counters for throttling, per key (account or address) and fixed one-hour window. */
export const authThrottle = pgTable('auth_throttle', {
  key: varchar('key', { length: 300 }).primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull().default(0),
});

/** Every message the app sends; without SMTP it stays here (sentAt null) for the demo. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: varchar('to', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/**
 * Durable jobs (decision 0015): long work (imports, later bill runs and large exports) done in steps by the
 * job runner, each step committed with its progress and checkpoint in `state`, so a crash or a retry resumes
 * where it stopped and never does a step twice. A job may wait for a person (WAITING: a preview to confirm),
 * then be queued again for its next phase.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: varchar('kind', { length: 40 }).notNull(),
    phase: varchar('phase', { length: 20 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('QUEUED'),
    payload: jsonb('payload').notNull().default({}),
    /** The handler's checkpoint: how far its phase got (committed with each step). */
    state: jsonb('state').notNull().default({}),
    result: jsonb('result'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    error: text('error'),
    attempts: smallint('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_runnable_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
    index('jobs_kind_idx').on(t.kind, t.createdAt),
    check(
      'jobs_status_values',
      sql`${t.status} in ('QUEUED','RUNNING','WAITING','SUCCEEDED','FAILED','CANCELLED')`,
    ),
  ],
);
