import {
  clientIdParamsSchema,
  envelope,
  exclusionBodySchema,
  exclusionListSchema,
  EXCLUSION_MESSAGES,
  exclusionParamsSchema,
  exclusionSchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { featureAccess } from '../../platform/guard.ts';
import type { ExclusionsService } from './exclusions.service.ts';

const tags = ['Billing setup'];
const units = featureAccess('billingUnits');

/** The unit's excluded assets (issue 14 §5; the unit page's Exclude Assets tab). Units need billingUnits. */
export const registerExclusionsRoutes = (
  parent: FastifyInstance,
  deps: { exclusions: ExclusionsService },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { exclusions } = deps;

  app.get('/api/billing/households/:clientId/exclusions', {
    config: units.read,
    schema: {
      tags,
      summary: "The unit's excluded assets, each with what it excludes on today's valuation",
      params: clientIdParamsSchema,
      response: { 200: envelope(exclusionListSchema) },
    },
    handler: async (request) => ok(await exclusions.list(request.params.clientId)),
  });

  app.post('/api/billing/households/:clientId/exclusions', {
    config: units.write,
    schema: {
      tags,
      summary: 'Exclude a holding, a product or a percentage of an account from the fee, the payout or both',
      params: clientIdParamsSchema,
      body: exclusionBodySchema,
      response: { 201: envelope(exclusionSchema) },
    },
    handler: async (request, reply) => {
      const item = await exclusions.create(request.params.clientId, request.body, auditContextOf(request));
      return reply.code(201).send(ok(item, EXCLUSION_MESSAGES.created, 201));
    },
  });

  app.patch('/api/billing/households/:clientId/exclusions/:id', {
    config: units.write,
    schema: {
      tags,
      summary: "Change one of the unit's excluded assets",
      params: exclusionParamsSchema,
      body: exclusionBodySchema,
      response: { 200: envelope(exclusionSchema) },
    },
    handler: async (request) =>
      ok(
        await exclusions.update(
          request.params.clientId,
          request.params.id,
          request.body,
          auditContextOf(request),
        ),
        EXCLUSION_MESSAGES.updated,
      ),
  });

  app.delete('/api/billing/households/:clientId/exclusions/:id', {
    config: units.remove,
    schema: {
      tags,
      summary: "Delete one of the unit's excluded assets",
      params: exclusionParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await exclusions.remove(request.params.clientId, request.params.id, auditContextOf(request));
      return ok(null, EXCLUSION_MESSAGES.deleted);
    },
  });
};
