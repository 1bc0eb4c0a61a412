import {
  assetCategoryOptionSchema,
  assetClassBodySchema,
  assetClassIdParamsSchema,
  assetClassItemSchema,
  envelope,
  PRICE_IMPORT_MAX_BYTES,
  priceImportQuerySchema,
  priceImportResultSchema,
  PRODUCT_MESSAGES,
  productBodySchema,
  productExportQuerySchema,
  productIdParamsSchema,
  productItemSchema,
  productListQuerySchema,
  productOptionSchema,
  productOptionsQuerySchema,
  productPriceItemSchema,
  productPriceListQuerySchema,
  productPriceParamsSchema,
  productPricePutBodySchema,
  securityTypeOptionSchema,
} from '@centric/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { featureAccess } from '../../platform/guard.ts';
import { datedFileName, sendCsv } from '../../platform/csv.ts';
import { ok } from '../../platform/envelope.ts';
import { importFileText, readCsvUpload, withCsvBody } from '../../platform/csv-import.ts';
import { sendXlsx } from '../../platform/xlsx.ts';
import { createProductsService } from './products.service.ts';

const tags = ['Products'];
const read = { permission: { feature: 'products', action: 'read' } } as const;
const write = { permission: { feature: 'products', action: 'write' } } as const;
const remove = { permission: { feature: 'products', action: 'delete' } } as const;
/** The pickers of the managed accounts screens (holdings, strategy targets) serve whoever may read those. */
const picker = featureAccess('managedAccounts').read;

const productEnvelope = envelope(productItemSchema);
const assetClassEnvelope = envelope(assetClassItemSchema);
/** A text/csv body may run a little over the file's limit before Fastify itself refuses it. */
const CSV_BODY_LIMIT = PRICE_IMPORT_MAX_BYTES + 1024 * 1024;

/**
 * The price file of an import: a multipart field `file` (.csv or .txt) or the body itself as text/csv, its bytes
 * read like a file's: UTF-8, else Windows-1252 (a NUL byte is refused as not a text file).
 */
const readPriceUpload = async (request: FastifyRequest): Promise<string> => {
  const upload = await readCsvUpload(request, {
    maxBytes: PRICE_IMPORT_MAX_BYTES,
    defaultName: 'prices.csv',
    messages: {
      required: PRODUCT_MESSAGES.importFileRequired,
      format: PRODUCT_MESSAGES.importFileFormat,
      tooLarge: PRODUCT_MESSAGES.importFileTooLarge,
    },
  });
  return importFileText(upload.data, PRODUCT_MESSAGES.importFileFormat);
};

/**
 * Products (spec §2 /products, issue 13 §1): asset classes, products with their list and export, prices by
 * date and the price file import. Feature `products`: read, write, delete.
 */
export const registerProductsModule = (
  parent: FastifyInstance,
  deps: Parameters<typeof createProductsService>[0],
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const products = createProductsService(deps);

  // ---- Asset classes (spec §3 Asset class) -------------------------------------------------------------

  app.get('/api/asset-classes', {
    config: read,
    schema: {
      tags,
      summary: 'Every asset class, by class then category, with how many products each has',
      response: { 200: envelope(z.array(assetClassItemSchema)) },
    },
    handler: async () => ok(await products.listAssetClasses()),
  });

  app.get('/api/asset-classes/options', {
    config: picker,
    schema: {
      tags,
      summary: 'Every asset class and category, by class then category, for the strategy target picker',
      response: { 200: envelope(z.array(assetCategoryOptionSchema)) },
    },
    handler: async () =>
      ok(
        (await products.listAssetClasses()).map(({ id, assetClass, assetCategory }) => ({
          id,
          assetClass,
          assetCategory,
        })),
      ),
  });

  app.get('/api/products/options', {
    config: picker,
    schema: {
      tags,
      summary: 'Products by name whose name, symbol or CUSIP match, for the holdings and strategy pickers',
      querystring: productOptionsQuerySchema,
      response: { 200: envelope(z.array(productOptionSchema)) },
    },
    handler: async (request) => {
      const { items } = await products.list({
        search: request.query.search,
        sortBy: 'name',
        order: 'ASC',
        page: 1,
        limit: request.query.limit,
      });
      return ok(
        items.map(({ id, name, symbol, cusip, productType }) => ({ id, name, symbol, cusip, productType })),
      );
    },
  });

  app.post('/api/asset-classes', {
    config: write,
    schema: {
      tags,
      summary:
        'Add an asset class and category; addAssetCategory adds a category to an asset class that exists',
      body: assetClassBodySchema,
      response: { 201: assetClassEnvelope },
    },
    handler: async (request, reply) => {
      const item = await products.createAssetClass(request.body, auditContextOf(request));
      return reply.code(201).send(ok(item, PRODUCT_MESSAGES.assetClassCreated, 201));
    },
  });

  app.patch('/api/asset-classes/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Change an asset class (every field; addAssetCategory is ignored)',
      params: assetClassIdParamsSchema,
      body: assetClassBodySchema,
      response: { 200: assetClassEnvelope },
    },
    handler: async (request) =>
      ok(
        await products.updateAssetClass(request.params.id, request.body, auditContextOf(request)),
        PRODUCT_MESSAGES.assetClassUpdated,
      ),
  });

  app.delete('/api/asset-classes/:id', {
    config: remove,
    schema: {
      tags,
      summary: 'Delete an asset class; 409 saying by what when products or strategy targets use it',
      params: assetClassIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await products.removeAssetClass(request.params.id, auditContextOf(request));
      return ok(null, PRODUCT_MESSAGES.assetClassDeleted);
    },
  });

  // ---- Products ----------------------------------------------------------------------------------------

  app.get('/api/products/security-types', {
    config: read,
    schema: {
      tags,
      summary: 'The security types a product can take (master data security-type), by name',
      response: { 200: envelope(z.array(securityTypeOptionSchema)) },
    },
    handler: async () => ok(await products.securityTypes()),
  });

  app.get('/api/products', {
    config: read,
    schema: {
      tags,
      summary:
        'Products: search (name, symbol, CUSIP), product type, asset class and security type filters, sort, paging',
      querystring: productListQuerySchema,
      response: { 200: envelope(z.array(productItemSchema)) },
    },
    handler: async (request) => {
      const { items, total } = await products.list(request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/products/export', {
    config: read,
    schema: {
      tags,
      summary: "Every product the list's filters select, in its order, as a CSV or XLSX file",
      querystring: productExportQuerySchema,
      response: { 200: z.unknown().describe('A CSV or XLSX file') },
    },
    handler: async (request, reply) => {
      const file = await products.export(request.query, request.query.format, auditContextOf(request));
      const filename = datedFileName('products', deps.today(), file.format);
      return file.format === 'csv'
        ? sendCsv(reply, { filename, csv: file.csv })
        : sendXlsx(reply, { filename, data: file.data });
    },
  });

  // The import reads a multipart file or a text/csv body (its bytes, read like a file's).
  void withCsvBody(parent, CSV_BODY_LIMIT, (scope) => {
    scope.post('/api/products/prices/import', {
      config: write,
      bodyLimit: CSV_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Import a price file (CSV: symbol, cusip or identifier; date yyyy-MM-dd or MM/dd/yyyy; price), multipart field "file" or a text/csv body, up to 5 MB; dryRun=true previews. Answers every refused line with why',
        consumes: ['multipart/form-data', 'text/csv'],
        querystring: priceImportQuerySchema,
        response: { 200: envelope(priceImportResultSchema) },
      },
      handler: async (request) => {
        const text = await readPriceUpload(request);
        const result = await products.importPrices(text, request.query.dryRun, auditContextOf(request));
        return ok(
          result,
          result.dryRun
            ? PRODUCT_MESSAGES.importPreviewed
            : PRODUCT_MESSAGES.imported(result.imported, result.unchanged),
        );
      },
    });
  });

  app.get('/api/products/:id', {
    config: read,
    schema: {
      tags,
      summary: 'One product with its security type, asset class and newest price',
      params: productIdParamsSchema,
      response: { 200: productEnvelope },
    },
    handler: async (request) => ok(await products.get(request.params.id)),
  });

  app.post('/api/products', {
    config: write,
    schema: {
      tags,
      summary: 'Add a product (a symbol or a CUSIP, or both; an asset class unless CASH)',
      body: productBodySchema,
      response: { 201: productEnvelope },
    },
    handler: async (request, reply) => {
      const item = await products.create(request.body, auditContextOf(request));
      return reply.code(201).send(ok(item, PRODUCT_MESSAGES.created, 201));
    },
  });

  app.patch('/api/products/:id', {
    config: write,
    schema: {
      tags,
      summary: "Replace a product's fields",
      params: productIdParamsSchema,
      body: productBodySchema,
      response: { 200: productEnvelope },
    },
    handler: async (request) =>
      ok(
        await products.update(request.params.id, request.body, auditContextOf(request)),
        PRODUCT_MESSAGES.updated,
      ),
  });

  app.delete('/api/products/:id', {
    config: remove,
    schema: {
      tags,
      summary:
        'Delete a product and its prices; 409 saying where when accounts hold it or transactions or strategies name it',
      params: productIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await products.remove(request.params.id, auditContextOf(request));
      return ok(null, PRODUCT_MESSAGES.deleted);
    },
  });

  // ---- Prices ------------------------------------------------------------------------------------------

  app.get('/api/products/:id/prices', {
    config: read,
    schema: {
      tags,
      summary: "A product's prices, newest first, paged",
      params: productIdParamsSchema,
      querystring: productPriceListQuerySchema,
      response: { 200: envelope(z.array(productPriceItemSchema)) },
    },
    handler: async (request) => {
      const { items, total } = await products.listPrices(request.params.id, request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.put('/api/products/:id/prices/:date', {
    config: write,
    schema: {
      tags,
      summary: 'Set the price of a date (added or replaced); not for a CASH product, nor after today',
      params: productPriceParamsSchema,
      body: productPricePutBodySchema,
      response: { 200: envelope(productPriceItemSchema), 201: envelope(productPriceItemSchema) },
    },
    handler: async (request, reply) => {
      const { item, created } = await products.putPrice(
        request.params.id,
        request.params.date,
        request.body.price,
        auditContextOf(request),
      );
      const status = created ? 201 : 200;
      return reply.code(status).send(ok(item, PRODUCT_MESSAGES.priceSaved, status));
    },
  });

  app.delete('/api/products/:id/prices/:date', {
    config: remove,
    schema: {
      tags,
      summary: 'Delete the price of a date',
      params: productPriceParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await products.deletePrice(request.params.id, request.params.date, auditContextOf(request));
      return ok(null, PRODUCT_MESSAGES.priceDeleted);
    },
  });
};
