import {
  CLIENT_API_MESSAGES,
  clientIdParamsSchema,
  envelope,
  identityNumberSchema,
  memberBasicStepSchema,
  memberDetailSchema,
  memberParamsSchema,
  memberStepBodySchema,
  memberStepParamsSchema,
  phoneAvailabilityQuerySchema,
  phoneAvailabilitySchema,
} from '@centric/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import type { MembersService } from './members.service.ts';

const tags = ['Clients'];
const read = { permission: { feature: 'clients', action: 'read' } } as const;
const write = { permission: { feature: 'clients', action: 'write' } } as const;
const remove = { permission: { feature: 'clients', action: 'delete' } } as const;
const memberEnvelope = envelope(memberDetailSchema);

/** The path names the step; the body's `step` is taken from it, so a client may leave it out. */
const stepFromPath = async (request: FastifyRequest) => {
  const { body, params } = request as FastifyRequest<{ Params: { step?: unknown } }>;
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    request.body = { ...body, step: params.step };
  }
};

export const registerMemberRoutes = (parent: FastifyInstance, members: MembersService) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/api/clients/phone-availability', {
    config: read,
    schema: {
      tags,
      summary: 'Whether a phone number is free (not held by another member unless linked to the primary)',
      querystring: phoneAvailabilityQuerySchema,
      response: { 200: envelope(phoneAvailabilitySchema) },
    },
    handler: async (request) => {
      const result = await members.phoneAvailability(request.query.phone, request.query.memberId);
      return ok(result, result.message);
    },
  });

  app.post('/api/clients/:clientId/members', {
    config: write,
    schema: {
      tags,
      summary: 'Add a member from the basic step (one PRIMARY and one SECONDARY per household)',
      params: clientIdParamsSchema,
      body: memberBasicStepSchema,
      response: { 201: memberEnvelope },
    },
    handler: async (request, reply) => {
      const detail = await members.addMember(request.params.clientId, request.body, auditContextOf(request));
      return reply.code(201).send(ok(detail, CLIENT_API_MESSAGES.memberAdded, 201));
    },
  });

  app.get('/api/clients/:clientId/members/:memberId', {
    config: read,
    schema: {
      tags,
      summary: 'A member with contacts (identity number masked)',
      params: memberParamsSchema,
      response: { 200: memberEnvelope },
    },
    handler: async (request) => ok(await members.getMember(request.params.clientId, request.params.memberId)),
  });

  app.put('/api/clients/:clientId/members/:memberId/steps/:step', {
    config: write,
    schema: {
      tags,
      summary: 'Save one wizard step (basic, preferences, contact, identity, employment) of a member',
      description:
        "The body is the step's fields with type and subType; its `step` is the path's. Identity step: " +
        'identityNumber absent keeps the stored number; null or "" clears it; with ssnMasking on, the masked ' +
        'form of the stored number (or its last 4 digits) keeps it.',
      params: memberStepParamsSchema,
      body: memberStepBodySchema,
      response: { 200: memberEnvelope },
    },
    preValidation: stepFromPath,
    handler: async (request) => {
      const { clientId, memberId } = request.params;
      const detail = await members.saveStep(clientId, memberId, request.body, auditContextOf(request));
      return ok(detail, CLIENT_API_MESSAGES.memberSaved);
    },
  });

  app.delete('/api/clients/:clientId/members/:memberId', {
    config: remove,
    schema: {
      tags,
      summary: 'Delete a member (never the primary); its contacts, dates and relationships go with it',
      params: memberParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await members.deleteMember(request.params.clientId, request.params.memberId, auditContextOf(request));
      return ok(null, CLIENT_API_MESSAGES.memberDeleted);
    },
  });

  app.get('/api/clients/:clientId/members/:memberId/identity-number', {
    config: write,
    schema: {
      tags,
      summary: "A member's identity number in clear (recorded in the audit trail as REVEAL)",
      params: memberParamsSchema,
      response: { 200: envelope(identityNumberSchema) },
    },
    handler: async (request) =>
      ok(
        await members.revealIdentityNumber(
          request.params.clientId,
          request.params.memberId,
          auditContextOf(request),
        ),
        CLIENT_API_MESSAGES.identityNumberRevealed,
      ),
  });
};
