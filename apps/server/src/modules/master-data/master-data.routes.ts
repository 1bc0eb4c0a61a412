import {
  envelope,
  MASTER_DATA_IMAGE_MAX_BYTES,
  MASTER_DATA_LEGACY_LISTS,
  MASTER_DATA_LISTS,
  MASTER_DATA_MESSAGES,
  masterDataBodySchema,
  masterDataItemResultSchema,
  masterDataLegacyItemSchema,
  masterDataLegacyListBodySchema,
  masterDataListQuerySchema,
  masterDataTypeSchema,
  serialIdParamSchema,
  sysconfigSchema,
  sysconfigUpdateSchema,
} from '@centric/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { HttpError } from '../../platform/errors.ts';
import { sendCsv } from '../../platform/csv.ts';
import { readImageUpload, sendImage } from '../../platform/files.ts';
import { createMasterDataService, type ListRef } from './master-data.service.ts';

const tags = ['Master data'];
const id = serialIdParamSchema();
const typeParams = z.object({ type: masterDataTypeSchema });
const itemParams = typeParams.extend({ id });
const subItemParams = itemParams.extend({ itemId: id });
const itemEnvelope = envelope(masterDataItemResultSchema);
const listEnvelope = envelope(z.array(masterDataItemResultSchema));
const nullEnvelope = envelope(z.null());

const write = { permission: { feature: 'masterData', action: 'write' } } as const;
const remove = { permission: { feature: 'masterData', action: 'delete' } } as const;
const signedIn = { auth: 'signedIn' } as const;

/** A CSV export as a download (a string body with its own content type skips the JSON serializer). */
/** The one image of a multipart body: jpg/jpeg/png by content and name, at most 512 KB. */
const readImage = async (request: FastifyRequest) =>
  (
    await readImageUpload(request, {
      maxBytes: MASTER_DATA_IMAGE_MAX_BYTES,
      formatMessage: MASTER_DATA_MESSAGES.imageFormat,
      tooLargeMessage: MASTER_DATA_MESSAGES.imageTooLarge,
    })
  ).data;

/**
 * Master data (spec §2 /master-data/{type}, §7 "Master data and system"). Resource routes for the 20 lists
 * and their sub-items; the legacy calls of §7 are thin aliases over the same service.
 */
export const registerMasterDataModule = (
  parent: FastifyInstance,
  deps: Parameters<typeof createMasterDataService>[0],
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createMasterDataService(deps);

  // ---- Lists --------------------------------------------------------------------------------------------

  app.get('/api/master-data/:type', {
    config: signedIn,
    schema: {
      tags,
      summary: 'One master-data list: search by name (q), sort, page; ?format=csv exports it (audited)',
      params: typeParams,
      querystring: masterDataListQuerySchema,
      response: { 200: listEnvelope },
    },
    handler: async (request, reply) => {
      const { format, ...query } = request.query;
      const ref: ListRef = { type: request.params.type };
      if (format === 'csv') {
        return sendCsv(reply, await service.exportCsv(auditContextOf(request), ref, query));
      }
      const { items, total } = await service.list(ref, query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.post('/api/master-data/:type', {
    config: write,
    schema: {
      tags,
      summary: "Add a value to a list (fields per the list's description in contracts)",
      params: typeParams,
      body: masterDataBodySchema,
      response: { 201: itemEnvelope },
    },
    handler: async (request, reply) => {
      const item = await service.create(auditContextOf(request), { type: request.params.type }, request.body);
      return reply.code(201).send(ok(item, MASTER_DATA_MESSAGES.created, 201));
    },
  });

  app.get('/api/master-data/:type/:id', {
    config: signedIn,
    schema: { tags, summary: 'One value of a list', params: itemParams, response: { 200: itemEnvelope } },
    handler: async (request) => ok(await service.get({ type: request.params.type }, request.params.id)),
  });

  app.patch('/api/master-data/:type/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Change a value (the given fields; the whole value is validated again)',
      params: itemParams,
      body: masterDataBodySchema,
      response: { 200: itemEnvelope },
    },
    handler: async (request) =>
      ok(
        await service.update(
          auditContextOf(request),
          { type: request.params.type },
          request.params.id,
          request.body,
        ),
        MASTER_DATA_MESSAGES.updated,
      ),
  });

  app.delete('/api/master-data/:type/:id', {
    config: remove,
    schema: {
      tags,
      summary: 'Delete a value; 409 naming where it is used when something refers to it',
      params: itemParams,
      response: { 200: nullEnvelope },
    },
    handler: async (request) => {
      await service.remove(auditContextOf(request), { type: request.params.type }, request.params.id);
      return ok(null, MASTER_DATA_MESSAGES.deleted);
    },
  });

  // ---- Sub-items (sub-religions of a religion, jobs of an industry) -----------------------------------

  const subRef = (params: { type: ListRef['type']; id: number }): ListRef => ({
    type: params.type,
    parentId: params.id,
  });

  app.get('/api/master-data/:type/:id/items', {
    config: signedIn,
    schema: {
      tags,
      summary: 'The sub-items of a value (religious-affiliations, industry); same query as a list',
      params: itemParams,
      querystring: masterDataListQuerySchema,
      response: { 200: listEnvelope },
    },
    handler: async (request, reply) => {
      const { format, ...query } = request.query;
      if (format === 'csv') {
        return sendCsv(
          reply,
          await service.exportCsv(auditContextOf(request), subRef(request.params), query),
        );
      }
      const { items, total } = await service.list(subRef(request.params), query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.post('/api/master-data/:type/:id/items', {
    config: write,
    schema: {
      tags,
      summary: 'Add a sub-item (body { name })',
      params: itemParams,
      body: masterDataBodySchema,
      response: { 201: itemEnvelope },
    },
    handler: async (request, reply) => {
      const item = await service.create(auditContextOf(request), subRef(request.params), request.body);
      return reply.code(201).send(ok(item, MASTER_DATA_MESSAGES.created, 201));
    },
  });

  app.patch('/api/master-data/:type/:id/items/:itemId', {
    config: write,
    schema: {
      tags,
      summary: 'Rename a sub-item',
      params: subItemParams,
      body: masterDataBodySchema,
      response: { 200: itemEnvelope },
    },
    handler: async (request) =>
      ok(
        await service.update(
          auditContextOf(request),
          subRef(request.params),
          request.params.itemId,
          request.body,
        ),
        MASTER_DATA_MESSAGES.updated,
      ),
  });

  app.delete('/api/master-data/:type/:id/items/:itemId', {
    config: remove,
    schema: { tags, summary: 'Delete a sub-item', params: subItemParams, response: { 200: nullEnvelope } },
    handler: async (request) => {
      await service.remove(auditContextOf(request), subRef(request.params), request.params.itemId);
      return ok(null, MASTER_DATA_MESSAGES.deleted);
    },
  });

  // ---- Images (providers, receivable products) ---------------------------------------------------------

  app.put('/api/master-data/:type/:id/image', {
    config: write,
    schema: {
      tags,
      summary: 'Upload the image of a value (jpg, jpeg, png up to 512 KB), multipart field "file"',
      consumes: ['multipart/form-data'],
      params: itemParams,
      response: { 200: itemEnvelope },
    },
    handler: async (request) => {
      const ref: ListRef = { type: request.params.type };
      if (!MASTER_DATA_LISTS[ref.type].image)
        throw new HttpError(400, MASTER_DATA_MESSAGES.imageNotSupported);
      const data = await readImage(request);
      return ok(
        await service.setImage(auditContextOf(request), ref, request.params.id, data),
        MASTER_DATA_MESSAGES.imageUpdated,
      );
    },
  });

  app.delete('/api/master-data/:type/:id/image', {
    config: write,
    schema: {
      tags,
      summary: 'Remove the image of a value',
      params: itemParams,
      response: { 200: itemEnvelope },
    },
    handler: async (request) =>
      ok(
        await service.setImage(
          auditContextOf(request),
          { type: request.params.type },
          request.params.id,
          null,
        ),
        MASTER_DATA_MESSAGES.imageRemoved,
      ),
  });

  app.get('/api/master-data-image/:id', {
    config: signedIn,
    schema: { tags, summary: 'The image of a master-data value', params: z.object({ id }) },
    handler: async (request, reply) => {
      return sendImage(reply, await service.image(request.params.id));
    },
  });

  // ---- Legacy calls of spec §7 -------------------------------------------------------------------------

  for (const legacy of MASTER_DATA_LEGACY_LISTS) {
    const spec = MASTER_DATA_LISTS[legacy.type];
    app.post(`/api/${legacy.list}`, {
      config: signedIn,
      schema: {
        tags,
        summary: `${spec.label}: the whole list (alias of GET /api/master-data/${legacy.type}); default ${spec.defaultSort.sortBy} ${spec.defaultSort.order}`,
        body: masterDataLegacyListBodySchema,
        response: { 200: envelope(z.array(masterDataLegacyItemSchema)) },
      },
      handler: async (request) => {
        const items = await service.listAll(legacy.type, request.body ?? {});
        return { ...ok(items), totalResults: items.length };
      },
    });
    app.post(`/api/${legacy.add}`, {
      config: write,
      schema: {
        tags,
        summary: `${spec.label}: add a value (alias of POST /api/master-data/${legacy.type})`,
        body: masterDataBodySchema,
        response: { 201: itemEnvelope },
      },
      handler: async (request, reply) => {
        const item = await service.create(auditContextOf(request), { type: legacy.type }, request.body);
        return reply.code(201).send(ok(item, MASTER_DATA_MESSAGES.created, 201));
      },
    });
  }

  app.get('/api/receivableProviderList', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Insurance and annuity providers, sorted by name',
      response: { 200: listEnvelope },
    },
    handler: async () => {
      const items = await service.listAll('providers', { sortBy: 'name', order: 'ASC' });
      return { ...ok(items), totalResults: items.length };
    },
  });

  // ---- System settings ---------------------------------------------------------------------------------

  app.get('/api/sysconfig', {
    config: signedIn,
    schema: {
      tags,
      summary: "The firm's settings (e.g. ssnMasking)",
      response: { 200: envelope(sysconfigSchema) },
    },
    handler: async () => ok(await service.getSysconfig()),
  });

  app.put('/api/sysconfig', {
    config: write,
    schema: {
      tags,
      summary: 'Change settings (the given keys)',
      body: sysconfigUpdateSchema,
      response: { 200: envelope(sysconfigSchema) },
    },
    handler: async (request) =>
      ok(
        await service.updateSysconfig(auditContextOf(request), request.body),
        MASTER_DATA_MESSAGES.settingsUpdated,
      ),
  });
};
