import {
  accountDriftSchema,
  assignmentBodySchema,
  assignmentParamsSchema,
  assignmentSchema,
  clientIdParamsSchema,
  envelope,
  reviewActionBodySchema,
  reviewActionResultSchema,
  reviewQueueItemSchema,
  reviewQueueQuerySchema,
  STRATEGY_MESSAGES,
  strategizeBodySchema,
  strategizeResultSchema,
  strategyBodySchema,
  strategyIdParamsSchema,
  strategyListQuerySchema,
  strategySchema,
  valuationQuerySchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { featureAccess } from '../../platform/guard.ts';
import type { ReviewService } from './review.service.ts';
import type { StrategiesService } from './strategies.service.ts';

const tags = ['Strategies and review'];
const { read, write, remove } = featureAccess('managedAccounts');
const strategyEnvelope = envelope(strategySchema);
const assignmentEnvelope = envelope(assignmentSchema);

/** Strategies, assignments, drift and the bookkeeping review queue (spec §7 Accounts: strategies …). */
export const registerStrategiesRoutes = (
  parent: FastifyInstance,
  services: { strategies: StrategiesService; review: ReviewService },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { strategies, review } = services;

  app.get('/api/strategies', {
    config: read,
    schema: {
      tags,
      summary: 'Strategies with their targets: search (name, description), type, sort, paging',
      querystring: strategyListQuerySchema,
      response: { 200: envelope(z.array(strategySchema)) },
    },
    handler: async (request) => {
      const { items, total } = await strategies.list(request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/strategies/:id', {
    config: read,
    schema: {
      tags,
      summary: 'One strategy',
      params: strategyIdParamsSchema,
      response: { 200: strategyEnvelope },
    },
    handler: async (request) => ok(await strategies.get(request.params.id)),
  });

  app.post('/api/strategies', {
    config: write,
    schema: {
      tags,
      summary: 'Add a strategy with its targets (summing to 100%)',
      body: strategyBodySchema,
      response: { 201: strategyEnvelope },
    },
    handler: async (request, reply) => {
      const item = await strategies.create(request.body, auditContextOf(request));
      return reply.code(201).send(ok(item, STRATEGY_MESSAGES.created, 201));
    },
  });

  app.patch('/api/strategies/:id', {
    config: write,
    schema: {
      tags,
      summary: "Replace a strategy and its targets; its accounts' drift is checked again",
      params: strategyIdParamsSchema,
      body: strategyBodySchema,
      response: { 200: strategyEnvelope },
    },
    handler: async (request) =>
      ok(
        await strategies.update(request.params.id, request.body, auditContextOf(request)),
        STRATEGY_MESSAGES.updated,
      ),
  });

  app.delete('/api/strategies/:id', {
    config: remove,
    schema: {
      tags,
      summary: 'Delete a strategy no assignment uses (409 otherwise)',
      params: strategyIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await strategies.remove(request.params.id, auditContextOf(request));
      return ok(null, STRATEGY_MESSAGES.deleted);
    },
  });

  app.get('/api/clients/:clientId/strategy-assignments', {
    config: read,
    schema: {
      tags,
      summary: "The household's strategy assignments",
      params: clientIdParamsSchema,
      response: { 200: envelope(z.array(assignmentSchema)) },
    },
    handler: async (request) => ok(await strategies.assignments(request.params.clientId)),
  });

  app.post('/api/clients/:clientId/strategy-assignments', {
    config: write,
    schema: {
      tags,
      summary: 'Assign strategies to all of the household accounts or to chosen ones',
      params: clientIdParamsSchema,
      body: assignmentBodySchema,
      response: { 201: assignmentEnvelope },
    },
    handler: async (request, reply) => {
      const item = await strategies.assign(request.params.clientId, request.body, auditContextOf(request));
      return reply.code(201).send(ok(item, STRATEGY_MESSAGES.assigned, 201));
    },
  });

  app.put('/api/clients/:clientId/strategy-assignments/:assignmentId', {
    config: write,
    schema: {
      tags,
      summary: 'Replace an assignment',
      params: assignmentParamsSchema,
      body: assignmentBodySchema,
      response: { 200: assignmentEnvelope },
    },
    handler: async (request) => {
      const { clientId, assignmentId } = request.params;
      return ok(
        await strategies.updateAssignment(clientId, assignmentId, request.body, auditContextOf(request)),
        STRATEGY_MESSAGES.assignmentUpdated,
      );
    },
  });

  app.delete('/api/clients/:clientId/strategy-assignments/:assignmentId', {
    config: remove,
    schema: {
      tags,
      summary: 'Remove an assignment',
      params: assignmentParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      const { clientId, assignmentId } = request.params;
      await strategies.removeAssignment(clientId, assignmentId, auditContextOf(request));
      return ok(null, STRATEGY_MESSAGES.assignmentDeleted);
    },
  });

  app.get('/api/clients/:clientId/drift', {
    config: read,
    schema: {
      tags,
      summary: "Each of the household's accounts that follows a strategy: weights against the target bands",
      params: clientIdParamsSchema,
      querystring: valuationQuerySchema,
      response: { 200: envelope(z.array(accountDriftSchema)) },
    },
    handler: async (request) => ok(await strategies.drift(request.params.clientId, request.query.date)),
  });

  app.get('/api/bookkeeping-review', {
    config: read,
    schema: {
      tags,
      summary: 'The bookkeeping review queue: accounts by review status, filters by advisor and custodian',
      querystring: reviewQueueQuerySchema,
      response: {
        200: envelope(z.array(reviewQueueItemSchema)).extend({
          custodians: z.array(z.string()),
          /** How many accounts each status has under the same filters (the status control's badges). */
          counts: z.record(z.string(), z.number()),
        }),
      },
    },
    handler: async (request) => {
      const { items, total, custodians, counts } = await review.queue(request.query);
      return { ...ok(items), totalResults: total, custodians, counts };
    },
  });

  app.post('/api/bookkeeping-review/strategize', {
    config: write,
    schema: {
      tags,
      summary: 'Assign a strategy to accounts from the review queue (bookkeeping-strategization)',
      body: strategizeBodySchema,
      response: { 200: envelope(strategizeResultSchema) },
    },
    handler: async (request) => {
      const result = await strategies.strategize(request.body, auditContextOf(request));
      return ok(result, STRATEGY_MESSAGES.strategized(result.changed));
    },
  });

  app.post('/api/bookkeeping-review/actions', {
    config: write,
    schema: {
      tags,
      summary: 'Review done, snooze (date required), advance review or ready, on one account or many',
      body: reviewActionBodySchema,
      response: { 200: envelope(reviewActionResultSchema) },
    },
    handler: async (request) => {
      const result = await review.act(request.body, auditContextOf(request));
      const message = {
        REVIEW_DONE: STRATEGY_MESSAGES.reviewDone,
        SNOOZE: STRATEGY_MESSAGES.reviewSnoozed,
        ESCALATE: STRATEGY_MESSAGES.reviewEscalated,
        READY: STRATEGY_MESSAGES.reviewReady,
      }[request.body.action];
      return ok(result, message);
    },
  });
};
