import { SYSTEM_SETTING_DEFAULTS } from '@centric/contracts';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
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
// (a CASH product is worth 1 a unit). Every figure is numeric in SQL; nothing passes through a float.

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

/** The snapshot each account's value on `date` comes from: the latest on or before it. */
const latestSnapshots = (accountIds: SQL, date: string) => sql`
  select distinct on (s.account_id) s.account_id, s.as_of
  from ${accountSnapshots} s
  where s.account_id = any(${accountIds}) and s.as_of <= ${date}::date
  order by s.account_id, s.as_of desc`;

/** The positions of the given accounts on a date, priced on that date. */
export const positionsOn = async (
  db: Db,
  accountIds: readonly string[],
  date: string,
): Promise<PositionRow[]> => {
  if (accountIds.length === 0) return [];
  const ids = sql`${`{${accountIds.join(',')}}`}::uuid[]`;
  return rowsOf<PositionRow>(
    await db.execute(sql`
      select h.account_id as "accountId", snap.as_of::text as "asOf", p.id as "productId", p.name, p.symbol,
        p.cusip, p.product_type as "productType", p.asset_class_id as "assetClassId", ac.asset_class as "assetClass",
        ac.asset_category as "assetCategory", h.quantity::text as quantity,
        (case when p.product_type = 'CASH' then 1::numeric else pr.price end)::text as price,
        (case when p.product_type = 'CASH' then null else pr.price_date::text end) as "priceDate",
        round(h.quantity * coalesce(case when p.product_type = 'CASH' then 1::numeric else pr.price end, 0), 2)::text
          as "marketValue"
      from (${latestSnapshots(ids, date)}) snap
      join ${holdings} h on h.account_id = snap.account_id and h.as_of = snap.as_of
      join ${products} p on p.id = h.product_id
      left join ${assetClasses} ac on ac.id = p.asset_class_id
      left join lateral (
        select pp.price, pp.price_date from product_prices pp
        where pp.product_id = h.product_id and pp.price_date <= ${date}::date
        order by pp.price_date desc limit 1
      ) pr on p.product_type <> 'CASH'
      order by h.account_id, round(h.quantity * coalesce(pr.price, 1), 2) desc, p.name`),
  );
};

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
  const ids = sql`${`{${accountIds.join(',')}}`}::uuid[]`;
  const days = sql`${`{${dates.join(',')}}`}::date[]`;
  return rowsOf<{ date: string; value: string }>(
    await db.execute(sql`
      select d.day::text as date, round(coalesce(sum(v.value), 0), 2)::text as value
      from unnest(${days}) as d(day)
      left join lateral (
        select round(h.quantity * coalesce(case when p.product_type = 'CASH' then 1::numeric else pr.price end, 0), 2)
          as value
        from (
          select distinct on (s.account_id) s.account_id, s.as_of from ${accountSnapshots} s
          where s.account_id = any(${ids}) and s.as_of <= d.day
          order by s.account_id, s.as_of desc
        ) snap
        join ${holdings} h on h.account_id = snap.account_id and h.as_of = snap.as_of
        join ${products} p on p.id = h.product_id
        left join lateral (
          select pp.price from product_prices pp
          where pp.product_id = h.product_id and pp.price_date <= d.day
          order by pp.price_date desc limit 1
        ) pr on p.product_type <> 'CASH'
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
