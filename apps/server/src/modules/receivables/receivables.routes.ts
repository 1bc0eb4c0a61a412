import {
  envelope,
  RECEIVABLE_CHILD_TAB_LABELS,
  RECEIVABLE_FREQUENCY_LABELS,
  RECEIVABLE_MESSAGES,
  RECEIVABLE_PAYMENT_STATE_LABELS,
  RECEIVABLE_VIEW_BY_LABELS,
  receivableBodySchema,
  receivableChartsQuerySchema,
  receivableChartsSchema,
  receivableOptionsSchema,
  type ReceivableRow,
  receivableRowSchema,
  receivableSchema,
  receivablesExportQuerySchema,
  receivablesHeaderSchema,
  receivablesQuerySchema,
  receivePaymentBodySchema,
  writeOffPaymentBodySchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Alerts } from '../../platform/alerts.ts';
import { auditContextOf } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { ok } from '../../platform/envelope.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { featureAccess } from '../../platform/guard.ts';
import { sendListFile } from '../../platform/list-file.ts';
import type { XlsxColumn } from '../../platform/xlsx.ts';
import type { FileStorage } from '../../platform/files.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { registerCarrierStatementRoutes } from './carrier-statements.routes.ts';
import { createCarrierStatementsService } from './carrier-statements.service.ts';
import { registerCompensationRoutes } from './compensation.routes.ts';
import { dayColumn, moneyColumn } from './export-columns.ts';
import { createReceivablesService } from './receivables.service.ts';

const tags = ['Receivables'];
const access = featureAccess('receivables');
const idParams = z.object({ id: z.string().uuid(RECEIVABLE_MESSAGES.notFound) });
const paymentParams = idParams.extend({ paymentId: z.string().uuid(RECEIVABLE_MESSAGES.paymentNotFound) });
const detail = { 200: envelope(receivableSchema) };

/** The list as a file: the view's group first, then what the screen shows. */
export const receivableExportColumns = (groupHeader: string): readonly XlsxColumn<ReceivableRow>[] => [
  { header: groupHeader, width: 28, value: (r) => r.group.name },
  { header: 'Product', width: 30, value: (r) => r.product.name },
  { header: 'Provider', width: 24, value: (r) => r.provider.name },
  { header: 'Household', width: 30, value: (r) => r.household.name },
  { header: 'Advisor', width: 24, value: (r) => r.advisor },
  { header: 'Account holder', width: 24, value: (r) => r.accountHolder },
  { header: 'Policy or contract number', width: 22, value: (r) => r.policyNumber },
  { header: 'Frequency', width: 12, value: (r) => RECEIVABLE_FREQUENCY_LABELS[r.paymentFrequency] },
  dayColumn('Date', (r) => r.date),
  moneyColumn('Amount', (r) => r.amount),
  { header: 'State', width: 12, value: (r) => (r.state ? RECEIVABLE_PAYMENT_STATE_LABELS[r.state] : null) },
  dayColumn('Received on', (r) => r.receivedDate),
  { header: 'Days past due', width: 12, value: (r) => r.daysPastDue },
  { header: 'Payments', width: 10, value: (r) => r.numberOfPayments },
  moneyColumn('Total', (r) => r.totalAmount),
];

/**
 * Receivables (issue 16 §1; spec §2 /billing/receivables, §7 Receivables calls): the list of a child tab under
 * a view with its header and charts, the receivable with its splits and schedule, and its payments' states;
 * every route under the receivables feature (read, write, delete).
 */
export const registerReceivablesModule = (
  parent: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    today: FirmToday;
    alerts: Pick<Alerts, 'raiseAlerts' | 'resolveAlerts'>;
    files: FileStorage;
    jobs: Pick<JobRunner, 'enqueue' | 'kick' | 'continueWith' | 'cancel'>;
  },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const receivables = createReceivablesService(deps);
  // What the payees earn from fees and these receivables' splits, less chargebacks (issue 16 §3).
  registerCompensationRoutes(parent, deps);
  // The carriers' statements reconciled against the schedules (issue 16 §2).
  registerCarrierStatementRoutes(parent, createCarrierStatementsService(deps));

  app.get('/api/receivables', {
    config: access.read,
    schema: {
      tags,
      summary:
        'One page of a child tab (projected, pastDue, received payments, or the originals) under a view, with its groups',
      querystring: receivablesQuerySchema,
      response: { 200: envelope(z.array(receivableRowSchema)).extend({ totalResults: z.number() }) },
    },
    handler: async (request) => {
      const { items, total } = await receivables.list(request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/receivables/export', {
    config: access.read,
    schema: {
      tags,
      summary: "Every row the list's child tab, view and filters select, in its order, as CSV or XLSX",
      querystring: receivablesExportQuerySchema,
      response: { 200: z.unknown().describe('A CSV or XLSX file') },
    },
    handler: async (request, reply) => {
      const rows = await receivables.export(request.query, auditContextOf(request));
      const viewLabel = RECEIVABLE_VIEW_BY_LABELS[request.query.viewBy];
      const file = {
        name: `receivables-${request.query.childTab}`,
        sheet: `Receivables ${RECEIVABLE_CHILD_TAB_LABELS[request.query.childTab]}`,
        columns: receivableExportColumns(viewLabel.replace(/s$/, '')),
        rows,
      };
      return sendListFile(reply, { format: request.query.format, ...file }, deps);
    },
  });

  app.get('/api/receivables/header', {
    config: access.read,
    schema: {
      tags,
      summary: 'Projected this month, quarter and year; past due total; received year to date',
      response: { 200: envelope(receivablesHeaderSchema) },
    },
    handler: async () => ok(await receivables.header()),
  });

  app.get('/api/receivables/charts', {
    config: access.read,
    schema: {
      tags,
      summary: 'Projected by month for the next 12 months (stacked by product or provider); past due by age',
      querystring: receivableChartsQuerySchema,
      response: { 200: envelope(receivableChartsSchema) },
    },
    handler: async (request) => ok(await receivables.charts(request.query.viewBy)),
  });

  app.get('/api/receivables/options', {
    config: access.read,
    schema: {
      tags,
      summary: "The form's choices: active receivable products (with product type) and providers",
      response: { 200: envelope(receivableOptionsSchema) },
    },
    handler: async () => ok(await receivables.options()),
  });

  app.get('/api/receivables/:id', {
    config: access.read,
    schema: {
      tags,
      summary: 'A receivable with its commission splits and its schedule of payments, each split',
      params: idParams,
      response: detail,
    },
    handler: async (request) => ok(await receivables.get(request.params.id)),
  });

  app.post('/api/receivables', {
    config: access.write,
    schema: {
      tags,
      summary: 'Add a receivable with its commission splits; its schedule of expected payments is made',
      body: receivableBodySchema,
      response: { 201: envelope(receivableSchema) },
    },
    handler: async (request, reply) => {
      const created = await receivables.create(request.body, auditContextOf(request));
      return reply.code(201).send(ok(created, RECEIVABLE_MESSAGES.created, 201));
    },
  });

  app.patch('/api/receivables/:id', {
    config: access.write,
    schema: {
      tags,
      summary:
        'Change a receivable; the expected payments are made again, received and written-off ones kept',
      params: idParams,
      body: receivableBodySchema,
      response: detail,
    },
    handler: async (request) =>
      ok(
        await receivables.update(request.params.id, request.body, auditContextOf(request)),
        RECEIVABLE_MESSAGES.updated,
      ),
  });

  app.delete('/api/receivables/:id', {
    config: access.remove,
    schema: {
      tags,
      summary: 'Delete a receivable with its splits and payments',
      params: idParams,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await receivables.remove(request.params.id, auditContextOf(request));
      return ok(null, RECEIVABLE_MESSAGES.deleted);
    },
  });

  app.post('/api/receivables/:id/payments', {
    config: access.write,
    schema: {
      tags,
      summary: 'Record a payment received on a paid-up receivable (it expects none)',
      params: idParams,
      body: receivePaymentBodySchema,
      response: { 201: envelope(receivableSchema) },
    },
    handler: async (request, reply) => {
      const result = await receivables.recordPayment(
        request.params.id,
        request.body,
        auditContextOf(request),
      );
      return reply.code(201).send(ok(result, RECEIVABLE_MESSAGES.paymentRecorded, 201));
    },
  });

  app.post('/api/receivables/:id/payments/:paymentId/receive', {
    config: access.write,
    schema: {
      tags,
      summary: 'Mark an expected or past-due payment received (date and amount received)',
      params: paymentParams,
      body: receivePaymentBodySchema,
      response: detail,
    },
    handler: async (request) =>
      ok(
        await receivables.receive(
          request.params.id,
          request.params.paymentId,
          request.body,
          auditContextOf(request),
        ),
        RECEIVABLE_MESSAGES.markedReceived,
      ),
  });

  app.post('/api/receivables/:id/payments/:paymentId/write-off', {
    config: access.write,
    schema: {
      tags,
      summary: 'Write off an expected or past-due payment, with a note',
      params: paymentParams,
      body: writeOffPaymentBodySchema,
      response: detail,
    },
    handler: async (request) =>
      ok(
        await receivables.writeOff(
          request.params.id,
          request.params.paymentId,
          request.body.note,
          auditContextOf(request),
        ),
        RECEIVABLE_MESSAGES.writtenOff,
      ),
  });

  app.post('/api/receivables/:id/payments/:paymentId/reopen', {
    config: access.write,
    schema: {
      tags,
      summary: 'Undo a receipt or a write-off: the payment is expected again',
      params: paymentParams,
      response: detail,
    },
    handler: async (request) =>
      ok(
        await receivables.reopen(request.params.id, request.params.paymentId, auditContextOf(request)),
        RECEIVABLE_MESSAGES.reopened,
      ),
  });
};
