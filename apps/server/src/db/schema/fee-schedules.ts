import { sql } from 'drizzle-orm';
import {
  check,
  index,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * A fee schedule (spec §3 Fee schedule): PERCENTAGE (rates in basis points a year) or FIXED (dollars a year),
 * TIERED or LINEAR, with an optional annual minimum. Accounts and households that use a schedule will
 * reference it with ON DELETE RESTRICT, so a schedule in use cannot be deleted.
 */
export const feeSchedules = pgTable(
  'fee_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 50 }).notNull(),
    type: varchar('type', { length: 12 }).notNull(),
    structure: varchar('structure', { length: 8 }).notNull(),
    description: varchar('description', { length: 50 }),
    annualMinimum: numeric('annual_minimum', { precision: 20, scale: 2 }),
    searchName: text('search_name').generatedAlwaysAs(sql`lower(name)`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fee_schedules_name_idx').on(sql`lower(${t.name})`),
    check('fee_schedules_type_values', sql`${t.type} in ('PERCENTAGE','FIXED')`),
    check('fee_schedules_structure_values', sql`${t.structure} in ('TIERED','LINEAR')`),
    check(
      'fee_schedules_annual_minimum_range',
      sql`${t.annualMinimum} is null or ${t.annualMinimum} between 0 and 100000`,
    ),
  ],
);

/**
 * The structure's tiers. A tier removed in an edit is kept with `deleted_at` set (spec §3 isDeleted: the
 * history of what a schedule charged stays); the live tiers are those without it, sorted by minimum.
 */
export const feeScheduleTiers = pgTable(
  'fee_schedule_tiers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => feeSchedules.id, { onDelete: 'cascade' }),
    minimum: numeric('minimum', { precision: 20, scale: 2 }).notNull(),
    maximum: numeric('maximum', { precision: 20, scale: 2 }).notNull(),
    rate: numeric('rate', { precision: 12, scale: 4 }).notNull(),
    position: smallint('position').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fee_schedule_tiers_schedule_idx').on(t.scheduleId, t.minimum),
    check('fee_schedule_tiers_range', sql`${t.maximum} > ${t.minimum} and ${t.minimum} >= 0`),
  ],
);
