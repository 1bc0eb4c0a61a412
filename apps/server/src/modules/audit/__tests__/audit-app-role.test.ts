import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCheckpointFileOf, auditKeyOf } from '../../../config.ts';
import { openDatabase, type Database } from '../../../db/client.ts';
import { runConfiguredMigrations, runMigrations } from '../../../db/migrate.ts';
import { auditWriter, systemAuditContext } from '../../../platform/audit.ts';
import { fileCheckpointStore, verifyAuditTrail } from '../../../platform/audit-checkpoints.ts';
import { createTestContext, testDatabaseKind, type TestContext } from '../../../../test/harness.ts';

/**
 * On PostgreSQL the app can run as a login role in centric_app (migration 0010_app_role_grants), which owns
 * no table: it cannot switch the trail's trigger off, change the table or grant itself more, and it still
 * appends. The tables' owner runs the migrations (MIGRATION_DATABASE_URL).
 */
describe.runIf(testDatabaseKind() === 'postgres')('the app as a role that does not own the tables', () => {
  let t: TestContext;
  let app: Database;
  let appUrl: string;
  let ownerUrl: string;
  const role = `centric_app_test_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    t = await createTestContext();
    const { rows } = (await t.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const owner = new URL(process.env.TEST_DATABASE_URL!);
    owner.pathname = `/${rows[0]!.name}`;
    ownerUrl = owner.toString();
    await t.db.execute(sql.raw(`create role ${role} login in role centric_app`));
    const url = new URL(ownerUrl);
    url.username = role;
    url.password = '';
    appUrl = url.toString();
    app = await openDatabase({ kind: 'postgres', url: appUrl });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    const server = await openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL! });
    try {
      await server.db.execute(sql.raw(`drop role if exists ${role}`));
    } finally {
      await server.close();
    }
  });

  /** The error PostgreSQL answers a statement with, run as the app's role (null when it ran). */
  const refusal = (statement: string) =>
    app.db.execute(sql.raw(statement)).then(
      () => null,
      (error: unknown) => String((error as { cause?: { message?: string } }).cause?.message ?? error),
    );

  it('is refused ALTER TABLE, DISABLE TRIGGER, UPDATE, DELETE and TRUNCATE on audit_log', async () => {
    expect(await refusal('alter table audit_log disable trigger audit_log_no_update_delete')).toMatch(
      /must be owner of table audit_log/,
    );
    expect(await refusal('alter table audit_log disable trigger all')).toMatch(/must be owner/);
    expect(await refusal('alter table audit_log add column note text')).toMatch(/must be owner/);
    expect(await refusal('drop table audit_log')).toMatch(/must be owner/);
    for (const statement of [
      "update audit_log set action = 'NOTHING'",
      'delete from audit_log',
      'truncate audit_log',
    ]) {
      expect(await refusal(statement)).toMatch(/permission denied for table audit_log/);
    }
  });

  it('cannot grant itself more: GRANT gives nothing, and UPDATE stays refused', async () => {
    const granted = await refusal(`grant update, delete on audit_log to ${role}`);
    // PostgreSQL refuses, or (for a table the role may read) warns that nothing was granted.
    if (granted !== null) expect(granted).toMatch(/permission denied|no privileges were granted/);
    expect(await refusal(`grant centric_app to ${role}`)).toMatch(/permission denied|must have admin option/);
    const { rows } = (await app.db.execute(
      sql`select has_table_privilege(current_user, 'audit_log', 'UPDATE') as can_update`,
    )) as unknown as { rows: { can_update: boolean }[] };
    expect(rows[0]?.can_update).toBe(false);
    expect(await refusal("update audit_log set action = 'NOTHING'")).toMatch(/permission denied/);
  });

  it('still appends to the trail, and the chain verifies', async () => {
    await auditWriter(t.clock)(app.db, systemAuditContext('app role'), {
      action: 'UPDATE',
      entity: 'probe',
      entityId: role,
    });
    expect(await refusal(`update users set full_name = full_name where false`)).toBeNull();
    const result = await verifyAuditTrail(app.db, {
      key: auditKeyOf(t.config),
      store: fileCheckpointStore(auditCheckpointFileOf(t.config)),
    });
    expect(result).toMatchObject({ ok: true, findings: [] });
  });

  it('the migrations run as the owner (MIGRATION_DATABASE_URL), not as the app', async () => {
    await expect(runMigrations(app)).rejects.toThrow();
    await expect(runConfiguredMigrations({ MIGRATION_DATABASE_URL: ownerUrl }, app)).resolves.toBeUndefined();
  });
});
