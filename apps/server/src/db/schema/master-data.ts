import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Every master-data list in one table, told apart by `type` (contracts MASTER_DATA_TYPES); a list's fields
 * are described in contracts, and unused columns stay null. Sub-items (sub-religions, industry jobs,
 * states of a country) point to their parent; a parent in use cannot be deleted (ON DELETE RESTRICT), and
 * later tables that use a value reference it the same way.
 */
export const masterDataItems = pgTable(
  'master_data_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    type: varchar('type', { length: 40 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    description: varchar('description', { length: 300 }),
    abbreviation: varchar('abbreviation', { length: 10 }),
    parentId: integer('parent_id').references((): AnyPgColumn => masterDataItems.id, {
      onDelete: 'restrict',
    }),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    productType: varchar('product_type', { length: 60 }),
    possibleValues: jsonb('possible_values').$type<string[]>(),
    imagePath: text('image_path'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('master_data_items_name_idx').on(
      t.type,
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.name})`,
    ),
    index('master_data_items_parent_idx').on(t.parentId),
  ],
);

/** The firm's settings (GET /api/sysconfig), e.g. whether SSNs are masked. */
export const systemSettings = pgTable('system_settings', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
