import {
  envelope,
  FEE_SCHEDULE_API_MESSAGES,
  feeScheduleBodySchema,
  feeScheduleIdParamsSchema,
  feeScheduleItemSchema,
  feeScheduleListQuerySchema,
  feeSchedulePreviewBodySchema,
  feeSchedulePreviewSchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import type { FeeSchedulesService } from './fee-schedules.service.ts';

const tags = ['Fee schedules'];
const itemEnvelope = envelope(feeScheduleItemSchema);

const read = { permission: { feature: 'feeSchedules', action: 'read' } } as const;
const write = { permission: { feature: 'feeSchedules', action: 'write' } } as const;
const remove = { permission: { feature: 'feeSchedules', action: 'delete' } } as const;

/** Fee schedules (spec §2 /billing/fee): list, one, create, replace, delete, and a fee preview. */
export const registerFeeSchedulesModule = (
  parent: FastifyInstance,
  deps: { feeSchedules: FeeSchedulesService },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const schedules = deps.feeSchedules;

  app.get('/api/fee-schedules', {
    config: read,
    schema: {
      tags,
      summary: 'Fee schedules: search (name, description), type, structure, sort, paging',
      querystring: feeScheduleListQuerySchema,
      response: { 200: envelope(z.array(feeScheduleItemSchema)) },
    },
    handler: async (request) => {
      const { items, total } = await schedules.list(request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.post('/api/fee-schedules/preview', {
    config: read,
    schema: {
      tags,
      summary:
        'The fee of a value under a schedule (saved or not): annual with its lines, quarterly, effective rate, curve',
      body: feeSchedulePreviewBodySchema,
      response: { 200: envelope(feeSchedulePreviewSchema) },
    },
    handler: async (request) => ok(schedules.preview(request.body)),
  });

  app.get('/api/fee-schedules/:id', {
    config: read,
    schema: {
      tags,
      summary: 'One fee schedule with its live tiers, sorted by minimum',
      params: feeScheduleIdParamsSchema,
      response: { 200: itemEnvelope },
    },
    handler: async (request) => ok(await schedules.get(request.params.id)),
  });

  app.post('/api/fee-schedules', {
    config: write,
    schema: {
      tags,
      summary: 'Add a fee schedule with its structure (1 to 7 tiers)',
      body: feeScheduleBodySchema,
      response: { 201: itemEnvelope },
    },
    handler: async (request, reply) => {
      const item = await schedules.create(request.body, auditContextOf(request));
      return reply.code(201).send(ok(item, FEE_SCHEDULE_API_MESSAGES.created, 201));
    },
  });

  app.patch('/api/fee-schedules/:id', {
    config: write,
    schema: {
      tags,
      summary:
        'Replace a fee schedule: tiers with an id are updated, without one added; tiers not sent or sent with isDeleted are deleted',
      params: feeScheduleIdParamsSchema,
      body: feeScheduleBodySchema,
      response: { 200: itemEnvelope },
    },
    handler: async (request) =>
      ok(
        await schedules.update(request.params.id, request.body, auditContextOf(request)),
        FEE_SCHEDULE_API_MESSAGES.updated,
      ),
  });

  app.delete('/api/fee-schedules/:id', {
    config: remove,
    schema: {
      tags,
      summary: 'Delete a fee schedule; 409 naming where it is used when something refers to it',
      params: feeScheduleIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await schedules.remove(request.params.id, auditContextOf(request));
      return ok(null, FEE_SCHEDULE_API_MESSAGES.deleted);
    },
  });
};
