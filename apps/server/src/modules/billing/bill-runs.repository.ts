import type {
  BillRow,
  BillRun,
  BillRunsQuery,
  BillRunUnit,
  BillRunUnitsQuery,
  BillsQuery,
} from '@centric/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';

/** Reads of bill runs, their units and bills (issue 15), as the Billing Instances screens show them. */

type RunRecord = {
  id: string;
  number: number;
  kind: BillRun['kind'];
  scope: BillRun['scope'];
  scopeName: string | null;
  clientId: string | null;
  accountId: string | null;
  wealthAdvisorId: string | null;
  period: BillRun['period'];
  periodStart: string;
  periodEnd: string;
  valuationDate: string;
  proration: BillRun['proration'];
  status: BillRun['status'];
  stage: BillRun['stage'];
  groupsTotal: number;
  groupsDone: number;
  groupsFailed: number;
  billed: number;
  skipped: number;
  alreadyBilled: number;
  unitsFailed: number;
  bills: number;
  total: string;
  createdById: string | null;
  createdByName: string | null;
  createdAt: Date | string;
  finishedAt: Date | string | null;
  approvedById: string | null;
  approvedByName: string | null;
  approvedAt: Date | string | null;
  lockedById: string | null;
  lockedByName: string | null;
  lockedAt: Date | string | null;
};

const iso = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();
const person = (id: string | null, fullName: string | null) => (id ? { id, fullName: fullName ?? '' } : null);

const RUN_SORT: Record<BillRunsQuery['sortBy'], SQL> = {
  number: sql`r.number`,
  createdAt: sql`r.created_at`,
  periodEnd: sql`r.period_end`,
  total: sql`total`,
};

const runFilters = (query: Partial<BillRunsQuery>) => sql`
  ${query.kind ? sql`and r.kind = ${query.kind}` : sql``}
  ${query.status ? sql`and r.status = ${query.status}` : sql``}`;

export const countOf = async (db: Db, query: BillRunsQuery) => {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from bill_runs r where true ${runFilters(query)}`),
  );
  return row?.n ?? 0;
};

/** One run (`id`) or a page of them (`query`), each with its progress, outcomes and total. */
export const billRunViews = async (
  db: Db,
  by: { id: string } | { query: BillRunsQuery },
): Promise<BillRun[]> => {
  const where = 'id' in by ? sql`and r.id = ${by.id}::uuid` : runFilters(by.query);
  const page =
    'query' in by
      ? sql`order by ${RUN_SORT[by.query.sortBy]} ${by.query.order === 'ASC' ? sql`asc` : sql`desc`}, r.number desc
          limit ${by.query.limit} offset ${(by.query.page - 1) * by.query.limit}`
      : sql``;
  const rows = rowsOf<RunRecord>(
    await db.execute(sql`
      select r.id, r.number, r.kind, r.scope,
        coalesce(h.name, a.registration_name, wa.full_name) as "scopeName",
        r.household_id as "clientId", r.account_id as "accountId", r.wealth_advisor_id as "wealthAdvisorId",
        r.period, r.period_start::text as "periodStart", r.period_end::text as "periodEnd",
        r.valuation_date::text as "valuationDate", r.proration, r.status, r.stage,
        g.total as "groupsTotal", g.done as "groupsDone", g.failed as "groupsFailed",
        u.billed, u.skipped, u.already as "alreadyBilled", u.failed as "unitsFailed",
        b.n as bills, b.total::text as total,
        r.created_by as "createdById", cb.full_name as "createdByName", r.created_at as "createdAt",
        r.finished_at as "finishedAt",
        r.approved_by as "approvedById", ab.full_name as "approvedByName", r.approved_at as "approvedAt",
        r.locked_by as "lockedById", lb.full_name as "lockedByName", r.locked_at as "lockedAt"
      from bill_runs r
      left join households h on h.id = r.household_id
      left join accounts a on a.id = r.account_id
      left join users wa on wa.id = r.wealth_advisor_id
      left join users cb on cb.id = r.created_by
      left join users ab on ab.id = r.approved_by
      left join users lb on lb.id = r.locked_by
      cross join lateral (
        select count(*)::int as total, count(*) filter (where status <> 'PENDING')::int as done,
          count(*) filter (where status = 'FAILED')::int as failed
        from bill_run_groups where run_id = r.id) g
      cross join lateral (
        select count(*) filter (where outcome = 'BILLED')::int as billed,
          count(*) filter (where outcome = 'SKIPPED')::int as skipped,
          count(*) filter (where outcome = 'ALREADY_BILLED')::int as already,
          count(*) filter (where outcome = 'FAILED')::int as failed
        from bill_run_units where run_id = r.id) u
      cross join lateral (
        select count(*)::int as n,
          coalesce(sum(amount) filter (where status not in ('VOIDED', 'PULLED')), 0)::numeric(20,2) as total
        from bills where run_id = r.id) b
      where true ${where}
      ${page}`),
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    kind: r.kind,
    scope: r.scope,
    scopeName: r.scopeName,
    clientId: r.clientId,
    accountId: r.accountId,
    wealthAdvisorId: r.wealthAdvisorId,
    period: r.period,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    valuationDate: r.valuationDate,
    proration: r.proration,
    status: r.status,
    stage: r.stage,
    progress: { done: r.groupsDone, total: r.groupsTotal, failed: r.groupsFailed },
    units: {
      billed: r.billed,
      skipped: r.skipped,
      alreadyBilled: r.alreadyBilled,
      failed: r.unitsFailed,
    },
    bills: r.bills,
    total: r.total,
    createdBy: person(r.createdById, r.createdByName),
    createdAt: iso(r.createdAt)!,
    finishedAt: iso(r.finishedAt),
    approvedBy: person(r.approvedById, r.approvedByName),
    approvedAt: iso(r.approvedAt),
    lockedBy: person(r.lockedById, r.lockedByName),
    lockedAt: iso(r.lockedAt),
  }));
};

/** What a run did with each unit, failures first, then by name. */
export const billRunUnitsOf = async (
  db: Db,
  runId: string,
  query: BillRunUnitsQuery,
): Promise<{ units: BillRunUnit[]; total: number }> => {
  const filter = query.outcome ? sql`and u.outcome = ${query.outcome}` : sql``;
  const rows = rowsOf<BillRunUnit>(
    await db.execute(sql`
      select u.household_id as "clientId", h.name, h.unit_number as "unitNumber", u.outcome, u.reasons,
        b.id as "billId", b.amount::text as amount
      from bill_run_units u
      join households h on h.id = u.household_id
      left join bills b on b.run_id = u.run_id and b.household_id = u.household_id
      where u.run_id = ${runId}::uuid ${filter}
      order by case u.outcome when 'FAILED' then 0 when 'SKIPPED' then 1 when 'ALREADY_BILLED' then 2 else 3 end,
        lower(h.name), h.id
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from bill_run_units u where u.run_id = ${runId}::uuid ${filter}`,
    ),
  );
  return { units: rows, total: count?.n ?? 0 };
};

type BillRecord = Omit<BillRow, 'createdBy' | 'createdAt'> & {
  createdById: string | null;
  createdByName: string | null;
  createdAt: Date | string;
};

/** A run's bills, narrowed by the household's name. */
const runBills = (runId: string, query: BillsQuery) =>
  sql`b.run_id = ${runId}::uuid ${query.search ? sql`and h.name ilike ${`%${query.search}%`}` : sql``}`;

export const countBillsOf = async (db: Db, runId: string, query: BillsQuery) => {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from bills b join households h on h.id = b.household_id
      where ${runBills(runId, query)}`),
  );
  return row?.n ?? 0;
};

const BILL_SORT: Record<BillsQuery['sortBy'], SQL> = {
  household: sql`lower(h.name)`,
  amount: sql`b.amount`,
  billNo: sql`b.bill_no`,
};

/**
 * Bills as rows: one bill, a run's page of them, or a unit's or an account's live bills (oldest first, with
 * their sequence among the unit's live bills).
 */
export const billRowsOf = async (
  db: Db,
  by:
    { billId: string } | { runId: string; query: BillsQuery } | { clientId: string } | { accountId: string },
): Promise<BillRow[]> => {
  const where =
    'billId' in by
      ? sql`b.id = ${by.billId}::uuid`
      : 'runId' in by
        ? runBills(by.runId, by.query)
        : 'clientId' in by
          ? sql`b.household_id = ${by.clientId}::uuid and b.kind = 'LIVE_BILL'`
          : sql`b.kind = 'LIVE_BILL' and exists (select 1 from bill_accounts x where x.bill_id = b.id and x.account_id = ${by.accountId}::uuid)`;
  const order =
    'runId' in by
      ? sql`order by ${BILL_SORT[by.query.sortBy]} ${by.query.order === 'ASC' ? sql`asc` : sql`desc`}, b.bill_no
          limit ${by.query.limit} offset ${(by.query.page - 1) * by.query.limit}`
      : sql`order by b.period_end desc, b.bill_no desc`;
  const rows = rowsOf<BillRecord>(
    await db.execute(sql`
      select b.id, b.run_id as "runId", r.number as "runNumber", b.kind, b.bill_no as "billNo",
        case when b.kind = 'LIVE_BILL' then (
          select count(*)::int from bills s where s.household_id = b.household_id and s.kind = 'LIVE_BILL'
            and (s.created_at, s.bill_no) <= (b.created_at, b.bill_no)) end as "liveBillSeq",
        b.household_id as "clientId", h.name as household,
        b.period_start::text as "periodStart", b.period_end::text as "periodEnd", b.status,
        b.billable_value::text as "billableValue", b.amount::text as amount,
        (case when b.status in ('VOIDED', 'PULLED') then 0 else b.amount - b.collected end)::numeric(20,2)::text as balance,
        (select count(*)::int from bill_accounts x where x.bill_id = b.id) as accounts,
        b.created_by as "createdById", u.full_name as "createdByName", b.created_at as "createdAt"
      from bills b
      join bill_runs r on r.id = b.run_id
      join households h on h.id = b.household_id
      left join users u on u.id = b.created_by
      where ${where}
      ${order}`),
  );
  return rows.map(({ createdById, createdByName, createdAt, ...row }) => ({
    ...row,
    createdBy: person(createdById, createdByName),
    createdAt: iso(createdAt)!,
  }));
};
