import type { FeeScheduleSortKey } from '@centric/contracts';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { feeSchedules, feeScheduleTiers } from '../../db/schema/index.ts';
import { likePattern } from '../../platform/sql-like.ts';

export type FeeScheduleRow = typeof feeSchedules.$inferSelect;
export type FeeTierRow = typeof feeScheduleTiers.$inferSelect;
export type FeeScheduleValues = Pick<
  typeof feeSchedules.$inferInsert,
  'name' | 'type' | 'structure' | 'description' | 'annualMinimum'
>;
export type FeeTierValues = { minimum: string; maximum: string; rate: string; position: number };

export type FeeScheduleListParams = {
  search: string;
  type: string | undefined;
  structure: string | undefined;
  sortBy: FeeScheduleSortKey;
  order: 'ASC' | 'DESC';
  limit: number;
  offset: number;
};

const listConditions = (params: Pick<FeeScheduleListParams, 'search' | 'type' | 'structure'>) => {
  const conditions: (SQL | undefined)[] = [];
  if (params.search) {
    const pattern = likePattern(params.search.toLowerCase());
    conditions.push(
      sql`(${feeSchedules.searchName} like ${pattern} or ${feeSchedules.description} ilike ${pattern})`,
    );
  }
  if (params.type) conditions.push(eq(feeSchedules.type, params.type));
  if (params.structure) conditions.push(eq(feeSchedules.structure, params.structure));
  return and(...conditions);
};

const sortColumns = {
  name: feeSchedules.searchName,
  type: feeSchedules.type,
  structure: feeSchedules.structure,
  annualMinimum: feeSchedules.annualMinimum,
  createdAt: feeSchedules.createdAt,
} as const;

export const listSchedules = (db: Db, params: FeeScheduleListParams) => {
  const column = sortColumns[params.sortBy];
  const direction = params.order === 'DESC' ? desc : asc;
  return db
    .select()
    .from(feeSchedules)
    .where(listConditions(params))
    .orderBy(
      params.sortBy === 'annualMinimum'
        ? sql`${feeSchedules.annualMinimum} ${sql.raw(params.order === 'DESC' ? 'desc nulls last' : 'asc nulls first')}`
        : direction(column),
      asc(feeSchedules.searchName),
      asc(feeSchedules.id),
    )
    .limit(params.limit)
    .offset(params.offset);
};

export const countSchedules = async (
  db: Db,
  params: Pick<FeeScheduleListParams, 'search' | 'type' | 'structure'>,
) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(feeSchedules)
    .where(listConditions(params));
  return Number(row?.n ?? 0);
};

export const findSchedule = async (db: Db, id: string) => {
  const [row] = await db.select().from(feeSchedules).where(eq(feeSchedules.id, id));
  return row;
};

/** The rows of the given schedules. */
export const findSchedules = (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([] as FeeScheduleRow[])
    : db
        .select()
        .from(feeSchedules)
        .where(inArray(feeSchedules.id, [...ids]));

/** Locks a schedule's row for an edit (or undefined when it is gone). */
export const lockSchedule = async (db: Db, id: string) => {
  const [row] = await db.select().from(feeSchedules).where(eq(feeSchedules.id, id)).for('update');
  return row;
};

/** The live tiers of schedules, sorted by minimum. */
export const liveTiersOfSchedules = (db: Db, scheduleIds: string[]) =>
  scheduleIds.length === 0
    ? Promise.resolve([] as FeeTierRow[])
    : db
        .select()
        .from(feeScheduleTiers)
        .where(and(inArray(feeScheduleTiers.scheduleId, scheduleIds), isNull(feeScheduleTiers.deletedAt)))
        .orderBy(asc(feeScheduleTiers.minimum), asc(feeScheduleTiers.position));

export const insertSchedule = async (db: Db, values: FeeScheduleValues & { createdBy: string | null }) => {
  const [row] = await db.insert(feeSchedules).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const updateScheduleRow = async (db: Db, id: string, values: FeeScheduleValues, updatedAt: Date) => {
  const [row] = await db
    .update(feeSchedules)
    .set({ ...values, updatedAt })
    .where(eq(feeSchedules.id, id))
    .returning();
  return row;
};

export const deleteScheduleRow = (db: Db, id: string) =>
  db.delete(feeSchedules).where(eq(feeSchedules.id, id));

export const insertTiers = async (db: Db, scheduleId: string, tiers: FeeTierValues[]) => {
  if (tiers.length === 0) return;
  await db.insert(feeScheduleTiers).values(tiers.map((tier) => ({ ...tier, scheduleId })));
};

export const updateTier = (db: Db, id: string, values: FeeTierValues) =>
  db.update(feeScheduleTiers).set(values).where(eq(feeScheduleTiers.id, id));

export const softDeleteTiers = async (db: Db, ids: string[], at: Date) => {
  if (ids.length === 0) return;
  await db.update(feeScheduleTiers).set({ deletedAt: at }).where(inArray(feeScheduleTiers.id, ids));
};

/** Is another schedule called this (case-insensitive)? */
/** The table and column a foreign-key constraint lives on, and how many of its rows point to the schedule. */
export const usageOf = async (db: Db, constraint: string, id: string) => {
  const found = await db.execute<{ table_name: string; column_name: string }>(sql`
    select cl.relname as table_name, a.attname as column_name
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.conname = ${constraint} and c.contype = 'f'
    limit 1`);
  const ref = (found as unknown as { rows: { table_name: string; column_name: string }[] }).rows[0];
  if (!ref) return null;
  const counted = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(ref.table_name)} where ${sql.identifier(ref.column_name)} = ${id}`,
  );
  const count = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  return { table: ref.table_name, count };
};
