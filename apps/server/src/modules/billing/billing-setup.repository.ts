import type {
  AccountBilling,
  BillingAccountsExportQuery,
  BillingAccountsQuery,
  BillingHouseholdRow,
  BillingHouseholdsExportQuery,
  BillingHouseholdsQuery,
  BillingSummary,
} from '@centric/contracts';
import { maskBankNumber } from '@centric/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, inTurn, rowsOf } from '../../db/client.ts';
import { likePattern } from '../../platform/sql-like.ts';

/**
 * The billing lists (spec §2 /billing/households and /billing/accounts) and the rows the billing screens read.
 * A billing unit is a household with at least one account; its readiness is read from billing_readiness.
 */

type HouseholdFilter = Omit<BillingHouseholdsQuery, 'page' | 'limit' | 'sortBy' | 'order'>;

/** The households' filters other than the readiness ones (the summary's figures count under them). */
const unitWhere = (filter: HouseholdFilter): SQL => {
  const parts: SQL[] = [sql`not h.draft`, sql`exists (select 1 from accounts x where x.household_id = h.id)`];
  if (filter.householdStatus !== 'ALL') parts.push(sql`h.status = ${filter.householdStatus}`);
  if (filter.search) {
    const digits = filter.search.replace(/^u-?/i, '');
    parts.push(
      /^\d{1,9}$/.test(digits)
        ? sql`(h.search_name like ${likePattern(filter.search.toLowerCase())} or h.unit_number = ${Number(digits)})`
        : sql`h.search_name like ${likePattern(filter.search.toLowerCase())}`,
    );
  }
  return sql.join(parts, sql` and `);
};

const readinessWhere = (filter: HouseholdFilter): SQL => {
  const parts: SQL[] = [sql`true`];
  if (filter.billingStatus) parts.push(sql`coalesce(r.status, 'READY') = ${filter.billingStatus}`);
  if (filter.missingFeeSchedule !== undefined) {
    parts.push(sql`coalesce(r.missing_fee_schedule, false) = ${filter.missingFeeSchedule}`);
  }
  if (filter.missingPayoutBlocks !== undefined) {
    parts.push(sql`coalesce(r.missing_payout_blocks, false) = ${filter.missingPayoutBlocks}`);
  }
  if (filter.subType) parts.push(sql`${filter.subType} = any(r.codes)`);
  return sql.join(parts, sql` and `);
};

const HOUSEHOLD_ORDER: Record<BillingHouseholdsQuery['sortBy'], SQL> = {
  unitId: sql`h.unit_number`,
  name: sql`lower(h.name)`,
  accounts: sql`(select count(*) from accounts x where x.household_id = h.id)`,
  wealthAdvisor: sql`(select lower(u.full_name) from household_advisors ha join users u on u.id = ha.user_id
    where ha.household_id = h.id and ha.role = 'WEALTH_ADVISOR_1')`,
  status: sql`coalesce(r.status, 'READY')`,
};

const householdRows = (where: SQL, orderBy: SQL, limit: number | null, offset: number) => sql`
  select h.id as "clientId", h.unit_number as "unitId", h.name, h.status as "householdStatus",
    wa.user_id as "advisorId", wa.full_name as "advisorName",
    (select count(*)::int from accounts x where x.household_id = h.id) as accounts,
    (select count(*)::int from accounts x where x.household_id = h.id and x.status = 'OPEN') as "openAccounts",
    coalesce(r.status, 'READY') as "billingStatus", coalesce(r.blocked, false) as blocked, coalesce(r.billed, false) as billed,
    coalesce(r.missing_fee_schedule, false) as "missingFeeSchedule",
    coalesce(r.missing_payout_blocks, false) as "missingPayoutBlocks",
    coalesce(r.reasons, '[]'::jsonb) as reasons, r.checked_at as "checkedAt"
  from households h
  left join billing_readiness r on r.household_id = h.id
  left join lateral (
    select ha.user_id, u.full_name from household_advisors ha join users u on u.id = ha.user_id
    where ha.household_id = h.id and ha.role = 'WEALTH_ADVISOR_1'
  ) wa on true
  where ${where}
  order by ${orderBy}, h.unit_number
  ${limit === null ? sql`` : sql`limit ${limit} offset ${offset}`}`;

type RawHouseholdRow = Omit<BillingHouseholdRow, 'wealthAdvisor' | 'checkedAt'> & {
  advisorId: string | null;
  advisorName: string | null;
  checkedAt: Date | string | null;
};

const toHouseholdRow = ({
  advisorId,
  advisorName,
  checkedAt,
  ...row
}: RawHouseholdRow): BillingHouseholdRow => ({
  ...row,
  wealthAdvisor: advisorId && advisorName ? { id: advisorId, fullName: advisorName } : null,
  checkedAt: checkedAt === null ? null : new Date(checkedAt).toISOString(),
});

const direction = (order: 'ASC' | 'DESC') => sql.raw(order === 'ASC' ? 'asc' : 'desc');

/** A page of units with the list's total and the header figures (under the household status and search). */
export const listBillingHouseholds = async (db: Db, query: BillingHouseholdsQuery) => {
  const units = unitWhere(query);
  const where = sql`${units} and ${readinessWhere(query)}`;
  const orderBy = sql`${HOUSEHOLD_ORDER[query.sortBy]} ${direction(query.order)}`;
  const [rows, counts] = await inTurn(
    () => db.execute(householdRows(where, orderBy, query.limit, (query.page - 1) * query.limit)),
    () =>
      db.execute(sql`
        select count(*) filter (where ${readinessWhere(query)})::int as total,
          count(*)::int as "totalHouseholds",
          count(*) filter (where coalesce(r.status, 'READY') = 'READY')::int as "readyToBill",
          count(*) filter (where r.status = 'REQUIRES_ATTENTION')::int as "requiresAttention",
          count(*) filter (where r.missing_fee_schedule)::int as "missingFeeSchedule",
          count(*) filter (where r.missing_payout_blocks)::int as "missingPayoutBlocks"
        from households h left join billing_readiness r on r.household_id = h.id
        where ${units}`),
  );
  const [figures] = rowsOf<BillingSummary & { total: number }>(counts);
  const { total = 0, ...summary } = figures ?? {
    total: 0,
    totalHouseholds: 0,
    readyToBill: 0,
    requiresAttention: 0,
    missingFeeSchedule: 0,
    missingPayoutBlocks: 0,
  };
  return { items: rowsOf<RawHouseholdRow>(rows).map(toHouseholdRow), total, summary };
};

/** Every unit the list's filters select, in its order (the export). */
export const exportBillingHouseholds = async (db: Db, query: BillingHouseholdsExportQuery, max: number) => {
  const where = sql`${unitWhere(query)} and ${readinessWhere(query)}`;
  const orderBy = sql`${HOUSEHOLD_ORDER[query.sortBy]} ${direction(query.order)}`;
  return rowsOf<RawHouseholdRow>(await db.execute(householdRows(where, orderBy, max, 0))).map(toHouseholdRow);
};

/** One unit's row (404 handled by the caller when absent). */
export const billingHouseholdRow = async (db: Db, clientId: string) => {
  const rows = rowsOf<RawHouseholdRow>(
    await db.execute(householdRows(sql`h.id = ${clientId}`, sql`h.unit_number`, 1, 0)),
  );
  return rows[0] ? toHouseholdRow(rows[0]) : null;
};

// ---------------------------------------------------------------------------------------------------------
// Accounts

type AccountFilter = Omit<BillingAccountsQuery, 'page' | 'limit' | 'sortBy' | 'order'>;

const accountWhere = (filter: AccountFilter): SQL => {
  const parts: SQL[] = [sql`not h.draft`];
  if (filter.status !== 'ALL') parts.push(sql`a.status = ${filter.status}`);
  if (filter.clientId) parts.push(sql`a.household_id = ${filter.clientId}`);
  if (filter.feeScheduleId) parts.push(sql`a.fee_schedule_id = ${filter.feeScheduleId}`);
  if (filter.payMethod) parts.push(sql`a.pay_method = ${filter.payMethod}`);
  if (filter.missing === 'FEE_SCHEDULE') parts.push(sql`a.fee_schedule_id is null`);
  if (filter.missing === 'PAY_METHOD') parts.push(sql`a.pay_method = 'UNASSIGNED'`);
  if (filter.missing === 'FEE_PAYING_ACCOUNT') {
    parts.push(sql`a.pay_method = 'INDIRECT' and (p.id is null or p.status <> 'OPEN')`);
  }
  if (filter.search) {
    const pattern = likePattern(filter.search.toLowerCase());
    parts.push(
      sql`(a.search_name like ${pattern} or h.search_name like ${pattern} or a.custodian_number_last4 = ${filter.search})`,
    );
  }
  return sql.join(parts, sql` and `);
};

const ACCOUNT_ORDER: Record<BillingAccountsQuery['sortBy'], SQL> = {
  registrationName: sql`lower(a.registration_name)`,
  household: sql`lower(h.name)`,
  custodian: sql`lower(a.custodian)`,
  feeSchedule: sql`lower(fs.name)`,
  payMethod: sql`a.pay_method`,
  frequency: sql`a.billing_frequency`,
};

const accountRows = (where: SQL, orderBy: SQL, limit: number, offset: number) => sql`
  select a.id as "accountId", a.household_id as "clientId", h.name as household, h.unit_number as "unitId",
    a.registration_name as "registrationName", a.custodian, a.custodian_number_last4 as "last4",
    a.status, fs.id as "feeScheduleId", fs.name as "feeScheduleName", a.pay_method as "payMethod",
    a.billing_frequency as frequency, a.billing_timing as timing, a.billing_start_date::text as "startDate",
    p.id as "payerId", p.registration_name as "payerName", p.household_id as "payerClientId",
    ph.name as "payerHousehold"
  from accounts a
  join households h on h.id = a.household_id
  left join fee_schedules fs on fs.id = a.fee_schedule_id
  left join accounts p on p.id = a.fee_paying_account_id
  left join households ph on ph.id = p.household_id
  where ${where}
  order by ${orderBy} nulls last, lower(a.registration_name), a.id
  limit ${limit} offset ${offset}`;

type RawAccountRow = {
  accountId: string;
  clientId: string;
  household: string;
  unitId: number;
  registrationName: string;
  custodian: string;
  last4: string;
  status: 'OPEN' | 'CLOSED';
  feeScheduleId: string | null;
  feeScheduleName: string | null;
  payMethod: AccountBilling['payMethod'];
  frequency: AccountBilling['frequency'];
  timing: AccountBilling['timing'];
  startDate: string | null;
  payerId: string | null;
  payerName: string | null;
  payerClientId: string | null;
  payerHousehold: string | null;
};

export type BillingAccountRow = Omit<AccountBilling, 'paysFor'>;

const toAccountRow = (row: RawAccountRow): BillingAccountRow => ({
  accountId: row.accountId,
  clientId: row.clientId,
  household: row.household,
  unitId: row.unitId,
  registrationName: row.registrationName,
  custodian: row.custodian,
  custodianNumber: maskBankNumber(row.last4),
  status: row.status,
  feeSchedule:
    row.feeScheduleId && row.feeScheduleName ? { id: row.feeScheduleId, name: row.feeScheduleName } : null,
  payMethod: row.payMethod,
  frequency: row.frequency,
  timing: row.timing,
  valuation: 'PERIOD_END_VALUE',
  startDate: row.startDate,
  feePayingAccount:
    row.payerId && row.payerName && row.payerClientId && row.payerHousehold
      ? {
          id: row.payerId,
          registrationName: row.payerName,
          clientId: row.payerClientId,
          household: row.payerHousehold,
        }
      : null,
});

const ACCOUNT_FROM = sql`
  from accounts a
  join households h on h.id = a.household_id
  left join fee_schedules fs on fs.id = a.fee_schedule_id
  left join accounts p on p.id = a.fee_paying_account_id`;

export const listBillingAccounts = async (db: Db, query: BillingAccountsQuery) => {
  const where = accountWhere(query);
  const orderBy = sql`${ACCOUNT_ORDER[query.sortBy]} ${direction(query.order)}`;
  const [rows, count] = await inTurn(
    () => db.execute(accountRows(where, orderBy, query.limit, (query.page - 1) * query.limit)),
    () => db.execute(sql`select count(*)::int as n ${ACCOUNT_FROM} where ${where}`),
  );
  return {
    items: rowsOf<RawAccountRow>(rows).map(toAccountRow),
    total: rowsOf<{ n: number }>(count)[0]?.n ?? 0,
  };
};

export const exportBillingAccounts = async (db: Db, query: BillingAccountsExportQuery, max: number) => {
  const orderBy = sql`${ACCOUNT_ORDER[query.sortBy]} ${direction(query.order)}`;
  return rowsOf<RawAccountRow>(await db.execute(accountRows(accountWhere(query), orderBy, max, 0))).map(
    toAccountRow,
  );
};

/** One account's billing row, or null. */
export const billingAccountRow = async (db: Db, accountId: string) => {
  const rows = rowsOf<RawAccountRow>(
    await db.execute(accountRows(sql`a.id = ${accountId}`, sql`a.id`, 1, 0)),
  );
  return rows[0] ? toAccountRow(rows[0]) : null;
};

/** The accounts whose fee `accountId` pays (INDIRECT through it), of any household. */
export const accountsPaidBy = async (db: Db, accountId: string) =>
  rowsOf<{ id: string; registrationName: string; clientId: string; household: string }>(
    await db.execute(sql`
      select a.id, a.registration_name as "registrationName", a.household_id as "clientId", h.name as household
      from accounts a join households h on h.id = a.household_id
      where a.fee_paying_account_id = ${accountId} and a.id <> ${accountId}
      order by lower(h.name), lower(a.registration_name), a.id`),
  );
