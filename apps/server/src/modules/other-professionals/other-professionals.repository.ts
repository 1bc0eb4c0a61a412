import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  householdProfessionals,
  households,
  masterDataItems,
  otherProfessionals,
} from '../../db/schema/index.ts';
import { likePattern } from '../../platform/sql-like.ts';

/** The master-data list a professional's state comes from (contracts MASTER_DATA_LISTS). */
export const STATE_LIST_TYPE = 'states';

export type ProfessionalRow = typeof otherProfessionals.$inferSelect;
export type ProfessionalValues = Pick<
  typeof otherProfessionals.$inferInsert,
  'type' | 'fullName' | 'phoneNumber' | 'address' | 'city' | 'stateId' | 'zip' | 'email' | 'note'
>;

export type ProfessionalSortKey = 'fullName' | 'type' | 'city' | 'createdAt';

export type ProfessionalListParams = {
  search: string;
  type: string;
  clientId: string | undefined;
  sortBy: ProfessionalSortKey;
  order: 'ASC' | 'DESC';
  limit: number;
  offset: number;
};

const listConditions = (params: Omit<ProfessionalListParams, 'sortBy' | 'order' | 'limit' | 'offset'>) => {
  const conditions: (SQL | undefined)[] = [];
  if (params.search) {
    // search_name is lower(full_name) with a trigram index; the typed % and _ are literal characters.
    const pattern = likePattern(params.search.toLowerCase());
    conditions.push(
      sql`(${otherProfessionals.searchName} like ${pattern} or ${otherProfessionals.email} ilike ${pattern} or ${otherProfessionals.type} ilike ${pattern})`,
    );
  }
  if (params.type) conditions.push(sql`lower(${otherProfessionals.type}) = ${params.type.toLowerCase()}`);
  if (params.clientId) {
    conditions.push(
      sql`exists (select 1 from ${householdProfessionals} where ${householdProfessionals.professionalId} = ${otherProfessionals.id} and ${householdProfessionals.householdId} = ${params.clientId})`,
    );
  }
  return and(...conditions);
};

const SORT_COLUMNS = {
  fullName: otherProfessionals.fullName,
  type: otherProfessionals.type,
  city: otherProfessionals.city,
  createdAt: otherProfessionals.createdAt,
} as const;

const itemColumns = {
  id: otherProfessionals.id,
  type: otherProfessionals.type,
  fullName: otherProfessionals.fullName,
  phoneNumber: otherProfessionals.phoneNumber,
  address: otherProfessionals.address,
  city: otherProfessionals.city,
  stateId: otherProfessionals.stateId,
  state: masterDataItems.name,
  zip: otherProfessionals.zip,
  email: otherProfessionals.email,
  note: otherProfessionals.note,
  createdAt: otherProfessionals.createdAt,
};

export type ProfessionalItemRow = {
  id: string;
  type: string;
  fullName: string;
  phoneNumber: string | null;
  address: string | null;
  city: string | null;
  stateId: number | null;
  state: string | null;
  zip: string | null;
  email: string | null;
  note: string | null;
  createdAt: Date;
};

export const listProfessionals = async (db: Db, params: ProfessionalListParams) => {
  const where = listConditions(params);
  const column = SORT_COLUMNS[params.sortBy];
  const rows: ProfessionalItemRow[] = await db
    .select(itemColumns)
    .from(otherProfessionals)
    .leftJoin(masterDataItems, eq(masterDataItems.id, otherProfessionals.stateId))
    .where(where)
    .orderBy(
      params.order === 'ASC' ? asc(column) : desc(column),
      asc(otherProfessionals.fullName),
      asc(otherProfessionals.id),
    )
    .limit(params.limit)
    .offset(params.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(otherProfessionals)
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
};

export const findProfessional = async (db: Db, id: string): Promise<ProfessionalItemRow | null> => {
  const [row] = await db
    .select(itemColumns)
    .from(otherProfessionals)
    .leftJoin(masterDataItems, eq(masterDataItems.id, otherProfessionals.stateId))
    .where(eq(otherProfessionals.id, id))
    .limit(1);
  return row ?? null;
};

/** Locks the professional's row for the rest of the transaction and returns it. */
export const lockProfessional = async (db: Db, id: string) => {
  const [row] = await db
    .select()
    .from(otherProfessionals)
    .where(eq(otherProfessionals.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
};

export const insertProfessional = async (db: Db, values: ProfessionalValues) => {
  const [row] = await db.insert(otherProfessionals).values(values).returning();
  if (!row) throw new Error('other professional insert returned nothing');
  return row;
};

export const updateProfessionalRow = (db: Db, id: string, values: ProfessionalValues, updatedAt: Date) =>
  db
    .update(otherProfessionals)
    .set({ ...values, updatedAt })
    .where(eq(otherProfessionals.id, id));

/** Deletes the professional; its household links go with it (ON DELETE CASCADE). */
export const deleteProfessionalRow = (db: Db, id: string) =>
  db.delete(otherProfessionals).where(eq(otherProfessionals.id, id));

/** The households linked to each of these professionals, by household name. */
export const householdsOfProfessionals = async (db: Db, professionalIds: readonly string[]) => {
  const byProfessional = new Map<string, { clientId: string; name: string }[]>();
  if (professionalIds.length === 0) return byProfessional;
  const rows = await db
    .select({
      professionalId: householdProfessionals.professionalId,
      clientId: households.id,
      name: households.name,
    })
    .from(householdProfessionals)
    .innerJoin(households, eq(households.id, householdProfessionals.householdId))
    .where(inArray(householdProfessionals.professionalId, [...new Set(professionalIds)]))
    .orderBy(asc(households.name), asc(households.id));
  for (const row of rows) {
    const list = byProfessional.get(row.professionalId) ?? [];
    list.push({ clientId: row.clientId, name: row.name });
    byProfessional.set(row.professionalId, list);
  }
  return byProfessional;
};

/** The ids of the households linked to a professional, sorted. */
export const householdIdsOfProfessional = async (db: Db, professionalId: string) =>
  (
    await db
      .select({ householdId: householdProfessionals.householdId })
      .from(householdProfessionals)
      .where(eq(householdProfessionals.professionalId, professionalId))
      .orderBy(asc(householdProfessionals.householdId))
  ).map((r) => r.householdId);

/** Of these ids, the households that exist. */
export const existingHouseholdIds = async (db: Db, ids: readonly string[]) => {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: households.id })
    .from(households)
    .where(inArray(households.id, [...new Set(ids)]));
  return new Set(rows.map((r) => r.id));
};

/** Makes the professional's links exactly these households. */
export const replaceHouseholdLinks = async (
  db: Db,
  professionalId: string,
  householdIds: readonly string[],
) => {
  const keep = [...new Set(householdIds)];
  await db
    .delete(householdProfessionals)
    .where(
      and(
        eq(householdProfessionals.professionalId, professionalId),
        keep.length > 0 ? notInArray(householdProfessionals.householdId, keep) : undefined,
      ),
    );
  if (keep.length > 0) {
    await db
      .insert(householdProfessionals)
      .values(keep.map((householdId) => ({ householdId, professionalId })))
      .onConflictDoNothing();
  }
};

/** A master-data item of the given list, or null. */
export const findMasterItemOfType = async (db: Db, id: number, type: string) => {
  const [row] = await db
    .select({ id: masterDataItems.id, name: masterDataItems.name, active: masterDataItems.active })
    .from(masterDataItems)
    .where(and(eq(masterDataItems.id, id), eq(masterDataItems.type, type)))
    .limit(1);
  return row ?? null;
};
