import { SYSTEM_SETTING_DEFAULTS } from '@centric/contracts';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf, uuidArray } from '../../db/client.ts';
import {
  accountOwners,
  accounts,
  accountSnapshots,
  accountTransactions,
  assetClasses,
  holdings,
  masterDataItems,
  members,
  products,
  systemSettings,
} from '../../db/schema/index.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type AccountValues = Omit<
  typeof accounts.$inferInsert,
  'id' | 'householdId' | 'createdAt' | 'updatedAt' | 'createdBy'
>;
export type OwnerValues = { memberId: string; role: string };

/** An account with its household, locked until the transaction ends (every change of it takes this first). */
export const lockAccount = async (db: Db, id: string) => {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).for('update').limit(1);
  return row ?? null;
};

export const findAccount = async (db: Db, id: string) => {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row ?? null;
};

export const accountsOfHousehold = (db: Db, householdId: string) =>
  db
    .select()
    .from(accounts)
    .where(eq(accounts.householdId, householdId))
    .orderBy(asc(accounts.status), asc(accounts.registrationName), asc(accounts.id));

export const accountIdByCustodianHash = async (db: Db, hash: string) => {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.custodianNumberHash, hash))
    .limit(1);
  return row?.id ?? null;
};

export const insertAccount = async (
  db: Db,
  values: AccountValues & { householdId: string; createdBy: string | null },
) => {
  const [row] = await db.insert(accounts).values(values).returning();
  return row as AccountRow;
};

export const updateAccount = (db: Db, id: string, values: Partial<AccountValues>, now: Date) =>
  db
    .update(accounts)
    .set({ ...values, updatedAt: now })
    .where(eq(accounts.id, id));

export const deleteAccountRow = (db: Db, id: string) => db.delete(accounts).where(eq(accounts.id, id));

export const replaceOwners = async (db: Db, accountId: string, owners: readonly OwnerValues[]) => {
  await db.delete(accountOwners).where(eq(accountOwners.accountId, accountId));
  if (owners.length > 0) {
    await db
      .insert(accountOwners)
      .values(owners.map((o, position) => ({ accountId, memberId: o.memberId, role: o.role, position })));
  }
};

export type OwnerRow = { accountId: string; memberId: string; fullName: string; role: string };

export const ownersOf = (db: Db, accountIds: readonly string[]): Promise<OwnerRow[]> =>
  accountIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          accountId: accountOwners.accountId,
          memberId: accountOwners.memberId,
          fullName: sql<string>`trim(${members.firstName} || ' ' || ${members.lastName})`,
          role: accountOwners.role,
        })
        .from(accountOwners)
        .innerJoin(members, eq(members.id, accountOwners.memberId))
        .where(inArray(accountOwners.accountId, [...accountIds]))
        .orderBy(asc(accountOwners.accountId), asc(accountOwners.position));

/** The ids among `memberIds` that are members of the household. */
export const membersOfHousehold = async (db: Db, householdId: string, memberIds: readonly string[]) => {
  if (memberIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.householdId, householdId), inArray(members.id, [...memberIds])));
  return new Set(rows.map((r) => r.id));
};

/** A master-data item of the list `type` (active), with its name; null when there is none. */
export const masterItemOfType = async (db: Db, type: string, id: number) => {
  const [row] = await db
    .select({ id: masterDataItems.id, name: masterDataItems.name })
    .from(masterDataItems)
    .where(and(eq(masterDataItems.id, id), eq(masterDataItems.type, type), eq(masterDataItems.active, true)))
    .limit(1);
  return row ?? null;
};

export const masterNames = async (db: Db, ids: readonly number[]) => {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: masterDataItems.id, name: masterDataItems.name })
    .from(masterDataItems)
    .where(inArray(masterDataItems.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
};

/** Whether anything keeps the account: holdings, transactions, or another account it pays for. */
export const accountUsage = async (db: Db, id: string) => {
  const [row] = rowsOf<{ snapshots: boolean; transactions: boolean; pays: boolean }>(
    await db.execute(sql`select
      exists (select 1 from ${accountSnapshots} where ${accountSnapshots.accountId} = ${id}) as snapshots,
      exists (select 1 from ${accountTransactions} where ${accountTransactions.accountId} = ${id}) as transactions,
      exists (select 1 from ${accounts} where ${accounts.feePayingAccountId} = ${id} and ${accounts.id} <> ${id}) as pays`),
  );
  return row ?? { snapshots: false, transactions: false, pays: false };
};

// ---------------------------------------------------------------------------------------------------------
// Valuation: the value on a date D is the latest snapshot on or before D at the latest price on or before D
// (a CASH product is worth 1 a unit), rounded to the cent per position. Every figure is numeric in SQL;
// nothing passes through a float. One definition, in the pieces below, serves the tab (positionsOn), the
// variation graph (valuesAt), the review checks (account-checks.ts) and the bill run (householdValuesOn).

export type PositionRow = {
  accountId: string;
  asOf: string;
  productId: string;
  name: string;
  symbol: string | null;
  cusip: string | null;
  productType: string;
  assetClassId: string | null;
  assetClass: string | null;
  assetCategory: string | null;
  quantity: string;
  price: string | null;
  priceDate: string | null;
  marketValue: string;
};

/**
 * The snapshot each account's value on `date` (a date expression) comes from: the latest on or before it;
 * of the accounts in `accountIds` (a uuid[] expression), or of every account when null.
 */
const latestSnapshots = (date: SQL, accountIds: SQL | null) => sql`
  select s.account_id, max(s.as_of) as as_of
  from ${accountSnapshots} s
  where s.as_of <= ${date}${accountIds ? sql` and s.account_id = any(${accountIds})` : sql``}
  group by s.account_id`;

/**
 * Every product with its unit price on `date`: 1 for CASH, else its latest price on or before the date, null
 * when it has none (`price_date` is that price's date), each looked up as it is needed.
 */
const pricedProducts = (date: SQL) => sql`
  select p.*, case when p.product_type = 'CASH' then 1::numeric else pr.price end as price,
    case when p.product_type = 'CASH' then null else pr.price_date end as price_date
  from ${products} p
  left join lateral (
    select pp.price, pp.price_date from product_prices pp
    where pp.product_id = p.id and pp.price_date <= ${date}
    order by pp.price_date desc limit 1
  ) pr on p.product_type <> 'CASH'`;

/**
 * The positions held on `date`: `snap` (the account's snapshot), `h` (the holding) and `px` (its product,
 * priced on the date, see pricedProducts). Select POSITION_VALUE for a position's market value.
 */
export const positionsFrom = (date: SQL, accountIds: SQL) => sql`
  (${latestSnapshots(date, accountIds)}) snap
  join ${holdings} h on h.account_id = snap.account_id and h.as_of = snap.as_of
  join (${pricedProducts(date)}) px on px.id = h.product_id`;

/** A position's market value: quantity × unit price rounded to the cent; a position with no price is worth 0. */
export const POSITION_VALUE = sql`round(h.quantity * coalesce(px.price, 0), 2)`;

/** The positions of the given accounts on a date, priced on that date. */
export const positionsOn = async (
  db: Db,
  accountIds: readonly string[],
  date: string,
): Promise<PositionRow[]> => {
  if (accountIds.length === 0) return [];
  return rowsOf<PositionRow>(
    await db.execute(sql`
      select h.account_id as "accountId", snap.as_of::text as "asOf", px.id as "productId", px.name, px.symbol,
        px.cusip, px.product_type as "productType", px.asset_class_id as "assetClassId",
        ac.asset_class as "assetClass", ac.asset_category as "assetCategory", h.quantity::text as quantity,
        px.price::text as price, px.price_date::text as "priceDate", ${POSITION_VALUE}::text as "marketValue"
      from ${positionsFrom(sql`${date}::date`, uuidArray(accountIds))}
      left join ${assetClasses} ac on ac.id = px.asset_class_id
      order by h.account_id, round(h.quantity * coalesce(px.price, 1), 2) desc, px.name`),
  );
};

/**
 * Each account's value on a date (every account with a snapshot on or before it when `accountIds` is not
 * given; an account with none is worth 0 and absent): account id → decimal string.
 */
export const accountValuesOn = async (db: Db, date: string, accountIds?: readonly string[]) => {
  if (accountIds?.length === 0) return new Map<string, string>();
  const rows = accountIds
    ? rowsOf<{ id: string; value: string }>(
        // Each account's holdings looked up by its snapshot (the lateral subquery, kept apart by `offset 0`), then
        // priced from the products priced once: with a thousand accounts (a bill run's step) the planner would
        // otherwise hash them against a sequential scan of every holding, or scan every product for each
        // account (1.8 s and 100 ms instead of about 30 ms on the large firm).
        await db.execute(sql`
          with px as materialized (${pricedProducts(sql`${date}::date`)}),
          h as materialized (
            select snap.account_id, h.product_id, h.quantity
            from (${latestSnapshots(sql`${date}::date`, uuidArray(accountIds))}) snap
            cross join lateral (select h.product_id, h.quantity from ${holdings} h
              where h.account_id = snap.account_id and h.as_of = snap.as_of offset 0) h)
          select h.account_id as id, round(sum(${POSITION_VALUE}), 2)::text as value
          from h join px on px.id = h.product_id
          group by h.account_id`),
      )
    : await inValuationTransaction(db, async (tx) =>
        rowsOf<{ id: string; value: string }>(
          await tx.execute(sql`
            select v.account_id as id, round(v.value, 2)::text as value
            from (${everyAccountValue(date, await valuationInputs(tx, date))}) v`),
        ),
      );
  return new Map(rows.map((r) => [r.id, r.value]));
};

/**
 * Every household's total managed value on a date, the figure a bill run starts from: the sum of its
 * accounts' values (each as positionsOn values it), in SQL numeric; household id → decimal string. Every
 * household with an account is in the answer ('0.00' when nothing was held on the date).
 */
export const householdValuesOn = (db: Db, date: string) =>
  inValuationTransaction(db, async (tx) => {
    const rows = rowsOf<{ id: string; value: string }>(
      await tx.execute(householdValuesQuery(date, await valuationInputs(tx, date))),
    );
    return new Map(rows.map((r) => [r.id, r.value]));
  });

/**
 * The valuation of every account runs in one repeatable-read transaction (its two statements see the same
 * holdings and prices), its hashes in memory and without JIT compilation (which took longer than it saved).
 */
const inValuationTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`set local jit = off`);
    return work(tx);
  });

/**
 * What the valuation of every account on `date` reads first: the dates of the accounts' latest snapshots on
 * or before it (a few), and every product's unit price on it (pricedProducts; 0 for none, as POSITION_VALUE).
 */
export type ValuationInputs = {
  latestDates: readonly string[];
  productIds: readonly string[];
  prices: readonly string[];
};

export const valuationInputs = async (db: Db, date: string): Promise<ValuationInputs> => {
  const dates = await db.execute(sql`
    select distinct latest.as_of::text as "asOf" from (${latestSnapshots(sql`${date}::date`, null)}) latest
    order by 1`);
  const priced = await db.execute(sql`
    select px.id, coalesce(px.price, 0)::text as price from (${pricedProducts(sql`${date}::date`)}) px`);
  const products = rowsOf<{ id: string; price: string }>(priced);
  return {
    latestDates: rowsOf<{ asOf: string }>(dates).map((r) => r.asOf),
    productIds: products.map((p) => p.id),
    prices: products.map((p) => p.price),
  };
};

/**
 * Every account's value on `date` (unrounded sums of rounded positions), the same rule as positionsFrom in
 * the shape that scales to every account at once: the holdings of the latest snapshots' dates only (read by
 * the `holdings_as_of_idx` index), less those of an account with a later snapshot on or before the date (an
 * anti-join, empty when every account's latest snapshot is on the same day), each priced from a list of the
 * products' prices read first (one small hash). A quarter-end bill run reads a quarter of the holdings.
 */
const everyAccountValue = (date: string, inputs: ValuationInputs) => {
  const earliest = inputs.latestDates[0] ?? date;
  return sql`
    select h.account_id, sum(round(h.quantity * px.price, 2)) as value
    from ${holdings} h
    join unnest(${uuidArray(inputs.productIds)}, ${`{${inputs.prices.join(',')}}`}::numeric[]) as px(id, price)
      on px.id = h.product_id
    where h.as_of = any(${`{${inputs.latestDates.join(',')}}`}::date[])
      and not exists (
        select 1 from ${accountSnapshots} later
        where later.account_id = h.account_id and later.as_of > h.as_of
          and later.as_of > ${earliest}::date and later.as_of <= ${date}::date
      )
    group by h.account_id`;
};

/**
 * The statement of householdValuesOn (the benchmark explains it): each account's value summed in parallel
 * workers, then each household's.
 */
export const householdValuesQuery = (date: string, inputs: ValuationInputs) => sql`
  select a.household_id as id, round(coalesce(sum(v.value), 0), 2)::text as value
  from ${accounts} a
  left join (${everyAccountValue(date, inputs)}) v on v.account_id = a.id
  group by a.household_id`;

export const snapshotDates = async (db: Db, accountId: string) =>
  (
    await db
      .select({ asOf: accountSnapshots.asOf })
      .from(accountSnapshots)
      .where(eq(accountSnapshots.accountId, accountId))
      .orderBy(desc(accountSnapshots.asOf))
  ).map((r) => r.asOf);

/**
 * The value of each account at each of the dates (month ends, snapshot dates): for the variation graph.
 * One statement: the dates × the accounts, each priced as `positionsOn` prices.
 */
export const valuesAt = async (db: Db, accountIds: readonly string[], dates: readonly string[]) => {
  if (accountIds.length === 0 || dates.length === 0) return [];
  const days = sql`${`{${dates.join(',')}}`}::date[]`;
  return rowsOf<{ date: string; value: string }>(
    await db.execute(sql`
      select d.day::text as date, round(coalesce(sum(v.value), 0), 2)::text as value
      from unnest(${days}) as d(day)
      left join lateral (
        select ${POSITION_VALUE} as value from ${positionsFrom(sql`d.day`, uuidArray(accountIds))}
      ) v on true
      group by d.day
      order by d.day`),
  );
};

// ---------------------------------------------------------------------------------------------------------
// Holdings snapshots

export const upsertSnapshot = (
  db: Db,
  accountId: string,
  asOf: string,
  source: 'MANUAL' | 'IMPORT' | 'DEMO',
) =>
  db
    .insert(accountSnapshots)
    .values({ accountId, asOf, source })
    .onConflictDoUpdate({ target: [accountSnapshots.accountId, accountSnapshots.asOf], set: { source } });

export const holdingsOf = (db: Db, accountId: string, asOf: string) =>
  db
    .select({ productId: holdings.productId, quantity: holdings.quantity })
    .from(holdings)
    .where(and(eq(holdings.accountId, accountId), eq(holdings.asOf, asOf)))
    .orderBy(asc(holdings.productId));

export const replaceHoldings = async (
  db: Db,
  accountId: string,
  asOf: string,
  positions: readonly { productId: string; quantity: string }[],
) => {
  await db.delete(holdings).where(and(eq(holdings.accountId, accountId), eq(holdings.asOf, asOf)));
  if (positions.length > 0) {
    await db.insert(holdings).values(positions.map((p) => ({ accountId, asOf, ...p })));
  }
};

export const deleteSnapshot = async (db: Db, accountId: string, asOf: string) => {
  const rows = await db
    .delete(accountSnapshots)
    .where(and(eq(accountSnapshots.accountId, accountId), eq(accountSnapshots.asOf, asOf)))
    .returning({ asOf: accountSnapshots.asOf });
  return rows.length > 0;
};

/** The products among `ids` that exist, with their type. */
export const productsByIds = async (db: Db, ids: readonly string[]) => {
  if (ids.length === 0) return new Map<string, { name: string; productType: string }>();
  const rows = await db
    .select({ id: products.id, name: products.name, productType: products.productType })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { name: r.name, productType: r.productType }]));
};

// ---------------------------------------------------------------------------------------------------------
// Transactions

export type TransactionRow = {
  id: string;
  accountId: string;
  registrationName: string;
  type: string;
  tradeDate: string;
  amount: string;
  productId: string | null;
  productName: string | null;
  productSymbol: string | null;
  quantity: string | null;
  description: string | null;
  createdAt: Date;
};

export type TransactionFilter = {
  accountIds: readonly string[];
  from: string | null;
  to: string | null;
  type?: string | undefined;
};

const transactionWhere = (filter: TransactionFilter) =>
  and(
    inArray(accountTransactions.accountId, [...filter.accountIds]),
    filter.from ? gte(accountTransactions.tradeDate, filter.from) : undefined,
    filter.to ? lte(accountTransactions.tradeDate, filter.to) : undefined,
    filter.type ? eq(accountTransactions.type, filter.type) : undefined,
  );

const transactionColumns = {
  id: accountTransactions.id,
  accountId: accountTransactions.accountId,
  registrationName: accounts.registrationName,
  type: accountTransactions.type,
  tradeDate: accountTransactions.tradeDate,
  amount: accountTransactions.amount,
  productId: accountTransactions.productId,
  productName: products.name,
  productSymbol: products.symbol,
  quantity: accountTransactions.quantity,
  description: accountTransactions.description,
  createdAt: accountTransactions.createdAt,
};

export const listTransactions = async (
  db: Db,
  filter: TransactionFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: TransactionRow[]; total: number }> => {
  if (filter.accountIds.length === 0) return { rows: [], total: 0 };
  const where = transactionWhere(filter);
  const [rows, [count]] = await Promise.all([
    db
      .select(transactionColumns)
      .from(accountTransactions)
      .innerJoin(accounts, eq(accounts.id, accountTransactions.accountId))
      .leftJoin(products, eq(products.id, accountTransactions.productId))
      .where(where)
      .orderBy(
        desc(accountTransactions.tradeDate),
        desc(accountTransactions.createdAt),
        desc(accountTransactions.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(accountTransactions)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
};

export const findTransaction = async (db: Db, accountId: string, id: string) => {
  const [row] = await db
    .select(transactionColumns)
    .from(accountTransactions)
    .innerJoin(accounts, eq(accounts.id, accountTransactions.accountId))
    .leftJoin(products, eq(products.id, accountTransactions.productId))
    .where(and(eq(accountTransactions.accountId, accountId), eq(accountTransactions.id, id)))
    .limit(1);
  return row ?? null;
};

export const insertTransaction = async (
  db: Db,
  values: typeof accountTransactions.$inferInsert,
): Promise<string> => {
  const [row] = await db.insert(accountTransactions).values(values).returning({ id: accountTransactions.id });
  return (row as { id: string }).id;
};

export const deleteTransactionRow = (db: Db, id: string) =>
  db.delete(accountTransactions).where(eq(accountTransactions.id, id));

/** The firm's large withdrawal thresholds (sysconfig), with their defaults. */
export const withdrawalThresholds = async (db: Db) => {
  const rows = await db
    .select({ key: systemSettings.key, value: systemSettings.value })
    .from(systemSettings)
    .where(inArray(systemSettings.key, ['largeWithdrawalAmount', 'largeWithdrawalPercent']));
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  const amount = value('largeWithdrawalAmount');
  const percent = value('largeWithdrawalPercent');
  return {
    amount: typeof amount === 'string' ? amount : SYSTEM_SETTING_DEFAULTS.largeWithdrawalAmount,
    percent: typeof percent === 'number' ? percent : SYSTEM_SETTING_DEFAULTS.largeWithdrawalPercent,
  };
};

/**
 * The cash flows of accounts between two days (both included), as billing prorates them (issue 13 §2):
 * deposits in (amount > 0) and withdrawals out (amount < 0), by account then date.
 */
export const cashFlowsOf = async (db: Db, accountIds: readonly string[], from: string, to: string) =>
  accountIds.length === 0
    ? []
    : rowsOf<{ accountId: string; date: string; amount: string }>(
        await db.execute(sql`
          select account_id as "accountId", trade_date::text as date,
            (case when type = 'WITHDRAWAL' then -amount else amount end)::text as amount
          from ${accountTransactions}
          where account_id = any(${uuidArray(accountIds)}) and type in ('DEPOSIT', 'WITHDRAWAL')
            and trade_date between ${from}::date and ${to}::date
          order by account_id, trade_date, id`),
      );
