import {
  accountIdParamsSchema,
  BILL_RUN_MESSAGES,
  billDetailSchema,
  billReasonBodySchema,
  billRowSchema,
  billRunBodySchema,
  type BillRun,
  billRunSchema,
  billRunsQuerySchema,
  billRunUnitSchema,
  billRunUnitsQuerySchema,
  billsQuerySchema,
  clientIdParamsSchema,
  envelope,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuditContext, auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { featureAccess, sessionOf } from '../../platform/guard.ts';
import type { BillRunsService } from './bill-runs.service.ts';

const tags = ['Bill runs'];
const pagedEnvelope = <T extends z.ZodType>(item: T) =>
  envelope(z.array(item)).extend({ totalResults: z.number() });
const paged = <T>(items: T[], total: number) => ({ ...ok(items), totalResults: total });
const instances = featureAccess('billingInstances');
const runParams = z.object({ id: z.string().uuid(BILL_RUN_MESSAGES.notFound) });
const billParams = z.object({ id: z.string().uuid(BILL_RUN_MESSAGES.billNotFound) });

/** Bill runs (issue 15; spec §7 Billing calls: bill generate, bills, report, retry, units). */
export const registerBillRunsRoutes = (parent: FastifyInstance, deps: { billRuns: BillRunsService }) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { billRuns } = deps;

  app.post('/api/bill-runs', {
    config: instances.write,
    schema: {
      tags,
      summary: 'Start a forecast or live bill run for a scope and period (a durable job)',
      body: billRunBodySchema,
      response: { 201: envelope(billRunSchema) },
    },
    handler: async (request, reply) => {
      const run = await billRuns.create(request.body, auditContextOf(request));
      return reply.code(201).send(ok(run, BILL_RUN_MESSAGES.created, 201));
    },
  });

  app.get('/api/bill-runs', {
    config: instances.read,
    schema: {
      tags,
      summary: 'The billing instances, newest first',
      querystring: billRunsQuerySchema,
      response: { 200: pagedEnvelope(billRunSchema) },
    },
    handler: async (request) => {
      const { runs, total } = await billRuns.list(request.query);
      return paged(runs, total);
    },
  });

  app.get('/api/bill-runs/:id', {
    config: instances.read,
    schema: {
      tags,
      summary: 'One run with its progress, outcomes and total',
      params: runParams,
      response: { 200: envelope(billRunSchema) },
    },
    handler: async (request) => ok(await billRuns.run(request.params.id)),
  });

  app.get('/api/bill-runs/:id/units', {
    config: instances.read,
    schema: {
      tags,
      summary: 'What the run did with each unit: billed, skipped with its reasons, already billed, failed',
      params: runParams,
      querystring: billRunUnitsQuerySchema,
      response: { 200: pagedEnvelope(billRunUnitSchema) },
    },
    handler: async (request) => {
      const { units, total } = await billRuns.units(request.params.id, request.query);
      return paged(units, total);
    },
  });

  app.get('/api/bill-runs/:id/bills', {
    config: instances.read,
    schema: {
      tags,
      summary: "The run's bills",
      params: runParams,
      querystring: billsQuerySchema,
      response: { 200: pagedEnvelope(billRowSchema) },
    },
    handler: async (request) => {
      const { bills, total } = await billRuns.bills(request.params.id, request.query);
      return paged(bills, total);
    },
  });

  const runAction = (
    path: string,
    summary: string,
    message: string,
    act: (id: string, context: AuditContext) => Promise<BillRun>,
  ) =>
    app.post(`/api/bill-runs/:id/${path}`, {
      config: instances.write,
      schema: { tags, summary, params: runParams, response: { 200: envelope(billRunSchema) } },
      handler: async (request) => ok(await act(request.params.id, auditContextOf(request)), message),
    });
  runAction('retry', 'Bill the failed households again', BILL_RUN_MESSAGES.retried, billRuns.retry);
  runAction('approve', "Approve a live run's bills", BILL_RUN_MESSAGES.approved, billRuns.approve);
  runAction(
    'lock',
    "Lock a live run's bills: nothing changes them after",
    BILL_RUN_MESSAGES.locked,
    billRuns.lock,
  );

  app.post('/api/bill-runs/:id/unlock', {
    config: instances.write,
    schema: {
      tags,
      summary: 'Unlock a locked live run before export (administrators, with a reason)',
      params: runParams,
      body: billReasonBodySchema,
      response: { 200: envelope(billRunSchema) },
    },
    handler: async (request) =>
      ok(
        await billRuns.unlock(
          request.params.id,
          request.body,
          auditContextOf(request),
          sessionOf(request).user.roleId,
        ),
        BILL_RUN_MESSAGES.unlocked,
      ),
  });

  app.get('/api/bills/:id', {
    config: instances.read,
    schema: {
      tags,
      summary: 'A bill with its explanation down to the tier line',
      params: billParams,
      response: { 200: envelope(billDetailSchema) },
    },
    handler: async (request) => ok(await billRuns.bill(request.params.id)),
  });

  app.post('/api/bills/:id/void', {
    config: instances.write,
    schema: {
      tags,
      summary: 'Void a bill before export: its accounts and period are free again',
      params: billParams,
      body: billReasonBodySchema,
      response: { 200: envelope(billDetailSchema) },
    },
    handler: async (request) =>
      ok(
        await billRuns.voidBill(request.params.id, request.body, auditContextOf(request)),
        BILL_RUN_MESSAGES.voided,
      ),
  });

  app.post('/api/bills/:id/pull', {
    config: instances.write,
    schema: {
      tags,
      summary: 'Pull a household out of its run before lock, to be billed later',
      params: billParams,
      response: { 200: envelope(billDetailSchema) },
    },
    handler: async (request) =>
      ok(await billRuns.pull(request.params.id, auditContextOf(request)), BILL_RUN_MESSAGES.pulled),
  });

  app.post('/api/bills/:id/regenerate', {
    config: instances.write,
    schema: {
      tags,
      summary: "Bill the household's billing group again in its run, before lock",
      params: billParams,
      response: { 200: envelope(billRunSchema) },
    },
    handler: async (request) =>
      ok(
        await billRuns.regenerate(request.params.id, auditContextOf(request)),
        BILL_RUN_MESSAGES.regenerated,
      ),
  });

  app.get('/api/billing/households/:clientId/live-bills', {
    config: instances.read,
    schema: {
      tags,
      summary: "The unit's live bills (Unit Live Bill tab)",
      params: clientIdParamsSchema,
      response: { 200: envelope(z.array(billRowSchema)) },
    },
    handler: async (request) => ok(await billRuns.liveBillsOfUnit(request.params.clientId)),
  });

  app.get('/api/billing/accounts/:accountId/live-bills', {
    config: instances.read,
    schema: {
      tags,
      summary: "The account's live bills (Account Live Bill tab)",
      params: accountIdParamsSchema,
      response: { 200: envelope(z.array(billRowSchema)) },
    },
    handler: async (request) => ok(await billRuns.liveBillsOfAccount(request.params.accountId)),
  });
};
