import type { auditLogQuerySchema, Feature } from '@centric/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { verifyAuditChain, writeAudit, type AuditContext } from '../../platform/audit.ts';
import { toCsv } from '../../platform/csv.ts';
import { listAuditLog, type AuditFilter } from './audit.repository.ts';

/** An export is one file of at most this many rows (the newest first); narrow the filters for older ones. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

type AuditQuery = z.output<typeof auditLogQuerySchema>;
/** Which part of the trail a screen shows: all of it, or the entities of the billing log. */
export type AuditScope = { entities?: readonly string[]; feature: Feature };

const filterOf = (query: AuditQuery, scope: AuditScope): AuditFilter => ({
  actor: query.actor,
  actorId: query.actorId,
  entity: query.entity,
  entities: scope.entities,
  entityId: query.entityId,
  action: query.action,
  from: query.from,
  to: query.to,
});

export type AuditService = ReturnType<typeof createAuditService>;

/** Reading the audit trail: pages, a CSV export (itself recorded), and the hash-chain check. */
export const createAuditService = (deps: { db: Db }) => {
  const { db } = deps;
  return {
    async list(query: AuditQuery, scope: AuditScope) {
      const { rows, total } = await listAuditLog(db, filterOf(query, scope), {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
        order: query.order,
      });
      return { entries: rows.map((r) => ({ ...r, occurredAt: r.occurredAt.toISOString() })), total };
    },

    /** The matching rows as CSV (at most AUDIT_EXPORT_MAX_ROWS); the export is recorded in the trail. */
    async exportCsv(query: AuditQuery, scope: AuditScope, context: AuditContext) {
      const filter = filterOf(query, scope);
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
        { header: 'Time (UTC)', value: (r) => r.occurredAt.toISOString() },
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

    verify: () => verifyAuditChain(db),
  };
};
