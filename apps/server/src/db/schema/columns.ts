import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was made: a timestamp with time zone, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When a row last changed: a timestamp with time zone, set by the database at insert and by each write. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
