import { type BillingSettings, BILLING_SETTINGS_MESSAGES } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { systemSettings } from '../../db/schema/index.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';

/**
 * The firm's billing settings (issue 15): how a period's fee is prorated, the firm's name on invoices, the days
 * after export within which a bill is to be collected, and the ACH originator the NACHA file names. One
 * `system_settings` row (`billing`); the proration keeps its own key, which the bill runs read.
 */
export const BILLING_SETTINGS_KEY = 'billing';
/** The firm setting (system_settings) of how a period's fee is prorated: FREQUENCY (default) or ACTUAL_DAYS. */
export const BILLING_PRORATION_KEY = 'billingProration';

export const DEFAULT_BILLING_SETTINGS: Omit<BillingSettings, 'proration'> = {
  firmName: 'Centric Wealth Advisors',
  collectionWindowDays: 30,
  achBankRouting: null,
  achBankName: null,
  achCompanyName: null,
  achCompanyId: null,
};

export const billingSettingsOf = async (db: Db): Promise<BillingSettings> => {
  const rows = rowsOf<{ key: string; value: unknown }>(
    await db.execute(
      sql`select key, value from system_settings where key in (${BILLING_SETTINGS_KEY}, ${BILLING_PRORATION_KEY})`,
    ),
  );
  const stored = rows.find((r) => r.key === BILLING_SETTINGS_KEY)?.value as
    Partial<BillingSettings> | undefined;
  const proration = rows.find((r) => r.key === BILLING_PRORATION_KEY)?.value;
  return {
    ...DEFAULT_BILLING_SETTINGS,
    ...(stored ?? {}),
    proration: proration === 'ACTUAL_DAYS' ? 'ACTUAL_DAYS' : 'FREQUENCY',
  };
};

export const prorationOf = async (db: Db) => (await billingSettingsOf(db)).proration;

export const saveBillingSettings = (deps: { db: Db; clock: Clock }) => {
  const writeAudit = auditWriter(deps.clock);
  return (body: BillingSettings, context: AuditContext) =>
    deps.db.transaction(async (tx) => {
      const before = await billingSettingsOf(tx);
      const { proration, ...rest } = body;
      const updatedAt = deps.clock.now();
      for (const [key, value] of [
        [BILLING_SETTINGS_KEY, rest],
        [BILLING_PRORATION_KEY, proration],
      ] as const) {
        const json = sql`${JSON.stringify(value)}::jsonb`;
        await tx
          .insert(systemSettings)
          .values({ key, value: json, updatedAt })
          .onConflictDoUpdate({ target: systemSettings.key, set: { value: json, updatedAt } });
      }
      await writeAudit(tx, context, {
        action: 'UPDATE',
        entity: 'billingSettings',
        entityId: BILLING_SETTINGS_KEY,
        before,
        after: body,
      });
      return { settings: await billingSettingsOf(tx), message: BILLING_SETTINGS_MESSAGES.updated };
    });
};
