import type { ProductSortKey, ProductType } from '@centric/contracts';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { assetClasses, masterDataItems, productPrices, products } from '../../db/schema/index.ts';
import { likePattern } from '../../platform/sql-like.ts';

export const SECURITY_TYPE_LIST = 'security-type';

// ---- Asset classes ------------------------------------------------------------------------------------------

export type AssetClassRow = typeof assetClasses.$inferSelect & { productCount: number };
export type AssetClassValues = Pick<
  typeof assetClasses.$inferInsert,
  'assetClass' | 'assetCategory' | 'productType' | 'advReportable' | 'f13Reportable'
>;

const productCount = sql<number>`(select count(*)::int from ${products} where ${products.assetClassId} = ${assetClasses.id})`;

/** Every asset class, by class then category (whatever their case), with how many products it has. */
export const listAssetClasses = (db: Db) =>
  db
    .select({ row: assetClasses, productCount })
    .from(assetClasses)
    .orderBy(
      sql`lower(${assetClasses.assetClass})`,
      sql`lower(${assetClasses.assetCategory})`,
      asc(assetClasses.id),
    )
    .then((rows) => rows.map(({ row, productCount: n }) => ({ ...row, productCount: Number(n) })));

export const findAssetClass = async (db: Db, id: string): Promise<AssetClassRow | undefined> => {
  const [found] = await db
    .select({ row: assetClasses, productCount })
    .from(assetClasses)
    .where(eq(assetClasses.id, id));
  return found ? { ...found.row, productCount: Number(found.productCount) } : undefined;
};

/** How an asset class is already spelled (any of its categories), whatever the case asked; undefined when new. */
export const assetClassSpelling = async (db: Db, assetClass: string) => {
  const [row] = await db
    .select({ assetClass: assetClasses.assetClass })
    .from(assetClasses)
    .where(sql`lower(${assetClasses.assetClass}) = lower(${assetClass})`)
    .orderBy(asc(assetClasses.createdAt))
    .limit(1);
  return row?.assetClass;
};

export const insertAssetClass = async (db: Db, values: AssetClassValues) => {
  const [row] = await db.insert(assetClasses).values(values).returning({ id: assetClasses.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
};

export const updateAssetClassRow = (db: Db, id: string, values: AssetClassValues, updatedAt: Date) =>
  db
    .update(assetClasses)
    .set({ ...values, updatedAt })
    .where(eq(assetClasses.id, id));

export const deleteAssetClassRow = (db: Db, id: string) =>
  db.delete(assetClasses).where(eq(assetClasses.id, id));

/** What keeps an asset class: its products and the strategy targets aimed at it. */
export const assetClassUsage = async (db: Db, id: string) => {
  const [row] = rowsOf<{ products: number; targets: number }>(
    await db.execute(sql`select
      (select count(*)::int from products where asset_class_id = ${id}) as products,
      (select count(*)::int from strategy_targets where asset_class_id = ${id}) as targets`),
  );
  return { products: Number(row?.products ?? 0), strategyTargets: Number(row?.targets ?? 0) };
};

// ---- Security types -----------------------------------------------------------------------------------------

/** The active security types of master data, by name. */
export const listSecurityTypes = (db: Db) =>
  db
    .select({ id: masterDataItems.id, name: masterDataItems.name })
    .from(masterDataItems)
    .where(and(eq(masterDataItems.type, SECURITY_TYPE_LIST), eq(masterDataItems.active, true)))
    .orderBy(sql`lower(${masterDataItems.name})`);

/** A security type by id: its name and whether it is still offered; undefined when no such item. */
export const findSecurityType = async (db: Db, id: number) => {
  const [row] = await db
    .select({ id: masterDataItems.id, name: masterDataItems.name, active: masterDataItems.active })
    .from(masterDataItems)
    .where(and(eq(masterDataItems.id, id), eq(masterDataItems.type, SECURITY_TYPE_LIST)));
  return row;
};

// ---- Products -----------------------------------------------------------------------------------------------

export type ProductValues = Pick<
  typeof products.$inferInsert,
  | 'name'
  | 'symbol'
  | 'cusip'
  | 'productType'
  | 'securityTypeId'
  | 'assetClassId'
  | 'advReportable'
  | 'f13Reportable'
>;

export type ProductFilter = {
  search: string;
  productType: ProductType | undefined;
  assetClassId: string | undefined;
  securityTypeId: number | undefined;
};

export type ProductListParams = ProductFilter & {
  sortBy: ProductSortKey;
  order: 'ASC' | 'DESC';
  limit: number;
  offset: number;
};

/** A product with what its list row shows: security type, asset class and newest price. */
export type ProductRow = {
  id: string;
  name: string;
  symbol: string | null;
  cusip: string | null;
  product_type: string;
  security_type_id: number | null;
  security_type_name: string | null;
  asset_class_id: string | null;
  asset_class: string | null;
  asset_category: string | null;
  adv_reportable: boolean;
  f13_reportable: boolean;
  price_date: string | null;
  price: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const filterSql = (filter: ProductFilter) => {
  const conditions: SQL[] = [sql`true`];
  if (filter.search) conditions.push(sql`p.search_text like ${likePattern(filter.search.toLowerCase())}`);
  if (filter.productType) conditions.push(sql`p.product_type = ${filter.productType}`);
  if (filter.assetClassId) conditions.push(sql`p.asset_class_id = ${filter.assetClassId}`);
  if (filter.securityTypeId !== undefined)
    conditions.push(sql`p.security_type_id = ${filter.securityTypeId}`);
  return sql.join(conditions, sql` and `);
};

/** Each sort key's expressions; products without the value (no symbol, no class) come last either way. */
const SORT_SQL: Record<ProductSortKey, SQL[]> = {
  name: [sql`lower(p.name)`],
  symbol: [sql`upper(p.symbol)`],
  cusip: [sql`upper(p.cusip)`],
  productType: [sql`p.product_type`],
  assetClass: [sql`lower(ac.asset_class)`, sql`lower(ac.asset_category)`],
};

const selectProducts = (where: SQL, tail: SQL) => sql`
  select p.id, p.name, p.symbol, p.cusip, p.product_type, p.adv_reportable, p.f13_reportable,
    p.created_at, p.updated_at, p.security_type_id, st.name as security_type_name,
    p.asset_class_id, ac.asset_class, ac.asset_category, lp.price_date, lp.price::text as price
  from products p
  left join master_data_items st on st.id = p.security_type_id
  left join asset_classes ac on ac.id = p.asset_class_id
  left join lateral (
    select pp.price_date::text as price_date, pp.price from product_prices pp
    where pp.product_id = p.id order by pp.price_date desc limit 1
  ) lp on true
  where ${where}
  ${tail}`;

export const listProducts = async (db: Db, params: ProductListParams) => {
  const direction = sql.raw(params.order === 'DESC' ? 'desc' : 'asc');
  const order = sql.join(
    SORT_SQL[params.sortBy].map((key) => sql`${key} ${direction} nulls last`),
    sql`, `,
  );
  return rowsOf<ProductRow>(
    await db.execute(
      selectProducts(
        filterSql(params),
        sql`order by ${order}, lower(p.name), p.id limit ${params.limit} offset ${params.offset}`,
      ),
    ),
  );
};

export const countProducts = async (db: Db, filter: ProductFilter) => {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from products p where ${filterSql(filter)}`),
  );
  return Number(row?.n ?? 0);
};

export const findProductRow = async (db: Db, id: string) => {
  const [row] = rowsOf<ProductRow>(await db.execute(selectProducts(sql`p.id = ${id}`, sql``)));
  return row;
};

/** Locks a product's row for a change; undefined when it is gone. */
export const lockProduct = async (db: Db, id: string) => {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
  return row;
};

export const insertProduct = async (db: Db, values: ProductValues & { createdBy: string | null }) => {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
};

export const updateProductRow = (db: Db, id: string, values: ProductValues, updatedAt: Date) =>
  db
    .update(products)
    .set({ ...values, updatedAt })
    .where(eq(products.id, id));

export const deleteProductRow = (db: Db, id: string) => db.delete(products).where(eq(products.id, id));

/** What keeps a product: the accounts holding it, the transactions and strategy targets naming it. */
export const productUsage = async (db: Db, id: string) => {
  const [row] = rowsOf<{ accounts: number; transactions: number; targets: number }>(
    await db.execute(sql`select
      (select count(distinct account_id)::int from holdings where product_id = ${id}) as accounts,
      (select count(*)::int from account_transactions where product_id = ${id}) as transactions,
      (select count(*)::int from strategy_targets where product_id = ${id}) as targets`),
  );
  return {
    accounts: Number(row?.accounts ?? 0),
    transactions: Number(row?.transactions ?? 0),
    strategyTargets: Number(row?.targets ?? 0),
  };
};

// ---- Prices -------------------------------------------------------------------------------------------------

export const countPrices = async (db: Db, productId: string) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productPrices)
    .where(eq(productPrices.productId, productId));
  return Number(row?.n ?? 0);
};

/** A product's prices, newest first. */
export const listPrices = (db: Db, productId: string, limit: number, offset: number) =>
  db
    .select({ date: productPrices.priceDate, price: productPrices.price })
    .from(productPrices)
    .where(eq(productPrices.productId, productId))
    .orderBy(desc(productPrices.priceDate))
    .limit(limit)
    .offset(offset);

export const findPrice = async (db: Db, productId: string, date: string) => {
  const [row] = await db
    .select({ date: productPrices.priceDate, price: productPrices.price })
    .from(productPrices)
    .where(and(eq(productPrices.productId, productId), eq(productPrices.priceDate, date)));
  return row;
};

export const upsertPrice = (db: Db, productId: string, date: string, price: string) =>
  db
    .insert(productPrices)
    .values({ productId, priceDate: date, price })
    .onConflictDoUpdate({
      target: [productPrices.productId, productPrices.priceDate],
      set: { price: sql`excluded.price` },
    });

export const deletePriceRow = (db: Db, productId: string, date: string) =>
  db
    .delete(productPrices)
    .where(and(eq(productPrices.productId, productId), eq(productPrices.priceDate, date)));

// ---- Price import (set-based: one JSON parameter, whatever the number of lines) -------------------------------

export type IdentifiedProduct = {
  id: string;
  symbol: string | null;
  cusip: string | null;
  product_type: string;
};

/** The products whose symbol or CUSIP (upper-cased) is one of these. */
export const productsByIdentifiers = async (db: Db, identifiers: readonly string[]) =>
  identifiers.length === 0
    ? []
    : rowsOf<IdentifiedProduct>(
        await db.execute(sql`
          with wanted as (select jsonb_array_elements_text(${JSON.stringify(identifiers)}::jsonb) as code)
          select p.id, upper(p.symbol) as symbol, upper(p.cusip) as cusip, p.product_type from products p
          where upper(p.symbol) in (select code from wanted) or upper(p.cusip) in (select code from wanted)`),
      );

export type PriceLine = { product_id: string; price_date: string; price: string };

const linesOf = (lines: readonly PriceLine[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as r(product_id uuid, price_date date, price numeric)`;

/** How many of these prices are stored already as they are. */
export const countUnchangedPrices = async (db: Db, lines: readonly PriceLine[]) => {
  if (lines.length === 0) return 0;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${linesOf(lines)}
      join product_prices pp on pp.product_id = r.product_id and pp.price_date = r.price_date
        and pp.price = r.price`),
  );
  return Number(row?.n ?? 0);
};

/** Inserts the new prices and changes those that differ; answers how many rows were written. */
export const upsertPrices = async (db: Db, lines: readonly PriceLine[]) => {
  if (lines.length === 0) return 0;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`with written as (
        insert into product_prices (product_id, price_date, price)
        select r.product_id, r.price_date, r.price from ${linesOf(lines)}
        on conflict (product_id, price_date) do update set price = excluded.price
          where product_prices.price is distinct from excluded.price
        returning 1)
      select count(*)::int as n from written`),
  );
  return Number(row?.n ?? 0);
};
