import type { Action, Feature, PermissionEntry } from '@centric/contracts';
import { AUTH_MESSAGES, isAllowed } from '@centric/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { forbidden, preconditionFailed, unauthorized } from './errors.ts';
import { auditContextOf, auditWriter } from './audit.ts';
import { loadPermissions } from './permissions.ts';
import { findLiveSession, type AuthenticatedSession } from './sessions.ts';

/**
 * What a route needs, declared in its `config`; every /api route must declare one (the server refuses to
 * start otherwise, and a test walks the route table):
 * - `auth: 'public'`: nobody need be signed in;
 * - `auth: 'preMfa'`: the token from the password step (the MFA calls only);
 * - `auth: 'signedIn'`: any full session (the user's own profile, password, sign-out);
 * - `permission: { feature, action }`: a full session whose role allows that action on that feature.
 */
export type RouteAccess = {
  auth?: 'public' | 'preMfa' | 'signedIn';
  permission?: { feature: Feature; action: Action };
  /** More permissions the route needs beside `permission` (converting a prospect: clients write too). */
  alsoRequires?: readonly { feature: Feature; action: Action }[];
};

export type DeclaredRoute = { method: string; url: string; access: RouteAccess };

/** A feature's three route configs: `const access = featureAccess('products')` → `config: access.read`. */
export const featureAccess = <const F extends Feature>(feature: F) =>
  ({
    read: { permission: { feature, action: 'read' } },
    write: { permission: { feature, action: 'write' } },
    remove: { permission: { feature, action: 'delete' } },
  }) as const;

const isApiRoute = (url: string) =>
  url.startsWith('/api') && url !== '/api/docs' && !url.startsWith('/api/docs/');

// Module augmentation needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type */
declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    session: AuthenticatedSession | null;
  }
  interface FastifyInstance {
    /** Every /api route with the access it declared (for the route-table test and the docs). */
    declaredRoutes: DeclaredRoute[];
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

export const registerGuard = (
  app: FastifyInstance,
  deps: { db: Db; idleTimeoutMs: number; clock: Clock },
) => {
  app.decorateRequest('session', null);
  const writeAudit = auditWriter(deps.clock);
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (route) => {
    const config = route.config as RouteAccess | undefined;
    if (isApiRoute(route.url)) {
      if (!config?.auth && !config?.permission) {
        throw new Error(
          `${String(route.method)} ${route.url} declares no access (config.auth or config.permission)`,
        );
      }
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') declared.push({ method, url: route.url, access: { ...config } });
      }
    }
    // The OpenAPI document says which routes need no token.
    if (config?.auth === 'public') route.schema = { ...route.schema, security: [] };
  });
  // onRequest: who is asking is settled before the body is even read, so a refused caller learns nothing
  // about validation and changes nothing.
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config as RouteAccess | undefined;
    // Routes outside /api (the web app) and the API documentation are public.
    if (!isApiRoute(request.routeOptions.url ?? '')) return;
    const access = config?.auth ?? 'signedIn';
    if (access === 'public') return;
    const token = bearer(request);
    const session = token
      ? await findLiveSession(deps.db, token, deps.idleTimeoutMs, deps.clock.now())
      : null;
    if (!session) throw unauthorized();
    if (access === 'preMfa') {
      if (session.kind !== 'PRE_MFA') throw preconditionFailed('This call is only for completing sign-in.');
    } else if (session.kind !== 'FULL') {
      throw preconditionFailed(AUTH_MESSAGES.mfaRequired);
    }
    request.session = session;
    if (config?.permission) {
      const permissions: PermissionEntry[] = await loadPermissions(deps.db, session.user.roleId);
      const denied = [config.permission, ...(config.alsoRequires ?? [])].find(
        (needed) => !isAllowed(permissions, needed.feature, needed.action),
      );
      if (denied) {
        await writeAudit(deps.db, auditContextOf(request), {
          action: 'ACCESS_DENIED',
          entity: 'route',
          entityId: `${request.method} ${request.routeOptions.url}`,
          after: denied,
        });
        throw forbidden();
      }
    }
  });
};
