import { randomBytes } from 'node:crypto';
import { mkdirSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseKind } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { seedDemo } from '../src/db/seed/demo.ts';

/**
 * The migrated, seeded database is built once per vitest run (test/global-setup.ts) and each test file
 * gets its own copy: PGlite loads a dump of the data directory, PostgreSQL copies a template database.
 * Building one from scratch costs seconds (PGlite's initdb, every migration, the seed); a copy costs
 * well under one.
 */
export type DatabaseTemplate = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  // Declaration merging is the only way to type what the global setup's `provide` hands to `inject`.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

const SNAPSHOT_DIR = path.resolve(import.meta.dirname, '../../../.tmp/test-db');

const uniqueName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

const testDatabaseUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
};

const withServer = async <T>(run: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};

const urlOf = (name: string) => {
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
};

const migrateAndSeed = async (database: Database) => {
  await runMigrations(database);
  await seedDemo(database.db);
};

/** Builds the template of this run: the committed migrations and the demo roles, users and master data. */
export const createDatabaseTemplate = async (kind: DatabaseKind): Promise<DatabaseTemplate> => {
  if (kind === 'postgres') {
    const name = uniqueName('centric_tpl');
    await withServer((c) => c.query(`create database ${name}`));
    const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
    try {
      await migrateAndSeed(database);
    } finally {
      // A template can only be copied while nobody is connected to it.
      await database.close();
    }
    return { kind, name };
  }
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await migrateAndSeed(database);
    // Uncompressed: a copy loads faster than from gzip, and the file lives only for this run.
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    mkdirSync(SNAPSHOT_DIR, { recursive: true });
    const dumpFile = path.join(SNAPSHOT_DIR, `${uniqueName('pglite')}.tar`);
    writeFileSync(dumpFile, new Uint8Array(await dump.arrayBuffer()));
    return { kind, dumpFile };
  } finally {
    await database.close();
  }
};

export const dropDatabaseTemplate = async (template: DatabaseTemplate) => {
  if (template.kind === 'postgres') {
    await withServer((c) => c.query(`drop database if exists ${template.name} with (force)`));
  } else {
    rmSync(template.dumpFile, { force: true });
  }
};

/** A database of its own for one test file, copied from the run's template; `drop` removes it. */
export const openDatabaseCopy = async (
  template: DatabaseTemplate,
): Promise<Database & { drop: () => Promise<void> }> => {
  if (template.kind === 'postgres') {
    const name = uniqueName('centric_t');
    await withServer((c) => c.query(`create database ${name} template ${template.name}`));
    const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
    return {
      ...database,
      drop: async () => {
        await database.close();
        await withServer((c) => c.query(`drop database if exists ${name} with (force)`));
      },
    };
  }
  const database = await openDatabase({ kind: 'pglite', loadDataDir: await openAsBlob(template.dumpFile) });
  return { ...database, drop: () => database.close() };
};
