import {
  CLIENT_API_MESSAGES,
  envelope,
  linkHouseholdsBodySchema,
  otherProfessionalItemSchema,
  otherProfessionalListQuerySchema,
  otherProfessionalSchema,
  professionalIdParamsSchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { createOtherProfessionalsService } from './other-professionals.service.ts';

const tags = ['Other professionals'];
const itemEnvelope = envelope(otherProfessionalItemSchema);

const read = { permission: { feature: 'otherProfessionals', action: 'read' } } as const;
const write = { permission: { feature: 'otherProfessionals', action: 'write' } } as const;
const remove = { permission: { feature: 'otherProfessionals', action: 'delete' } } as const;

export const registerOtherProfessionalsModule = (
  parent: FastifyInstance,
  deps: Parameters<typeof createOtherProfessionalsService>[0],
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const professionals = createOtherProfessionalsService(deps);

  app.get('/api/other-professionals', {
    config: read,
    schema: {
      tags,
      summary:
        'Other professionals: search (name, email, type), type, clientId (linked household), sort, paging',
      querystring: otherProfessionalListQuerySchema,
      response: { 200: envelope(z.array(otherProfessionalItemSchema)) },
    },
    handler: async (request) => {
      const { items, total } = await professionals.list(request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/other-professionals/:id', {
    config: read,
    schema: {
      tags,
      summary: 'One other professional with the households linked to it',
      params: professionalIdParamsSchema,
      response: { 200: itemEnvelope },
    },
    handler: async (request) => ok(await professionals.get(request.params.id)),
  });

  app.post('/api/other-professionals', {
    config: write,
    schema: {
      tags,
      summary: 'Add an other professional (contact type, full name, phone, address, state, zip, email, note)',
      body: otherProfessionalSchema,
      response: { 201: itemEnvelope },
    },
    handler: async (request, reply) => {
      const item = await professionals.create(request.body, auditContextOf(request));
      return reply.code(201).send(ok(item, CLIENT_API_MESSAGES.professionalAdded, 201));
    },
  });

  app.put('/api/other-professionals/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Change an other professional (every field)',
      params: professionalIdParamsSchema,
      body: otherProfessionalSchema,
      response: { 200: itemEnvelope },
    },
    handler: async (request) =>
      ok(
        await professionals.update(request.params.id, request.body, auditContextOf(request)),
        CLIENT_API_MESSAGES.professionalUpdated,
      ),
  });

  app.delete('/api/other-professionals/:id', {
    config: remove,
    schema: {
      tags,
      summary: 'Delete an other professional and its household links',
      params: professionalIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await professionals.remove(request.params.id, auditContextOf(request));
      return ok(null, CLIENT_API_MESSAGES.professionalDeleted);
    },
  });

  app.put('/api/other-professionals/:id/households', {
    config: write,
    schema: {
      tags,
      summary: 'Link the professional to exactly these households {clientIds}',
      params: professionalIdParamsSchema,
      body: linkHouseholdsBodySchema,
      response: { 200: itemEnvelope },
    },
    handler: async (request) =>
      ok(
        await professionals.linkHouseholds(
          request.params.id,
          request.body.clientIds,
          auditContextOf(request),
        ),
        CLIENT_API_MESSAGES.professionalUpdated,
      ),
  });
};
