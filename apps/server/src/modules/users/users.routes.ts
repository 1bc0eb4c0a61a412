import {
  addUserBodySchema,
  envelope,
  updateUserBodySchema,
  USER_MESSAGES,
  userIdParamsSchema,
  userListItemSchema,
  userListQuerySchema,
  userOptionsSchema,
  userSearchItemSchema,
  userSearchQuerySchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { datedFileName, sendCsv } from '../../platform/csv.ts';
import { ok } from '../../platform/envelope.ts';
import { sessionOf } from '../../platform/guard.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { createUsersService } from './users.service.ts';

const tags = ['Users'];
const userEnvelope = envelope(userListItemSchema);

export const registerUsersModule = (
  parent: FastifyInstance,
  deps: Parameters<typeof createUsersService>[0] & { today: FirmToday },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const users = createUsersService(deps);

  app.get('/api/users', {
    config: { permission: { feature: 'users', action: 'read' } },
    schema: {
      tags,
      summary: 'Users (role 3 left out): search q, status, sort, paging; ?format=csv exports every match',
      querystring: userListQuerySchema,
      response: { 200: envelope(z.array(userListItemSchema)).describe('JSON, or text/csv with format=csv') },
    },
    handler: async (request, reply) => {
      const query = request.query;
      if (query.format === 'csv') {
        const csv = await users.exportCsv(query, auditContextOf(request));
        return sendCsv(reply, { filename: datedFileName('users', deps.today()), csv });
      }
      const { items, total } = await users.list(query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/users/options', {
    config: { permission: { feature: 'users', action: 'read' } },
    schema: {
      tags,
      summary: 'Roles a user can be given and the teams, for the user forms',
      response: { 200: envelope(userOptionsSchema) },
    },
    handler: async () => ok(await users.options()),
  });

  app.get('/api/users/search', {
    config: { auth: 'signedIn' },
    schema: {
      tags,
      summary: 'Active users by full name for tagging (at most 10); exceptUsersId is a JSON list of ids',
      querystring: userSearchQuerySchema,
      response: { 200: envelope(z.array(userSearchItemSchema)) },
    },
    handler: async (request) => ok(await users.search(request.query.fullName, request.query.exceptUsersId)),
  });

  app.post('/api/users', {
    config: { permission: { feature: 'users', action: 'write' } },
    schema: {
      tags,
      summary: 'Add a user (ACTIVE, no password) and email the 7-day invitation',
      body: addUserBodySchema,
      response: { 201: userEnvelope },
    },
    handler: async (request, reply) => {
      const user = await users.add(request.body, auditContextOf(request));
      return reply.code(201).send(ok(user, USER_MESSAGES.added, 201));
    },
  });

  app.patch('/api/users/:id', {
    config: { permission: { feature: 'users', action: 'write' } },
    schema: {
      tags,
      summary: "Change a user's full name, role or teams",
      params: userIdParamsSchema,
      body: updateUserBodySchema,
      response: { 200: userEnvelope },
    },
    handler: async (request) =>
      ok(await users.update(request.params.id, request.body, auditContextOf(request)), USER_MESSAGES.updated),
  });

  app.post('/api/users/:id/deactivate', {
    config: { permission: { feature: 'users', action: 'delete' } },
    schema: {
      tags,
      summary: 'Deactivate a user: every session ends at once',
      params: userIdParamsSchema,
      response: { 200: userEnvelope },
    },
    handler: async (request) =>
      ok(
        await users.deactivate(request.params.id, sessionOf(request).user.id, auditContextOf(request)),
        USER_MESSAGES.deactivated,
      ),
  });

  app.post('/api/users/:id/reactivate', {
    config: { permission: { feature: 'users', action: 'delete' } },
    schema: {
      tags,
      summary: 'Reactivate a deactivated user',
      params: userIdParamsSchema,
      response: { 200: userEnvelope },
    },
    handler: async (request) =>
      ok(await users.reactivate(request.params.id, auditContextOf(request)), USER_MESSAGES.reactivated),
  });

  app.post('/api/users/:id/invitation', {
    config: { permission: { feature: 'users', action: 'write' } },
    schema: {
      tags,
      summary: 'Send the invitation again (only while it is not accepted); older links stop working',
      params: userIdParamsSchema,
      response: { 200: userEnvelope },
    },
    handler: async (request) =>
      ok(
        await users.resendInvitation(request.params.id, auditContextOf(request)),
        USER_MESSAGES.invitationSent,
      ),
  });
};
