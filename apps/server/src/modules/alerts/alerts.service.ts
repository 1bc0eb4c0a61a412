import { ALERT_MESSAGES, type Alert, type AlertListQuery, type AlertState } from '@centric/contracts';
import type { Db } from '../../db/client.ts';
import type { Alerts } from '../../platform/alerts.ts';
import { auditWriter, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { listAlerts, lockRecipient, setRecipientState, type AlertRow } from './alerts.repository.ts';

const toAlert = (row: AlertRow): Alert => ({
  id: row.id,
  category: row.category,
  message: row.message,
  details: row.details ?? null,
  household:
    row.household_id && row.household_name ? { id: row.household_id, name: row.household_name } : null,
  raisedAt: new Date(row.raised_at).toISOString(),
  state: row.state,
  snoozedUntil: row.snoozed_until,
});

export type AlertsService = ReturnType<typeof createAlertsService>;

/**
 * The signed-in user's alerts (/alerts): lists by view and tab, the badge count, and the user's own state of
 * an alert (dismiss, snooze until a date after today, activate again), each change audited.
 */
export const createAlertsService = (deps: {
  db: Db;
  clock: Clock;
  today: FirmToday;
  alerts: Pick<Alerts, 'activeCount'>;
}) => {
  const { db, clock, today, alerts } = deps;
  const writeAudit = auditWriter(clock);

  const change = async (
    alertId: string,
    userId: string,
    next: { state: AlertState; snoozedUntil: string | null },
    context: AuditContext,
  ) =>
    db.transaction(async (tx) => {
      const current = await lockRecipient(tx, alertId, userId);
      if (!current) throw notFound(ALERT_MESSAGES.notFound);
      await setRecipientState(tx, alertId, userId, next.state, next.snoozedUntil, clock.now());
      await writeAudit(tx, context, {
        action: 'UPDATE',
        entity: 'alert',
        entityId: alertId,
        before: { state: current.state, snoozedUntil: current.snoozed_until },
        after: next,
      });
    });

  return {
    async list(userId: string, query: AlertListQuery) {
      const { rows, counts } = await listAlerts(db, userId, query, today());
      const total = counts[query.tab];
      return { alerts: rows.map(toAlert), counts, total };
    },
    count: (userId: string) => alerts.activeCount(db, userId),
    dismiss: (alertId: string, userId: string, context: AuditContext) =>
      change(alertId, userId, { state: 'DISMISSED', snoozedUntil: null }, context),
    snooze: (alertId: string, userId: string, until: string, context: AuditContext) => {
      if (until <= today()) throw fieldError('until', ALERT_MESSAGES.snoozeDateAfterToday);
      return change(alertId, userId, { state: 'SNOOZED', snoozedUntil: until }, context);
    },
    activate: (alertId: string, userId: string, context: AuditContext) =>
      change(alertId, userId, { state: 'ACTIVE', snoozedUntil: null }, context),
  };
};
