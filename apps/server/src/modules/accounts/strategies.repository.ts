import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { type Db, inTurn, rowsOf } from '../../db/client.ts';
import {
  accounts,
  assetClasses,
  masterDataItems,
  products,
  strategies,
  strategyAssignmentAccounts,
  strategyAssignments,
  strategyAssignmentStrategies,
  strategyTargets,
} from '../../db/schema/index.ts';
import { likePattern } from '../../platform/sql-like.ts';

export type StrategyRow = typeof strategies.$inferSelect;
export type StrategyValues = Omit<
  typeof strategies.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'createdBy'
>;
export type TargetValues = {
  assetClassId: string | null;
  productId: string | null;
  target: string;
  lowerTolerance: string;
  upperTolerance: string;
};

export type StrategyListFilter = {
  search: string;
  strategyTypeId?: number | undefined;
  sortBy: 'name' | 'riskNumber' | 'createdAt';
  order: 'ASC' | 'DESC';
  limit: number;
  offset: number;
};

const strategyWhere = (filter: Pick<StrategyListFilter, 'search' | 'strategyTypeId'>) =>
  and(
    filter.search
      ? or(
          ilike(strategies.name, likePattern(filter.search)),
          ilike(strategies.description, likePattern(filter.search)),
        )
      : undefined,
    filter.strategyTypeId ? eq(strategies.strategyTypeId, filter.strategyTypeId) : undefined,
  );

export const listStrategies = async (db: Db, filter: StrategyListFilter) => {
  const column = {
    name: strategies.name,
    riskNumber: strategies.riskNumber,
    createdAt: strategies.createdAt,
  }[filter.sortBy];
  const direction = filter.order === 'ASC' ? asc : desc;
  const where = strategyWhere(filter);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(strategies)
      .where(where)
      .orderBy(direction(column), asc(strategies.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(strategies)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
};

export const findStrategy = async (db: Db, id: string) => {
  const [row] = await db.select().from(strategies).where(eq(strategies.id, id)).limit(1);
  return row ?? null;
};

export const lockStrategy = async (db: Db, id: string) => {
  const [row] = await db.select().from(strategies).where(eq(strategies.id, id)).for('update').limit(1);
  return row ?? null;
};

export const insertStrategy = async (db: Db, values: StrategyValues & { createdBy: string | null }) => {
  const [row] = await db.insert(strategies).values(values).returning();
  return row as StrategyRow;
};

export const updateStrategyRow = (db: Db, id: string, values: StrategyValues, now: Date) =>
  db
    .update(strategies)
    .set({ ...values, updatedAt: now })
    .where(eq(strategies.id, id));

export const deleteStrategyRow = (db: Db, id: string) => db.delete(strategies).where(eq(strategies.id, id));

export const replaceTargets = async (db: Db, strategyId: string, targets: readonly TargetValues[]) => {
  await db.delete(strategyTargets).where(eq(strategyTargets.strategyId, strategyId));
  if (targets.length > 0) {
    await db.insert(strategyTargets).values(targets.map((t, position) => ({ ...t, strategyId, position })));
  }
};

export type TargetRow = TargetValues & { id: string; strategyId: string; label: string };

/** The targets of strategies, labelled 'Equity · US Large Cap' or 'VTI · Vanguard Total Stock Market ETF'. */
export const targetsOf = async (db: Db, strategyIds: readonly string[]): Promise<TargetRow[]> =>
  strategyIds.length === 0
    ? []
    : db
        .select({
          id: strategyTargets.id,
          strategyId: strategyTargets.strategyId,
          assetClassId: strategyTargets.assetClassId,
          productId: strategyTargets.productId,
          target: strategyTargets.target,
          lowerTolerance: strategyTargets.lowerTolerance,
          upperTolerance: strategyTargets.upperTolerance,
          label: sql<string>`coalesce(${assetClasses.assetClass} || ' · ' || ${assetClasses.assetCategory},
            coalesce(${products.symbol}, ${products.cusip}) || ' · ' || ${products.name}, '')`,
        })
        .from(strategyTargets)
        .leftJoin(assetClasses, eq(assetClasses.id, strategyTargets.assetClassId))
        .leftJoin(products, eq(products.id, strategyTargets.productId))
        .where(inArray(strategyTargets.strategyId, [...strategyIds]))
        .orderBy(asc(strategyTargets.strategyId), asc(strategyTargets.position));

/** The ids among these that exist: asset classes and products. */
export const existingKeys = async (
  db: Db,
  assetClassIds: readonly string[],
  productIds: readonly string[],
) => {
  const classes =
    assetClassIds.length === 0
      ? []
      : await db
          .select({ id: assetClasses.id })
          .from(assetClasses)
          .where(inArray(assetClasses.id, [...assetClassIds]));
  const items =
    productIds.length === 0
      ? []
      : await db
          .select({ id: products.id })
          .from(products)
          .where(inArray(products.id, [...productIds]));
  return new Set([...classes, ...items].map((r) => r.id));
};

export const strategyTypeName = async (db: Db, id: number) => {
  const [row] = await db
    .select({ name: masterDataItems.name })
    .from(masterDataItems)
    .where(and(eq(masterDataItems.id, id), eq(masterDataItems.type, 'strategy-types')))
    .limit(1);
  return row?.name ?? null;
};

/** How many accounts follow each strategy (chosen accounts, or every account of an apply-to-all household). */
export const accountCounts = async (db: Db, strategyIds: readonly string[]) => {
  if (strategyIds.length === 0) return new Map<string, number>();
  const rows = rowsOf<{ strategy_id: string; n: number }>(
    await db.execute(sql`select sas.strategy_id, count(distinct a.id)::int as n
      from ${strategyAssignmentStrategies} sas
      join ${strategyAssignments} sa on sa.id = sas.assignment_id
      join ${accounts} a on a.household_id = sa.household_id
      where sas.strategy_id = any(${`{${strategyIds.join(',')}}`}::uuid[])
        and (sa.apply_to_all_accounts or exists (select 1 from ${strategyAssignmentAccounts} saa
          where saa.assignment_id = sa.id and saa.account_id = a.id))
      group by sas.strategy_id`),
  );
  return new Map(rows.map((r) => [r.strategy_id, r.n]));
};

export const strategyAssigned = async (db: Db, id: string) => {
  const [row] = await db
    .select({ id: strategyAssignmentStrategies.assignmentId })
    .from(strategyAssignmentStrategies)
    .where(eq(strategyAssignmentStrategies.strategyId, id))
    .limit(1);
  return Boolean(row);
};

/** The households whose accounts follow a strategy (to re-check their drift when it changes). */
export const householdsFollowing = async (db: Db, strategyId: string) =>
  (
    await db
      .selectDistinct({ householdId: strategyAssignments.householdId })
      .from(strategyAssignmentStrategies)
      .innerJoin(strategyAssignments, eq(strategyAssignments.id, strategyAssignmentStrategies.assignmentId))
      .where(eq(strategyAssignmentStrategies.strategyId, strategyId))
  ).map((r) => r.householdId);

// ---------------------------------------------------------------------------------------------------------
// Assignments

export type AssignmentRow = typeof strategyAssignments.$inferSelect;

export const assignmentsOfHousehold = (db: Db, householdId: string) =>
  db
    .select()
    .from(strategyAssignments)
    .where(eq(strategyAssignments.householdId, householdId))
    .orderBy(desc(strategyAssignments.applyToAllAccounts), asc(strategyAssignments.createdAt));

export const findAssignment = async (db: Db, householdId: string, id: string) => {
  const [row] = await db
    .select()
    .from(strategyAssignments)
    .where(and(eq(strategyAssignments.householdId, householdId), eq(strategyAssignments.id, id)))
    .limit(1);
  return row ?? null;
};

export const assignmentParts = async (db: Db, assignmentIds: readonly string[]) => {
  if (assignmentIds.length === 0) return { strategiesOf: [], accountsOf: [] };
  const [strategiesOf, accountsOf] = await inTurn(
    () =>
      db
        .select({
          assignmentId: strategyAssignmentStrategies.assignmentId,
          strategyId: strategyAssignmentStrategies.strategyId,
          name: strategies.name,
          percent: strategyAssignmentStrategies.percent,
        })
        .from(strategyAssignmentStrategies)
        .innerJoin(strategies, eq(strategies.id, strategyAssignmentStrategies.strategyId))
        .where(inArray(strategyAssignmentStrategies.assignmentId, [...assignmentIds]))
        .orderBy(desc(strategyAssignmentStrategies.percent), asc(strategies.name)),
    () =>
      db
        .select({
          assignmentId: strategyAssignmentAccounts.assignmentId,
          id: accounts.id,
          registrationName: accounts.registrationName,
        })
        .from(strategyAssignmentAccounts)
        .innerJoin(accounts, eq(accounts.id, strategyAssignmentAccounts.accountId))
        .where(inArray(strategyAssignmentAccounts.assignmentId, [...assignmentIds]))
        .orderBy(asc(accounts.registrationName)),
  );
  return { strategiesOf, accountsOf };
};

export const insertAssignment = async (db: Db, values: typeof strategyAssignments.$inferInsert) => {
  const [row] = await db.insert(strategyAssignments).values(values).returning();
  return row as AssignmentRow;
};

export const updateAssignmentRow = (
  db: Db,
  id: string,
  values: Pick<AssignmentRow, 'assignmentType' | 'category' | 'applyToAllAccounts'>,
  now: Date,
) =>
  db
    .update(strategyAssignments)
    .set({ ...values, updatedAt: now })
    .where(eq(strategyAssignments.id, id));

export const deleteAssignmentRow = (db: Db, id: string) =>
  db.delete(strategyAssignments).where(eq(strategyAssignments.id, id));

export const replaceAssignmentParts = async (
  db: Db,
  assignmentId: string,
  parts: { strategies: readonly { strategyId: string; percent: string }[]; accountIds: readonly string[] },
) => {
  await db
    .delete(strategyAssignmentStrategies)
    .where(eq(strategyAssignmentStrategies.assignmentId, assignmentId));
  await db
    .delete(strategyAssignmentAccounts)
    .where(eq(strategyAssignmentAccounts.assignmentId, assignmentId));
  if (parts.strategies.length > 0) {
    await db
      .insert(strategyAssignmentStrategies)
      .values(parts.strategies.map((s) => ({ assignmentId, ...s })));
  }
  if (parts.accountIds.length > 0) {
    await db
      .insert(strategyAssignmentAccounts)
      .values(parts.accountIds.map((accountId) => ({ assignmentId, accountId })));
  }
};

/** Accounts among these already named by another assignment than `exceptId`. */
export const accountsAssignedElsewhere = async (
  db: Db,
  accountIds: readonly string[],
  exceptId: string | null,
) => {
  if (accountIds.length === 0) return new Set<string>();
  const rows = await db
    .select({
      accountId: strategyAssignmentAccounts.accountId,
      assignmentId: strategyAssignmentAccounts.assignmentId,
    })
    .from(strategyAssignmentAccounts)
    .where(inArray(strategyAssignmentAccounts.accountId, [...accountIds]));
  return new Set(rows.filter((r) => r.assignmentId !== exceptId).map((r) => r.accountId));
};

export const strategiesExisting = async (db: Db, ids: readonly string[]) => {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: strategies.id })
    .from(strategies)
    .where(inArray(strategies.id, [...ids]));
  return new Set(rows.map((r) => r.id));
};

/**
 * What each account follows: the assignment naming it, else its household's apply-to-all assignment; with
 * the strategies' percents. Accounts that follow nothing are left out.
 */
export const followedAssignments = async (db: Db, accountIds: readonly string[]) => {
  if (accountIds.length === 0) return [];
  return rowsOf<{
    account_id: string;
    assignment_id: string;
    strategy_id: string;
    name: string;
    percent: string;
  }>(
    await db.execute(sql`select a.id as account_id, chosen.assignment_id, sas.strategy_id, s.name,
        sas.percent::text as percent
      from ${accounts} a
      cross join lateral (
        select coalesce(
          (select saa.assignment_id from ${strategyAssignmentAccounts} saa where saa.account_id = a.id limit 1),
          (select sa.id from ${strategyAssignments} sa
            where sa.household_id = a.household_id and sa.apply_to_all_accounts limit 1)
        ) as assignment_id
      ) chosen
      join ${strategyAssignmentStrategies} sas on sas.assignment_id = chosen.assignment_id
      join ${strategies} s on s.id = sas.strategy_id
      where a.id = any(${`{${accountIds.join(',')}}`}::uuid[])
      order by a.id, sas.percent desc, s.name`),
  );
};

/** The household of each of these accounts (those that exist). */
export const householdsOfAccounts = (db: Db, accountIds: readonly string[]) =>
  accountIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: accounts.id, householdId: accounts.householdId })
        .from(accounts)
        .where(inArray(accounts.id, [...accountIds]))
        .orderBy(asc(accounts.householdId), asc(accounts.id));
