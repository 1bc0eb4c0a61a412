import {
  envelope,
  importJobListQuerySchema,
  importJobParamsSchema,
  PROSPECT_IMPORT_MAX_BYTES,
  PROSPECT_IMPORT_MESSAGES,
  prospectImportApplyBodySchema,
  prospectImportJobSchema,
  prospectImportRowSchema,
  prospectImportRowsQuerySchema,
  prospectImportUploadQuerySchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { readCsvUpload, withCsvBody } from '../../platform/csv-import.ts';
import { ok } from '../../platform/envelope.ts';
import { featureAccess } from '../../platform/guard.ts';
import type { ProspectImportService } from './prospect-import.ts';

const tags = ['Prospect imports'];
// Importing writes prospects, and its reports list them: every route needs prospects write.
const { write } = featureAccess('prospects');
const jobEnvelope = envelope(prospectImportJobSchema);
const params = importJobParamsSchema;

/** Prospect imports (issue 17 §1, decision 0026): upload with the mapping, follow, the lines, confirm, cancel. */
export const registerProspectImportRoutes = (parent: FastifyInstance, imports: ProspectImportService) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/api/prospect-imports', {
    config: write,
    schema: {
      tags,
      summary: 'Prospect imports, newest first, with their progress and reports',
      querystring: importJobListQuerySchema,
      response: { 200: envelope(z.array(prospectImportJobSchema)) },
    },
    handler: async (request) => {
      const { items, total } = await imports.list(request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/prospect-imports/:id', {
    config: write,
    schema: {
      tags,
      summary: 'One import: its status, progress and report (the preview, then what was imported)',
      params,
      response: { 200: jobEnvelope },
    },
    handler: async (request) => ok(await imports.get(request.params.id)),
  });

  app.get('/api/prospect-imports/:id/rows', {
    config: write,
    schema: {
      tags,
      summary:
        "The import's lines, in order: each ready, a duplicate (of which prospect or line), with its errors, imported or skipped",
      params,
      querystring: prospectImportRowsQuerySchema,
      response: { 200: envelope(z.array(prospectImportRowSchema)).extend({ totalResults: z.number() }) },
    },
    handler: async (request) => {
      const { items, total } = await imports.rows(request.params.id, request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  // The upload reads a multipart file or a text/csv body.
  void withCsvBody(parent, PROSPECT_IMPORT_MAX_BYTES, (scope) => {
    scope.post('/api/prospect-imports', {
      config: write,
      bodyLimit: PROSPECT_IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Upload a prospects file (CSV; the query names the column of each field, and the values of the fields no column gives), multipart field "file" or a text/csv body, up to 50 MB, no line cap; its preview runs as a job',
        consumes: ['multipart/form-data', 'text/csv'],
        querystring: prospectImportUploadQuerySchema,
        response: { 202: jobEnvelope },
      },
      handler: async (request, reply) => {
        const file = await readCsvUpload(request, {
          maxBytes: PROSPECT_IMPORT_MAX_BYTES,
          defaultName: 'prospects.csv',
          messages: {
            required: PROSPECT_IMPORT_MESSAGES.fileRequired,
            format: PROSPECT_IMPORT_MESSAGES.fileFormat,
            tooLarge: PROSPECT_IMPORT_MESSAGES.fileTooLarge,
          },
        });
        const job = await imports.upload(request.query, file, auditContextOf(request));
        return reply.code(202).send(ok(job, PROSPECT_IMPORT_MESSAGES.queued, 202));
      },
    });
  });

  app.post('/api/prospect-imports/:id/apply', {
    config: write,
    schema: {
      tags,
      summary:
        'Confirm a previewed import, the duplicates skipped (default) or imported too: the prospects are written as a job (409 unless it waits)',
      params,
      body: prospectImportApplyBodySchema,
      response: { 202: jobEnvelope },
    },
    handler: async (request, reply) => {
      const job = await imports.apply(request.params.id, request.body, auditContextOf(request));
      return reply.code(202).send(ok(job, PROSPECT_IMPORT_MESSAGES.applying, 202));
    },
  });

  app.post('/api/prospect-imports/:id/cancel', {
    config: write,
    schema: {
      tags,
      summary: 'Cancel an import that has not finished (the prospects already imported stay)',
      params,
      response: { 200: jobEnvelope },
    },
    handler: async (request) =>
      ok(
        await imports.cancel(request.params.id, auditContextOf(request)),
        PROSPECT_IMPORT_MESSAGES.cancelled,
      ),
  });
};
