import type { Alerts } from '../../platform/alerts.ts';
import {
  AUTH_MESSAGES,
  CLIENT_API_MESSAGES,
  clientDetailSchema,
  createClientBodySchema,
  createClientResultSchema,
  clientIdParamsSchema,
  clientListItemSchema,
  clientListQuerySchema,
  envelope,
  linkProfessionalsBodySchema,
  memberDetailSchema,
  memberParamsSchema,
  PROFILE_IMAGE_MAX_BYTES,
  updateClientBodySchema,
  updateClientTeamBodySchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { auditContextOf } from '../../platform/audit.ts';
import { datedFileName, sendCsv } from '../../platform/csv.ts';
import { ok } from '../../platform/envelope.ts';
import { readImageUpload, sendImage, type FileStorage } from '../../platform/files.ts';
import { sessionOf } from '../../platform/guard.ts';
import { sendXlsx } from '../../platform/xlsx.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { createClientsService, type ClientsService } from './clients.service.ts';
import { registerDraftRoutes } from './drafts.routes.ts';
import { createDraftsService } from './drafts.service.ts';
import { registerEntryRoutes } from './entries.routes.ts';
import { createEntriesService } from './entries.service.ts';
import { registerMemberRoutes } from './members.routes.ts';
import { createMembersService, type MembersService } from './members.service.ts';

const tags = ['Clients'];
const detailEnvelope = envelope(clientDetailSchema);

export const profileImageQuerySchema = z.object({
  profileUrl: z.string({ error: 'profileUrl is required.' }).min(1, 'profileUrl is required.').max(300),
});

/**
 * The households part of /api/clients: create, list and export, detail, household fields, team, linked
 * professionals and members' profile images.
 */
const registerHouseholdRoutes = (
  parent: FastifyInstance,
  deps: { clients: ClientsService; members: MembersService; today: FirmToday },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { clients, members, today } = deps;

  app.post('/api/clients', {
    config: { permission: { feature: 'clients', action: 'write' } },
    schema: {
      tags,
      summary: 'Create a household (ACTIVE, named "Last, First") with its PRIMARY member from the basic step',
      body: createClientBodySchema,
      response: { 201: envelope(createClientResultSchema) },
    },
    handler: async (request, reply) => {
      const result = await members.createHousehold(
        request.body,
        auditContextOf(request),
        sessionOf(request).user.id,
      );
      return reply.code(201).send(ok(result, CLIENT_API_MESSAGES.householdCreated, 201));
    },
  });

  app.get('/api/clients', {
    config: { permission: { feature: 'clients', action: 'read' } },
    schema: {
      tags,
      summary:
        'Households: view (Default, Mine), rating, services, influencer and status filters, search, up to 3 sort keys, paging; ?format=csv|xlsx exports every match',
      querystring: clientListQuerySchema,
      response: {
        200: envelope(z.array(clientListItemSchema)).describe(
          'JSON, or a CSV/XLSX file with format=csv or format=xlsx',
        ),
      },
    },
    handler: async (request, reply) => {
      const query = request.query;
      const userId = sessionOf(request).user.id;
      if (query.format) {
        const file = await clients.export(query, userId, query.format, auditContextOf(request));
        const filename = datedFileName('clients', today(), file.format);
        return file.format === 'csv'
          ? sendCsv(reply, { filename, csv: file.csv })
          : sendXlsx(reply, { filename, data: file.data });
      }
      const { items, total } = await clients.list(query, userId);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/clients/profile-image', {
    config: { permission: { feature: 'clients', action: 'read' } },
    schema: {
      tags,
      summary:
        "A member's profile image by the stored path the API handed out (cacheable 15 minutes; cached on the server)",
      querystring: profileImageQuerySchema,
    },
    handler: async (request, reply) => sendImage(reply, await clients.profileImage(request.query.profileUrl)),
  });

  app.get('/api/clients/:clientId', {
    config: { permission: { feature: 'clients', action: 'read' } },
    schema: {
      tags,
      summary:
        'A household with its members, team, special dates, milestones, relationships, introducer, introductions and other professionals',
      params: clientIdParamsSchema,
      response: { 200: detailEnvelope },
    },
    handler: async (request) => ok(await clients.detail(request.params.clientId)),
  });

  app.patch('/api/clients/:clientId', {
    config: { permission: { feature: 'clients', action: 'write' } },
    schema: {
      tags,
      summary: "Change the household's own fields; absent fields stay as they are",
      params: clientIdParamsSchema,
      body: updateClientBodySchema,
      response: { 200: detailEnvelope },
    },
    handler: async (request) =>
      ok(
        await clients.update(request.params.clientId, request.body, auditContextOf(request)),
        CLIENT_API_MESSAGES.householdUpdated,
      ),
  });

  app.put('/api/clients/:clientId/team', {
    config: { permission: { feature: 'clients', action: 'write' } },
    schema: {
      tags,
      summary: 'Set the advisor team: an active user or null per role; roles left out stay as they are',
      params: clientIdParamsSchema,
      body: updateClientTeamBodySchema,
      response: { 200: detailEnvelope },
    },
    handler: async (request) =>
      ok(
        await clients.updateTeam(request.params.clientId, request.body, auditContextOf(request)),
        CLIENT_API_MESSAGES.teamUpdated,
      ),
  });

  app.put('/api/clients/:clientId/other-professionals', {
    config: { permission: { feature: 'clients', action: 'write' } },
    schema: {
      tags,
      summary: "Replace the household's links to other professionals",
      params: clientIdParamsSchema,
      body: linkProfessionalsBodySchema,
      response: { 200: detailEnvelope },
    },
    handler: async (request) =>
      ok(
        await clients.linkProfessionals(
          request.params.clientId,
          request.body.professionalIds,
          auditContextOf(request),
        ),
        CLIENT_API_MESSAGES.professionalsLinked,
      ),
  });

  app.put('/api/clients/:clientId/members/:memberId/profile-image', {
    config: { permission: { feature: 'clients', action: 'write' } },
    schema: {
      tags,
      summary: 'Upload a member\'s profile image (jpg, jpeg, png up to 15 MB), multipart field "file"',
      consumes: ['multipart/form-data'],
      params: memberParamsSchema,
      response: { 200: envelope(memberDetailSchema) },
    },
    handler: async (request) => {
      const { clientId, memberId } = request.params;
      await clients.assertMember(clientId, memberId);
      const image = await readImageUpload(request, {
        maxBytes: PROFILE_IMAGE_MAX_BYTES,
        formatMessage: AUTH_MESSAGES.profileImageFormat,
        tooLargeMessage: AUTH_MESSAGES.profileImageFormat,
      });
      return ok(
        await clients.setProfileImage(clientId, memberId, image, auditContextOf(request)),
        CLIENT_API_MESSAGES.profileImageUpdated,
      );
    },
  });
};

type HouseholdMembersDeps = {
  db: Db;
  files: FileStorage;
  secrets: SecretBox;
  today: FirmToday;
  clock: Clock;
  alerts: Pick<Alerts, 'checkHouseholdInformation'>;
};

/**
 * The clients module: households, their members and entries (special dates, milestones, relationships) and
 * the drafts, each with its service, made here from what app.ts hands in (the members service is made there,
 * since converting a prospect creates households through it too).
 */
export const registerClientsModule = (
  parent: FastifyInstance,
  deps: HouseholdMembersDeps & { members: MembersService },
) => {
  const { members } = deps;
  registerHouseholdRoutes(parent, {
    clients: createClientsService({ ...deps, householdChanged: householdChangedOf(deps.alerts) }),
    members,
    today: deps.today,
  });
  registerMemberRoutes(parent, members);
  registerEntryRoutes(parent, createEntriesService(deps));
  registerDraftRoutes(parent, createDraftsService(deps));
};

/** Each change to a household brings its missing-information alert up to date in the change's transaction. */
export const householdChangedOf =
  (alerts: Pick<Alerts, 'checkHouseholdInformation'>) => async (tx: Db, clientId: string) => {
    await alerts.checkHouseholdInformation(tx, clientId);
  };

/** The members service as app.ts makes it for the clients module and the prospects' conversion. */
export const createHouseholdMembers = (deps: HouseholdMembersDeps) =>
  createMembersService({ ...deps, householdChanged: householdChangedOf(deps.alerts) });
