import {
  envelope,
  NOTIFICATION_MESSAGES,
  notificationCountSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationPreferenceSchema,
  notificationPreferencesBodySchema,
  notificationSchema,
} from '@centric/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { sessionOf } from '../../platform/guard.ts';
import { createNotificationsService } from './notifications.service.ts';

const tags = ['Notifications'];
/** Every user has an inbox: signed in is enough, and each sees only their own. */
const signedIn = { auth: 'signedIn' } as const;
const userIdOf = (request: FastifyRequest) => sessionOf(request).user.id;

/** The notification inbox (the bell): list, unread count, mark read, email preferences per kind. */
export const registerNotificationsModule = (
  parent: FastifyInstance,
  deps: Parameters<typeof createNotificationsService>[0],
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const inbox = createNotificationsService(deps);

  app.get('/api/notifications', {
    config: signedIn,
    schema: {
      tags,
      summary: "The user's notifications (filter all or unread), newest first",
      querystring: notificationListQuerySchema,
      response: { 200: envelope(z.array(notificationSchema)).extend({ totalResults: z.number().int() }) },
    },
    handler: async (request) => {
      const { items, total } = await inbox.list(userIdOf(request), request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/notifications/count', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Unread notifications (the bell)',
      response: { 200: envelope(notificationCountSchema) },
    },
    handler: async (request) => ok({ count: await inbox.unreadCount(userIdOf(request)) }),
  });

  app.put('/api/notifications/read-all', {
    config: signedIn,
    schema: {
      tags,
      summary: "Mark all the user's notifications read",
      response: { 200: envelope(notificationCountSchema) },
    },
    handler: async (request) =>
      ok(
        { count: await inbox.readAll(userIdOf(request), auditContextOf(request)) },
        NOTIFICATION_MESSAGES.allRead,
      ),
  });

  app.put('/api/notifications/:id/read', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Mark one of the user’s notifications read',
      params: notificationIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await inbox.read(request.params.id, userIdOf(request), auditContextOf(request));
      return ok(null, NOTIFICATION_MESSAGES.read);
    },
  });

  app.get('/api/notifications/preferences', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Per kind: whether an email goes out too',
      response: { 200: envelope(z.array(notificationPreferenceSchema)) },
    },
    handler: async (request) => ok(await inbox.preferences(userIdOf(request))),
  });

  app.put('/api/notifications/preferences', {
    config: signedIn,
    schema: {
      tags,
      summary:
        'Choose per kind whether an email goes out too {MENTIONED: true, …}; kinds left out keep theirs',
      body: notificationPreferencesBodySchema,
      response: { 200: envelope(z.array(notificationPreferenceSchema)) },
    },
    handler: async (request) =>
      ok(
        await inbox.savePreferences(userIdOf(request), request.body, auditContextOf(request)),
        NOTIFICATION_MESSAGES.preferencesSaved,
      ),
  });
};
