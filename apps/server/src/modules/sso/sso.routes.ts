import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { createSsoService } from './sso.service.ts';

const tags = ['Sign-in'];
const notConfigured = 'Single sign-on is not configured.';

/** The query is read raw (repeated or odd parameters must end in a redirect, not a 400). */
const callbackQuery = z
  .looseObject({
    code: z.unknown().optional().describe('Authorization code'),
    state: z.unknown().optional().describe('The state sent to the provider'),
    error: z.unknown().optional().describe("The provider's error code, if sign-in failed there"),
  })
  .describe('As sent by the identity provider');

/** GET /api/sso/office365 and its callback (API.md); both public. */
export const registerSsoModule = (
  parent: FastifyInstance,
  deps: { db: Db; config: Config; clock: Clock; auth: AuthService },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const sso = createSsoService(deps);

  app.get('/api/sso/office365', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary: 'Start Office 365 sign-in',
      description: 'Redirects (302) to the identity provider; 404 when single sign-on is not configured.',
    },
    handler: async (request, reply) => {
      if (!sso.enabled) throw notFound(notConfigured);
      return reply.redirect(await sso.start(request.log), 302);
    },
  });

  app.get('/api/sso/office365/callback', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary: 'Office 365 sign-in callback',
      description:
        'Redirects (302) to `/sso-callback#accessToken=…` on success, or to `/?ssoError=<message>` on any failure.',
      querystring: callbackQuery,
    },
    handler: async (request, reply) => {
      if (!sso.enabled) throw notFound(notConfigured);
      const at = request.url.indexOf('?');
      const rawQuery = at < 0 ? '' : request.url.slice(at + 1);
      const client = { ip: request.ip, userAgent: request.headers['user-agent'], requestId: request.id };
      return reply.redirect(await sso.callback(rawQuery, client, request.log), 302);
    },
  });
};
