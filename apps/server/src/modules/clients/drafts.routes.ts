import { CLIENT_API_MESSAGES, clientDraftSchema, clientIdParamsSchema, envelope } from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import type { DraftsService } from './drafts.service.ts';

const tags = ['Clients'];

/** The Drafts view of /clients: households whose member wizard was not finished (decision 13). */
export const registerDraftRoutes = (parent: FastifyInstance, drafts: DraftsService) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/api/clients/drafts', {
    config: { permission: { feature: 'clients', action: 'read' } },
    schema: {
      tags,
      summary: "Households whose member wizard was not finished (every user's), newest first",
      response: { 200: envelope(z.array(clientDraftSchema)) },
    },
    handler: async () => {
      const list = await drafts.list();
      return { ...ok(list), totalResults: list.length };
    },
  });

  app.delete('/api/clients/drafts/:clientId', {
    config: { permission: { feature: 'clients', action: 'delete' } },
    schema: {
      tags,
      summary: 'Delete a draft household with its members (409 once the household is no longer a draft)',
      params: clientIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await drafts.remove(request.params.clientId, auditContextOf(request));
      return ok(null, CLIENT_API_MESSAGES.draftDeleted);
    },
  });
};
