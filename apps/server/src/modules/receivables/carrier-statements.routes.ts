import {
  envelope,
  importJobListQuerySchema,
  importJobParamsSchema,
  resolveDifferenceBodySchema,
  STATEMENT_IMPORT_MAX_BYTES,
  STATEMENT_MESSAGES,
  statementAgingSchema,
  statementDifferenceSchema,
  statementDifferencesQuerySchema,
  statementJobSchema,
  statementMappingSchema,
  statementProviderParamsSchema,
  statementUploadQuerySchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { readCsvUpload, withCsvBody } from '../../platform/csv-import.ts';
import { ok } from '../../platform/envelope.ts';
import { featureAccess } from '../../platform/guard.ts';
import type { CarrierStatementsService } from './carrier-statements.service.ts';

const tags = ['Carrier statements'];
const { read, write } = featureAccess('receivables');
const jobEnvelope = envelope(statementJobSchema);
const differenceParams = z.object({ id: z.string().uuid(STATEMENT_MESSAGES.differenceNotFound) });

/**
 * Carrier statement reconciliation (issue 16 §2): a provider's column mapping, the statement import (upload,
 * follow the job, confirm the preview, cancel), the differences and their resolution, and the aged list; every
 * route under the receivables feature (read, write).
 */
export const registerCarrierStatementRoutes = (
  parent: FastifyInstance,
  statements: CarrierStatementsService,
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/api/statement-mappings/:providerId', {
    config: read,
    schema: {
      tags,
      summary: "The provider's saved statement columns (or the usual names before its first import)",
      params: statementProviderParamsSchema,
      response: { 200: envelope(statementMappingSchema) },
    },
    handler: async (request) => ok(await statements.mapping(request.params.providerId)),
  });

  app.get('/api/carrier-statements', {
    config: read,
    schema: {
      tags,
      summary: 'Statement imports, newest first, with their progress and reports',
      querystring: importJobListQuerySchema,
      response: { 200: envelope(z.array(statementJobSchema)) },
    },
    handler: async (request) => {
      const { items, total } = await statements.list(request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/carrier-statements/:id', {
    config: read,
    schema: {
      tags,
      summary: 'One statement import: its status, progress and report (the preview, then what was imported)',
      params: importJobParamsSchema,
      response: { 200: jobEnvelope },
    },
    handler: async (request) => ok(await statements.get(request.params.id)),
  });

  // The upload reads a multipart file or a text/csv body.
  void withCsvBody(parent, STATEMENT_IMPORT_MAX_BYTES, (scope) => {
    scope.post('/api/carrier-statements', {
      config: write,
      bodyLimit: STATEMENT_IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Upload a provider\'s commission statement (CSV; the query names the provider and the columns of the policy or contract number, payment date, amount and optional kind, saved as the provider\'s mapping), multipart field "file" or a text/csv body, up to 20 MB; its preview runs as a job',
        consumes: ['multipart/form-data', 'text/csv'],
        querystring: statementUploadQuerySchema,
        response: { 202: jobEnvelope },
      },
      handler: async (request, reply) => {
        const { providerId, ...mapping } = request.query;
        const file = await readCsvUpload(request, {
          maxBytes: STATEMENT_IMPORT_MAX_BYTES,
          defaultName: 'statement.csv',
          messages: {
            required: STATEMENT_MESSAGES.fileRequired,
            format: STATEMENT_MESSAGES.fileFormat,
            tooLarge: STATEMENT_MESSAGES.fileTooLarge,
          },
        });
        const job = await statements.upload(providerId, mapping, file, auditContextOf(request));
        return reply.code(202).send(ok(job, STATEMENT_MESSAGES.queued, 202));
      },
    });
  });

  app.post('/api/carrier-statements/:id/apply', {
    config: write,
    schema: {
      tags,
      summary:
        'Confirm a previewed statement: its new lines are imported and matched as a job (409 unless it waits)',
      params: importJobParamsSchema,
      response: { 202: jobEnvelope },
    },
    handler: async (request, reply) => {
      const job = await statements.apply(request.params.id, auditContextOf(request));
      return reply.code(202).send(ok(job, STATEMENT_MESSAGES.applying, 202));
    },
  });

  app.post('/api/carrier-statements/:id/cancel', {
    config: write,
    schema: {
      tags,
      summary: 'Cancel a statement import that has not finished (what was imported stays)',
      params: importJobParamsSchema,
      response: { 200: jobEnvelope },
    },
    handler: async (request) =>
      ok(await statements.cancel(request.params.id, auditContextOf(request)), STATEMENT_MESSAGES.cancelled),
  });

  app.get('/api/statement-differences', {
    config: read,
    schema: {
      tags,
      summary:
        'Statement differences (short-paid, overpaid, unpaid, unknown, chargebacks): open, resolved or all, oldest first',
      querystring: statementDifferencesQuerySchema,
      response: { 200: envelope(z.array(statementDifferenceSchema)).extend({ totalResults: z.number() }) },
    },
    handler: async (request) => {
      const { items, total } = await statements.differences(request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/statement-differences/aging', {
    config: read,
    schema: {
      tags,
      summary: 'The open differences by provider, aged 1–30, 31–60, 61–90 and over 90 days',
      response: { 200: envelope(statementAgingSchema) },
    },
    handler: async () => ok(await statements.aging()),
  });

  app.post('/api/statement-differences/:id/resolve', {
    config: write,
    schema: {
      tags,
      summary: 'Resolve a difference: accept, write off, or dispute with a note (a disputed one stays open)',
      params: differenceParams,
      body: resolveDifferenceBodySchema,
      response: { 200: envelope(statementDifferenceSchema) },
    },
    handler: async (request) =>
      ok(
        await statements.resolve(request.params.id, request.body, auditContextOf(request)),
        STATEMENT_MESSAGES.resolved[request.body.action],
      ),
  });
};
