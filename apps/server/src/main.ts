import { seedDemoWorkflows } from './db/seed/demo-workflows.ts';
import { seedDemoWorkflowRequests } from './db/seed/demo-workflow-requests.ts';
import path from 'node:path';
import { todayIn } from '@centric/contracts';
import { buildApp } from './app.ts';
import { ConfigError, encryptionKeyOf, loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/client.ts';
import { runConfiguredMigrations } from './db/migrate.ts';
import { seedDemoAccounts } from './db/seed/demo-accounts.ts';
import { seedDemoBilling } from './db/seed/demo-billing.ts';
import { seedDemoBillRun } from './db/seed/demo-bill-run.ts';
import { seedDemoReceivables } from './db/seed/demo-receivables.ts';
import { seedDemoProspects } from './db/seed/demo-prospects.ts';
import { seedDemoGoals } from './db/seed/demo-goals.ts';
import { seedDemoActivity } from './db/seed/demo-activity.ts';
import { DEMO_ADMIN, isEmpty, seedDemo } from './db/seed/demo.ts';
import { ensureMasterData } from './db/seed/master-data.ts';
import { systemClock } from './platform/clock.ts';
import { createDiskStorage } from './platform/files.ts';
import { createSecretBox } from './platform/secret-box.ts';

const start = async () => {
  const config = loadConfig();
  const clock = systemClock;
  // One secret box for the demo seed and the app: the demo identity numbers open with the app's key.
  const secrets = createSecretBox(encryptionKeyOf(config));
  // One file storage for the demo's attachments and the app.
  const files = createDiskStorage(path.resolve(config.DATA_DIR, 'files'));
  const database = await openConfiguredDatabase(config);
  await runConfiguredMigrations(config, database);
  await ensureMasterData(database.db);
  // Demo data: on the embedded database when it is empty; on PostgreSQL only when asked for.
  const seed = config.SEED_DEMO ?? database.kind === 'pglite';
  const seeded = seed && (await isEmpty(database.db));
  // The demo's follow-ups, birthdays and ages are placed around today in the firm's time zone.
  const today = todayIn(config.FIRM_TIME_ZONE, clock.now());
  if (seeded) {
    await seedDemo(database.db, { clients: { secrets, today }, feeSchedules: true, products: { today } });
    await seedDemoAccounts(database.db, { secrets, today });
    await seedDemoBilling(database.db, { secrets, today });
    await seedDemoReceivables(database.db, { today });
    await seedDemoProspects(database.db, { today });
    await seedDemoGoals(database.db, { today });
    await seedDemoActivity(database.db, { files, today, now: clock.now() });
    await seedDemoWorkflows(database.db);
    await seedDemoWorkflowRequests(database.db, { today });
  }

  const app = await buildApp({ config, database, secrets, clock, files });
  // The demo's billed quarter goes through the app itself (its routes and job runner), before anyone signs in.
  if (seeded) {
    await app.ready();
    await seedDemoBillRun(app, database.db, { today, now: clock.now() });
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const banner = [
    '',
    `  Centric is running at ${url}  (database: ${database.kind})`,
    ...(seed ? [`  Demo sign-in (demo only): ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`] : []),
    `  API documentation: ${url}/api/docs`,
    '',
  ];
  process.stdout.write(`${banner.join('\n')}\n`);

  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
};

start().catch((err: unknown) => {
  process.stderr.write(
    `${err instanceof ConfigError ? err.message : ((err as Error)?.stack ?? String(err))}\n`,
  );
  process.exit(1);
});
