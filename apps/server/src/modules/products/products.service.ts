import {
  type AssetClassBody,
  type AssetClassItem,
  CASH_UNIT_PRICE,
  PRICE_IMPORT_MAX_LISTED,
  type PriceImportRefusal,
  type PriceImportResult,
  PRODUCT_EXPORT_MAX_ROWS,
  PRODUCT_MESSAGES,
  type ProductBody,
  type ProductExportFormat,
  type ProductExportQuery,
  type ProductItem,
  type ProductListQuery,
  type ProductPriceListQuery,
  type ProductType,
  toPrice,
} from '@centric/contracts';
import type { Db } from '../../db/client.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { toCsv } from '../../platform/csv.ts';
import { conflict, fieldConflict, fieldError, notFound } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { answerDbRefusals } from '../../platform/pg-errors.ts';
import { csvColumnsOf, listWorkbook } from '../../platform/xlsx.ts';
import { PRODUCT_EXPORT_COLUMNS } from './products-export.ts';
import { productMatcher } from '../../platform/csv-import.ts';
import { type PriceFileLine, readPriceFile } from './products-import.ts';
import {
  type AssetClassRow,
  type AssetClassValues,
  assetClassSpelling,
  assetClassUsage,
  countPrices,
  countProducts,
  countUnchangedPrices,
  deleteAssetClassRow,
  deletePriceRow,
  deleteProductRow,
  findAssetClass,
  findPrice,
  findProductRow,
  findSecurityType,
  insertAssetClass,
  insertProduct,
  listAssetClasses,
  listPrices,
  listProducts,
  listSecurityTypes,
  lockProduct,
  type PriceLine,
  type ProductFilter,
  type ProductRow,
  type ProductValues,
  productsByIdentifiers,
  productUsage,
  updateAssetClassRow,
  updateProductRow,
  upsertPrice,
  upsertPrices,
} from './products.repository.ts';

const instant = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const toAssetClassItem = (row: AssetClassRow): AssetClassItem => ({
  id: row.id,
  assetClass: row.assetClass,
  assetCategory: row.assetCategory,
  productType: row.productType as ProductType,
  avdReportable: row.advReportable,
  fReportable: row.f13Reportable,
  productCount: row.productCount,
  createdAt: instant(row.createdAt),
  updatedAt: instant(row.updatedAt),
});

/** What the trail keeps of an asset class (spec §3 field names). */
const assetClassAuditView = (item: AssetClassItem) => ({
  assetClass: item.assetClass,
  assetCategory: item.assetCategory,
  productType: item.productType,
  avdReportable: item.avdReportable,
  fReportable: item.fReportable,
});

const assetClassValuesOf = (body: AssetClassBody, assetClass = body.assetClass): AssetClassValues => ({
  assetClass,
  assetCategory: body.assetCategory,
  productType: body.productType,
  advReportable: body.avdReportable,
  f13Reportable: body.fReportable,
});

export const toProductItem = (row: ProductRow): ProductItem => {
  const cash = row.product_type === 'CASH';
  return {
    id: row.id,
    name: row.name,
    symbol: row.symbol,
    cusip: row.cusip,
    productType: row.product_type as ProductType,
    securityType:
      row.security_type_id === null
        ? null
        : { id: Number(row.security_type_id), name: row.security_type_name ?? '' },
    assetClass:
      row.asset_class_id === null
        ? null
        : {
            id: row.asset_class_id,
            assetClass: row.asset_class ?? '',
            assetCategory: row.asset_category ?? '',
          },
    advReportable: row.adv_reportable,
    f13Reportable: row.f13_reportable,
    latestPrice:
      cash || row.price_date === null || row.price === null
        ? null
        : { date: row.price_date, price: toPrice(row.price) },
    fixedUnitPrice: cash ? CASH_UNIT_PRICE : null,
    createdAt: instant(row.created_at),
    updatedAt: instant(row.updated_at),
  };
};

/** What the trail keeps of a product: its fields, with the names of its security type and asset class. */
const productAuditView = (item: ProductItem) => ({
  name: item.name,
  symbol: item.symbol,
  cusip: item.cusip,
  productType: item.productType,
  securityType: item.securityType?.name ?? null,
  assetClass: item.assetClass ? `${item.assetClass.assetClass} / ${item.assetClass.assetCategory}` : null,
  advReportable: item.advReportable,
  f13Reportable: item.f13Reportable,
});

const productValuesOf = (body: ProductBody): ProductValues => ({
  name: body.name,
  symbol: body.symbol,
  cusip: body.cusip,
  productType: body.productType,
  securityTypeId: body.securityTypeId,
  assetClassId: body.assetClassId,
  advReportable: body.advReportable,
  f13Reportable: body.f13Reportable,
});

const filterOf = (query: ProductListQuery | ProductExportQuery): ProductFilter => ({
  search: query.search ?? '',
  productType: query.productType,
  assetClassId: query.assetClassId,
  securityTypeId: query.securityTypeId,
});

/** A taken symbol or CUSIP (their unique indexes, whatever the case) is a 409 on that field. */
const guardProductUnique = <T>(work: () => Promise<T>) =>
  answerDbRefusals(work, {
    unique: (constraint) =>
      constraint === 'products_cusip_idx'
        ? fieldConflict('cusip', PRODUCT_MESSAGES.duplicateCusip)
        : fieldConflict('symbol', PRODUCT_MESSAGES.duplicateSymbol),
  });

/** A taken (class, category) pair, whatever the case, is a 409 on the category. */
const guardAssetClassUnique = <T>(work: () => Promise<T>) =>
  answerDbRefusals(work, {
    unique: () => fieldConflict('assetCategory', PRODUCT_MESSAGES.duplicateAssetCategory),
  });

export type ProductsService = ReturnType<typeof createProductsService>;

export const createProductsService = (deps: { db: Db; clock: Clock; today: FirmToday }) => {
  const { db, clock, today } = deps;
  const writeAudit = auditWriter(clock);

  /** The trail's row of a change: what the record was and is, as its view keeps it. */
  const auditChange = <T>(
    tx: Db,
    context: AuditContext,
    change: { entity: string; id: string; before: T; after: T; view: (item: T) => unknown },
  ) =>
    writeAudit(tx, context, {
      action: 'UPDATE',
      entity: change.entity,
      entityId: change.id,
      before: change.view(change.before),
      after: change.view(change.after),
    });

  /** A delete in its transaction; a reference that keeps the row (foreign key, RESTRICT) is a 409 saying why. */
  const removeUnlessUsed = (work: (tx: Db) => Promise<void>, inUse: () => Promise<string>) => {
    const refuse = async () => conflict(await inUse());
    return answerDbRefusals(() => db.transaction(work), { foreignKey: refuse, restrict: refuse });
  };

  const loadAssetClass = async (conn: Db, id: string) => {
    const row = await findAssetClass(conn, id);
    if (!row) throw notFound(PRODUCT_MESSAGES.assetClassNotFound);
    return toAssetClassItem(row);
  };

  const loadProduct = async (conn: Db, id: string) => {
    const row = await findProductRow(conn, id);
    if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
    return toProductItem(row);
  };

  /** The body's security type and asset class exist (400 on the field otherwise). */
  const checkReferences = async (conn: Db, body: ProductBody, current: ProductItem | null) => {
    if (body.securityTypeId !== null) {
      const type = await findSecurityType(conn, body.securityTypeId);
      // A type retired since keeps the products that have it, but is not given to others.
      if (!type || (!type.active && current?.securityType?.id !== type.id))
        throw fieldError('securityTypeId', PRODUCT_MESSAGES.securityTypeInvalid);
    }
    if (body.assetClassId !== null && !(await findAssetClass(conn, body.assetClassId)))
      throw fieldError('assetClassId', PRODUCT_MESSAGES.assetClassInvalid);
  };

  /** The product's price, refused for a cash product (worth 1.00) and for a day after today. */
  const checkPriceDate = (date: string) => {
    if (date > today()) throw fieldError('date', PRODUCT_MESSAGES.dateInFuture);
  };

  const lockPricedProduct = async (conn: Db, id: string) => {
    const row = await lockProduct(conn, id);
    if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
    if (row.productType === 'CASH') throw fieldError('price', PRODUCT_MESSAGES.cashHasNoPrices);
    return row;
  };

  const priceLabel = (product: { symbol: string | null; cusip: string | null; name: string }, date: string) =>
    `${product.symbol ?? product.cusip ?? product.name} on ${date}`;

  const exportRows = async (query: ProductExportQuery) => {
    const filter = filterOf(query);
    const rows = await listProducts(db, {
      ...filter,
      sortBy: query.sortBy,
      order: query.order,
      limit: PRODUCT_EXPORT_MAX_ROWS,
      offset: 0,
    });
    return rows.map(toProductItem);
  };

  /** The lines matched to products: the refused ones (unknown, cash, twice in the file) and the prices. */
  const matchLines = async (lines: readonly PriceFileLine[]) => {
    const identifiers = [...new Set(lines.map((line) => line.identifier))];
    const found = await productsByIdentifiers(db, identifiers);
    const match = productMatcher(
      found.map((p) => ({ id: p.id, symbol: p.symbol, cusip: p.cusip, productType: p.product_type })),
    );
    const refused: PriceImportRefusal[] = [];
    const prices: PriceLine[] = [];
    const firstLineOf = new Map<string, number>();
    for (const line of lines) {
      const product = match(line);
      const refuse = (message: string) =>
        refused.push({ line: line.line, identifier: line.identifier, message });
      if (!product) refuse(PRODUCT_MESSAGES.lineUnknownProduct);
      else if (product.productType === 'CASH') refuse(PRODUCT_MESSAGES.lineCash);
      else {
        const key = `${product.id}|${line.date}`;
        const first = firstLineOf.get(key);
        if (first !== undefined) refuse(PRODUCT_MESSAGES.lineDuplicate(first));
        else {
          firstLineOf.set(key, line.line);
          prices.push({ product_id: product.id, price_date: line.date, price: line.price });
        }
      }
    }
    return { refused, prices };
  };

  return {
    // ---- Asset classes ----------------------------------------------------------------------------------

    async listAssetClasses() {
      return (await listAssetClasses(db)).map(toAssetClassItem);
    },

    /**
     * addAssetCategory: a category of an asset class that exists (400 when none is called so; its spelling is
     * kept), else a new asset class (409 when one is already called so, whatever the case).
     */
    async createAssetClass(body: AssetClassBody, context: AuditContext) {
      return guardAssetClassUnique(() =>
        db.transaction(async (tx) => {
          const existing = await assetClassSpelling(tx, body.assetClass);
          if (body.addAssetCategory && existing === undefined)
            throw fieldError('assetClass', PRODUCT_MESSAGES.assetClassMissing);
          if (!body.addAssetCategory && existing !== undefined)
            throw fieldConflict('assetClass', PRODUCT_MESSAGES.assetClassExists);
          const id = await insertAssetClass(tx, assetClassValuesOf(body, existing ?? body.assetClass));
          const item = await loadAssetClass(tx, id);
          await writeAudit(tx, context, {
            action: 'CREATE',
            entity: 'assetClass',
            entityId: id,
            after: assetClassAuditView(item),
          });
          return item;
        }),
      );
    },

    async updateAssetClass(id: string, body: AssetClassBody, context: AuditContext) {
      return guardAssetClassUnique(() =>
        db.transaction(async (tx) => {
          const before = await loadAssetClass(tx, id);
          await updateAssetClassRow(tx, id, assetClassValuesOf(body), clock.now());
          const after = await loadAssetClass(tx, id);
          await auditChange(tx, context, {
            entity: 'assetClass',
            id,
            before,
            after,
            view: assetClassAuditView,
          });
          return after;
        }),
      );
    },

    /** Kept (409 saying by what) while products or strategy targets use it. */
    async removeAssetClass(id: string, context: AuditContext) {
      const before = await loadAssetClass(db, id);
      await removeUnlessUsed(
        async (tx) => {
          await deleteAssetClassRow(tx, id);
          await writeAudit(tx, context, {
            action: 'DELETE',
            entity: 'assetClass',
            entityId: id,
            before: assetClassAuditView(before),
          });
        },
        async () => {
          const usage = await assetClassUsage(db, id);
          return PRODUCT_MESSAGES.assetClassInUse([
            ...(usage.products > 0 ? [`used by ${plural(usage.products, 'product')}`] : []),
            ...(usage.strategyTargets > 0
              ? [`a target of ${plural(usage.strategyTargets, 'strategy', 'strategies')}`]
              : []),
            ...(usage.products + usage.strategyTargets === 0 ? ['in use'] : []),
          ]);
        },
      );
    },

    // ---- Products ---------------------------------------------------------------------------------------

    securityTypes: () => listSecurityTypes(db),

    async list(query: ProductListQuery) {
      const filter = filterOf(query);
      const [rows, total] = await Promise.all([
        listProducts(db, {
          ...filter,
          sortBy: query.sortBy,
          order: query.order,
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
        }),
        countProducts(db, filter),
      ]);
      return { items: rows.map(toProductItem), total };
    },

    /** Every match (up to PRODUCT_EXPORT_MAX_ROWS) in the list's order, as CSV or XLSX; the export is audited. */
    async export(query: ProductExportQuery, format: ProductExportFormat, context: AuditContext) {
      const items = await exportRows(query);
      const file =
        format === 'csv'
          ? { format, csv: toCsv(items, csvColumnsOf(PRODUCT_EXPORT_COLUMNS)) }
          : {
              format,
              data: await listWorkbook('Products', PRODUCT_EXPORT_COLUMNS, items, clock.now()),
            };
      const { format: _format, ...filters } = query;
      await writeAudit(db, context, {
        action: 'EXPORT',
        entity: 'product',
        after: { format, filters, rows: items.length },
      });
      return file;
    },

    get: (id: string) => loadProduct(db, id),

    async create(body: ProductBody, context: AuditContext) {
      return guardProductUnique(() =>
        db.transaction(async (tx) => {
          await checkReferences(tx, body, null);
          const id = await insertProduct(tx, { ...productValuesOf(body), createdBy: context.actorId });
          const item = await loadProduct(tx, id);
          await writeAudit(tx, context, {
            action: 'CREATE',
            entity: 'product',
            entityId: id,
            after: productAuditView(item),
          });
          return item;
        }),
      );
    },

    /** Replaces the product's fields; a product with prices cannot become CASH (worth 1.00 a unit). */
    async update(id: string, body: ProductBody, context: AuditContext) {
      return guardProductUnique(() =>
        db.transaction(async (tx) => {
          if (!(await lockProduct(tx, id))) throw notFound(PRODUCT_MESSAGES.notFound);
          const before = await loadProduct(tx, id);
          await checkReferences(tx, body, before);
          if (body.productType === 'CASH' && before.productType !== 'CASH') {
            const prices = await countPrices(tx, id);
            if (prices > 0) throw fieldError('productType', PRODUCT_MESSAGES.cashWithPrices(prices));
          }
          await updateProductRow(tx, id, productValuesOf(body), clock.now());
          const after = await loadProduct(tx, id);
          await auditChange(tx, context, { entity: 'product', id, before, after, view: productAuditView });
          return after;
        }),
      );
    },

    /** Kept (409 saying where) while accounts hold it or transactions or strategy targets name it. */
    async remove(id: string, context: AuditContext) {
      const before = await loadProduct(db, id);
      const prices = await countPrices(db, id);
      await removeUnlessUsed(
        async (tx) => {
          await deleteProductRow(tx, id);
          await writeAudit(tx, context, {
            action: 'DELETE',
            entity: 'product',
            entityId: id,
            before: { ...productAuditView(before), prices },
          });
        },
        async () => {
          const usage = await productUsage(db, id);
          const where = [
            ...(usage.accounts > 0 ? [`held in ${plural(usage.accounts, 'account')}`] : []),
            ...(usage.transactions > 0 ? [`in ${plural(usage.transactions, 'transaction')}`] : []),
            ...(usage.strategyTargets > 0
              ? [`a target of ${plural(usage.strategyTargets, 'strategy', 'strategies')}`]
              : []),
          ];
          return where.length > 0 ? PRODUCT_MESSAGES.inUse(where) : PRODUCT_MESSAGES.inUseUnknown;
        },
      );
    },

    // ---- Prices -----------------------------------------------------------------------------------------

    async listPrices(id: string, query: ProductPriceListQuery) {
      await loadProduct(db, id);
      const [rows, total] = await Promise.all([
        listPrices(db, id, query.limit, (query.page - 1) * query.limit),
        countPrices(db, id),
      ]);
      return { items: rows.map((row) => ({ date: row.date, price: toPrice(row.price) })), total };
    },

    /** Sets the price of a date (added, or changed when it differs); refused for a cash product. */
    async putPrice(id: string, date: string, price: string, context: AuditContext) {
      checkPriceDate(date);
      return db.transaction(async (tx) => {
        const product = await lockPricedProduct(tx, id);
        const before = await findPrice(tx, id, date);
        const item = { date, price };
        if (before && toPrice(before.price) === price) return { item, created: false };
        await upsertPrice(tx, id, date, price);
        const label = priceLabel(product, date);
        await writeAudit(tx, context, {
          action: before ? 'UPDATE' : 'CREATE',
          entity: 'productPrice',
          entityId: id,
          ...(before ? { before: { label, date, price: toPrice(before.price) } } : {}),
          after: { label, date, price },
        });
        return { item, created: before === undefined };
      });
    },

    async deletePrice(id: string, date: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        const product = await lockProduct(tx, id);
        if (!product) throw notFound(PRODUCT_MESSAGES.notFound);
        const before = await findPrice(tx, id, date);
        if (!before) throw notFound(PRODUCT_MESSAGES.priceNotFound);
        await deletePriceRow(tx, id, date);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'productPrice',
          entityId: id,
          before: { label: priceLabel(product, date), date, price: toPrice(before.price) },
        });
      });
    },

    /**
     * A price file: every line checked and matched, the refused ones reported with why; the others written in
     * one statement (new prices added, changed ones updated, equal ones left), or only counted in a preview.
     */
    async importPrices(text: string, dryRun: boolean, context: AuditContext): Promise<PriceImportResult> {
      const file = readPriceFile(text, today());
      const matched = await matchLines(file.lines);
      const refused = [...file.refused, ...matched.refused].sort((a, b) => a.line - b.line);
      const counts = await db.transaction(async (tx) => {
        const unchanged = await countUnchangedPrices(tx, matched.prices);
        if (dryRun) return { imported: matched.prices.length - unchanged, unchanged };
        const imported = await upsertPrices(tx, matched.prices);
        await writeAudit(tx, context, {
          action: 'IMPORT',
          entity: 'productPrice',
          after: { rows: file.rows, imported, unchanged, refused: refused.length },
        });
        return { imported, unchanged };
      });
      return {
        dryRun,
        rows: file.rows,
        ...counts,
        refused: refused.slice(0, PRICE_IMPORT_MAX_LISTED),
        refusedCount: refused.length,
      };
    },
  };
};
