import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  primaryKey,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { households } from './clients.ts';
import { users } from './identity.ts';
import { masterDataItems } from './master-data.ts';
import { jobs } from './platform.ts';
import { createdAt, updatedAt } from './columns.ts';

const masterRef = (name: string) =>
  integer(name).references(() => masterDataItems.id, { onDelete: 'restrict' });
const interest = (name: string) => numeric(name, { precision: 20, scale: 2 });

/**
 * A prospect (issue 17 §1; spec §3 Prospect): its info, services (interest values in dollars, their total
 * `combine_interests` kept by the service), contact, and the date of its latest activity (kept with each
 * activity written) that the list sorts by and the 30-day alert reads. Notes hang on it through
 * `record_links` (record kind `prospect`).
 */
export const prospects = pgTable(
  'prospects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: varchar('type', { length: 10 }).notNull(),
    name: varchar('name', { length: 30 }),
    firstName: varchar('first_name', { length: 50 }),
    lastName: varchar('last_name', { length: 50 }),
    middleName: varchar('middle_name', { length: 50 }),
    nickName: varchar('nick_name', { length: 50 }),
    suffix: varchar('suffix', { length: 20 }),
    /** "First Last" or the name: what the list sorts and searches by. */
    displayName: varchar('display_name', { length: 120 }).notNull(),
    genderId: masterRef('gender_id'),
    worksAt: varchar('works_at', { length: 30 }),
    activityStatus: varchar('activity_status', { length: 10 }).notNull().default('ACTIVE'),
    leadStatus: varchar('lead_status', { length: 4 }).notNull(),
    wealthAdvisorId: uuid('wealth_advisor_id')
      .notNull()
      .references(() => users.id),
    businessDeveloperId: uuid('business_developer_id').references(() => users.id),
    profileImagePath: text('profile_image_path'),
    financialLifeManagement: interest('financial_life_management'),
    riskManagement: interest('risk_management'),
    assetManagement: interest('asset_management'),
    legacyPlanning: interest('legacy_planning'),
    privateFund: interest('private_fund'),
    combineInterests: interest('combine_interests').notNull().default('0'),
    addressLine1: varchar('address_line1', { length: 50 }),
    addressLine2: varchar('address_line2', { length: 50 }),
    city: varchar('city', { length: 30 }),
    stateId: masterRef('state_id'),
    zip: varchar('zip', { length: 5 }),
    sourceId: masterRef('source_id').notNull(),
    other: varchar('other', { length: 30 }),
    phone: varchar('phone', { length: 20 }).notNull(),
    email: varchar('email', { length: 255 }),
    lastActivityDate: date('last_activity_date', { mode: 'string' }),
    /** The last activity date of the lapse already alerted (once per prospect per lapse). */
    inactiveAlertedFor: date('inactive_alerted_for', { mode: 'string' }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    convertedHouseholdId: uuid('converted_household_id').references(() => households.id, {
      onDelete: 'set null',
    }),
    /** Bumped by each write; the board's move and the form answer the row as it now is. */
    version: smallint('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('prospects_lead_status_idx').on(t.leadStatus, t.activityStatus),
    index('prospects_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('prospects_last_activity_idx')
      .on(t.lastActivityDate)
      .where(sql`${t.activityStatus} = 'ACTIVE'`),
    index('prospects_advisors_idx').on(t.wealthAdvisorId, t.businessDeveloperId),
    // An import's duplicates are found by email (any case) or phone (decision 0026).
    index('prospects_email_key_idx').on(sql`lower(${t.email})`),
    index('prospects_phone_idx').on(t.phone),
    index('prospects_converted_household_idx')
      .on(t.convertedHouseholdId)
      .where(sql`${t.convertedHouseholdId} is not null`),
    // Converted means converted into a household, at a time (decision 0022).
    check(
      'prospects_converted_with_household',
      sql`${t.activityStatus} <> 'CONVERTED' or ${t.convertedAt} is not null`,
    ),
    check('prospects_not_same_person', sql`${t.businessDeveloperId} is distinct from ${t.wealthAdvisorId}`),
    check('prospects_lead_status', sql`${t.leadStatus} in ('HOT', 'WARM', 'COLD')`),
    check('prospects_activity_status', sql`${t.activityStatus} in ('ACTIVE', 'INACTIVE', 'CONVERTED')`),
  ],
);

/**
 * An activity with a prospect (spec §3 Prospect activities): a meeting, call, email or video meeting. Once the
 * prospect is converted (decision 0022) the activity belongs to the household it became (`household_id`), and
 * keeps its prospect, so the history says where it came from.
 */
export const prospectActivities = pgTable(
  'prospect_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    prospectId: uuid('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    activityType: varchar('activity_type', { length: 20 }).notNull(),
    activityDate: date('activity_date', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    householdId: uuid('household_id').references(() => households.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('prospect_activities_prospect_idx').on(t.prospectId, t.activityDate.desc().nullsFirst()),
    index('prospect_activities_household_idx')
      .on(t.householdId, t.activityDate.desc().nullsFirst())
      .where(sql`${t.householdId} is not null`),
    check('prospect_activities_minutes', sql`${t.minutes} between 1 and 1440`),
  ],
);

/**
 * A line of a prospects import (issue 17 §1, decision 0026): what the preview read from it (the prospect's
 * values, ready to insert, or its errors), its duplicate (a prospect there, or an earlier line), and, once
 * imported, the prospect it became: written in the step that inserts the prospect, so a step run again after
 * a crash never inserts a line twice. Gone with its job.
 */
export const prospectImportRows = pgTable(
  'prospect_import_rows',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    displayName: varchar('display_name', { length: 120 }).notNull(),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 20 }),
    /** The prospect's values as the form's schema read them (null when the line has errors). */
    values: jsonb('values'),
    errors: jsonb('errors').notNull().default([]),
    duplicateOfProspectId: uuid('duplicate_of_prospect_id').references(() => prospects.id, {
      onDelete: 'set null',
    }),
    duplicateOfLine: integer('duplicate_of_line'),
    prospectId: uuid('prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.line] }),
    index('prospect_import_rows_status_idx').on(t.jobId, t.status, t.line),
    check(
      'prospect_import_rows_status',
      sql`${t.status} in ('READY', 'DUPLICATE', 'INVALID', 'IMPORTED', 'SKIPPED')`,
    ),
  ],
);
