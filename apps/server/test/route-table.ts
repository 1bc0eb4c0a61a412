import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/** A placeholder for any path parameter a test does not care about (a uuid no row has). */
export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** The route's path with each `:param` replaced: by `values[param]` when given, else by NO_SUCH_ID. */
export const fillPath = (url: string, values: Record<string, string> = {}) =>
  url.replace(/:([A-Za-z]+)/g, (_match, name: string) => values[name] ?? NO_SUCH_ID);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Every table's row count and a digest of its rows (md5 of the rows as text, in order), except the tables
 * named: two states are equal only when no row was added, removed or changed.
 */
export const tableState = async (db: Db, except: readonly string[] = []) => {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`),
  )
    .map((r) => r.table_name)
    .filter((name) => !except.includes(name))
    .sort();
  const state: Record<string, string> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ n: number; digest: string | null }>(
      await db.execute(
        sql.raw(`select count(*)::int as n, md5(string_agg(t::text, ',' order by t::text)) as digest
          from "${table}" t`),
      ),
    );
    state[table] = `${Number(row?.n)} rows ${row?.digest ?? '-'}`;
  }
  return state;
};

/** The route's path as the OpenAPI document writes it (`/api/teams/{id}` for `/api/teams/:id`). */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');
