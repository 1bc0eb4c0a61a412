import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { households } from './clients.ts';
import { users } from './identity.ts';
import { masterDataItems } from './master-data.ts';

/**
 * A workflow template (issue 18 §1): what identifies it (name, workflow type, description). Its steps live in
 * versions: at most one draft (version null) and the published versions 1, 2, 3 …, whose steps are never
 * written again, so a request (issue 18 §2) references the version it started on and keeps its steps.
 */
export const workflowTemplates = pgTable(
  'workflow_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }),
    workflowTypeId: integer('workflow_type_id')
      .notNull()
      .references(() => masterDataItems.id, { onDelete: 'restrict' }),
    searchName: text('search_name').generatedAlwaysAs(sql`lower(name)`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workflow_templates_name_idx').on(sql`lower(${t.name})`),
    index('workflow_templates_type_idx').on(t.workflowTypeId),
  ],
);

/**
 * A version of a template's steps: the draft has no number and no publishing date; publishing gives it the
 * next number. One draft per template at most, and each number once.
 */
export const workflowTemplateVersions = pgTable(
  'workflow_template_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => workflowTemplates.id, { onDelete: 'cascade' }),
    version: integer('version'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workflow_template_versions_number_idx').on(t.templateId, t.version),
    uniqueIndex('workflow_template_versions_one_draft_idx')
      .on(t.templateId)
      .where(sql`${t.version} is null`),
    check(
      'workflow_template_versions_published',
      sql`(${t.version} is null) = (${t.publishedAt} is null) and (${t.version} is null or ${t.version} >= 1)`,
    ),
  ],
);

/** The ordered steps of a version (position 0, 1, 2 …: the order the editor stores). */
export const workflowTemplateSteps = pgTable(
  'workflow_template_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => workflowTemplateVersions.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }),
    assigneeKind: varchar('assignee_kind', { length: 4 }).notNull(),
    assigneeUserId: uuid('assignee_user_id').references(() => users.id, { onDelete: 'restrict' }),
    assigneeRole: varchar('assignee_role', { length: 24 }),
    dueDays: smallint('due_days').notNull(),
    dueUnit: varchar('due_unit', { length: 8 }).notNull(),
    dueFrom: varchar('due_from', { length: 16 }).notNull(),
    required: boolean('required').notNull(),
    completionRequirement: varchar('completion_requirement', { length: 8 }).notNull(),
  },
  (t) => [
    uniqueIndex('workflow_template_steps_position_idx').on(t.versionId, t.position),
    index('workflow_template_steps_user_idx').on(t.assigneeUserId),
    check(
      'workflow_template_steps_assignee',
      sql`(${t.assigneeKind} = 'USER' and ${t.assigneeUserId} is not null and ${t.assigneeRole} is null) or (${t.assigneeKind} = 'ROLE' and ${t.assigneeRole} in ('WEALTH_ADVISOR_1','WEALTH_ADVISOR_2','WEALTH_ADVISOR_3','BUSINESS_DEVELOPER','SOLICITOR') and ${t.assigneeUserId} is null)`,
    ),
    check('workflow_template_steps_due_days', sql`${t.dueDays} between 0 and 365`),
    check('workflow_template_steps_due_unit', sql`${t.dueUnit} in ('CALENDAR','BUSINESS')`),
    check('workflow_template_steps_due_from', sql`${t.dueFrom} in ('REQUEST_START','PREVIOUS_STEP')`),
    check(
      'workflow_template_steps_completion',
      sql`${t.completionRequirement} in ('NONE','DOCUMENT','NOTE')`,
    ),
    check('workflow_template_steps_position', sql`${t.position} >= 0`),
  ],
);

/** The firm's holidays: business days (due dates of workflow steps) skip them and weekends. */
export const firmHolidays = pgTable('firm_holidays', {
  date: date('date', { mode: 'string' }).primaryKey(),
  name: varchar('name', { length: 60 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A request (issue 18 §2): a household's run of one published version of a template. IN_PROGRESS until
 * every required step is done (COMPLETED) or someone rejects it with a reason (REJECTED). The version is
 * kept (ON DELETE RESTRICT), so a template that ran is never deleted and its steps never rewritten.
 */
export const workflowRequests = pgTable(
  'workflow_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => workflowTemplates.id, { onDelete: 'restrict' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => workflowTemplateVersions.id, { onDelete: 'restrict' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 12 }).notNull().default('IN_PROGRESS'),
    /** The firm's day it started: due dates count from it. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    /** When it was completed or rejected. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    rejectedBy: uuid('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: varchar('rejection_reason', { length: 500 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workflow_requests_status_idx').on(t.status, t.startedAt.desc().nullsFirst()),
    index('workflow_requests_household_idx').on(t.householdId, t.status),
    index('workflow_requests_version_idx').on(t.versionId),
    check('workflow_requests_status', sql`${t.status} in ('IN_PROGRESS','COMPLETED','REJECTED')`),
    check(
      'workflow_requests_rejection',
      sql`(${t.status} = 'REJECTED') = (${t.rejectionReason} is not null) and (${t.status} = 'IN_PROGRESS') = (${t.finishedAt} is null)`,
    ),
  ],
);

/**
 * A request's steps, copied from its version at the start with the assignee resolved (a user always) and the
 * due date set when it is known: at the start for steps counted from it, when the previous step is done or
 * skipped for the others.
 */
export const workflowRequestSteps = pgTable(
  'workflow_request_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => workflowRequests.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    assigneeRole: varchar('assignee_role', { length: 24 }),
    dueDays: smallint('due_days').notNull(),
    dueUnit: varchar('due_unit', { length: 8 }).notNull(),
    dueFrom: varchar('due_from', { length: 16 }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    required: boolean('required').notNull(),
    completionRequirement: varchar('completion_requirement', { length: 8 }).notNull(),
    status: varchar('status', { length: 8 }).notNull().default('OPEN'),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('workflow_request_steps_position_idx').on(t.requestId, t.position),
    index('workflow_request_steps_assignee_idx').on(t.assigneeId, t.status),
    index('workflow_request_steps_open_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} = 'OPEN'`),
    check('workflow_request_steps_status', sql`${t.status} in ('OPEN','DONE','SKIPPED')`),
    check('workflow_request_steps_skip', sql`${t.status} <> 'SKIPPED' or not ${t.required}`),
    check('workflow_request_steps_done', sql`(${t.status} = 'OPEN') = (${t.completedAt} is null)`),
  ],
);
