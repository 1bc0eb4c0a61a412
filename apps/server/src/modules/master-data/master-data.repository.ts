import type { MasterDataSortKey, MasterDataStoredType, SortOrder } from '@centric/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { masterDataItems, systemSettings } from '../../db/schema/index.ts';
import { likePattern } from '../../platform/sql-like.ts';

export type MasterDataRow = typeof masterDataItems.$inferSelect;
export type MasterDataValues = Partial<
  Pick<
    typeof masterDataItems.$inferInsert,
    | 'name'
    | 'description'
    | 'abbreviation'
    | 'parentId'
    | 'minAge'
    | 'maxAge'
    | 'productType'
    | 'possibleValues'
    | 'imagePath'
  >
>;
export type MasterDataListedRow = MasterDataRow & { parentName: string | null; subItemCount: number };

const parent = alias(masterDataItems, 'parent');

const SORT_COLUMNS: Record<MasterDataSortKey, SQL> = {
  name: sql`lower(${masterDataItems.name})`,
  createdAt: sql`${masterDataItems.createdAt}`,
  updatedAt: sql`${masterDataItems.updatedAt}`,
  description: sql`lower(${masterDataItems.description})`,
  abbreviation: sql`lower(${masterDataItems.abbreviation})`,
  minAge: sql`${masterDataItems.minAge}`,
  maxAge: sql`${masterDataItems.maxAge}`,
  productType: sql`${masterDataItems.productType}`,
};

const listedColumns = {
  item: masterDataItems,
  parentName: parent.name,
  subItemCount: sql<number>`(select count(*)::int from master_data_items c where c.parent_id = ${masterDataItems.id})`,
};

const flatten = (r: { item: MasterDataRow; parentName: string | null; subItemCount: number }) => ({
  ...r.item,
  parentName: r.parentName,
  subItemCount: Number(r.subItemCount),
});

/** `%` and `_` in a search text match themselves. */

export type ListFilter = {
  type: MasterDataStoredType;
  parentId?: number | undefined;
  q?: string | undefined;
};

const whereOf = (filter: ListFilter) =>
  and(
    eq(masterDataItems.type, filter.type),
    filter.parentId === undefined ? undefined : eq(masterDataItems.parentId, filter.parentId),
    filter.q ? sql`${masterDataItems.name} ilike ${likePattern(filter.q)}` : undefined,
  );

/** One page (or, without `limit`, all) of a list, with the parent's name and the number of sub-items. */
export const listItems = async (
  db: Db,
  filter: ListFilter & {
    sortBy: MasterDataSortKey;
    order: SortOrder;
    limit?: number | undefined;
    offset?: number | undefined;
  },
): Promise<MasterDataListedRow[]> => {
  const direction = filter.order === 'DESC' ? desc : asc;
  const query = db
    .select(listedColumns)
    .from(masterDataItems)
    .leftJoin(parent, eq(parent.id, masterDataItems.parentId))
    .where(whereOf(filter))
    .orderBy(direction(SORT_COLUMNS[filter.sortBy]), direction(masterDataItems.id))
    .$dynamic();
  if (filter.limit !== undefined) query.limit(filter.limit).offset(filter.offset ?? 0);
  return (await query).map(flatten);
};

export const countItems = async (db: Db, filter: ListFilter) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(masterDataItems)
    .where(whereOf(filter));
  return Number(row?.n ?? 0);
};

export const findItem = async (db: Db, id: number): Promise<MasterDataListedRow | null> => {
  const [row] = await db
    .select(listedColumns)
    .from(masterDataItems)
    .leftJoin(parent, eq(parent.id, masterDataItems.parentId))
    .where(eq(masterDataItems.id, id))
    .limit(1);
  return row ? flatten(row) : null;
};

/** The sub-items of several parents at once (legacy lists carry them), sorted by name. */
export const listChildren = (db: Db, type: MasterDataStoredType, parentIds: number[]) =>
  parentIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: masterDataItems.id, name: masterDataItems.name, parentId: masterDataItems.parentId })
        .from(masterDataItems)
        .where(and(eq(masterDataItems.type, type), inArray(masterDataItems.parentId, parentIds)))
        .orderBy(sql`lower(${masterDataItems.name})`, masterDataItems.id);

export const insertItem = async (db: Db, type: MasterDataStoredType, values: MasterDataValues) => {
  const [row] = await db
    .insert(masterDataItems)
    .values({ ...values, type, name: values.name ?? '' })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const updateItem = async (db: Db, id: number, values: MasterDataValues, updatedAt: Date) => {
  const [row] = await db
    .update(masterDataItems)
    .set({ ...values, updatedAt })
    .where(eq(masterDataItems.id, id))
    .returning();
  return row ?? null;
};

export const deleteItem = (db: Db, id: number) =>
  db.delete(masterDataItems).where(eq(masterDataItems.id, id));

/**
 * Where a value is used, from the foreign key that refused its deletion: the referencing table and column
 * come from the catalogue, so any later table that references master data is described without code here.
 * Rows of master_data_items itself are named by their list (states, sub-religions).
 */
export const usageOf = async (db: Db, constraint: string, id: number) => {
  const found = await db.execute<{ table_name: string; column_name: string }>(sql`
    select cl.relname as table_name, a.attname as column_name
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.conname = ${constraint} and c.contype = 'f'
    limit 1`);
  const ref = (found as unknown as { rows: { table_name: string; column_name: string }[] }).rows[0];
  if (!ref) return [];
  if (ref.table_name === 'master_data_items') {
    const rows = await db
      .select({ type: masterDataItems.type, n: sql<number>`count(*)::int` })
      .from(masterDataItems)
      .where(eq(masterDataItems.parentId, id))
      .groupBy(masterDataItems.type);
    return rows.map((r) => ({ table: ref.table_name, type: r.type, count: Number(r.n) }));
  }
  const counted = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(ref.table_name)} where ${sql.identifier(ref.column_name)} = ${id}`,
  );
  const n = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  return [{ table: ref.table_name, type: null, count: n }];
};

export const readSettings = (db: Db) => db.select().from(systemSettings);

export const upsertSetting = (db: Db, key: string, value: unknown, updatedAt: Date) =>
  db
    .insert(systemSettings)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt } });
