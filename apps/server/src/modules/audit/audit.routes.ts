import {
  auditChainStatusSchema,
  auditLogEntrySchema,
  auditLogQuerySchema,
  BILLING_AUDIT_ENTITIES,
  envelope,
} from '@centric/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { datedFileName, sendCsv } from '../../platform/csv.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { ok } from '../../platform/envelope.ts';
import { createAuditService, type AuditScope } from './audit.service.ts';

const tags = ['Audit'];

const listSchema = envelope(z.array(auditLogEntrySchema)).extend({ totalResults: z.number().int() });

/** The audit log (feature auditLogs) and its billing part (/billing/alllogs, feature billingLogs). */
export const registerAuditModule = (
  parent: FastifyInstance,
  deps: Parameters<typeof createAuditService>[0] & { today: FirmToday },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const audit = createAuditService(deps);

  const answerList = async (
    request: FastifyRequest,
    reply: FastifyReply,
    query: z.output<typeof auditLogQuerySchema>,
    scope: AuditScope & { fileName: string },
  ) => {
    if (query.format === 'csv') {
      const csv = await audit.exportCsv(query, scope, auditContextOf(request));
      return sendCsv(reply, { filename: datedFileName(scope.fileName, deps.today()), csv });
    }
    const { entries, total } = await audit.list(query, scope);
    return reply.send({ statusCode: 200, message: 'Success', result: entries, totalResults: total });
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
      const result = await audit.verify();
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
