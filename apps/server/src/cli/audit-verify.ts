// npm run audit:verify: walks the audit trail's hash chain; exits 1 and names the first altered row.
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { verifyAuditChain } from '../platform/audit.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await runMigrations(database);
  const result = await verifyAuditChain(database.db);
  if (result.ok) {
    console.log(`The audit trail is intact: ${result.checked} rows checked (${database.kind}).`);
  } else {
    console.error(
      `The audit trail was altered at row ${result.firstBadId}: ${result.reason}. ${result.checked} rows before it are intact.`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
