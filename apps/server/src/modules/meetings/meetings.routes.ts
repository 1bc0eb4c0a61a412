import {
  clientIdParamsSchema,
  clientMeetingListQuerySchema,
  createMeetingBodySchema,
  envelope,
  MEETING_MESSAGES,
  meetingIdParamsSchema,
  meetingListQuerySchema,
  meetingSchema,
  meetingStatusBodySchema,
  updateMeetingBodySchema,
} from '@centric/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { sessionOf } from '../../platform/guard.ts';
import { createMeetingsService, type Viewer } from './meetings.service.ts';

const tags = ['Meetings'];

const viewerOf = (request: FastifyRequest): Viewer => {
  const { user } = sessionOf(request);
  return { userId: user.id, roleId: user.roleId };
};

/** Meetings (issue 12 §3) live with tasks: the `tasks` permission reads and changes them. */
export const registerMeetingsModule = (
  parent: FastifyInstance,
  deps: Parameters<typeof createMeetingsService>[0],
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const meetings = createMeetingsService(deps);

  app.get('/api/meetings', {
    config: { permission: { feature: 'tasks', action: 'read' } },
    schema: {
      tags,
      summary: 'Meetings by start; filters from/to (firm days), clientId, status',
      querystring: meetingListQuerySchema,
      response: { 200: envelope(z.array(meetingSchema)) },
    },
    handler: async (request) => {
      const { items, total } = await meetings.list(request.query, viewerOf(request));
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/clients/:clientId/meetings', {
    config: { permission: { feature: 'tasks', action: 'read' } },
    schema: {
      tags,
      summary: "A household's meetings (needs clients read too)",
      params: clientIdParamsSchema,
      querystring: clientMeetingListQuerySchema,
      response: { 200: envelope(z.array(meetingSchema)) },
    },
    handler: async (request) => {
      const { items, total } = await meetings.list(request.query, viewerOf(request), request.params.clientId);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/meetings/:id', {
    config: { permission: { feature: 'tasks', action: 'read' } },
    schema: {
      tags,
      summary: 'One meeting',
      params: meetingIdParamsSchema,
      response: { 200: envelope(meetingSchema) },
    },
    handler: async (request) => ok(await meetings.get(request.params.id, viewerOf(request))),
  });

  app.post('/api/meetings', {
    config: { permission: { feature: 'tasks', action: 'write' } },
    schema: {
      tags,
      summary: 'Create a meeting {title, startsAt, endsAt, location, videoUrl, attendeeIds, clientId}',
      body: createMeetingBodySchema,
      response: { 201: envelope(meetingSchema) },
    },
    handler: async (request, reply) => {
      const meeting = await meetings.create(request.body, viewerOf(request), auditContextOf(request));
      return reply.code(201).send(ok(meeting, MEETING_MESSAGES.created, 201));
    },
  });

  app.patch('/api/meetings/:id', {
    config: { permission: { feature: 'tasks', action: 'write' } },
    schema: {
      tags,
      summary: 'Edit a meeting; attendeeIds replaces the attendees',
      params: meetingIdParamsSchema,
      body: updateMeetingBodySchema,
      response: { 200: envelope(meetingSchema) },
    },
    handler: async (request) =>
      ok(
        await meetings.update(request.params.id, request.body, viewerOf(request), auditContextOf(request)),
        MEETING_MESSAGES.updated,
      ),
  });

  app.put('/api/meetings/:id/status', {
    config: { permission: { feature: 'tasks', action: 'write' } },
    schema: {
      tags,
      summary: 'Update Status: Upcoming, Held, Cancelled or Postponed',
      params: meetingIdParamsSchema,
      body: meetingStatusBodySchema,
      response: { 200: envelope(meetingSchema) },
    },
    handler: async (request) =>
      ok(
        await meetings.update(
          request.params.id,
          { status: request.body.status },
          viewerOf(request),
          auditContextOf(request),
        ),
        MEETING_MESSAGES.statusUpdated,
      ),
  });

  app.delete('/api/meetings/:id', {
    config: { permission: { feature: 'tasks', action: 'delete' } },
    schema: {
      tags,
      summary: 'Delete a meeting',
      params: meetingIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await meetings.remove(request.params.id, auditContextOf(request));
      return ok(null, MEETING_MESSAGES.deleted);
    },
  });

  app.get('/api/meetings/:id/ics', {
    config: { permission: { feature: 'tasks', action: 'read' } },
    schema: {
      tags,
      summary: 'The meeting as an iCalendar (.ics) file',
      params: meetingIdParamsSchema,
      produces: ['text/calendar'],
    },
    handler: async (request, reply) => {
      const { text, fileName } = await meetings.ics(request.params.id, viewerOf(request));
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(text);
    },
  });
};
