import {
  createTeamBodySchema,
  envelope,
  TEAM_LOGO_MAX_BYTES,
  TEAM_MESSAGES,
  teamIdParamsSchema,
  teamListQuerySchema,
  teamLogoResultSchema,
  teamSchema,
  updateTeamBodySchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { readImageUpload, sendImage } from '../../platform/files.ts';
import { createTeamsService } from './teams.service.ts';

const tags = ['Teams'];

export const registerTeamsModule = (
  parent: FastifyInstance,
  deps: Parameters<typeof createTeamsService>[0],
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const teams = createTeamsService(deps);

  app.get('/api/teams', {
    config: { permission: { feature: 'teams', action: 'read' } },
    schema: {
      tags,
      summary: 'Teams with their members (optional name search q)',
      querystring: teamListQuerySchema,
      response: { 200: envelope(z.array(teamSchema)) },
    },
    handler: async (request) => {
      const list = await teams.list({ q: request.query.q });
      return { ...ok(list), totalResults: list.length };
    },
  });

  app.get('/api/teams/:id', {
    config: { permission: { feature: 'teams', action: 'read' } },
    schema: {
      tags,
      summary: 'One team',
      params: teamIdParamsSchema,
      response: { 200: envelope(teamSchema) },
    },
    handler: async (request) => ok(await teams.get(request.params.id)),
  });

  app.post('/api/teams', {
    config: { permission: { feature: 'teams', action: 'write' } },
    schema: {
      tags,
      summary: 'Create a team {name, location, emailAlias, memberIds}',
      body: createTeamBodySchema,
      response: { 201: envelope(teamSchema) },
    },
    handler: async (request, reply) => {
      const team = await teams.create(request.body, auditContextOf(request));
      return reply.code(201).send(ok(team, TEAM_MESSAGES.created, 201));
    },
  });

  app.patch('/api/teams/:id', {
    config: { permission: { feature: 'teams', action: 'write' } },
    schema: {
      tags,
      summary: 'Change a team; memberIds replaces the member list',
      params: teamIdParamsSchema,
      body: updateTeamBodySchema,
      response: { 200: envelope(teamSchema) },
    },
    handler: async (request) =>
      ok(await teams.update(request.params.id, request.body, auditContextOf(request)), TEAM_MESSAGES.updated),
  });

  app.delete('/api/teams/:id', {
    config: { permission: { feature: 'teams', action: 'delete' } },
    schema: {
      tags,
      summary: 'Delete a team',
      params: teamIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await teams.remove(request.params.id, auditContextOf(request));
      return ok(null, TEAM_MESSAGES.deleted);
    },
  });

  app.put('/api/teams/:id/logo', {
    config: { permission: { feature: 'teams', action: 'write' } },
    schema: {
      tags,
      summary: 'Upload the team logo (jpg, jpeg, png by content, up to 512 KB), multipart field "file"',
      consumes: ['multipart/form-data'],
      params: teamIdParamsSchema,
      response: { 200: envelope(teamLogoResultSchema) },
    },
    handler: async (request) => {
      const { data, type } = await readImageUpload(request, {
        maxBytes: TEAM_LOGO_MAX_BYTES,
        formatMessage: TEAM_MESSAGES.logoFormat,
        tooLargeMessage: TEAM_MESSAGES.logoTooLarge,
      });
      return ok(
        await teams.setLogo(request.params.id, data, type, auditContextOf(request)),
        TEAM_MESSAGES.logoUpdated,
      );
    },
  });

  app.delete('/api/teams/:id/logo', {
    config: { permission: { feature: 'teams', action: 'write' } },
    schema: {
      tags,
      summary: 'Remove the team logo',
      params: teamIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await teams.removeLogo(request.params.id, auditContextOf(request));
      return ok(null, TEAM_MESSAGES.logoRemoved);
    },
  });

  app.get('/api/team-logo/:id', {
    config: { auth: 'signedIn' },
    schema: { tags, summary: "A team's logo image", params: teamIdParamsSchema },
    handler: async (request, reply) => {
      return sendImage(reply, await teams.logo(request.params.id));
    },
  });
};
