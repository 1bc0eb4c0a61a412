import {
  CASH_FLOW_DIRECTION_LABELS,
  CASH_FLOW_MESSAGES,
  CASH_FLOW_SOURCE_LABELS,
  CASH_FLOW_TREATMENT_LABELS,
  type CashFlowRow,
  cashFlowRowSchema,
  cashFlowsExportQuerySchema,
  cashFlowsQuerySchema,
  cashFlowSummarySchema,
  cashFlowThresholdBodySchema,
  cashFlowThresholdSchema,
  envelope,
  manualCashFlowBodySchema,
  usDate,
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
import type { XlsxColumn } from '../../platform/xlsx.ts';
import type { CashFlowsService } from './cashflows.service.ts';

const tags = ['Billing cash flows'];
const access = featureAccess('cashflows');

/** The list as a file: each flow's size with its direction (as on the screen). */
export const CASH_FLOW_EXPORT_COLUMNS: readonly XlsxColumn<CashFlowRow>[] = [
  {
    header: 'Date',
    width: 12,
    value: (r) => new Date(`${r.date}T00:00:00Z`),
    text: (r) => usDate(r.date),
    numFmt: 'mm/dd/yyyy',
  },
  { header: 'Account', width: 36, value: (r) => r.account.registrationName },
  { header: 'Household', width: 30, value: (r) => r.household.name },
  { header: 'Direction', width: 12, value: (r) => CASH_FLOW_DIRECTION_LABELS[r.direction] },
  { header: 'Amount', width: 16, value: (r) => Number(r.amount), text: (r) => r.amount, numFmt: '#,##0.00' },
  { header: 'Treatment', width: 14, value: (r) => CASH_FLOW_TREATMENT_LABELS[r.treatment] },
  { header: 'Source', width: 12, value: (r) => CASH_FLOW_SOURCE_LABELS[r.source] },
  { header: 'Reason', width: 40, value: (r) => r.reason },
  { header: 'Entered by', width: 24, value: (r) => r.createdBy?.fullName ?? null },
];

/**
 * Cash flows (issue 14 §5; spec §2 /billing/cashflows): the list, its export, manual flows and the firm's
 * threshold, under the cashflows feature (read, write, delete).
 */
export const registerCashFlowsRoutes = (
  parent: FastifyInstance,
  deps: { cashFlows: CashFlowsService; today: FirmToday; clock: Clock },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { cashFlows } = deps;

  app.get('/api/billing/cashflows', {
    config: access.read,
    schema: {
      tags,
      summary:
        'Deposits and withdrawals (transactions and manual flows) with their treatment: filters, sort, paging, figures',
      querystring: cashFlowsQuerySchema,
      response: {
        200: envelope(z.array(cashFlowRowSchema)).extend({
          totalResults: z.number(),
          summary: cashFlowSummarySchema,
        }),
      },
    },
    handler: async (request) => {
      const { items, total, summary } = await cashFlows.list(request.query);
      return { ...ok(items), totalResults: total, summary };
    },
  });

  app.get('/api/billing/cashflows/export', {
    config: access.read,
    schema: {
      tags,
      summary: "Every flow the list's filters select, in its order, as a CSV or XLSX file",
      querystring: cashFlowsExportQuerySchema,
      response: { 200: z.unknown().describe('A CSV or XLSX file') },
    },
    handler: async (request, reply) => {
      const rows = await cashFlows.export(request.query, auditContextOf(request));
      const file = { name: 'cash-flows', sheet: 'Cash flows', columns: CASH_FLOW_EXPORT_COLUMNS, rows };
      return sendListFile(reply, { format: request.query.format, ...file }, deps);
    },
  });

  app.get('/api/billing/cashflows/threshold', {
    config: access.read,
    schema: {
      tags,
      summary: "The firm's threshold: flows below it (in absolute value) are not prorated; null prorates all",
      response: { 200: envelope(cashFlowThresholdSchema) },
    },
    handler: async () => ok(await cashFlows.threshold()),
  });

  app.put('/api/billing/cashflows/threshold', {
    config: access.write,
    schema: {
      tags,
      summary: "Change the firm's cash flow threshold (null: prorate every flow)",
      body: cashFlowThresholdBodySchema,
      response: { 200: envelope(cashFlowThresholdSchema) },
    },
    handler: async (request) =>
      ok(
        await cashFlows.updateThreshold(request.body.threshold, auditContextOf(request)),
        CASH_FLOW_MESSAGES.thresholdUpdated,
      ),
  });

  app.post('/api/billing/cashflows', {
    config: access.write,
    schema: {
      tags,
      summary: 'Add a manual cash flow with its reason (positive deposits, negative withdraws)',
      body: manualCashFlowBodySchema,
      response: { 201: envelope(z.object({ id: z.string() })) },
    },
    handler: async (request, reply) => {
      const created = await cashFlows.create(request.body, auditContextOf(request));
      return reply.code(201).send(ok(created, CASH_FLOW_MESSAGES.created, 201));
    },
  });

  app.delete('/api/billing/cashflows/:id', {
    config: access.remove,
    schema: {
      tags,
      summary: "Delete a manual cash flow (a transaction's flow is changed on its account)",
      params: z.object({ id: z.string().uuid(CASH_FLOW_MESSAGES.notFound) }),
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await cashFlows.remove(request.params.id, auditContextOf(request));
      return ok(null, CASH_FLOW_MESSAGES.deleted);
    },
  });
};
