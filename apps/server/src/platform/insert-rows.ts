import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { chunks } from './import-jobs.ts';

/** PostgreSQL takes at most 65,535 parameters in a statement: a batch stays well under it. */
const MAX_PARAMETERS = 60_000;

/**
 * Many rows into one table in as few statements as the parameter limit allows (at most `rowsPerStatement`
 * rows each), in the caller's transaction; how many were inserted. What an import writes a batch at a time
 * (prospects, their activities, the lines of its report) goes through here rather than one row at a time.
 * Rows that need their ids afterwards carry them (randomUUID), so nothing depends on RETURNING's order.
 */
export const insertRows = async <T extends PgTable>(
  db: Db,
  table: T,
  rows: ReadonlyArray<T['$inferInsert']>,
  options: { rowsPerStatement?: number } = {},
): Promise<number> => {
  if (rows.length === 0) return 0;
  const columns = Object.keys(getTableColumns(table)).length;
  const size = Math.max(1, Math.min(options.rowsPerStatement ?? 1_000, Math.floor(MAX_PARAMETERS / columns)));
  for (const part of chunks(rows, size)) await db.insert(table).values(part as T['$inferInsert'][]);
  return rows.length;
};
