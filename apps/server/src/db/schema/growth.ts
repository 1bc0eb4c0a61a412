import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { createdAt, updatedAt } from './columns.ts';

/**
 * A user's annual goals and prospect targets for one calendar year (issue 17 §3; decision 0023): new
 * households, new AUM (dollars), meetings, new prospects and conversions. Set by administrators; progress is
 * counted from the households, prospects and meetings themselves, never stored.
 */
export const userGoals = pgTable(
  'user_goals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    newHouseholds: integer('new_households').notNull().default(0),
    newAum: numeric('new_aum', { precision: 20, scale: 2 }).notNull().default('0'),
    meetings: integer('meetings').notNull().default(0),
    newProspects: integer('new_prospects').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.year] }),
    check('user_goals_year', sql`${t.year} between 2000 and 2100`),
    check(
      'user_goals_counts',
      sql`${t.newHouseholds} between 0 and 10000 and ${t.meetings} between 0 and 10000
        and ${t.newProspects} between 0 and 10000 and ${t.conversions} between 0 and 10000`,
    ),
    check('user_goals_new_aum', sql`${t.newAum} between 0 and 100000000000`),
  ],
);
