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
import { auditKeyOf, type Config } from '../../config.ts';
import { auditCheckpointStoreOf } from '../../platform/audit-checkpoint-object-store.ts';
import { auditContextOf, useAuditKey } from '../../platform/audit.ts';
import { createCheckpointScheduler } from '../../platform/audit-checkpoints.ts';
import { datedFileName, sendCsv } from '../../platform/csv.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { ok } from '../../platform/envelope.ts';
import { auditVerdict, createAuditService, type AuditScope } from './audit.service.ts';

const tags = ['Audit'];

const listSchema = envelope(z.array(auditLogEntrySchema)).extend({ totalResults: z.number().int() });

/**
 * The audit log (feature auditLogs) and its billing part (/billing/alllogs, feature billingLogs). Sets the
 * key every writer of the trail chains with, and writes the chain's checkpoints while the app runs.
 */
export const registerAuditModule = (
  parent: FastifyInstance,
  deps: Omit<Parameters<typeof createAuditService>[0], 'auditKey' | 'config' | 'checkpoints'> & {
    config: Pick<Config, 'FIRM_TIME_ZONE' | 'DATA_DIR' | 'AUDIT_KEY' | 'AUDIT_CHECKPOINT_MINUTES'> &
      Parameters<typeof auditCheckpointStoreOf>[0];
    today: FirmToday;
  },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const auditKey = auditKeyOf(deps.config);
  useAuditKey(auditKey);
  const store = auditCheckpointStoreOf(deps.config);
  const audit = createAuditService({ ...deps, auditKey, checkpoints: store });
  const checkpoints = createCheckpointScheduler({
    db: deps.db,
    key: auditKey,
    store,
    clock: deps.clock,
    timeZone: deps.config.FIRM_TIME_ZONE,
    intervalMinutes: deps.config.AUDIT_CHECKPOINT_MINUTES,
    onError: (error) => parent.log.error({ err: error }, 'audit checkpoint not written'),
  });
  parent.addHook('onReady', () => checkpoints.start());
  parent.addHook('onClose', () => checkpoints.stop());

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
      summary: 'Check the keyed chain against its checkpoints; name each row rewritten, missing or forged',
      response: { 200: envelope(auditChainStatusSchema) },
    },
    handler: async () => {
      const result = await audit.verify();
      const last = result.lastCheckpoint;
      return ok(
        {
          ok: result.ok,
          checked: result.checked,
          firstBadId: result.ok ? null : result.firstBadId,
          reason: result.ok ? null : result.reason,
          findings: result.findings,
          checkpoints: result.checkpoints,
          lastCheckpoint: last ? { seq: last.seq, at: last.at } : null,
        },
        auditVerdict(result, deps.config.FIRM_TIME_ZONE),
      );
    },
  });
};
