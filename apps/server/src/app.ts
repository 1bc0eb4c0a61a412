import { attachmentsPlatform } from './platform/attachments.ts';
import { householdTiles } from './modules/clients/clients.tiles.ts';
import { meetingTiles } from './modules/meetings/meetings.tiles.ts';
import { noteTiles } from './modules/notes/notes.tiles.ts';
import { taskTiles } from './modules/tasks/tasks.tiles.ts';
import { registerDashboardModule } from './modules/dashboard/dashboard.routes.ts';
import { registerGrowthModule } from './modules/growth/growth.routes.ts';
import { createGrowthService } from './modules/growth/growth.service.ts';
import { createGrowthTiles } from './modules/growth/growth.tiles.ts';
import { createDashboardTiles } from './platform/dashboard-tiles.ts';
import { createNotifications } from './platform/notifications.ts';
import { createActivitySweep } from './platform/activity-sweep.ts';
import { createAlerts } from './platform/alerts.ts';
import { registerAlertsModule } from './modules/alerts/alerts.routes.ts';
import { registerNotificationsModule } from './modules/notifications/notifications.routes.ts';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
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
import { registerAccountsModule } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createBillingReadiness } from './modules/billing/billing-readiness.ts';
import { BILL_RUN_JOB, createBillRunJob } from './modules/billing/bill-run-job.ts';
import { createBillingInputs } from './modules/billing/billing-inputs.ts';
import { createNotCollectedSweep } from './modules/billing/bill-exports.service.ts';
import { registerBillingModule } from './modules/billing/billing.module.ts';
import {
  CARRIER_STATEMENT_JOB,
  carrierStatementHandler,
} from './modules/receivables/carrier-statements.service.ts';
import { registerReceivablesModule } from './modules/receivables/receivables.routes.ts';
import { registerProspectsModule } from './modules/prospects/prospects.routes.ts';
import { PROSPECT_IMPORT_JOB, prospectImportHandler } from './modules/prospects/prospect-import.ts';
import { createProspectsInactiveSweep } from './modules/prospects/prospects.service.ts';
import { createReceivablesPastDueSweep } from './modules/receivables/receivables.service.ts';
import { POSITIONS_IMPORT_JOB, positionsImportHandler } from './modules/accounts/positions-import.ts';
import { registerAuditModule } from './modules/audit/audit.routes.ts';
import { registerAuthModule } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createHouseholdMembers, registerClientsModule } from './modules/clients/clients.routes.ts';
import { registerWorkflowsModule } from './modules/workflows/workflows.routes.ts';
import { createWorkflowsService } from './modules/workflows/workflows.service.ts';
import { registerRequestsModule } from './modules/workflows/requests.routes.ts';
import { countOpenRequestsOf } from './modules/workflows/requests.repository.ts';
import { createRequestsService, createWorkflowOverdueSweep } from './modules/workflows/requests.service.ts';
import { registerFeeSchedulesModule } from './modules/fee-schedules/fee-schedules.routes.ts';
import { createFeeSchedulesService } from './modules/fee-schedules/fee-schedules.service.ts';
import { registerMasterDataModule } from './modules/master-data/master-data.routes.ts';
import { registerMeetingsModule } from './modules/meetings/meetings.routes.ts';
import { registerNotesModule } from './modules/notes/notes.routes.ts';
import { createNotesService } from './modules/notes/notes.service.ts';
import { registerOtherProfessionalsModule } from './modules/other-professionals/other-professionals.routes.ts';
import { registerProductsModule } from './modules/products/products.routes.ts';
import { registerProfileModule } from './modules/profile/profile.routes.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { registerRolesModule } from './modules/roles/roles.routes.ts';
import { registerSearchModule } from './modules/search/search.routes.ts';
import { registerSpecialDaysModule } from './modules/special-days/special-days.routes.ts';
import { registerSsoModule } from './modules/sso/sso.routes.ts';
import { registerTasksModule } from './modules/tasks/tasks.routes.ts';
import { registerTeamsModule } from './modules/teams/teams.routes.ts';
import { registerUsersModule } from './modules/users/users.routes.ts';
import { ok, registerErrorHandling } from './platform/envelope.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { serializeError } from './platform/error-log.ts';
import { createDiskStorage, type FileStorage } from './platform/files.ts';
import { firmToday } from './platform/firm-calendar.ts';
import { registerGuard } from './platform/guard.ts';
import { createJobRunner, JOB_CONCURRENCY } from './platform/jobs.ts';
import { registerJsonBodyParser } from './platform/json-body.ts';
import { registerTextGuard } from './platform/text-guard.ts';
import { registerWebApp } from './platform/web-app.ts';
import { createSecretBox, type SecretBox } from './platform/secret-box.ts';
import { createMailer, type Mailer } from './platform/mail.ts';

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

/** Never log a query string (SSO codes, states), a credential header or a failed statement's parameters. */
const loggerOptions = (config: Config, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] => ({
  level: config.LOG_LEVEL,
  ...(stream ? { stream } : {}),
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    censor: '[redacted]',
  },
  serializers: {
    err: serializeError,
    req: (req: { method: string; url: string; id: string; ip?: string }) => ({
      id: req.id,
      method: req.method,
      url: req.url.split('?')[0],
      ip: req.ip,
    }),
  },
});

/** TRUST_PROXY as a hop count: the nearest `hops` addresses are proxies (what proxy-addr does with a number). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export const buildApp = async (deps: AppDeps) => {
  const { config, database } = deps;
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // The client address (throttling, audit, logs) is X-Forwarded-For only from a configured proxy.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonBodyParser(app);

  const clock = deps.clock ?? systemClock;
  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log, clock });
  const files = deps.files ?? createDiskStorage(path.resolve(config.DATA_DIR, 'files'));

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
  registerTextGuard(app);

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
  // What one module offers others is its service, made here and handed in (docs/architecture.md, Seams).
  // Alerts are raised once per cause by any area (platform/alerts.ts); the profile counts the user's.
  const alerts = createAlerts({ clock, today });
  // The profile counts the user's alerts and the requests in progress with an open step of theirs (badges).
  const profile = createProfileService({
    db: database.db,
    files,
    clock,
    alerts,
    openRequestCount: countOpenRequestsOf,
  });
  const auth = createAuthService({ db: database.db, config, mailer, secrets, clock, profile });
  // Notifications are written in their cause's transaction by any module (platform/notifications.ts).
  const notifications = createNotifications({ mailer, clock, publicUrl: config.publicUrl });
  // What time alone makes true (due tasks, overdue tasks, meetings awaiting a status, missing information),
  // then the chosen emails: at start and every 15 minutes of the clock (platform/activity-sweep.ts).
  // Managed accounts: valuations on a date, which billing (issue 15) starts from; their review checks and
  // drift run in each change's transaction and, for prices that moved, once a day in the sweep.
  const accounts = createAccountsService({ db: database.db, clock, today, secrets, alerts });
  // Billing readiness (issue 14): one rule set, judged again in the transaction of every change to a unit's
  // setup or its accounts (the accounts tell it through their checks) and once a day in the sweep.
  // Fee schedules: their screens, and the engine's schedules billing bills with.
  const feeSchedules = createFeeSchedulesService({ db: database.db, clock });
  const billingReadiness = createBillingReadiness({ clock, today });
  // Workflow templates (issue 18 §1) and the firm's holidays, which business days skip.
  const workflows = createWorkflowsService({ db: database.db, clock });
  // The one reader of a unit's billing inputs: the projected fees and the bill runs both bill from it.
  const billingInputs = createBillingInputs({ accounts, feeSchedules });
  accounts.checks.onAccountsChanged((tx, householdIds) => billingReadiness.refresh(tx, householdIds));
  // Durable jobs (decision 0015): long work in committed steps, resumed after a crash; each kind's handler.
  // On PostgreSQL two at once, each on a connection of its own (a bill run's two parts, decision 0016); PGlite
  // has one connection, so one at a time.
  const jobs = createJobRunner({
    db: database.db,
    clock,
    concurrency: JOB_CONCURRENCY[database.kind],
    handlers: {
      [POSITIONS_IMPORT_JOB]: positionsImportHandler({
        clock,
        today,
        secrets,
        files,
        checks: accounts.checks,
      }),
      [CARRIER_STATEMENT_JOB]: carrierStatementHandler({ clock, today, files, alerts }),
      [PROSPECT_IMPORT_JOB]: prospectImportHandler({ clock, today, files }),
      [BILL_RUN_JOB]: createBillRunJob({ clock, inputs: billingInputs, readiness: billingReadiness }).handler,
    },
    onError: (error, job) => app.log.error({ err: error, jobId: job.id, kind: job.kind }, 'job step failed'),
  });
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  const activitySweep = createActivitySweep({
    daily: {
      accountChecks: (db, stopping) => accounts.checks.checkAll(db, stopping),
      billingReadiness: (db, stopping) => billingReadiness.refreshAll(db, stopping),
      // Exported bills still owed past the firm's collection window (issue 15 §3).
      billsNotCollected: createNotCollectedSweep({ today, alerts }),
      // Receivables' payments gone past due: one alert each to the household's advisors (issue 16 §1).
      receivablesPastDue: createReceivablesPastDueSweep({ today, clock, alerts }),
      // Prospects with no activity for 30 days: one alert per lapse to the business developer (issue 17 §1).
      prospectsInactive: createProspectsInactiveSweep({ today, alerts }),
      // Workflow steps past their due date: an alert on the household and a word to the assignee (issue 18 §2).
      workflowOverdue: createWorkflowOverdueSweep({ today, alerts, notifications }),
    },
    db: database.db,
    clock,
    today,
    timeZone: config.FIRM_TIME_ZONE,
    alerts,
    notifications,
    attachments: attachmentsPlatform(files),
    onError: (error) => app.log.error({ err: error }, 'activity sweep failed'),
  });
  app.addHook('onReady', async () => activitySweep.start());
  app.addHook('onClose', () => activitySweep.stop());
  // Notes: later areas write system notes through it (createSystemNote).
  const notes = createNotesService({ db: database.db, clock, files, today, config, notifications });
  // Workflow requests (issue 18 §2): steps from a template's version, system notes, notifications and alerts.
  const requests = createRequestsService({
    db: database.db,
    clock,
    today,
    workflows,
    notes,
    notifications,
    alerts,
  });
  // The dashboard's Stats tiles: each area registers its own (platform/dashboard-tiles.ts).
  // The growth dashboard (issue 17 §3): goals, settings and partnership; its tiles price the pipeline with the
  // default fee schedule (the fee schedules' engine schedules) and value households with the accounts'.
  const growth = createGrowthService({
    db: database.db,
    clock,
    today,
    timeZone: config.FIRM_TIME_ZONE,
    feeSchedules,
    householdValuesOn: accounts.householdValuesOn,
  });
  const dashboardTiles = createDashboardTiles();
  dashboardTiles.register(
    ...householdTiles,
    ...noteTiles,
    ...taskTiles,
    ...meetingTiles,
    ...createGrowthTiles(growth),
  );
  // Households' members: the clients module's routes, and the households prospects convert into (issue 17 §2).
  const members = createHouseholdMembers({ db: database.db, files, secrets, today, clock, alerts });
  const moduleDeps = {
    members,
    accounts,
    billingReadiness,
    billingInputs,
    feeSchedules,
    workflows,
    requests,
    jobs,
    db: database.db,
    config,
    files,
    mailer,
    secrets,
    clock,
    today,
    profile,
    auth,
    notifications,
    alerts,
    notes,
    dashboardTiles,
    growth,
  };
  const modules = [
    registerAuthModule,
    registerSsoModule,
    registerProfileModule,
    registerMasterDataModule,
    registerUsersModule,
    registerRolesModule,
    registerTeamsModule,
    registerAuditModule,
    registerOtherProfessionalsModule,
    registerSearchModule,
    registerClientsModule,
    registerFeeSchedulesModule,
    registerProductsModule,
    registerAccountsModule,
    registerBillingModule,
    registerReceivablesModule,
    registerProspectsModule,
    registerNotesModule,
    registerTasksModule,
    registerMeetingsModule,
    registerSpecialDaysModule,
    registerAlertsModule,
    registerNotificationsModule,
    registerDashboardModule,
    registerGrowthModule,
    registerWorkflowsModule,
    registerRequestsModule,
  ];
  for (const registerModule of modules) registerModule(app, moduleDeps);

  // The built web app, when there is one (precompressed, cached by name), and index.html for its routes.
  await registerWebApp(app, config.WEB_DIST_DIR);

  app.addHook('onClose', async () => mailer.close());
  return Object.assign(app, {
    services: { activitySweep, alerts, notifications, auth, notes, jobs, billingReadiness },
  });
};

export type App = Awaited<ReturnType<typeof buildApp>>;
