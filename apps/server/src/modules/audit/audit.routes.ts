import {
  auditChainStatusSchema,
  auditLogEntrySchema,
  auditLogQuerySchema,
  BILLING_AUDIT_ENTITIES,
  envelope,
  type Feature,
} from '@centric/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditContextOf, verifyAuditChain, writeAudit } from '../../platform/audit.ts';
import { datedCsvName, sendCsv, toCsv } from '../../platform/csv.ts';
import { ok } from '../../platform/envelope.ts';
import { listAuditLog, type AuditFilter } from './audit.repository.ts';

const tags = ['Audit'];
/** An export is one file of at most this many rows (the newest first); narrow the filters for older ones. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

type AuditRow = Awaited<ReturnType<typeof listAuditLog>>['rows'][number];
const toEntry = (r: AuditRow) => ({ ...r, occurredAt: r.occurredAt.toISOString() });

const listSchema = envelope(z.array(auditLogEntrySchema)).extend({ totalResults: z.number().int() });

/** The audit log (feature auditLogs) and its billing part (/billing/alllogs, feature billingLogs). */
export const registerAuditRoutes = (parent: FastifyInstance, deps: { db: Db }) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  const answerList = async (
    request: FastifyRequest,
    reply: FastifyReply,
    query: z.output<typeof auditLogQuerySchema>,
    scope: { entities?: readonly string[]; feature: Feature; fileName: string },
  ) => {
    const filter: AuditFilter = {
      actor: query.actor,
      actorId: query.actorId,
      entity: query.entity,
      entities: scope.entities,
      entityId: query.entityId,
      action: query.action,
      from: query.from,
      to: query.to,
    };
    if (query.format === 'csv') {
      const { rows, total } = await listAuditLog(db, filter, {
        offset: 0,
        limit: AUDIT_EXPORT_MAX_ROWS,
        order: query.order,
      });
      await writeAudit(db, auditContextOf(request), {
        action: 'EXPORT',
        entity: 'auditLog',
        after: { scope: scope.feature, filter, rows: rows.length, total },
      });
      const csv = toCsv(rows, [
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
      return sendCsv(reply, { filename: datedCsvName(scope.fileName), csv });
    }
    const { rows, total } = await listAuditLog(db, filter, {
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
      order: query.order,
    });
    return reply.send({
      statusCode: 200,
      message: 'Success',
      result: rows.map(toEntry),
      totalResults: total,
    });
  };

  app.get('/api/audit-logs', {
    config: { permission: { feature: 'auditLogs', action: 'read' } },
    schema: {
      tags,
      summary: 'The audit trail: filters, paging, ?format=csv export',
      querystring: auditLogQuerySchema,
      response: { 200: listSchema },
    },
    handler: (request, reply) =>
      answerList(request, reply, request.query, { feature: 'auditLogs', fileName: 'centric-audit-log' }),
  });

  app.get('/api/billing-logs', {
    config: { permission: { feature: 'billingLogs', action: 'read' } },
    schema: {
      tags,
      summary: 'The billing part of the audit trail (/billing/alllogs)',
      querystring: auditLogQuerySchema,
      response: { 200: listSchema },
    },
    handler: (request, reply) =>
      answerList(request, reply, request.query, {
        entities: BILLING_AUDIT_ENTITIES,
        feature: 'billingLogs',
        fileName: 'centric-billing-log',
      }),
  });

  app.get('/api/audit-logs/verify', {
    config: { permission: { feature: 'auditLogs', action: 'read' } },
    schema: {
      tags,
      summary: 'Walk the hash chain and name the first altered row, if any',
      response: { 200: envelope(auditChainStatusSchema) },
    },
    handler: async () => {
      const result = await verifyAuditChain(db);
      return ok(
        result.ok
          ? { ok: true, checked: result.checked, firstBadId: null, reason: null }
          : { ok: false, checked: result.checked, firstBadId: result.firstBadId, reason: result.reason },
        result.ok
          ? `The audit trail is intact (${result.checked} rows).`
          : `Row ${result.firstBadId}: ${result.reason}.`,
      );
    },
  });
};
