import {
  ALERT_MESSAGES,
  alertCountSchema,
  alertIdParamsSchema,
  alertListQuerySchema,
  alertListResultSchema,
  envelope,
  snoozeAlertBodySchema,
} from '@centric/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { sessionOf } from '../../platform/guard.ts';
import { createAlertsService } from './alerts.service.ts';

const tags = ['Alerts'];
const read = { permission: { feature: 'alerts', action: 'read' } } as const;
const write = { permission: { feature: 'alerts', action: 'write' } } as const;
const userIdOf = (request: FastifyRequest) => sessionOf(request).user.id;

/** /alerts (feature alerts): the signed-in user's alerts, the sidebar badge, and their state changes. */
export const registerAlertsModule = (
  parent: FastifyInstance,
  deps: Parameters<typeof createAlertsService>[0],
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const alerts = createAlertsService(deps);

  app.get('/api/alerts', {
    config: read,
    schema: {
      tags,
      summary:
        "The user's alerts of a view (active, dismissed, snoozed) and tab (ALL or a category), newest first",
      querystring: alertListQuerySchema,
      response: { 200: envelope(alertListResultSchema).extend({ totalResults: z.number().int() }) },
    },
    handler: async (request) => {
      const { alerts: list, counts, total } = await alerts.list(userIdOf(request), request.query);
      return { ...ok({ alerts: list, counts }), totalResults: total };
    },
  });

  app.get('/api/alerts/count', {
    config: read,
    schema: {
      tags,
      summary: "The user's active alerts (the sidebar badge)",
      response: { 200: envelope(alertCountSchema) },
    },
    handler: async (request) => ok({ count: await alerts.count(userIdOf(request)) }),
  });

  app.put('/api/alerts/:id/dismiss', {
    config: write,
    schema: {
      tags,
      summary: 'Dismiss an alert',
      params: alertIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await alerts.dismiss(request.params.id, userIdOf(request), auditContextOf(request));
      return ok(null, ALERT_MESSAGES.dismissed);
    },
  });

  app.put('/api/alerts/:id/snooze', {
    config: write,
    schema: {
      tags,
      summary: 'Snooze an alert until a date after today {until: yyyy-MM-dd}',
      params: alertIdParamsSchema,
      body: snoozeAlertBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await alerts.snooze(request.params.id, userIdOf(request), request.body.until, auditContextOf(request));
      return ok(null, ALERT_MESSAGES.snoozed);
    },
  });

  app.put('/api/alerts/:id/activate', {
    config: write,
    schema: {
      tags,
      summary: 'Make a dismissed or snoozed alert active again (undo)',
      params: alertIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await alerts.activate(request.params.id, userIdOf(request), auditContextOf(request));
      return ok(null, ALERT_MESSAGES.activated);
    },
  });
};
