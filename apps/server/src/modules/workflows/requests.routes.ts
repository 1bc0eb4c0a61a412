import {
  envelope,
  householdNotesQuerySchema,
  isAllowed,
  NOTE_MESSAGES,
  noteCreateBodySchema,
  noteSchema,
  WORKFLOW_REQUEST_MESSAGES,
  workflowRequestHouseholdParamsSchema,
  workflowRequestHouseholdSchema,
  workflowRequestIdParamsSchema,
  workflowRequestListQuerySchema,
  workflowRequestPreviewQuerySchema,
  workflowRequestPreviewSchema,
  workflowRequestRejectBodySchema,
  workflowRequestSchema,
  workflowRequestStartBodySchema,
  workflowRequestStepParamsSchema,
  workflowRequestSummarySchema,
  workflowStepCompleteBodySchema,
} from '@centric/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { forbidden } from '../../platform/errors.ts';
import { sessionOf } from '../../platform/guard.ts';
import { loadPermissions } from '../../platform/permissions.ts';
import type { Db } from '../../db/client.ts';
import type { NotesService } from '../notes/notes.service.ts';
import type { RequestCaller, RequestsService } from './requests.service.ts';

const tags = ['Workflows'];
const itemEnvelope = envelope(workflowRequestSchema);

const read = { permission: { feature: 'openRequests', action: 'read' } } as const;
const write = { permission: { feature: 'openRequests', action: 'write' } } as const;

/**
 * Workflow requests (issue 18 §2, spec §2 /open-requests and /create-request, §7 open requests with steps
 * and notes): openRequests read lists and opens them; write starts them, completes or skips steps, rejects.
 */
export const registerRequestsModule = (
  parent: FastifyInstance,
  deps: { requests: RequestsService; notes: NotesService; db: Db },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { requests, notes } = deps;

  const callerOf = async (request: FastifyRequest): Promise<RequestCaller> => {
    const session = sessionOf(request);
    const permissions = await loadPermissions(deps.db, session.user.roleId);
    return {
      id: session.user.id,
      fullName: session.user.fullName,
      canWrite: isAllowed(permissions, 'openRequests', 'write'),
      notes: await notes.callerOf(session),
    };
  };

  app.get('/api/workflow-requests', {
    config: read,
    schema: {
      tags,
      summary:
        'Requests by state (filterBy, default IN_PROGRESS), household, workflow type, assignee, overdue, mine',
      querystring: workflowRequestListQuerySchema,
      response: { 200: envelope(z.array(workflowRequestSummarySchema)) },
    },
    handler: async (request) => {
      const { items, total } = await requests.list(await callerOf(request), request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/workflow-requests/templates', {
    config: write,
    schema: {
      tags,
      summary: 'The templates a request can start from (those with a published version)',
      response: {
        200: envelope(
          z.array(
            z.object({
              id: z.uuid(),
              name: z.string(),
              description: z.string().nullable(),
              workflowTypeId: z.number().int(),
              typeName: z.string(),
              version: z.number().int(),
            }),
          ),
        ),
      },
    },
    handler: async () => ok(await requests.templates()),
  });

  app.get('/api/workflow-requests/households/:clientId', {
    config: read,
    schema: {
      tags,
      summary: "A household's name by its id (a link's clientId on /create-request and /open-requests)",
      params: workflowRequestHouseholdParamsSchema,
      response: { 200: envelope(workflowRequestHouseholdSchema) },
    },
    handler: async (request) => ok(await requests.household(request.params.clientId)),
  });

  app.get('/api/workflow-requests/preview', {
    config: write,
    schema: {
      tags,
      summary:
        'Before start: the steps with their assignees and due dates, and the roles the household lacks',
      querystring: workflowRequestPreviewQuerySchema,
      response: { 200: envelope(workflowRequestPreviewSchema) },
    },
    handler: async (request) => ok(await requests.preview(request.query.clientId, request.query.templateId)),
  });

  app.get('/api/workflow-requests/:id', {
    config: read,
    schema: {
      tags,
      summary: 'One request with its steps, progress and overdue count',
      params: workflowRequestIdParamsSchema,
      response: { 200: itemEnvelope },
    },
    handler: async (request) => ok(await requests.get(await callerOf(request), request.params.id)),
  });

  app.post('/api/workflow-requests', {
    config: write,
    schema: {
      tags,
      summary:
        "Start a request for a household from a template's current version (roles the household lacks assigned in roleAssignees)",
      body: workflowRequestStartBodySchema,
      response: { 201: itemEnvelope },
    },
    handler: async (request, reply) => {
      const item = await requests.start(await callerOf(request), request.body, auditContextOf(request));
      return reply.code(201).send(ok(item, WORKFLOW_REQUEST_MESSAGES.started, 201));
    },
  });

  app.post('/api/workflow-requests/:id/steps/:stepId/complete', {
    config: write,
    schema: {
      tags,
      summary: 'Complete an open step (with the note or document it needs, posted as a workflow note)',
      params: workflowRequestStepParamsSchema,
      body: workflowStepCompleteBodySchema,
      response: { 200: itemEnvelope },
    },
    handler: async (request) =>
      ok(
        await requests.completeStep(
          await callerOf(request),
          request.params.id,
          request.params.stepId,
          request.body,
          auditContextOf(request),
        ),
        WORKFLOW_REQUEST_MESSAGES.stepCompleted,
      ),
  });

  app.post('/api/workflow-requests/:id/steps/:stepId/skip', {
    config: write,
    schema: {
      tags,
      summary: 'Skip an optional open step',
      params: workflowRequestStepParamsSchema,
      response: { 200: itemEnvelope },
    },
    handler: async (request) =>
      ok(
        await requests.skipStep(
          await callerOf(request),
          request.params.id,
          request.params.stepId,
          auditContextOf(request),
        ),
        WORKFLOW_REQUEST_MESSAGES.stepSkipped,
      ),
  });

  app.post('/api/workflow-requests/:id/reject', {
    config: write,
    schema: {
      tags,
      summary: 'Reject a request in progress, at any step, with a reason',
      params: workflowRequestIdParamsSchema,
      body: workflowRequestRejectBodySchema,
      response: { 200: itemEnvelope },
    },
    handler: async (request) =>
      ok(
        await requests.reject(
          await callerOf(request),
          request.params.id,
          request.body.reason,
          auditContextOf(request),
        ),
        WORKFLOW_REQUEST_MESSAGES.rejected,
      ),
  });

  app.get('/api/workflow-requests/:id/notes', {
    config: read,
    schema: {
      tags,
      summary: "A request's notes (workflow notes, never deleted), pinned first then newest",
      params: workflowRequestIdParamsSchema,
      querystring: householdNotesQuerySchema,
      response: { 200: envelope(z.array(noteSchema)) },
    },
    handler: async (request) => {
      const caller = await callerOf(request);
      await requests.get(caller, request.params.id);
      if (!caller.notes.notesRead) throw forbidden();
      const { items, total } = await notes.listOfRequest(caller.notes, request.params.id, request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.post('/api/workflow-requests/:id/notes', {
    config: read,
    schema: {
      tags,
      summary: 'Post a workflow note on a request (needs notes write; it is never deleted)',
      params: workflowRequestIdParamsSchema,
      body: noteCreateBodySchema,
      response: { 201: envelope(noteSchema) },
    },
    handler: async (request, reply) => {
      const caller = await callerOf(request);
      const item = await requests.get(caller, request.params.id);
      if (!caller.notes.notesWrite) throw forbidden();
      const note = await notes.createOnRequest(
        caller.notes,
        { clientId: item.household.id, requestId: item.id },
        request.body,
        auditContextOf(request),
      );
      return reply.code(201).send(ok(note, NOTE_MESSAGES.noteAdded, 201));
    },
  });
};
