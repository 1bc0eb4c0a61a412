import {
  envelope,
  firmHolidayBodySchema,
  firmHolidayDateParamsSchema,
  firmHolidaySchema,
  WORKFLOW_MESSAGES,
  workflowTemplateBodySchema,
  workflowTemplateIdParamsSchema,
  workflowTemplateListQuerySchema,
  workflowTemplateSchema,
  workflowTemplateSummarySchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import type { WorkflowsService } from './workflows.service.ts';

const tags = ['Workflows'];
const itemEnvelope = envelope(workflowTemplateSchema);

const read = { permission: { feature: 'manageWorkflows', action: 'read' } } as const;
const write = { permission: { feature: 'manageWorkflows', action: 'write' } } as const;
const remove = { permission: { feature: 'manageWorkflows', action: 'delete' } } as const;
const signedIn = { auth: 'signedIn' } as const;
const holidaysWrite = { permission: { feature: 'masterData', action: 'write' } } as const;
const holidaysDelete = { permission: { feature: 'masterData', action: 'delete' } } as const;

/** Workflow templates (issue 18 §1, Manage Workflows) and the firm's holidays that business days skip. */
export const registerWorkflowsModule = (parent: FastifyInstance, deps: { workflows: WorkflowsService }) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { workflows } = deps;

  app.get('/api/workflow-templates', {
    config: read,
    schema: {
      tags,
      summary: 'Workflow templates: search (name, description), workflow type, sort, paging',
      querystring: workflowTemplateListQuerySchema,
      response: { 200: envelope(z.array(workflowTemplateSummarySchema)) },
    },
    handler: async (request) => {
      const { items, total } = await workflows.list(request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/workflow-templates/:id', {
    config: read,
    schema: {
      tags,
      summary: 'One template: its current version and draft with their steps in order, and its versions',
      params: workflowTemplateIdParamsSchema,
      response: { 200: itemEnvelope },
    },
    handler: async (request) => ok(await workflows.get(request.params.id)),
  });

  app.post('/api/workflow-templates', {
    config: write,
    schema: {
      tags,
      summary: 'Add a template (a draft until published) with its steps in order',
      body: workflowTemplateBodySchema,
      response: { 201: itemEnvelope },
    },
    handler: async (request, reply) => {
      const item = await workflows.create(request.body, auditContextOf(request));
      return reply.code(201).send(ok(item, WORKFLOW_MESSAGES.created, 201));
    },
  });

  app.patch('/api/workflow-templates/:id', {
    config: write,
    schema: {
      tags,
      summary:
        'Save a template into its draft (made from the current version when there is none): fields, and the steps in the order sent (their stored positions)',
      params: workflowTemplateIdParamsSchema,
      body: workflowTemplateBodySchema,
      response: { 200: itemEnvelope },
    },
    handler: async (request) =>
      ok(
        await workflows.update(request.params.id, request.body, auditContextOf(request)),
        WORKFLOW_MESSAGES.updated,
      ),
  });

  app.post('/api/workflow-templates/:id/publish', {
    config: write,
    schema: {
      tags,
      summary: 'Publish the draft as the next version; 409 when there is no draft',
      params: workflowTemplateIdParamsSchema,
      response: { 200: itemEnvelope },
    },
    handler: async (request) =>
      ok(await workflows.publish(request.params.id, auditContextOf(request)), WORKFLOW_MESSAGES.published),
  });

  app.delete('/api/workflow-templates/:id/draft', {
    config: write,
    schema: {
      tags,
      summary: 'Discard the draft of a published template; its current version stays',
      params: workflowTemplateIdParamsSchema,
      response: { 200: itemEnvelope },
    },
    handler: async (request) =>
      ok(
        await workflows.discardDraft(request.params.id, auditContextOf(request)),
        WORKFLOW_MESSAGES.draftDiscarded,
      ),
  });

  app.delete('/api/workflow-templates/:id', {
    config: remove,
    schema: {
      tags,
      summary: 'Delete a template with all its versions',
      params: workflowTemplateIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await workflows.remove(request.params.id, auditContextOf(request));
      return ok(null, WORKFLOW_MESSAGES.deleted);
    },
  });

  app.get('/api/firm-holidays', {
    config: signedIn,
    schema: {
      tags,
      summary: "The firm's holidays by date (business days skip them and weekends)",
      response: { 200: envelope(z.array(firmHolidaySchema)) },
    },
    handler: async () => ok(await workflows.holidays()),
  });

  app.post('/api/firm-holidays', {
    config: holidaysWrite,
    schema: {
      tags,
      summary: 'Add a holiday (administrators: master data write); 409 when the date is one already',
      body: firmHolidayBodySchema,
      response: { 201: envelope(firmHolidaySchema) },
    },
    handler: async (request, reply) => {
      const item = await workflows.addHoliday(request.body, auditContextOf(request));
      return reply.code(201).send(ok(item, WORKFLOW_MESSAGES.holidayAdded, 201));
    },
  });

  app.delete('/api/firm-holidays/:date', {
    config: holidaysDelete,
    schema: {
      tags,
      summary: 'Delete a holiday',
      params: firmHolidayDateParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await workflows.removeHoliday(request.params.date, auditContextOf(request));
      return ok(null, WORKFLOW_MESSAGES.holidayDeleted);
    },
  });
};
