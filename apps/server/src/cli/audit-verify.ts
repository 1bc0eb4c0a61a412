// npm run audit:verify: checks the audit trail's keyed chain (AUDIT_KEY or DATA_DIR/audit.key) against its
// checkpoints (DATA_DIR/audit-checkpoints.jsonl, AUDIT_CHECKPOINT_FILE, or the object store at
// AUDIT_CHECKPOINT_URL); exits 1 and names each row
// rewritten, missing or forged.
import { auditKeyOf, loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { runConfiguredMigrations } from '../db/migrate.ts';
import { auditVerdict } from '../modules/audit/audit.service.ts';
import { auditCheckpointStoreOf } from '../platform/audit-checkpoint-object-store.ts';
import { verifyAuditTrail } from '../platform/audit-checkpoints.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await runConfiguredMigrations(config, database);
  const result = await verifyAuditTrail(database.db, {
    key: auditKeyOf(config),
    store: auditCheckpointStoreOf(config),
  });
  const verdict = `${auditVerdict(result, config.FIRM_TIME_ZONE)} (${database.kind})`;
  if (result.ok) console.log(verdict);
  else {
    console.error(verdict);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
