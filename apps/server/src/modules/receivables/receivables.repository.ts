import { centsOf, formatCents } from '@centric/billing';
import {
  addMonthsClamped,
  billingPeriodOf,
  PAST_DUE_AGE_BUCKETS,
  type ReceivableChildTab,
  type ReceivableRow,
  type ReceivablesExportQuery,
  type ReceivablesQuery,
  type ReceivableViewBy,
} from '@centric/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, uuidArray } from '../../db/client.ts';

/**
 * The receivables' reads as SQL (issue 16 §1, §5): the list of a child tab under a view, its header figures
 * and the charts. Past due is read here, not stored: an EXPECTED payment whose date is before `today`.
 */

/** A master-data image's address, as the master-data module answers it (imageUrlOf). */
export const imageUrl = (alias: string) =>
  sql.raw(`case when ${alias}.image_path is null then null
    else '/api/master-data-image/' || ${alias}.id || '?v=' || (extract(epoch from ${alias}.updated_at) * 1000)::bigint end`);

/** The row's group under a view: its id (text) and name. */
const groupOf = (viewBy: ReceivableViewBy) => {
  switch (viewBy) {
    case 'products':
      return { id: sql`pr.id::text`, name: sql`pr.name` };
    case 'providers':
      return { id: sql`pv.id::text`, name: sql`pv.name` };
    case 'advisors':
      return { id: sql`wa.id::text`, name: sql`coalesce(wa.full_name, 'No advisor')` };
    case 'households':
      return { id: sql`h.id::text`, name: sql`h.name` };
  }
};

/** What every row joins: the product, the provider, the household and its Wealth Advisor 1. */
const JOINS = sql`
  join master_data_items pr on pr.id = r.product_id
  join master_data_items pv on pv.id = r.provider_id
  join households h on h.id = r.household_id
  left join household_advisors ha on ha.household_id = h.id and ha.role = 'WEALTH_ADVISOR_1'
  left join users wa on wa.id = ha.user_id`;

/** The one join a view's group name needs (the page's ids are sorted without the others). */
const GROUP_JOINS: Readonly<Record<ReceivableViewBy, SQL>> = {
  products: sql`join master_data_items pr on pr.id = r.product_id`,
  providers: sql`join master_data_items pv on pv.id = r.provider_id`,
  advisors: sql`left join household_advisors ha on ha.household_id = r.household_id and ha.role = 'WEALTH_ADVISOR_1'
    left join users wa on wa.id = ha.user_id`,
  households: sql`join households h on h.id = r.household_id`,
};

/** What the sort of the page's ids joins: everything under a search or a group filter, else only its keys. */
const sortJoins = (query: Pick<ReceivablesQuery, 'search' | 'groupId' | 'viewBy' | 'sortBy'>) => {
  if (query.search || query.groupId) return JOINS;
  if (query.sortBy === 'group') return GROUP_JOINS[query.viewBy];
  if (query.sortBy === 'household') return GROUP_JOINS.households;
  return sql``;
};

type ListFilters = Pick<ReceivablesQuery, 'childTab' | 'viewBy' | 'search' | 'groupId' | 'clientId'>;

const stateOf = (today: string) =>
  sql`case when p.state = 'EXPECTED' and p.due_date < ${today}::date then 'PAST_DUE' else p.state end`;

const tabCondition = (childTab: ReceivableChildTab, today: string): SQL => {
  switch (childTab) {
    case 'projected':
      return sql`p.state = 'EXPECTED' and p.due_date >= ${today}::date`;
    case 'pastDue':
      return sql`p.state = 'EXPECTED' and p.due_date < ${today}::date`;
    case 'received':
      return sql`p.state = 'RECEIVED'`;
    case 'originals':
      return sql`true`;
  }
};

const filterConditions = (filters: ListFilters) => {
  const group = groupOf(filters.viewBy);
  const conditions: SQL[] = [];
  if (filters.search) {
    const like = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(h.name ilike ${like} or r.account_holder ilike ${like} or r.policy_number ilike ${like}
      or pr.name ilike ${like} or pv.name ilike ${like} or r.description ilike ${like})`);
  }
  if (filters.groupId) {
    conditions.push(
      filters.groupId === 'none' && filters.viewBy === 'advisors'
        ? sql`wa.id is null`
        : sql`${group.id} = ${filters.groupId}`,
    );
  }
  if (filters.clientId) conditions.push(sql`r.household_id = ${filters.clientId}`);
  return conditions;
};

const where = (conditions: readonly SQL[]) =>
  conditions.length === 0 ? sql`true` : sql.join(conditions as SQL[], sql` and `);

const orderOf = (query: Pick<ReceivablesQuery, 'sortBy' | 'order' | 'viewBy'>, dateColumn: SQL) => {
  const direction = sql.raw(query.order === 'DESC' ? 'desc' : 'asc');
  const group = groupOf(query.viewBy);
  switch (query.sortBy) {
    case 'group':
      return sql`${group.name} ${direction}, ${dateColumn} asc, r.id, id`;
    case 'date':
      return sql`${dateColumn} ${direction}, r.id, id`;
    case 'household':
      return sql`h.name ${direction}, ${dateColumn} asc, r.id, id`;
    case 'amount':
      return sql`amount ${direction}, ${dateColumn} asc, r.id, id`;
  }
};

type RawRow = Omit<ReceivableRow, 'group' | 'product' | 'provider' | 'household'> & {
  groupId: string | null;
  groupName: string;
  productId: number;
  productName: string;
  productImage: string | null;
  providerId: number;
  providerName: string;
  householdId: string;
  householdName: string;
};

const toRow = (row: RawRow): ReceivableRow => ({
  id: row.id,
  receivableId: row.receivableId,
  paymentId: row.paymentId,
  group: { id: row.groupId, name: row.groupName },
  product: { id: row.productId, name: row.productName, imageUrl: row.productImage },
  productType: row.productType,
  provider: { id: row.providerId, name: row.providerName },
  household: { id: row.householdId, name: row.householdName },
  advisor: row.advisor,
  accountHolder: row.accountHolder,
  policyNumber: row.policyNumber,
  paymentFrequency: row.paymentFrequency,
  date: row.date,
  amount: row.amount,
  state: row.state,
  receivedDate: row.receivedDate,
  amountReceived: row.amountReceived,
  daysPastDue: row.daysPastDue === null ? null : Number(row.daysPastDue),
  numberOfPayments: row.numberOfPayments === null ? null : Number(row.numberOfPayments),
  totalAmount: row.totalAmount,
});

const common = (viewBy: ReceivableViewBy) => {
  const group = groupOf(viewBy);
  return sql`${group.id} as "groupId", ${group.name} as "groupName",
    r.id as "receivableId", pr.id as "productId", pr.name as "productName", ${imageUrl('pr')} as "productImage",
    r.product_type as "productType", pv.id as "providerId", pv.name as "providerName",
    h.id as "householdId", h.name as "householdName", wa.full_name as advisor,
    r.account_holder as "accountHolder", r.policy_number as "policyNumber",
    r.payment_frequency as "paymentFrequency"`;
};

/**
 * How a view walks its groups: the groups with their names, and a group's payments (or receivables, for
 * originals) as the condition that finds them in one index: `receivable_payments` carries each payment's
 * product, provider and household (migration 0029). `g` is the group.
 */
const WALKS: Readonly<
  Record<Exclude<ReceivableViewBy, 'advisors'>, { groups: SQL; payments: SQL; receivables: SQL }>
> = {
  products: {
    groups: sql`select id::text as id, name from master_data_items where type = 'receivable-products'`,
    payments: sql`p.product_id = g.id::int`,
    receivables: sql`r.product_id = g.id::int`,
  },
  providers: {
    groups: sql`select id::text as id, name from master_data_items where type = 'providers'`,
    payments: sql`p.provider_id = g.id::int`,
    receivables: sql`r.provider_id = g.id::int`,
  },
  households: {
    groups: sql`select id::text as id, name from households`,
    payments: sql`p.household_id = g.id::uuid`,
    receivables: sql`r.household_id = g.id::uuid`,
  },
};

/**
 * A page's ids in the screen's default order (by group, then date) when nothing narrows the list: the view's
 * groups in name order, and in each only its first rows by date, read from the group's own index, so a page
 * costs about its own rows however many payments there are. The order is the list's (group name, date,
 * receivable, row), ties between groups of the same name included.
 */
type PageQuery = Pick<ReceivablesQuery, 'childTab' | 'viewBy' | 'order'>;

/** A group's first `first` rows of the tab by date: `belongs` says which payments (`p`) or receivables (`r`). */
const rowsOfGroup = (query: PageQuery, today: string, belongs: SQL, first: number) =>
  query.childTab === 'originals'
    ? sql`select r.id, r.start_date as d, r.id as rid from receivables r where ${belongs}
        order by r.start_date, r.id limit ${first}`
    : sql`select p.id, p.due_date as d, p.receivable_id as rid from receivable_payments p
        where ${belongs} and ${tabCondition(query.childTab, today)}
        order by p.due_date, p.receivable_id, p.id limit ${first}`;

const pageIdsByGroup = async (
  db: Db,
  query: PageQuery,
  today: string,
  page: { page: number; limit: number },
) => {
  if (query.viewBy === 'advisors') return pageIdsByAdvisor(db, query, today, page);
  const walk = WALKS[query.viewBy];
  const inner = rowsOfGroup(
    query,
    today,
    query.childTab === 'originals' ? walk.receivables : walk.payments,
    page.page * page.limit,
  );
  const direction = sql.raw(query.order === 'DESC' ? 'desc' : 'asc');
  return rowsOf<{ id: string }>(
    await db.execute(sql`select x.id from (${walk.groups}) g cross join lateral (${inner}) x
      order by g.name ${direction}, x.d asc, x.rid, x.id
      limit ${page.limit} offset ${(page.page - 1) * page.limit}`),
  ).map((row) => row.id);
};

/**
 * The advisors view's page: an advisor's households are those it is Wealth Advisor 1 of, and the households
 * with none are "No advisor". The advisors (a few dozen) are ranked by name in the database, then read a rank
 * at a time until the page is full, so that "No advisor", which must look at every household, is read only
 * when the page reaches it (advisors of the same name are read together, their rows interleaved by date).
 */
const pageIdsByAdvisor = async (
  db: Db,
  query: PageQuery,
  today: string,
  page: { page: number; limit: number },
) => {
  const direction = sql.raw(query.order === 'DESC' ? 'desc' : 'asc');
  const ranks = rowsOf<{ id: string | null; rank: number }>(
    await db.execute(sql`select id, dense_rank() over (order by name ${direction})::int as rank from (
        select u.id, u.full_name as name from users u where exists (
          select 1 from household_advisors ha where ha.user_id = u.id and ha.role = 'WEALTH_ADVISOR_1')
        union all select null, 'No advisor') g
      order by rank`),
  );
  const wanted = page.page * page.limit;
  const household = query.childTab === 'originals' ? sql`r.household_id` : sql`p.household_id`;
  const ids: string[] = [];
  for (let at = 0; at < ranks.length && ids.length < wanted;) {
    const rank = ranks[at]?.rank;
    const members = ranks.filter((row) => row.rank === rank);
    at += members.length;
    const advisors = members.flatMap((row) => (row.id ? [row.id] : []));
    const parts: SQL[] = [];
    if (advisors.length > 0) {
      parts.push(
        rowsOfGroup(
          query,
          today,
          sql`${household} in (select ha.household_id from household_advisors ha
            where ha.role = 'WEALTH_ADVISOR_1' and ha.user_id = any(${uuidArray(advisors)}))`,
          wanted - ids.length,
        ),
      );
    }
    if (members.some((row) => row.id === null)) {
      // Household by household, each from its own index, not a walk over every payment of the tab.
      parts.push(sql`select y.* from households h cross join lateral (${rowsOfGroup(
        query,
        today,
        sql`${household} = h.id`,
        wanted - ids.length,
      )}) y where not exists (select 1 from household_advisors ha
          where ha.household_id = h.id and ha.role = 'WEALTH_ADVISOR_1')`);
    }
    const union = sql.join(
      parts.map((part) => sql`(${part})`),
      sql` union all `,
    );
    ids.push(
      ...rowsOf<{ id: string }>(
        await db.execute(
          sql`select x.id from (${union}) x order by x.d, x.rid, x.id limit ${wanted - ids.length}`,
        ),
      ).map((row) => row.id),
    );
  }
  return ids.slice((page.page - 1) * page.limit, wanted);
};

/** A child tab's rows when nothing narrows them: the payments' days added up (originals: the receivables). */
const tabTotal = async (db: Db, childTab: ReceivableChildTab, today: string) => {
  const days: Record<Exclude<ReceivableChildTab, 'originals'>, SQL> = {
    projected: sql`d.state = 'EXPECTED' and d.day >= ${today}::date`,
    pastDue: sql`d.state = 'EXPECTED' and d.day < ${today}::date`,
    received: sql`d.state = 'RECEIVED'`,
  };
  const [row] = rowsOf<{ total: number }>(
    await db.execute(
      childTab === 'originals'
        ? sql`select count(*)::int as total from receivables`
        : sql`select coalesce(sum(d.payments), 0)::int as total from receivable_payment_days d
            where d.kind = 'DUE' and ${days[childTab]}`,
    ),
  );
  return Number(row?.total ?? 0);
};

/**
 * The rows of a child tab under a view, in the asked order; a page of them, or every one (`page` null). In three
 * short statements rather than one wide one: the count (joining the names only when a search or a group
 * narrows the list), the page's ids in order (only the sort's columns, so the sort is a top-N of narrow rows),
 * then the page's rows with every name.
 */
export const listReceivableRows = async (
  db: Db,
  query: ListFilters & Pick<ReceivablesQuery, 'sortBy' | 'order'>,
  today: string,
  page: { page: number; limit: number } | null,
) => {
  const conditions = filterConditions(query);
  const named = Boolean(query.search || query.groupId);
  const narrowed = named || Boolean(query.clientId);
  const originals = query.childTab === 'originals';
  const tab = originals ? sql`true` : tabCondition(query.childTab, today);
  const from = originals
    ? sql`from receivables r`
    : sql`from receivable_payments p join receivables r on r.id = p.receivable_id`;
  const total = narrowed
    ? Number(
        rowsOf<{ total: number }>(
          await db.execute(sql`select count(*)::int as total ${from} ${named ? JOINS : sql``}
            where ${tab} and ${where(conditions)}`),
        )[0]?.total ?? 0,
      )
    : await tabTotal(db, query.childTab, today);
  if (total === 0) return { items: [], total };
  const key = originals ? sql`r.id` : sql`p.id`;
  const amount = originals
    ? sql`r.amount`
    : sql`(case when p.state = 'RECEIVED' then p.amount_received else p.amount end)`;
  const paging = page ? sql`limit ${page.limit} offset ${(page.page - 1) * page.limit}` : sql``;
  const ids =
    page && !narrowed && query.sortBy === 'group'
      ? await pageIdsByGroup(db, query, today, page)
      : rowsOf<{ id: string }>(
          await db.execute(sql`select ${key} as id, ${amount} as amount ${from} ${sortJoins(query)}
            where ${tab} and ${where(conditions)}
            order by ${orderOf(query, originals ? sql`r.start_date` : sql`p.due_date`)}
            ${paging}`),
        ).map((row) => row.id);
  if (ids.length === 0) return { items: [], total };
  const idList = sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
  const rows = rowsOf<RawRow>(
    await db.execute(
      originals
        ? sql`select r.id, null as "paymentId", ${common(query.viewBy)},
            r.start_date::text as date, r.amount::text as amount, null as state,
            null as "receivedDate", null as "amountReceived", null::int as "daysPastDue",
            r.number_of_payments as "numberOfPayments",
            (case when r.payment_frequency = 'PAID_UP'
              then coalesce((select sum(x.amount_received) from receivable_payments x
                where x.receivable_id = r.id and x.state = 'RECEIVED'), 0)
              when r.payment_frequency = 'ONE_TIME' then r.amount
              else r.amount * r.number_of_payments end)::numeric(16,2)::text as "totalAmount"
          from receivables r ${JOINS}
          where r.id in ${idList}`
        : sql`select p.id, p.id as "paymentId", ${common(query.viewBy)},
            p.due_date::text as date,
            (case when p.state = 'RECEIVED' then p.amount_received else p.amount end)::text as amount,
            ${stateOf(today)} as state, p.received_date::text as "receivedDate",
            p.amount_received::text as "amountReceived",
            case when p.state = 'EXPECTED' and p.due_date < ${today}::date
              then (${today}::date - p.due_date) end as "daysPastDue",
            null::int as "numberOfPayments", null as "totalAmount"
          from receivable_payments p join receivables r on r.id = p.receivable_id ${JOINS}
          where p.id in ${idList}`,
    ),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    items: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toRow(row)] : [];
    }),
    total,
  };
};

/** Every row the export's filters select (no paging). */
export const exportReceivableRows = (db: Db, query: ReceivablesExportQuery, today: string) =>
  listReceivableRows(db, query, today, null);

/**
 * The header: scheduled payments (not written off) due this month, quarter and year; what is past due now;
 * what was received this year up to today. Added up from the payments' days (`receivable_payment_days`, kept
 * by triggers as payments are written), a few thousand rows, not the millions of payments.
 */
export const receivablesHeader = async (db: Db, today: string) => {
  const month = billingPeriodOf(today, 'MONTHLY');
  const quarter = billingPeriodOf(today, 'QUARTERLY');
  const year = billingPeriodOf(today, 'ANNUAL');
  const [row] = rowsOf<{
    month: string;
    quarter: string;
    year: string;
    pastDue: string;
    pastDueCount: number;
    received: string;
  }>(
    await db.execute(sql`
      select
        coalesce(sum(d.amount) filter (where d.kind = 'DUE' and d.state <> 'WRITTEN_OFF'
          and d.day between ${month.from}::date and ${month.to}::date), 0)::numeric(16,2)::text as month,
        coalesce(sum(d.amount) filter (where d.kind = 'DUE' and d.state <> 'WRITTEN_OFF'
          and d.day between ${quarter.from}::date and ${quarter.to}::date), 0)::numeric(16,2)::text as quarter,
        coalesce(sum(d.amount) filter (where d.kind = 'DUE' and d.state <> 'WRITTEN_OFF'
          and d.day between ${year.from}::date and ${year.to}::date), 0)::numeric(16,2)::text as year,
        coalesce(sum(d.amount) filter (where d.kind = 'DUE' and d.state = 'EXPECTED' and d.day < ${today}::date), 0)
          ::numeric(16,2)::text as "pastDue",
        coalesce(sum(d.payments) filter (where d.kind = 'DUE' and d.state = 'EXPECTED'
          and d.day < ${today}::date), 0)::int as "pastDueCount",
        coalesce(sum(d.amount) filter (where d.kind = 'RECEIVED'
          and d.day between ${year.from}::date and ${today}::date), 0)::numeric(16,2)::text as received
      from receivable_payment_days d
      where (d.kind = 'DUE' and d.day <= ${year.to}::date)
        or (d.kind = 'RECEIVED' and d.day between ${year.from}::date and ${today}::date)`),
  );
  return {
    today,
    projectedThisMonth: row?.month ?? '0.00',
    projectedThisQuarter: row?.quarter ?? '0.00',
    projectedThisYear: row?.year ?? '0.00',
    pastDueTotal: row?.pastDue ?? '0.00',
    pastDueCount: Number(row?.pastDueCount ?? 0),
    receivedYearToDate: row?.received ?? '0.00',
  };
};

/** The stacks a month's bar shows at most; the smaller ones are summed as "Other". */
const CHART_SERIES_MAX = 6;
const OTHER = 'Other';

/**
 * The charts: the scheduled payments (not written off, not yet received or received) of the next 12 months
 * from this one, stacked by product (or by provider under the providers view); past due by age.
 */
export const receivableCharts = async (db: Db, viewBy: ReceivableViewBy, today: string) => {
  const stackBy = viewBy === 'providers' ? 'providers' : 'products';
  const first = billingPeriodOf(today, 'MONTHLY').from;
  const end = billingPeriodOf(addMonthsClamped(first, 11), 'MONTHLY').to;
  // Summed by the payment's own product or provider column (its receivable's, decision 0021) before the names
  // are joined: a year of a large book is a million payments, each joined to its receivable before (3.4 s).
  const part = stackBy === 'providers' ? sql`p.provider_id` : sql`p.product_id`;
  const rows = rowsOf<{ month: string; part: string; amount: string }>(
    await db.execute(sql`
      select to_char(x.month, 'YYYY-MM') as month, m.name as part, sum(x.amount)::numeric(16,2)::text as amount
      from (
        select date_trunc('month', p.due_date) as month, ${part} as item_id, sum(p.amount) as amount
        from receivable_payments p
        where p.state <> 'WRITTEN_OFF' and p.due_date between ${first}::date and ${end}::date
        group by 1, 2
      ) x join master_data_items m on m.id = x.item_id
      group by 1, 2`),
  );
  const totals = new Map<string, bigint>();
  const cents = (amount: string) => centsOf(amount) ?? 0n;
  for (const row of rows) totals.set(row.part, (totals.get(row.part) ?? 0n) + cents(row.amount));
  const ranked = [...totals.entries()].sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : 0));
  const kept = new Set(
    ranked
      .slice(0, ranked.length > CHART_SERIES_MAX ? CHART_SERIES_MAX - 1 : CHART_SERIES_MAX)
      .map(([n]) => n),
  );
  const series = [...kept];
  if (ranked.length > kept.size) series.push(OTHER);
  const format = formatCents;
  const months = Array.from({ length: 12 }, (_, index) => {
    const month = addMonthsClamped(first, index).slice(0, 7);
    const parts = new Map<string, bigint>();
    for (const row of rows.filter((r) => r.month === month)) {
      const name = kept.has(row.part) ? row.part : OTHER;
      parts.set(name, (parts.get(name) ?? 0n) + cents(row.amount));
    }
    const total = [...parts.values()].reduce((a, b) => a + b, 0n);
    return {
      month,
      total: format(total),
      parts: Object.fromEntries([...parts.entries()].map(([name, c]) => [name, format(c)])),
    };
  });
  const ages = rowsOf<{ key: string; amount: string; count: number }>(
    await db.execute(sql`
      select case ${sql.join(
        PAST_DUE_AGE_BUCKETS.map((b) =>
          b.to === null
            ? sql`when ${today}::date - p.due_date >= ${b.from} then ${b.key}`
            : sql`when ${today}::date - p.due_date between ${b.from} and ${b.to} then ${b.key}`,
        ),
        sql` `,
      )} end as key, sum(p.amount)::numeric(16,2)::text as amount, count(*)::int as count
      from receivable_payments p
      where p.state = 'EXPECTED' and p.due_date < ${today}::date
      group by 1`),
  );
  return {
    stackBy,
    months,
    series,
    pastDueByAge: PAST_DUE_AGE_BUCKETS.map((bucket) => {
      const found = ages.find((a) => a.key === bucket.key);
      return {
        key: bucket.key,
        label: bucket.label,
        amount: found?.amount ?? '0.00',
        count: Number(found?.count ?? 0),
      };
    }),
  } as const;
};

/** The payments that went past due and have not had their alert yet (the daily sweep), a batch at a time. */
export const unalertedPastDue = async (
  db: Db,
  today: string,
  limit: number,
  /** Where the last batch ended: the walk goes on from there, not again over the payments it alerted. */
  after: { dueDate: string; id: string } | null = null,
) =>
  rowsOf<{
    id: string;
    householdId: string;
    household: string;
    product: string;
    provider: string;
    dueDate: string;
    amount: string;
  }>(
    await db.execute(sql`
      select p.id, h.id as "householdId", h.name as household, pr.name as product, pv.name as provider,
        p.due_date::text as "dueDate", p.amount::text as amount
      from receivable_payments p join receivables r on r.id = p.receivable_id
        join households h on h.id = r.household_id
        join master_data_items pr on pr.id = r.product_id
        join master_data_items pv on pv.id = r.provider_id
      where p.state = 'EXPECTED' and p.due_date < ${today}::date and p.past_due_alerted_at is null
        ${after ? sql`and p.due_date >= ${after.dueDate}::date and (p.due_date, p.id) > (${after.dueDate}::date, ${after.id}::uuid)` : sql``}
      order by p.due_date, p.id
      limit ${limit}`),
  );
