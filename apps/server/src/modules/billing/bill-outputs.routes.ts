import { PassThrough } from 'node:stream';
import {
  ADJUSTMENT_MESSAGES,
  adjustmentAccountSchema,
  adjustmentAccountsQuerySchema,
  adjustmentBodySchema,
  adjustmentSchema,
  adjustmentsQuerySchema,
  BILL_CHECK_MESSAGES,
  BILL_EXPORT_MESSAGES,
  BILL_RUN_MESSAGES,
  BILL_RUN_REPORTS,
  billCheckFindingSchema,
  billCheckOverrideBodySchema,
  billDifferenceSchema,
  billDifferencesQuerySchema,
  billDifferencesSummarySchema,
  billExportBodySchema,
  billExportSchema,
  billingSettingsSchema,
  billingSettingsViewSchema,
  BILLING_SETTINGS_MESSAGES,
  billRefundSchema,
  COLLECTION_MESSAGES,
  collectionBodySchema,
  collectionImportSchema,
  collectionSchema,
  envelope,
  payeePayoutSchema,
  payoutsQuerySchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { ok } from '../../platform/envelope.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { featureAccess } from '../../platform/guard.ts';
import { sendListFile } from '../../platform/list-file.ts';
import type { AdjustmentsService } from './adjustments.service.ts';
import type { BillExportsService } from './bill-exports.service.ts';
import type { BillReportsService } from './bill-reports.service.ts';
import type { BillRunsService } from './bill-runs.service.ts';
import { billingSettingsOf, type saveBillingSettings } from './billing-settings.ts';
import { renderInvoicePdf } from './invoices/invoice-pdf.ts';
import { invoiceFileName, writeInvoicesZip } from './invoices/invoice-zip.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { sql } from 'drizzle-orm';

const tags = ['Bill runs'];
const instances = featureAccess('billingInstances');
const runParams = z.object({ id: z.string().uuid(BILL_RUN_MESSAGES.notFound) });
const billParams = z.object({ id: z.string().uuid(BILL_RUN_MESSAGES.billNotFound) });
const pagedEnvelope = <T extends z.ZodType>(item: T) =>
  envelope(z.array(item)).extend({ totalResults: z.number() });
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`;

/**
 * What follows a bill run (issue 15 §1–§3): adjustments, the pre-export checks and overrides, the custodian fee
 * files and the NACHA file, refunds, collections, forecast-vs-live differences, payouts by payee, the run's
 * reports, invoices (a PDF per bill, a zip per run) and the billing settings. billingInstances read and write.
 */
export const registerBillOutputsRoutes = (
  parent: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    today: FirmToday;
    billRuns: BillRunsService;
    adjustments: AdjustmentsService;
    exports: BillExportsService;
    reports: BillReportsService;
    saveSettings: ReturnType<typeof saveBillingSettings>;
  },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { adjustments, exports, reports } = deps;

  // ---- Adjustments ---------------------------------------------------------------------------------------
  app.get('/api/billing/adjustments', {
    config: instances.read,
    schema: {
      tags,
      summary: "A unit's or an account's adjustments, newest first, with what is left of each",
      querystring: adjustmentsQuerySchema,
      response: { 200: envelope(z.array(adjustmentSchema)) },
    },
    handler: async (request) => ok(await adjustments.list(request.query)),
  });
  app.get('/api/billing/adjustments/accounts', {
    config: instances.read,
    schema: {
      tags,
      summary: "The unit's open accounts an adjustment may go to",
      querystring: adjustmentAccountsQuerySchema,
      response: { 200: envelope(z.array(adjustmentAccountSchema)) },
    },
    handler: async (request) => ok(await adjustments.accountsOf(request.query.clientId)),
  });
  app.post('/api/billing/adjustments', {
    config: instances.write,
    schema: {
      tags,
      summary: "An adjustment on an account, applied once by the account's next live bill",
      body: adjustmentBodySchema,
      response: { 201: envelope(adjustmentSchema) },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await adjustments.create(request.body, auditContextOf(request)),
            ADJUSTMENT_MESSAGES.created,
            201,
          ),
        ),
  });
  app.post('/api/billing/adjustments/:id/cancel', {
    config: instances.write,
    schema: {
      tags,
      summary: 'Cancel an adjustment no live bill has applied',
      params: z.object({ id: z.string().uuid(ADJUSTMENT_MESSAGES.notFound) }),
      response: { 200: envelope(adjustmentSchema) },
    },
    handler: async (request) =>
      ok(await adjustments.cancel(request.params.id, auditContextOf(request)), ADJUSTMENT_MESSAGES.cancelled),
  });

  // ---- Pre-export checks --------------------------------------------------------------------------------
  app.get('/api/bill-runs/:id/checks', {
    config: instances.read,
    schema: {
      tags,
      summary: "The pre-export checks the run's bills fail, with their overrides",
      params: runParams,
      response: { 200: envelope(z.array(billCheckFindingSchema)) },
    },
    handler: async (request) => ok(await exports.checks(request.params.id)),
  });
  app.post('/api/bills/:id/overrides', {
    config: instances.write,
    schema: {
      tags,
      summary: 'Let a failing pre-export check through, with a reason',
      params: billParams,
      body: billCheckOverrideBodySchema,
      response: { 200: envelope(z.array(billCheckFindingSchema)) },
    },
    handler: async (request) =>
      ok(
        await exports.override(request.params.id, request.body, auditContextOf(request)),
        BILL_CHECK_MESSAGES.overridden,
      ),
  });

  // ---- Exports and refunds ------------------------------------------------------------------------------
  app.post('/api/bill-runs/:id/exports', {
    config: instances.write,
    schema: {
      tags,
      summary: 'Export a locked run: the custodian fee files or the NACHA file (again only when confirmed)',
      params: runParams,
      body: billExportBodySchema,
      response: { 201: envelope(z.array(billExportSchema)) },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await exports.exportRun(request.params.id, request.body, auditContextOf(request)),
            BILL_EXPORT_MESSAGES.exported,
            201,
          ),
        ),
  });
  app.get('/api/bill-runs/:id/exports', {
    config: instances.read,
    schema: {
      tags,
      summary: "The run's exported files, newest export first",
      params: runParams,
      response: { 200: envelope(z.array(billExportSchema)) },
    },
    handler: async (request) => ok(await exports.exports(request.params.id)),
  });
  app.get('/api/bill-exports/:id/file', {
    config: instances.read,
    schema: {
      tags,
      summary: 'One exported file, as it was written',
      params: z.object({ id: z.string().uuid(BILL_EXPORT_MESSAGES.notFound) }),
    },
    handler: async (request, reply) => {
      const file = await exports.exportFile(request.params.id, auditContextOf(request));
      return reply
        .type(file.contentType)
        .header('content-disposition', attachment(file.fileName))
        .send(file.content);
    },
  });
  app.get('/api/bill-runs/:id/refunds', {
    config: instances.read,
    schema: {
      tags,
      summary: 'The credits no fee file carries: refunded by the firm',
      params: runParams,
      response: { 200: envelope(z.array(billRefundSchema)) },
    },
    handler: async (request) => ok(await exports.refunds(request.params.id)),
  });

  // ---- Collections ------------------------------------------------------------------------------------
  app.get('/api/bills/:id/collections', {
    config: instances.read,
    schema: {
      tags,
      summary: 'What was collected on a bill',
      params: billParams,
      response: { 200: envelope(z.array(collectionSchema)) },
    },
    handler: async (request) => ok(await exports.collections(request.params.id)),
  });
  app.post('/api/bills/:id/collections', {
    config: instances.write,
    schema: {
      tags,
      summary: 'Record money collected on an exported bill, by hand',
      params: billParams,
      body: collectionBodySchema,
      response: { 201: envelope(z.array(collectionSchema)) },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await exports.collect(request.params.id, request.body, auditContextOf(request)),
            COLLECTION_MESSAGES.recorded,
            201,
          ),
        ),
  });
  app.post('/api/bill-runs/:id/collections/import', {
    config: instances.write,
    schema: {
      tags,
      summary:
        "A custodian's or bank's confirmation file (CSV: reference, amount, date) collected on the run's bills",
      params: runParams,
      body: z.object({
        source: z.enum(['CUSTODIAN', 'BANK'], { error: 'Please select where the file comes from.' }),
        content: z.string().max(5_000_000, 'The file can be at most 5 MB.'),
      }),
      response: { 200: envelope(collectionImportSchema) },
    },
    handler: async (request) =>
      ok(
        await exports.importConfirmation(
          request.params.id,
          request.body.source,
          request.body.content,
          auditContextOf(request),
        ),
        COLLECTION_MESSAGES.imported,
      ),
  });

  // ---- Differences, payouts, reports ---------------------------------------------------------------------
  app.get('/api/bill-runs/:id/differences', {
    config: instances.read,
    schema: {
      tags,
      summary: 'For every household, what changed between the last forecast of the period and this live run',
      params: runParams,
      querystring: billDifferencesQuerySchema,
      response: {
        200: pagedEnvelope(billDifferenceSchema).extend({ summary: billDifferencesSummarySchema }),
      },
    },
    handler: async (request) => {
      const { rows, total, summary } = await reports.differences(request.params.id, request.query);
      return { ...ok(rows), totalResults: total, summary };
    },
  });
  app.get('/api/billing/payouts', {
    config: instances.read,
    schema: {
      tags,
      summary: 'Per payee, what the locked bills ending in a range give them: billed and collected',
      querystring: payoutsQuerySchema,
      response: { 200: envelope(z.array(payeePayoutSchema)) },
    },
    handler: async (request) => ok(await reports.payouts(request.query)),
  });
  app.get('/api/bill-runs/:id/reports/:report', {
    config: instances.read,
    schema: {
      tags,
      summary: "A run's report as CSV or XLSX: payable summary, bill data, exceptions, settings",
      params: runParams.extend({ report: z.enum(BILL_RUN_REPORTS, { error: 'Unknown report.' }) }),
      querystring: z.object({ format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx.' }) }),
    },
    handler: async (request, reply) =>
      reports.report(request.params.id, request.params.report, (file) =>
        sendListFile(reply, { format: request.query.format, ...file }, deps),
      ),
  });

  // ---- Invoices -------------------------------------------------------------------------------------------
  app.get('/api/bills/:id/invoice', {
    config: instances.read,
    schema: { tags, summary: "A bill's invoice (PDF)", params: billParams },
    handler: async (request, reply) => {
      const bill = await deps.billRuns.bill(request.params.id);
      const settings = await billingSettingsOf(deps.db);
      const pdf = await renderInvoicePdf({ firmName: settings.firmName, bill, issuedOn: deps.today() });
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(invoiceFileName(bill)))
        .send(pdf);
    },
  });
  app.get('/api/bill-runs/:id/invoices', {
    config: instances.read,
    schema: { tags, summary: "Every invoice of a run's active bills, as one zip", params: runParams },
    handler: async (request, reply) => {
      const run = await deps.billRuns.run(request.params.id);
      const ids = rowsOf<{ id: string }>(
        await deps.db.execute(sql`select id from bills where run_id = ${run.id}::uuid
          and status not in ('VOIDED', 'PULLED') order by bill_no`),
      ).map((r) => r.id);
      const settings = await billingSettingsOf(deps.db);
      const issuedOn = deps.today();
      const billRuns = deps.billRuns;
      async function* entries() {
        for (const id of ids) {
          const bill = await billRuns.bill(id);
          yield {
            name: invoiceFileName(bill),
            pdf: await renderInvoicePdf({ firmName: settings.firmName, bill, issuedOn }),
          };
        }
      }
      const out = new PassThrough();
      writeInvoicesZip(entries(), out).catch((error: unknown) =>
        request.log.error({ err: error }, 'invoices zip failed'),
      );
      return reply
        .type('application/zip')
        .header('content-disposition', attachment(`invoices-run-${run.number}.zip`))
        .send(out);
    },
  });

  // ---- Settings -------------------------------------------------------------------------------------------
  app.get('/api/billing/settings', {
    config: instances.read,
    schema: {
      tags,
      summary: "The firm's billing settings",
      response: { 200: envelope(billingSettingsViewSchema) },
    },
    handler: async () => ok(await billingSettingsOf(deps.db)),
  });
  app.put('/api/billing/settings', {
    config: instances.write,
    schema: {
      tags,
      summary: "Change the firm's billing settings (proration, firm name, collection window, ACH originator)",
      body: billingSettingsSchema,
      response: { 200: envelope(billingSettingsViewSchema) },
    },
    handler: async (request) => {
      const { settings } = await deps.saveSettings(request.body, auditContextOf(request));
      return ok(settings, BILLING_SETTINGS_MESSAGES.updated);
    },
  });
};
