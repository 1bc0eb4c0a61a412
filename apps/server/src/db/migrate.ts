import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { openDatabase, type Database } from './client.ts';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** Applies the committed migrations; the same files on both drivers. */
export const runMigrations = async (database: Database): Promise<void> => {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'postgres') {
    await migrateNodePg(database.db as never, config);
  } else {
    await migratePglite(database.db as never, config);
  }
};

/**
 * The migrations as the configuration says: on PostgreSQL with MIGRATION_DATABASE_URL, as the tables' owner
 * on a connection of their own, so the app's role (DATABASE_URL) needs to own nothing; else on the app's
 * database.
 */
export const runConfiguredMigrations = async (
  config: { MIGRATION_DATABASE_URL?: string | undefined },
  database: Database,
): Promise<void> => {
  if (!config.MIGRATION_DATABASE_URL || database.kind !== 'postgres') return runMigrations(database);
  const owner = await openDatabase({ kind: 'postgres', url: config.MIGRATION_DATABASE_URL });
  try {
    await runMigrations(owner);
  } finally {
    await owner.close();
  }
};
