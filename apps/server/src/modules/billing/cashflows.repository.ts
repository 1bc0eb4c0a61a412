import type {
  CashFlowRow,
  CashFlowsExportQuery,
  CashFlowsQuery,
  CashFlowSummary,
  CashFlowTreatment,
} from '@centric/contracts';
import { and, sql, type SQL } from 'drizzle-orm';
import { type Db, inTurn, rowsOf, uuidArray } from '../../db/client.ts';
import { manualCashFlows, systemSettings } from '../../db/schema/index.ts';
import { likePattern } from '../../platform/sql-like.ts';

/**
 * Cash flows (issue 14 §5): the deposits and withdrawals of the accounts' transactions and the manual flows
 * entered with a reason, as one list, each with how the next ARREARS bill treats it under the firm's threshold.
 */

/** The firm setting (system_settings) holding the threshold: a decimal string, or null to prorate every flow. */
export const CASH_FLOW_THRESHOLD_KEY = 'cashFlowThreshold';

/**
 * The firm's threshold (null: every flow is prorated). Read and written as JSON text in SQL: a JSON string that
 * looks like a number would come back from the jsonb column's driver as a number.
 */
export const cashFlowThresholdOf = async (db: Db): Promise<string | null> => {
  const [row] = rowsOf<{ threshold: string | null }>(
    await db.execute(
      sql`select value #>> '{}' as threshold from ${systemSettings} where key = ${CASH_FLOW_THRESHOLD_KEY}`,
    ),
  );
  return row?.threshold ?? null;
};

export const saveCashFlowThreshold = (db: Db, threshold: string | null, updatedAt: Date) => {
  const value = sql`coalesce(to_jsonb(${threshold}::text), 'null'::jsonb)`;
  return db
    .insert(systemSettings)
    .values({ key: CASH_FLOW_THRESHOLD_KEY, value, updatedAt })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt } });
};

/** The manual flows of accounts between two days (both included), signed, as billing prorates them. */
export const manualFlowsOf = async (db: Db, accountIds: readonly string[], from: string, to: string) =>
  accountIds.length === 0
    ? []
    : db
        .select({
          accountId: manualCashFlows.accountId,
          date: manualCashFlows.flowDate,
          amount: manualCashFlows.amount,
        })
        .from(manualCashFlows)
        .where(
          and(
            sql`${manualCashFlows.accountId} = any(${uuidArray(accountIds)})`,
            sql`${manualCashFlows.flowDate} between ${from}::date and ${to}::date`,
          ),
        )
        .orderBy(manualCashFlows.accountId, manualCashFlows.flowDate, manualCashFlows.id);

/**
 * The one place a flow's treatment is decided (the engine's rule, `cashFlowThreshold` of household-bill.ts):
 * on an ARREARS account a flow of at least the threshold in absolute value (any, without one) is prorated, a
 * deposit CHARGED and a withdrawal CREDITED; other flows, and those of ADVANCE accounts, are NOT_PRORATED.
 */
const treatmentOf = (threshold: string | null): SQL => sql`
  case when a.billing_timing = 'ARREARS' and (${threshold}::numeric is null or abs(f.amount) >= ${threshold}::numeric)
    then case when f.amount > 0 then 'CHARGED' else 'CREDITED' end
    else 'NOT_PRORATED' end`;

/** Every flow with its account, household, author and treatment (filtered by the caller on its columns). */
const flowsWithTreatment = (threshold: string | null) => sql`
  select f.id, f.source, f.flow_date as "flowDate", f.amount, f.reason,
    a.id as "accountId", a.registration_name as "registrationName", a.search_name as "accountSearch",
    h.id as "householdId", h.name as "householdName", h.search_name as "householdSearch",
    u.id as "createdById", u.full_name as "createdByName",
    ${treatmentOf(threshold)} as treatment
  from (
    select t.id, 'TRANSACTION' as source, t.account_id, t.trade_date as flow_date,
      (case when t.type = 'WITHDRAWAL' then -t.amount else t.amount end) as amount,
      null::varchar as reason, t.created_by
    from account_transactions t where t.type in ('DEPOSIT', 'WITHDRAWAL')
    union all
    select m.id, 'MANUAL', m.account_id, m.flow_date, m.amount, m.reason, m.created_by
    from manual_cash_flows m
  ) f
  join accounts a on a.id = f.account_id
  join households h on h.id = a.household_id
  left join users u on u.id = f.created_by
  where not h.draft`;

type Filter = Omit<CashFlowsQuery, 'page' | 'limit' | 'sortBy' | 'order'>;

const flowWhere = (filter: Filter): SQL => {
  const parts: SQL[] = [sql`true`];
  if (filter.from) parts.push(sql`x."flowDate" >= ${filter.from}::date`);
  if (filter.to) parts.push(sql`x."flowDate" <= ${filter.to}::date`);
  if (filter.accountId) parts.push(sql`x."accountId" = ${filter.accountId}`);
  if (filter.householdId) parts.push(sql`x."householdId" = ${filter.householdId}`);
  if (filter.direction === 'DEPOSIT') parts.push(sql`x.amount > 0`);
  if (filter.direction === 'WITHDRAWAL') parts.push(sql`x.amount < 0`);
  if (filter.source) parts.push(sql`x.source = ${filter.source}`);
  if (filter.treatment) parts.push(sql`x.treatment = ${filter.treatment}`);
  if (filter.search) {
    const pattern = likePattern(filter.search.toLowerCase());
    parts.push(sql`(x."accountSearch" like ${pattern} or x."householdSearch" like ${pattern})`);
  }
  return sql.join(parts, sql` and `);
};

const ORDER: Record<CashFlowsQuery['sortBy'], SQL> = {
  date: sql`x."flowDate"`,
  account: sql`lower(x."registrationName")`,
  household: sql`lower(x."householdName")`,
  amount: sql`abs(x.amount)`,
};

type RawRow = {
  id: string;
  source: CashFlowRow['source'];
  flowDate: string;
  amount: string;
  reason: string | null;
  accountId: string;
  registrationName: string;
  householdId: string;
  householdName: string;
  createdById: string | null;
  createdByName: string | null;
  treatment: CashFlowTreatment;
};

const toRow = (r: RawRow): CashFlowRow => ({
  id: r.id,
  source: r.source,
  account: { id: r.accountId, registrationName: r.registrationName },
  household: { id: r.householdId, name: r.householdName },
  date: r.flowDate,
  amount: r.amount.replace(/^-/, ''),
  direction: r.amount.startsWith('-') ? 'WITHDRAWAL' : 'DEPOSIT',
  reason: r.reason,
  treatment: r.treatment,
  createdBy: r.createdById && r.createdByName ? { id: r.createdById, fullName: r.createdByName } : null,
});

const selectRows = (
  threshold: string | null,
  query: Filter & Pick<CashFlowsQuery, 'sortBy' | 'order'>,
  limit: number,
  offset: number,
) => sql`
  select x.id, x.source, x."flowDate"::text as "flowDate", x.amount::text as amount, x.reason,
    x."accountId", x."registrationName", x."householdId", x."householdName",
    x."createdById", x."createdByName", x.treatment
  from (${flowsWithTreatment(threshold)}) x
  where ${flowWhere(query)}
  order by ${ORDER[query.sortBy]} ${sql.raw(query.order === 'ASC' ? 'asc' : 'desc')}, x."flowDate" desc, x.id
  limit ${limit} offset ${offset}`;

/** A page of flows with the list's total and figures (deposits, withdrawals, count) under its filters. */
export const listCashFlows = async (db: Db, query: CashFlowsQuery, threshold: string | null) => {
  const [rows, counts] = await inTurn(
    () => db.execute(selectRows(threshold, query, query.limit, (query.page - 1) * query.limit)),
    () =>
      db.execute(sql`
        select count(*)::int as count,
          coalesce(sum(x.amount) filter (where x.amount > 0), 0)::numeric(20, 2)::text as deposits,
          coalesce(-sum(x.amount) filter (where x.amount < 0), 0)::numeric(20, 2)::text as withdrawals
        from (${flowsWithTreatment(threshold)}) x
        where ${flowWhere(query)}`),
  );
  const [figures] = rowsOf<CashFlowSummary>(counts);
  const summary = figures ?? { count: 0, deposits: '0.00', withdrawals: '0.00' };
  return { items: rowsOf<RawRow>(rows).map(toRow), total: summary.count, summary };
};

/** Every flow the list's filters select, in its order (the export). */
export const exportCashFlows = async (
  db: Db,
  query: CashFlowsExportQuery,
  threshold: string | null,
  max: number,
) => rowsOf<RawRow>(await db.execute(selectRows(threshold, query, max, 0))).map(toRow);

/** Whether an id is a transaction's flow (a deposit or withdrawal), which this screen cannot delete. */
export const isTransactionFlow = async (db: Db, id: string) =>
  rowsOf<{ id: string }>(
    await db.execute(
      sql`select id from account_transactions where id = ${id} and type in ('DEPOSIT', 'WITHDRAWAL')`,
    ),
  ).length > 0;
