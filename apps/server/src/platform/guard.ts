import type { Action, Feature, PermissionEntry } from '@centric/contracts';
import { AUTH_MESSAGES, isAllowed } from '@centric/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { forbidden, preconditionFailed, unauthorized } from './errors.ts';
import { loadPermissions } from './permissions.ts';
import { findLiveSession, type AuthenticatedSession } from './sessions.ts';

/**
 * What a route needs, declared in its `config`:
 * - `public`: nobody need be signed in;
 * - `preMfa`: the token from the password step (MFA calls only);
 * - `session` (default): a full session, and `permission` if named.
 */
export type RouteAccess = {
  auth?: 'public' | 'preMfa' | 'session';
  permission?: { feature: Feature; action: Action };
};

// Module augmentation needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type */
declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    session: AuthenticatedSession | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type */

const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1] ?? null;
};

export type SignedInRequest = FastifyRequest & { session: AuthenticatedSession };

/** The session of a guarded route's request (the guard ran, so it is there). */
export const sessionOf = (request: FastifyRequest): AuthenticatedSession => {
  if (!request.session) throw unauthorized();
  return request.session;
};

export const registerGuard = (app: FastifyInstance, deps: { db: Db; idleTimeoutMs: number }) => {
  app.decorateRequest('session', null);
  // The OpenAPI document says which routes need no token.
  app.addHook('onRoute', (route) => {
    if ((route.config as RouteAccess | undefined)?.auth === 'public') {
      route.schema = { ...route.schema, security: [] };
    }
  });
  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config as RouteAccess | undefined;
    // Routes outside /api (the web app) and the API documentation are public.
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith('/api') || url === '/api/docs' || url.startsWith('/api/docs/')) return;
    const access = config?.auth ?? 'session';
    if (access === 'public') return;
    const token = bearer(request);
    const session = token ? await findLiveSession(deps.db, token, deps.idleTimeoutMs) : null;
    if (!session) throw unauthorized();
    if (access === 'preMfa') {
      if (session.kind !== 'PRE_MFA') throw preconditionFailed('This call is only for completing sign-in.');
    } else if (session.kind !== 'FULL') {
      throw preconditionFailed(AUTH_MESSAGES.mfaRequired);
    }
    request.session = session;
    if (config?.permission) {
      const permissions: PermissionEntry[] = await loadPermissions(deps.db, session.user.roleId);
      if (!isAllowed(permissions, config.permission.feature, config.permission.action)) throw forbidden();
    }
  });
};
