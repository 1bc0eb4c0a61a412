import {
  clientIdParamsSchema,
  clientTaskListQuerySchema,
  createClientTaskBodySchema,
  createTaskBodySchema,
  envelope,
  TASK_MESSAGES,
  taskIdParamsSchema,
  taskListQuerySchema,
  taskSchema,
  taskUpdateResultSchema,
  updateTaskBodySchema,
} from '@centric/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { sessionOf } from '../../platform/guard.ts';
import { createTasksService, type Viewer } from './tasks.service.ts';

const tags = ['Tasks'];

const viewerOf = (request: FastifyRequest): Viewer => {
  const { user } = sessionOf(request);
  return { userId: user.id, roleId: user.roleId };
};

/** Tasks (issue 12 §3): the firm's tasks and a household's, new tasks first. */
export const registerTasksModule = (
  parent: FastifyInstance,
  deps: Parameters<typeof createTasksService>[0],
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tasks = createTasksService(deps);

  app.get('/api/tasks', {
    config: { permission: { feature: 'tasks', action: 'read' } },
    schema: {
      tags,
      summary:
        'Tasks, new first; filters assigneeId, status, clientId, duration (due in the period, or overdue)',
      querystring: taskListQuerySchema,
      response: { 200: envelope(z.array(taskSchema)) },
    },
    handler: async (request) => {
      const { items, total } = await tasks.list(request.query, viewerOf(request));
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/clients/:clientId/tasks', {
    config: { permission: { feature: 'tasks', action: 'read' } },
    schema: {
      tags,
      summary: "A household's tasks (needs clients read too), new first",
      params: clientIdParamsSchema,
      querystring: clientTaskListQuerySchema,
      response: { 200: envelope(z.array(taskSchema)) },
    },
    handler: async (request) => {
      const { items, total } = await tasks.list(request.query, viewerOf(request), request.params.clientId);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/tasks/:id', {
    config: { permission: { feature: 'tasks', action: 'read' } },
    schema: {
      tags,
      summary: 'One task',
      params: taskIdParamsSchema,
      response: { 200: envelope(taskSchema) },
    },
    handler: async (request) => ok(await tasks.get(request.params.id, viewerOf(request))),
  });

  app.post('/api/tasks', {
    config: { permission: { feature: 'tasks', action: 'write' } },
    schema: {
      tags,
      summary: 'Create a task {description, typeId, dueDate, priority, assigneeId, clientId, recurrence}',
      body: createTaskBodySchema,
      response: { 201: envelope(taskSchema) },
    },
    handler: async (request, reply) => {
      const task = await tasks.create(
        request.body,
        request.body.clientId ?? null,
        viewerOf(request),
        auditContextOf(request),
      );
      return reply.code(201).send(ok(task, TASK_MESSAGES.created, 201));
    },
  });

  app.post('/api/clients/:clientId/tasks', {
    config: { permission: { feature: 'tasks', action: 'write' } },
    schema: {
      tags,
      summary: 'Create a task on a household (needs clients read too)',
      params: clientIdParamsSchema,
      body: createClientTaskBodySchema,
      response: { 201: envelope(taskSchema) },
    },
    handler: async (request, reply) => {
      const task = await tasks.create(
        request.body,
        request.params.clientId,
        viewerOf(request),
        auditContextOf(request),
      );
      return reply.code(201).send(ok(task, TASK_MESSAGES.created, 201));
    },
  });

  app.patch('/api/tasks/:id', {
    config: { permission: { feature: 'tasks', action: 'write' } },
    schema: {
      tags,
      summary:
        'Edit a task; status DONE completes it (a repeating task gets its next occurrence), OPEN reopens',
      params: taskIdParamsSchema,
      body: updateTaskBodySchema,
      response: { 200: envelope(taskUpdateResultSchema) },
    },
    handler: async (request) => {
      const result = await tasks.update(
        request.params.id,
        request.body,
        viewerOf(request),
        auditContextOf(request),
      );
      const message = result.completed
        ? TASK_MESSAGES.completed
        : result.reopened
          ? TASK_MESSAGES.reopened
          : TASK_MESSAGES.updated;
      return ok(result.task, message);
    },
  });

  app.delete('/api/tasks/:id', {
    config: { permission: { feature: 'tasks', action: 'delete' } },
    schema: {
      tags,
      summary: 'Delete a task',
      params: taskIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await tasks.remove(request.params.id, auditContextOf(request));
      return ok(null, TASK_MESSAGES.deleted);
    },
  });
};
