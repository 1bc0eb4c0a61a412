import {
  clientIdParamsSchema,
  envelope,
  PLANNING_FEE_MESSAGES,
  planningFeeBodySchema,
  planningFeeSchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { featureAccess } from '../../platform/guard.ts';
import type { PlanningFeesService } from './planning-fees.service.ts';

const tags = ['Billing setup'];
const units = featureAccess('billingUnits');
const feeParams = clientIdParamsSchema.extend({ id: z.string().uuid(PLANNING_FEE_MESSAGES.notFound) });

/** A unit's financial planning fees (issue 14; the unit page's Financial Planning Fees tab). */
export const registerPlanningFeesRoutes = (
  parent: FastifyInstance,
  deps: { planningFees: PlanningFeesService },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { planningFees } = deps;

  app.get('/api/billing/households/:clientId/planning-fees', {
    config: units.read,
    schema: {
      tags,
      summary: "The unit's financial planning fees, with each one's next charge and annual amount",
      params: clientIdParamsSchema,
      response: { 200: envelope(z.array(planningFeeSchema)) },
    },
    handler: async (request) => ok(await planningFees.list(request.params.clientId)),
  });

  app.post('/api/billing/households/:clientId/planning-fees', {
    config: units.write,
    schema: {
      tags,
      summary: 'Add a flat or periodic financial planning fee to the unit',
      params: clientIdParamsSchema,
      body: planningFeeBodySchema,
      response: { 201: envelope(planningFeeSchema) },
    },
    handler: async (request, reply) => {
      const fee = await planningFees.create(request.params.clientId, request.body, auditContextOf(request));
      return reply.code(201).send(ok(fee, PLANNING_FEE_MESSAGES.created, 201));
    },
  });

  app.patch('/api/billing/households/:clientId/planning-fees/:id', {
    config: units.write,
    schema: {
      tags,
      summary: "Change one of the unit's financial planning fees",
      params: feeParams,
      body: planningFeeBodySchema,
      response: { 200: envelope(planningFeeSchema) },
    },
    handler: async (request) =>
      ok(
        await planningFees.update(
          request.params.clientId,
          request.params.id,
          request.body,
          auditContextOf(request),
        ),
        PLANNING_FEE_MESSAGES.updated,
      ),
  });

  app.delete('/api/billing/households/:clientId/planning-fees/:id', {
    config: units.remove,
    schema: {
      tags,
      summary: "Delete one of the unit's financial planning fees",
      params: feeParams,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await planningFees.remove(request.params.clientId, request.params.id, auditContextOf(request));
      return ok(null, PLANNING_FEE_MESSAGES.deleted);
    },
  });
};
