import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { LOG_DIR, SECRETS_DIR } from './harness.ts';
import { createDatabaseTemplate, dropDatabaseTemplate } from './test-database.ts';

/**
 * Before the suite: empty the folders where the tests record the app's logs and the secrets they saw,
 * and build the migrated, seeded database that every test file copies (test/test-database.ts).
 * After it, `npm test` runs scripts/scan-test-logs.mjs, which fails when any log line holds a secret
 * (vitest does not fail a run for an error thrown in a global teardown). Each project (PGlite, PostgreSQL)
 * runs this setup with its own template; the returned function removes it after the project's tests.
 */
export const setup = async (project: TestProject) => {
  rmSync(LOG_DIR, { recursive: true, force: true });
  rmSync(SECRETS_DIR, { recursive: true, force: true });
  const template = await createDatabaseTemplate(
    project.config.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
  );
  project.provide('databaseTemplate', template);
  return () => dropDatabaseTemplate(template);
};
