import {
  AUDIT_ENTITY_LABELS,
  AUDIT_ID_FIELDS,
  AUDIT_NAME_KINDS,
  auditNameKey,
  type auditLogQuerySchema,
  clockIn,
  type Feature,
} from '@centric/contracts';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { auditWriter, type AuditContext, type ChainVerification } from '../../platform/audit.ts';
import { verifyAuditTrail, type CheckpointStore } from '../../platform/audit-checkpoints.ts';
import type { Clock } from '../../platform/clock.ts';
import { toCsv } from '../../platform/csv.ts';
import { auditNamesOf, listAuditLog, type AuditFilter, type AuditNameIds } from './audit.repository.ts';

/** An export is one file of at most this many rows (the newest first); narrow the filters for older ones. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

type AuditQuery = z.output<typeof auditLogQuerySchema>;
/** Which part of the trail a screen shows: all of it, or the entities of the billing log. */
export type AuditScope = { entities?: readonly string[]; feature: Feature };

const filterOf = (query: AuditQuery, scope: AuditScope, timeZone: string): AuditFilter => ({
  actor: query.actor,
  actorId: query.actorId,
  entity: query.entity,
  entities: scope.entities,
  entityId: query.entityId,
  action: query.action,
  from: query.from,
  to: query.to,
  // Only the billing log narrows to a unit or an account (its entities are the records they hold).
  household: scope.entities ? query.clientId : undefined,
  account: scope.entities ? query.accountId : undefined,
  timeZone,
});

/**
 * An instant on the firm's clock as the audit screen shows it: 11/24/2026 05:00:00 EST. The abbreviation
 * tells the two 01:30s of the night the clocks go back apart.
 */
export const firmClockText = (timeZone: string, at: Date) => {
  const { day, time, zone } = clockIn(timeZone, at);
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year} ${time} ${zone}`;
};

/** The check's answer in sentences: the screen's verify panel and `npm run audit:verify` say the same. */
export const auditVerdict = (result: ChainVerification, timeZone: string) => {
  if (!result.ok) return `The audit trail was altered. ${result.findings.map((f) => f.message).join(' ')}`;
  const last = result.lastCheckpoint;
  const anchor = last
    ? `held to ${result.checkpoints} checkpoint${result.checkpoints === 1 ? '' : 's'}, the last at sequence ${last.seq} on ${firmClockText(timeZone, new Date(last.at))}`
    : 'no checkpoint yet, so the rows are only as safe as the audit key';
  return `The audit trail is intact: ${result.checked} rows, ${anchor}.`;
};

type AuditRow = Awaited<ReturnType<typeof listAuditLog>>['rows'][number];

/** The ids a page of rows names (actors, subjects, ids inside the snapshots), by the kind of record. */
const idsNamedBy = (rows: AuditRow[]): AuditNameIds => {
  const ids = Object.fromEntries(AUDIT_NAME_KINDS.map((kind) => [kind, [] as string[]])) as AuditNameIds;
  const addValue = (kind: keyof AuditNameIds, value: unknown) => {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v === 'string' || typeof v === 'number') ids[kind].push(String(v));
    }
  };
  for (const row of rows) {
    if (row.actorId) ids.user.push(row.actorId);
    const kind = AUDIT_ENTITY_LABELS[row.entity]?.kind;
    if (kind && row.entityId) ids[kind].push(row.entityId);
    for (const snapshot of [row.before, row.after]) {
      if (typeof snapshot !== 'object' || snapshot === null) continue;
      for (const [field, value] of Object.entries(snapshot)) {
        const fieldKind = AUDIT_ID_FIELDS[field];
        if (fieldKind) addValue(fieldKind, value);
      }
    }
  }
  return ids;
};

export type AuditService = ReturnType<typeof createAuditService>;

/**
 * Reading the audit trail: pages, a CSV export (itself recorded), and the check of the keyed chain against
 * its checkpoints.
 */
export const createAuditService = (deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'FIRM_TIME_ZONE'>;
  /** The audit key (config.ts, auditKeyOf). */
  auditKey: Buffer;
  /** Where the chain's checkpoints are kept (audit-checkpoint-object-store.ts, auditCheckpointStoreOf). */
  checkpoints: CheckpointStore;
}) => {
  const { db, clock, config } = deps;
  const writeAudit = auditWriter(clock);
  return {
    async list(query: AuditQuery, scope: AuditScope) {
      const { rows, total } = await listAuditLog(db, filterOf(query, scope, config.FIRM_TIME_ZONE), {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
        order: query.order,
      });
      // Names for the sentences: resolved once for the page (a query per kind), each row gets those it names.
      const names = await auditNamesOf(db, idsNamedBy(rows));
      const entries = rows.map((r) => {
        const own: Record<string, string> = {};
        const ids = idsNamedBy([r]);
        for (const kind of AUDIT_NAME_KINDS) {
          for (const id of ids[kind]) {
            const key = auditNameKey(kind, id);
            const name = names[key];
            if (name !== undefined) own[key] = name;
          }
        }
        return { ...r, occurredAt: r.occurredAt.toISOString(), names: own };
      });
      return { entries, total };
    },

    /**
     * The matching rows as CSV (at most AUDIT_EXPORT_MAX_ROWS); the export is recorded in the trail. Times
     * read on the firm's clock, the zone in the column's header, as the screen shows them.
     */
    async exportCsv(query: AuditQuery, scope: AuditScope, context: AuditContext) {
      const filter = filterOf(query, scope, config.FIRM_TIME_ZONE);
      const { rows, total } = await listAuditLog(db, filter, {
        offset: 0,
        limit: AUDIT_EXPORT_MAX_ROWS,
        order: query.order,
      });
      await writeAudit(db, context, {
        action: 'EXPORT',
        entity: 'auditLog',
        after: { scope: scope.feature, filter, rows: rows.length, total },
      });
      return toCsv(rows, [
        { header: 'Id', value: (r) => r.id },
        {
          header: `Time (${config.FIRM_TIME_ZONE})`,
          value: (r) => firmClockText(config.FIRM_TIME_ZONE, r.occurredAt),
        },
        { header: 'User', value: (r) => r.actorEmail },
        { header: 'Action', value: (r) => r.action },
        { header: 'Entity', value: (r) => r.entity },
        { header: 'Entity id', value: (r) => r.entityId },
        { header: 'Before', value: (r) => r.before },
        { header: 'After', value: (r) => r.after },
        { header: 'Request id', value: (r) => r.requestId },
        { header: 'Address', value: (r) => r.ip },
      ]);
    },

    verify: () => verifyAuditTrail(db, { key: deps.auditKey, store: deps.checkpoints }),
  };
};
