import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both drivers: repositories take `Db` (or a transaction, which is also a `Db`). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // A broken idle connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm, fuzzystrmatch },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
};

/** Opens the database the configuration names: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR. */
export const openConfiguredDatabase = (config: { DATABASE_URL?: string | undefined; DATA_DIR: string }) =>
  config.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });

/**
 * Ids as one uuid[] parameter (`= any(${uuidArray(ids)})`): a list of thousands is then one value to bind and
 * plan, where an `in (…)` of parameters is thousands.
 */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The rows of a raw `db.execute(sql…)` answer (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Queries one after another, for code that may run in a transaction: a transaction has one connection, on
 * which queries sent together only queue (node-postgres warns "client.query() when the client is already
 * executing a query"). `inTurn(() => a(tx), () => b(tx))` answers [a, b] like Promise.all.
 */
export const inTurn = async <T extends readonly (() => Promise<unknown>)[]>(
  ...work: T
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> => {
  const results: unknown[] = [];
  for (const step of work) results.push(await step());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
};
