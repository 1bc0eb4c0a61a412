import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { envelope, healthResultSchema, PROFILE_IMAGE_MAX_BYTES, ssoConfigSchema } from '@centric/contracts';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { encryptionKeyOf, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerEntryRoutes } from './modules/clients/entries.routes.ts';
import { createEntriesService } from './modules/clients/entries.service.ts';
import { registerMemberRoutes } from './modules/clients/members.routes.ts';
import { createMembersService } from './modules/clients/members.service.ts';
import { registerClientRoutes } from './modules/clients/clients.routes.ts';
import { registerFeeScheduleRoutes } from './modules/fee-schedules/fee-schedules.routes.ts';
import { createFeeSchedulesService } from './modules/fee-schedules/fee-schedules.service.ts';
import { registerMasterDataRoutes } from './modules/master-data/master-data.routes.ts';
import { registerOtherProfessionalRoutes } from './modules/other-professionals/other-professionals.routes.ts';
import { createOtherProfessionalsService } from './modules/other-professionals/other-professionals.service.ts';
import { createMasterDataService } from './modules/master-data/master-data.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { registerProfileRoutes } from './modules/profile/profile.routes.ts';
import { registerRoleRoutes } from './modules/roles/roles.routes.ts';
import { registerSearchRoutes } from './modules/search/search.routes.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { createRolesService } from './modules/roles/roles.service.ts';
import { registerSsoRoutes } from './modules/sso/sso.routes.ts';
import { registerTeamRoutes } from './modules/teams/teams.routes.ts';
import { createTeamsService } from './modules/teams/teams.service.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { ok, registerErrorHandling, sendRouteNotFound } from './platform/envelope.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { createDiskStorage, type FileStorage } from './platform/files.ts';
import { firmToday } from './platform/firm-calendar.ts';
import { registerGuard } from './platform/guard.ts';
import { registerNulGuard } from './platform/nul-guard.ts';
import { createSecretBox, type SecretBox } from './platform/secret-box.ts';
import { createMailer, type Mailer } from './platform/mail.ts';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type AppDeps = {
  config: Config;
  database: Database;
  /** Where pino writes; defaults to stdout. */
  logStream?: NodeJS.WritableStream;
  mailer?: Mailer;
  files?: FileStorage;
  secrets?: SecretBox;
  /** Where the app learns the time; defaults to the system clock (tests move theirs). */
  clock?: Clock;
};

/** Never log a query string (SSO codes, states) or a credential header. */
const loggerOptions = (config: Config, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] => ({
  level: config.LOG_LEVEL,
  ...(stream ? { stream } : {}),
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    censor: '[redacted]',
  },
  serializers: {
    req: (req: { method: string; url: string; id: string; ip?: string }) => ({
      id: req.id,
      method: req.method,
      url: req.url.split('?')[0],
      ip: req.ip,
    }),
  },
});

export const buildApp = async (deps: AppDeps) => {
  const { config, database } = deps;
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  const files = deps.files ?? createDiskStorage(path.resolve(config.DATA_DIR, 'files'));
  const clock = deps.clock ?? systemClock;

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  await app.register(multipart, { limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Centric API',
        version: '0.1.0',
        description: 'CRM and fee billing for wealth-advisory firms.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list' },
  });

  registerGuard(app, { db: database.db, idleTimeoutMs: config.SESSION_IDLE_TIMEOUT_MS, clock });
  registerNulGuard(app);

  app.get('/api/health', {
    config: { auth: 'public' },
    schema: {
      tags: ['System'],
      summary: "Liveness, database kind and the firm's time zone",
      response: { 200: envelope(healthResultSchema) },
    },
    handler: async () =>
      ok({ status: 'ok' as const, database: database.kind, firmTimeZone: config.FIRM_TIME_ZONE }),
  });
  app.get('/api/sso/config', {
    config: { auth: 'public' },
    schema: {
      tags: ['Sign-in'],
      summary: 'Which single sign-on options are configured',
      response: { 200: envelope(ssoConfigSchema) },
    },
    handler: async () => ok({ office365: config.ssoEnabled }),
  });

  const secrets = deps.secrets ?? createSecretBox(encryptionKeyOf(config));
  // Every date rule's "today": the firm's time zone at the clock's instant.
  const today = firmToday(config.FIRM_TIME_ZONE, () => clock.now());
  const auth = createAuthService({ db: database.db, config, mailer, secrets, clock });
  registerAuthRoutes(app, auth);
  registerSsoRoutes(app, { db: database.db, config, clock });
  registerProfileRoutes(app, { db: database.db, files });
  registerMasterDataRoutes(app, createMasterDataService({ db: database.db, files }));
  registerUserRoutes(app, createUsersService({ db: database.db, auth, clock }));
  registerRoleRoutes(app, createRolesService({ db: database.db }));
  registerTeamRoutes(app, createTeamsService({ db: database.db, files }));
  registerAuditRoutes(app, { db: database.db });
  registerOtherProfessionalRoutes(app, createOtherProfessionalsService({ db: database.db }));
  registerSearchRoutes(app, createSearchService({ db: database.db }));
  registerMemberRoutes(app, createMembersService({ db: database.db, secrets, files, today }));
  registerEntryRoutes(app, createEntriesService({ db: database.db }));
  registerClientRoutes(app, { db: database.db, files, today });
  registerFeeScheduleRoutes(app, createFeeSchedulesService({ db: database.db }));

  // The built web app, when there is one: its files, and index.html for every other GET outside /api.
  const webDist = config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST;
  const serveWeb = existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    if (serveWeb && request.method === 'GET' && !request.url.startsWith('/api')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendRouteNotFound(request, reply);
  });

  app.addHook('onClose', async () => mailer.close());
  return Object.assign(app, { services: { auth } });
};

export type App = Awaited<ReturnType<typeof buildApp>>;
