import {
  AUTH_MESSAGES,
  envelope,
  PROFILE_IMAGE_MAX_BYTES,
  LEAD_STATUS_LABELS,
  PROSPECT_ACTIVITY_STATUS_LABELS,
  PROSPECT_MESSAGES,
  PROSPECT_TYPE_LABELS,
  prospectActivityBodySchema,
  prospectCreateBodySchema,
  prospectLeadStatusBodySchema,
  type ProspectRow,
  prospectRowSchema,
  prospectSchema,
  prospectsExportQuerySchema,
  prospectsQuerySchema,
  prospectStatisticsSchema,
  prospectUpdateBodySchema,
  usDate,
  clientIdParamsSchema,
  householdProspectActivitySchema,
  PROSPECT_CONVERSION_MESSAGES,
  prospectConversionBodySchema,
  prospectConversionPreviewSchema,
  prospectConversionQuerySchema,
  prospectConversionResultSchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Alerts } from '../../platform/alerts.ts';
import { auditContextOf } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { ok } from '../../platform/envelope.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { readImageUpload, sendImage, type FileStorage } from '../../platform/files.ts';
import { featureAccess } from '../../platform/guard.ts';
import { sendListFile } from '../../platform/list-file.ts';
import type { XlsxColumn } from '../../platform/xlsx.ts';
import type { MembersService } from '../clients/members.service.ts';
import type { NotesService } from '../notes/notes.service.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { createProspectConversion } from './prospect-conversion.service.ts';
import { createProspectImportService } from './prospect-import.ts';
import { registerProspectImportRoutes } from './prospect-import.routes.ts';
import { createProspectsService } from './prospects.service.ts';

const tags = ['Prospects'];
const access = featureAccess('prospects');
const idParams = z.object({ id: z.uuid(PROSPECT_MESSAGES.notFound) });
const detail = { 200: envelope(prospectSchema) };

/** The list as a file: what the screen shows. */
export const prospectExportColumns: readonly XlsxColumn<ProspectRow>[] = [
  { header: 'Name', width: 30, value: (r) => r.displayName },
  { header: 'Type', width: 10, value: (r) => PROSPECT_TYPE_LABELS[r.type] },
  { header: 'Lead status', width: 10, value: (r) => LEAD_STATUS_LABELS[r.leadStatus] },
  { header: 'Status', width: 10, value: (r) => PROSPECT_ACTIVITY_STATUS_LABELS[r.activityStatus] },
  { header: 'Wealth advisor', width: 24, value: (r) => r.wealthAdvisor?.fullName ?? null },
  { header: 'Business developer', width: 24, value: (r) => r.businessDeveloper?.fullName ?? null },
  { header: 'Email', width: 30, value: (r) => r.email },
  { header: 'Phone', width: 16, value: (r) => r.phone },
  {
    header: 'Combined interests',
    width: 18,
    value: (r) => Number(r.combineInterests),
    text: (r) => r.combineInterests,
    numFmt: '#,##0.00',
  },
  {
    header: 'Last activity',
    width: 12,
    value: (r) => (r.lastActivityDate ? usDate(r.lastActivityDate) : null),
  },
  { header: 'Days since last activity', width: 12, value: (r) => r.daysSinceLastActivity },
];

/**
 * Prospects (issue 17 §1; spec §2 /prospects, §7 Prospects calls: create, statistics, by id, activity): the
 * list with its filters and export, the board's move, the form's create and update, and activities; every
 * route under the prospects feature. Who may read prospects sees every prospect of the firm (architecture,
 * Visibility). Notes on a prospect are the notes module's (`/api/prospects/:prospectId/notes`).
 */
export const registerProspectsModule = (
  parent: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    today: FirmToday;
    config: { FIRM_TIME_ZONE: string };
    files: FileStorage;
    alerts: Pick<Alerts, 'resolveAlert'>;
    members: Pick<MembersService, 'createCompleteHousehold' | 'fillEmptyFields'>;
    notes: Pick<NotesService, 'removeAllOf'>;
    jobs: Pick<JobRunner, 'enqueue' | 'kick' | 'continueWith' | 'cancel'>;
  },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const prospects = createProspectsService(deps);
  const conversion = createProspectConversion(deps);
  registerProspectImportRoutes(parent, createProspectImportService(deps));
  // Converting makes or changes a household: it needs what creating one needs (architecture, Permissions).
  const withClients = (action: 'read' | 'write') => [{ feature: 'clients' as const, action }];

  app.get('/api/prospects/:id/conversion', {
    config: { ...access.read, alsoRequires: withClients('read') },
    schema: {
      tags,
      summary:
        'What converting would move (notes, activities, tasks, meetings, attachments) and fill; with clientId, into that household',
      params: idParams,
      querystring: prospectConversionQuerySchema,
      response: { 200: envelope(prospectConversionPreviewSchema) },
    },
    handler: async (request) => ok(await conversion.preview(request.params.id, request.query.clientId)),
  });

  app.post('/api/prospects/:id/convert', {
    config: { ...access.write, alsoRequires: withClients('write') },
    schema: {
      tags,
      summary:
        'Convert the prospect into a new household (with its primary member) or an existing one (its empty fields filled)',
      params: idParams,
      body: prospectConversionBodySchema,
      response: { 200: envelope(prospectConversionResultSchema) },
    },
    handler: async (request) => {
      const result = await conversion.convert(request.params.id, request.body, auditContextOf(request));
      return ok(
        result,
        result.alreadyConverted
          ? PROSPECT_CONVERSION_MESSAGES.alreadyConverted
          : PROSPECT_CONVERSION_MESSAGES.converted,
      );
    },
  });

  app.get('/api/clients/:clientId/prospect-activities', {
    config: { ...access.read, alsoRequires: withClients('read') },
    schema: {
      tags,
      summary: 'The activities of the prospects that became (or went into) the household, newest first',
      params: clientIdParamsSchema,
      response: { 200: envelope(z.array(householdProspectActivitySchema)) },
    },
    handler: async (request) => ok(await conversion.householdActivities(request.params.clientId)),
  });

  app.get('/api/prospects', {
    config: access.read,
    schema: {
      tags,
      summary: 'One page of prospects (lead status, status, advisor filters, search, sort)',
      querystring: prospectsQuerySchema,
      response: { 200: envelope(z.array(prospectRowSchema)).extend({ totalResults: z.number() }) },
    },
    handler: async (request) => {
      const { items, total } = await prospects.list(request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/prospects/export', {
    config: access.read,
    schema: {
      tags,
      summary: 'Every prospect the filters select, in the list order, as CSV or XLSX',
      querystring: prospectsExportQuerySchema,
      response: { 200: z.unknown().describe('A CSV or XLSX file') },
    },
    handler: async (request, reply) => {
      const rows = await prospects.export(request.query, auditContextOf(request));
      return sendListFile(
        reply,
        {
          format: request.query.format,
          name: 'prospects',
          sheet: 'Prospects',
          columns: prospectExportColumns,
          rows,
        },
        deps,
      );
    },
  });

  app.get('/api/prospects/statistics', {
    config: access.read,
    schema: {
      tags,
      summary: 'Open prospects by lead status, new this month, converted this quarter, pipeline value',
      response: { 200: envelope(prospectStatisticsSchema) },
    },
    handler: async () => ok(await prospects.statistics()),
  });

  app.get('/api/prospects/:id', {
    config: access.read,
    schema: {
      tags,
      summary: 'A prospect with its activities, newest first',
      params: idParams,
      response: detail,
    },
    handler: async (request) => ok(await prospects.get(request.params.id)),
  });

  app.post('/api/prospects', {
    config: access.write,
    schema: {
      tags,
      summary: 'Add a prospect with its first activities (activity status ACTIVE or INACTIVE)',
      body: prospectCreateBodySchema,
      response: { 201: envelope(prospectSchema) },
    },
    handler: async (request, reply) => {
      const created = await prospects.create(request.body, auditContextOf(request));
      return reply.code(201).send(ok(created, PROSPECT_MESSAGES.created, 201));
    },
  });

  app.patch('/api/prospects/:id', {
    config: access.write,
    schema: {
      tags,
      summary: "Change a prospect's info, services and contact",
      params: idParams,
      body: prospectUpdateBodySchema,
      response: detail,
    },
    handler: async (request) =>
      ok(
        await prospects.update(request.params.id, request.body, auditContextOf(request)),
        PROSPECT_MESSAGES.updated,
      ),
  });

  app.delete('/api/prospects/:id', {
    config: access.remove,
    schema: {
      tags,
      summary:
        'Delete a prospect with its activities and notes (tasks and meetings stay, unlinked); a converted prospect cannot be deleted (409)',
      params: idParams,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await prospects.remove(request.params.id, auditContextOf(request));
      return ok(null, PROSPECT_MESSAGES.deleted);
    },
  });

  app.put('/api/prospects/:id/lead-status', {
    config: access.write,
    schema: {
      tags,
      summary: "The board's move: a new lead status",
      params: idParams,
      body: prospectLeadStatusBodySchema,
      response: detail,
    },
    handler: async (request) =>
      ok(
        await prospects.setLeadStatus(request.params.id, request.body.leadStatus, auditContextOf(request)),
        PROSPECT_MESSAGES.leadStatusChanged,
      ),
  });

  app.post('/api/prospects/:id/activity', {
    config: access.write,
    schema: {
      tags,
      summary: 'Log an activity (type, date, minutes); it ends the 30-day alert of the lapse',
      params: idParams,
      body: prospectActivityBodySchema,
      response: { 201: envelope(prospectSchema) },
    },
    handler: async (request, reply) => {
      const result = await prospects.addActivity(request.params.id, request.body, auditContextOf(request));
      return reply.code(201).send(ok(result, PROSPECT_MESSAGES.activityAdded, 201));
    },
  });

  app.put('/api/prospects/:id/profile-image', {
    config: access.write,
    schema: {
      tags,
      summary: 'Upload the prospect\'s profile image (jpg, jpeg, png up to 15 MB), multipart field "file"',
      consumes: ['multipart/form-data'],
      params: idParams,
      response: detail,
    },
    handler: async (request) => {
      const image = await readImageUpload(request, {
        maxBytes: PROFILE_IMAGE_MAX_BYTES,
        formatMessage: AUTH_MESSAGES.profileImageFormat,
        tooLargeMessage: AUTH_MESSAGES.profileImageFormat,
      });
      return ok(
        await prospects.setProfileImage(request.params.id, image, auditContextOf(request)),
        PROSPECT_MESSAGES.profileImageUpdated,
      );
    },
  });

  app.get('/api/prospects/:id/profile-image', {
    config: access.read,
    schema: { tags, summary: "The prospect's profile image", params: idParams },
    handler: async (request, reply) => sendImage(reply, await prospects.profileImage(request.params.id)),
  });
};
