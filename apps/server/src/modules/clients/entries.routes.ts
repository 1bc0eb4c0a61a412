import {
  CLIENT_API_MESSAGES,
  clientIdParamsSchema,
  entryParamsSchema,
  envelope,
  milestoneItemSchema,
  milestoneSchema,
  relationshipItemSchema,
  relationshipSchema,
  specialDateItemSchema,
  specialDateSchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import type { EntriesService } from './entries.service.ts';

const tags = ['Clients'];
const write = { permission: { feature: 'clients', action: 'write' } } as const;
const remove = { permission: { feature: 'clients', action: 'delete' } } as const;
const nullEnvelope = envelope(z.null());

/** Special dates, milestones (family entries) and relationships of a household. */
export const registerEntryRoutes = (parent: FastifyInstance, entries: EntriesService) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  // ---- Special dates (one per member and date type) --------------------------------------------------------

  app.post('/api/clients/:clientId/special-dates', {
    config: write,
    schema: {
      tags,
      summary: 'Add a special date (409 when the member already has one of that type)',
      params: clientIdParamsSchema,
      body: specialDateSchema,
      response: { 201: envelope(specialDateItemSchema) },
    },
    handler: async (request, reply) => {
      const item = await entries.addSpecialDate(
        request.params.clientId,
        request.body,
        auditContextOf(request),
      );
      return reply.code(201).send(ok(item, CLIENT_API_MESSAGES.specialDateAdded, 201));
    },
  });

  app.put('/api/clients/:clientId/special-dates/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Change a special date',
      params: entryParamsSchema,
      body: specialDateSchema,
      response: { 200: envelope(specialDateItemSchema) },
    },
    handler: async (request) =>
      ok(
        await entries.updateSpecialDate(
          request.params.clientId,
          request.params.id,
          request.body,
          auditContextOf(request),
        ),
        CLIENT_API_MESSAGES.specialDateUpdated,
      ),
  });

  app.delete('/api/clients/:clientId/special-dates/:id', {
    config: remove,
    schema: {
      tags,
      summary: 'Delete a special date',
      params: entryParamsSchema,
      response: { 200: nullEnvelope },
    },
    handler: async (request) => {
      await entries.deleteSpecialDate(request.params.clientId, request.params.id, auditContextOf(request));
      return ok(null, CLIENT_API_MESSAGES.specialDateDeleted);
    },
  });

  // ---- Milestones ------------------------------------------------------------------------------------------

  app.post('/api/clients/:clientId/milestones', {
    config: write,
    schema: {
      tags,
      summary: 'Add a family/milestone entry to a member',
      params: clientIdParamsSchema,
      body: milestoneSchema,
      response: { 201: envelope(milestoneItemSchema) },
    },
    handler: async (request, reply) => {
      const item = await entries.addMilestone(request.params.clientId, request.body, auditContextOf(request));
      return reply.code(201).send(ok(item, CLIENT_API_MESSAGES.milestoneAdded, 201));
    },
  });

  app.put('/api/clients/:clientId/milestones/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Change a family/milestone entry',
      params: entryParamsSchema,
      body: milestoneSchema,
      response: { 200: envelope(milestoneItemSchema) },
    },
    handler: async (request) =>
      ok(
        await entries.updateMilestone(
          request.params.clientId,
          request.params.id,
          request.body,
          auditContextOf(request),
        ),
        CLIENT_API_MESSAGES.milestoneUpdated,
      ),
  });

  app.delete('/api/clients/:clientId/milestones/:id', {
    config: remove,
    schema: {
      tags,
      summary: 'Delete a family/milestone entry',
      params: entryParamsSchema,
      response: { 200: nullEnvelope },
    },
    handler: async (request) => {
      await entries.deleteMilestone(request.params.clientId, request.params.id, auditContextOf(request));
      return ok(null, CLIENT_API_MESSAGES.milestoneDeleted);
    },
  });

  // ---- Relationships ---------------------------------------------------------------------------------------

  app.post('/api/clients/:clientId/relationships', {
    config: write,
    schema: {
      tags,
      summary: '"member is {relation} of relative", both members of the household',
      params: clientIdParamsSchema,
      body: relationshipSchema,
      response: { 201: envelope(relationshipItemSchema) },
    },
    handler: async (request, reply) => {
      const item = await entries.addRelationship(
        request.params.clientId,
        request.body,
        auditContextOf(request),
      );
      return reply.code(201).send(ok(item, CLIENT_API_MESSAGES.relationshipAdded, 201));
    },
  });

  app.delete('/api/clients/:clientId/relationships/:id', {
    config: remove,
    schema: {
      tags,
      summary: 'Delete a relationship',
      params: entryParamsSchema,
      response: { 200: nullEnvelope },
    },
    handler: async (request) => {
      await entries.deleteRelationship(request.params.clientId, request.params.id, auditContextOf(request));
      return ok(null, CLIENT_API_MESSAGES.relationshipDeleted);
    },
  });
};
