import {
  envelope,
  importJobListQuerySchema,
  importJobParamsSchema,
  importJobSchema,
  POSITIONS_IMPORT_MAX_BYTES,
  POSITIONS_IMPORT_MESSAGES,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { readCsvUpload, withCsvBody } from '../../platform/csv-import.ts';
import { ok } from '../../platform/envelope.ts';
import { featureAccess } from '../../platform/guard.ts';
import type { PositionsImportService } from './positions-import.ts';

const tags = ['Positions imports'];
const { read, write } = featureAccess('managedAccounts');
const jobEnvelope = envelope(importJobSchema);

/** Positions imports (issue 13 §2): upload, follow the job, confirm the preview, cancel. */
export const registerPositionsImportRoutes = (parent: FastifyInstance, imports: PositionsImportService) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/api/positions-imports', {
    config: read,
    schema: {
      tags,
      summary: 'Positions imports, newest first, with their progress and reports',
      querystring: importJobListQuerySchema,
      response: { 200: envelope(z.array(importJobSchema)) },
    },
    handler: async (request) => {
      const { items, total } = await imports.list(request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/positions-imports/:id', {
    config: read,
    schema: {
      tags,
      summary: 'One import: its status, progress and report (the preview, then what was applied)',
      params: importJobParamsSchema,
      response: { 200: jobEnvelope },
    },
    handler: async (request) => ok(await imports.get(request.params.id)),
  });

  // The upload reads a multipart file or a text/csv body.
  void withCsvBody(parent, POSITIONS_IMPORT_MAX_BYTES, (scope) => {
    scope.post('/api/positions-imports', {
      config: write,
      bodyLimit: POSITIONS_IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Upload a positions file (CSV: account number, symbol or CUSIP, quantity, optional price, date), multipart field "file" or a text/csv body, up to 50 MB; its preview runs as a job',
        consumes: ['multipart/form-data', 'text/csv'],
        response: { 202: jobEnvelope },
      },
      handler: async (request, reply) => {
        const file = await readCsvUpload(request, {
          maxBytes: POSITIONS_IMPORT_MAX_BYTES,
          defaultName: 'positions.csv',
          messages: {
            required: POSITIONS_IMPORT_MESSAGES.fileRequired,
            format: POSITIONS_IMPORT_MESSAGES.fileFormat,
            tooLarge: POSITIONS_IMPORT_MESSAGES.fileTooLarge,
          },
        });
        const job = await imports.upload(file, auditContextOf(request));
        return reply.code(202).send(ok(job, POSITIONS_IMPORT_MESSAGES.queued, 202));
      },
    });
  });

  app.post('/api/positions-imports/:id/apply', {
    config: write,
    schema: {
      tags,
      summary: 'Confirm a previewed import: the positions are written as a job (409 unless it waits)',
      params: importJobParamsSchema,
      response: { 202: jobEnvelope },
    },
    handler: async (request, reply) => {
      const job = await imports.apply(request.params.id, auditContextOf(request));
      return reply.code(202).send(ok(job, POSITIONS_IMPORT_MESSAGES.applying, 202));
    },
  });

  app.post('/api/positions-imports/:id/cancel', {
    config: write,
    schema: {
      tags,
      summary: 'Cancel an import that has not finished (what was applied stays)',
      params: importJobParamsSchema,
      response: { 200: jobEnvelope },
    },
    handler: async (request) =>
      ok(
        await imports.cancel(request.params.id, auditContextOf(request)),
        POSITIONS_IMPORT_MESSAGES.cancelled,
      ),
  });
};
