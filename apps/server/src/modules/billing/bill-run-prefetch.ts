import { addDays, type BillingFrequency } from '@centric/contracts';
import { and, asc, eq, getTableColumns, ne, getTableName, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { type Db, rowsOf, uuidArray } from '../../db/client.ts';
import { accounts, excludedAssets, feeSchedules } from '../../db/schema/index.ts';
import { payeesOfAccounts } from './account-payees.repository.ts';
import {
  billingAccountColumns,
  type BillingInputs,
  createBillingInputs,
  type UnitRows,
  unitRowsOfDatabase,
} from './billing-inputs.ts';
import {
  billedSince,
  type PayoutFact,
  type UnitFactRows,
  type UnitFacts,
  unitFactsFrom,
  unitRowsOf,
} from './billing-readiness.ts';
import { timed } from '../../platform/step-profile.ts';
import { manualFlowsOf } from './cashflows.repository.ts';
import { groupBy } from '../../platform/group-by.ts';

/**
 * A bill run's step reads what its households are billed from once for all of them, and writes their bills
 * once (decision 0016, "What it costs"): a household is then billed from memory, through the same reader
 * (`billing-inputs.ts`) and rules as alone. What the step did not read ahead (a date, an account, a schedule
 * outside what it read) is read from the database as before, so an answer never depends on what was read
 * ahead: only its cost does.
 */

type InputDeps = Parameters<typeof createBillingInputs>[0];

/** A payout block as the bill reads it (`payout_blocks` with its payee's name). */
export type PayoutBlockRow = PayoutFact & {
  id: string;
  type: string;
  payeeUserId: string | null;
  payeeName: string | null;
};

export type StepReads = {
  /** The units' facts for the readiness rules, on the run's period end. */
  facts: ReadonlyMap<string, UnitFacts>;
  /** The billing inputs' reader, answering from what the step read. */
  inputs: Pick<BillingInputs, 'unitInputs'>;
  /** Accounts an active live bill of an overlapping period holds (live runs; empty for a forecast). */
  held: ReadonlySet<string>;
  /** Each household's payout blocks, in the order the bill applies them. */
  blocks: ReadonlyMap<string, readonly PayoutBlockRow[]>;
  /** The payees of every account of the step's households. */
  payees: Awaited<ReturnType<typeof payeesOfAccounts>>;
};

type RunOfStep = {
  kind: string;
  periodStart: string;
  periodEnd: string;
  valuationDate: string;
  settings: { asOf: string };
};

/** Answers `ids` from what was read for `read` (a superset), or null when something asked was not read. */
const covered = (read: ReadonlySet<string> | undefined, ids: readonly string[]) =>
  read !== undefined && ids.every((id) => read.has(id));

/**
 * Everything the step's households are billed from, in a few statements: the readiness facts, the accounts with
 * their payers, the exclusions, the values and positions on the run's valuation dates, the period's flows, the
 * schedules, the live bills that hold an account, the payout blocks and the payees.
 */
export const prefetchStep = async (
  tx: Db,
  householdIds: readonly string[],
  run: RunOfStep,
  deps: Pick<InputDeps, 'accounts' | 'feeSchedules'>,
): Promise<StepReads> => {
  const asOf = run.settings.asOf;
  // The step's statements each read a few thousand rows by index: JIT compilation (planned from the row
  // estimates of a whole firm) and parallel workers cost more than they save, on a machine the app shares.
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
  // The step's reads are index lookups of a few thousand rows: at the default cost of a random page (4, a
  // spinning disk's), the payout blocks of 520 households were read by a sequential scan of every block (36 ms
  // instead of 2).
  await tx.execute(sql`set local random_page_cost = 1.1`);
  // The step holds its households until it commits: an account's delete waits for it (accounts_keep_billed),
  // so no account the step reads and bills is deleted under it (decision 0017).
  if (householdIds.length > 0) {
    await tx.execute(sql`select count(*) from (select 1 from households
      where id = any(${uuidArray(householdIds)}) for key share) held`);
  }
  const payer = alias(accounts, 'payer');
  const accountRows =
    householdIds.length === 0
      ? []
      : await timed('read: accounts', () =>
          tx
            .select({
              account: billingAccountColumns,
              // An account paying its own fee (most) is its own payer: only another account is looked up.
              payerName: sql<string | null>`case when ${accounts.feePayingAccountId} = ${accounts.id}
                then ${accounts.registrationName} else ${payer.registrationName} end`,
              // What the readiness facts read besides (unitFactsFrom).
              payerOpen: sql<boolean | null>`case when ${accounts.feePayingAccountId} = ${accounts.id}
                then ${accounts.status} = 'OPEN' when ${payer.id} is null then null else ${payer.status} = 'OPEN' end`,
              annualMinimum: sql<string | null>`${feeSchedules.annualMinimum}::text`,
              firstSnapshot: sql<
                string | null
              >`(select min(s.as_of) from account_snapshots s where s.account_id = ${accounts.id})::text`,
            })
            .from(accounts)
            .leftJoin(
              payer,
              and(eq(payer.id, accounts.feePayingAccountId), ne(accounts.feePayingAccountId, accounts.id)),
            )
            .leftJoin(feeSchedules, eq(feeSchedules.id, accounts.feeScheduleId))
            .where(sql`${accounts.householdId} = any(${uuidArray(householdIds)})`)
            .orderBy(asc(accounts.registrationName), asc(accounts.id)),
        );
  const accountsOf = groupBy(accountRows, (r) => r.account.householdId);
  const exclusionRows =
    householdIds.length === 0
      ? []
      : await timed('read: exclusions', () =>
          tx
            .select()
            .from(excludedAssets)
            .where(sql`${excludedAssets.householdId} = any(${uuidArray(householdIds)})`),
        );
  const exclusionsOf = groupBy(exclusionRows, (r) => r.householdId);

  // Values (and, for households excluding holdings or products, positions) on the dates the run values on:
  // its valuation date for ARREARS accounts, the day before its period for ADVANCE ones, never after asOf.
  const cap = (date: string) => (date < asOf ? date : asOf);
  const dateOf = (timing: string) =>
    cap(timing === 'ADVANCE' ? addDays(run.periodStart, -1) : run.valuationDate);
  const idsByDate = groupBy(
    accountRows.map((r) => r.account),
    (a) => dateOf(a.billingTiming),
  );
  const values = new Map<string, { ids: Set<string>; values: Map<string, string> }>();
  for (const [date, rows] of idsByDate) {
    const ids = rows.map((a) => a.id);
    values.set(date, {
      ids: new Set(ids),
      values: await timed('read: values', () => deps.accounts.accountValuesOn(date, ids, tx)),
    });
  }
  const excluding = new Set(exclusionRows.filter((r) => r.kind !== 'PERCENT').map((r) => r.householdId));
  const positions = new Map<
    string,
    { ids: Set<string>; rows: Awaited<ReturnType<typeof deps.accounts.positionsOn>> }
  >();
  for (const [date, rows] of idsByDate) {
    const ids = rows.filter((a) => excluding.has(a.householdId)).map((a) => a.id);
    if (ids.length > 0) {
      positions.set(date, {
        ids: new Set(ids),
        rows: await timed('read: positions', () => deps.accounts.positionsOn(ids, date, tx)),
      });
    }
  }

  // The period's flows of the ARREARS accounts (the custodian's and the manual ones).
  const flowsFrom = run.periodStart;
  const flowsTo = run.periodEnd < asOf ? run.periodEnd : asOf;
  const arrearsIds = accountRows
    .filter((r) => r.account.billingTiming === 'ARREARS')
    .map((r) => r.account.id);
  const flowIds = new Set(arrearsIds);
  const flows = groupBy(
    await timed('read: flows', () => deps.accounts.cashFlowsOf(arrearsIds, flowsFrom, flowsTo, tx)),
    (f) => f.accountId,
  );
  const manual = groupBy(
    await timed('read: flows', () => manualFlowsOf(tx, arrearsIds, flowsFrom, flowsTo)),
    (f) => f.accountId,
  );
  // Each account's flows in the database's order (date, then id); the reader sorts them by date, stably, and
  // takes each account's own, so only that order within an account matters.
  const flowsOf = <T extends { accountId: string; date: string }>(
    byAccount: ReadonlyMap<string, T[]>,
    ids: readonly string[],
    from: string,
    to: string,
  ) => ids.flatMap((id) => (byAccount.get(id) ?? []).filter((f) => f.date >= from && f.date <= to));
  const flowsCovered = (ids: readonly string[], from: string, to: string) =>
    from >= flowsFrom && to <= flowsTo && covered(flowIds, ids);

  const scheduleIds = [
    ...new Set(accountRows.map((r) => r.account.feeScheduleId).filter((id): id is string => id !== null)),
  ];
  const schedules = await timed('read: schedules', () => deps.feeSchedules.engineSchedules(tx, scheduleIds));

  const accountIds = accountRows.map((r) => r.account.id);
  // The active live bills of the accounts since a year before the period's end: what holds an account for the
  // run (a live bill of an overlapping period) and for the readiness facts. Looked up account by account (the
  // live lines' index): a filter on `account_id = any(…)` was planned as a sequential scan of every line, which
  // grows with the run itself (29 ms a step at its end).
  const billed =
    accountIds.length === 0
      ? []
      : rowsOf<UnitFactRows['billed'][number]>(
          await timed('read: held', () =>
            tx.execute(sql`
              select b.account_id as "accountId", b.period_start::text as "periodStart",
                b.period_end::text as "periodEnd"
              from unnest(${uuidArray(accountIds)}) x(id)
              cross join lateral (select b.account_id, b.period_start, b.period_end from bill_accounts b
                where b.account_id = x.id and b.live and b.active
                  and b.period_end >= ${billedSince(run.periodEnd)}::date offset 0) b`),
          ),
        );
  const held = new Set(
    run.kind === 'LIVE_BILL'
      ? billed
          .filter((b) => b.periodStart <= run.periodEnd && b.periodEnd >= run.periodStart)
          .map((b) => b.accountId)
      : [],
  );
  const blocks =
    householdIds.length === 0
      ? []
      : rowsOf<PayoutBlockRow & { householdId: string }>(
          await timed('read: blocks', () =>
            tx.execute(sql`
            select b.household_id as "householdId", b.id, b.account_id as "accountId", b.type,
              b.payee_user_id as "payeeUserId", u.full_name as "payeeName",
              b.payout_percentage::text as "payoutPercentage", b.start_date::text as "startDate",
              b.payment_type as "paymentType", b.number_of_payments as "numberOfPayments",
              b.payments_made as "paymentsMade"
            from payout_blocks b left join users u on u.id = b.payee_user_id
            where b.household_id = any(${uuidArray(householdIds)})
            order by b.household_id, b.account_id nulls first, b.payout_percentage desc, b.start_date, b.id`),
          ),
        );
  // The units' readiness facts on the run's period end, from what was read (and their units and ACH accounts).
  const facts = new Map<string, UnitFacts>();
  if (householdIds.length > 0) {
    const unitRows = await timed('read: readiness facts', () => unitRowsOf(tx, uuidArray(householdIds)));
    const openAccounts = accountRows
      .filter((r) => r.account.status === 'OPEN')
      .map((r) => ({
        id: r.account.id,
        householdId: r.account.householdId,
        registrationName: r.account.registrationName,
        feeScheduleId: r.account.feeScheduleId,
        annualMinimum: r.annualMinimum,
        payMethod: r.account.payMethod,
        frequency: r.account.billingFrequency as BillingFrequency,
        payerId: r.account.feePayingAccountId,
        payerName: r.payerName,
        payerOpen: r.payerOpen,
        firstSnapshot: r.firstSnapshot,
      }));
    for (const f of unitFactsFrom({ ...unitRows, openAccounts, blocks, billed }, run.periodEnd)) {
      facts.set(f.householdId, f);
    }
  }
  const payees = await timed('read: payees', () => payeesOfAccounts(tx, accountIds));

  // The reader of billing-inputs.ts on what was read; what was not is read as before.
  const inStep = new Set(householdIds);
  const rows: UnitRows = {
    accountsOf: async (db, clientId) =>
      inStep.has(clientId) ? (accountsOf.get(clientId) ?? []) : unitRowsOfDatabase.accountsOf(db, clientId),
    exclusionsOf: async (db, clientId) =>
      inStep.has(clientId)
        ? (exclusionsOf.get(clientId) ?? [])
        : unitRowsOfDatabase.exclusionsOf(db, clientId),
    manualFlowsOf: async (db, ids, from, to) =>
      flowsCovered(ids, from, to) ? flowsOf(manual, ids, from, to) : manualFlowsOf(db, ids, from, to),
  };
  const inputs = createBillingInputs({
    rows,
    accounts: {
      accountValuesOn: async (date, ids, conn) => {
        const read = values.get(date);
        if (!ids || !read || !covered(read.ids, ids)) return deps.accounts.accountValuesOn(date, ids, conn);
        const answer = new Map<string, string>();
        for (const id of ids) {
          const value = read.values.get(id);
          if (value !== undefined) answer.set(id, value);
        }
        return answer;
      },
      positionsOn: async (ids, date, conn) => {
        const read = positions.get(date);
        if (!read || !covered(read.ids, ids)) return deps.accounts.positionsOn(ids, date, conn);
        const wanted = new Set(ids);
        return read.rows.filter((p) => wanted.has(p.accountId));
      },
      cashFlowsOf: async (ids, from, to, conn) =>
        flowsCovered(ids, from, to)
          ? flowsOf(flows, ids, from, to)
          : deps.accounts.cashFlowsOf(ids, from, to, conn),
    },
    feeSchedules: {
      engineSchedules: async (db, ids) =>
        ids.every((id) => schedules.has(id))
          ? new Map(ids.map((id) => [id, schedules.get(id)!]))
          : deps.feeSchedules.engineSchedules(db, ids),
    },
  });
  return {
    facts,
    inputs,
    held,
    blocks: groupBy(blocks, (b) => b.householdId),
    payees,
  };
};

// ---------------------------------------------------------------------------------------------------------
// Writes: what a step's groups bill, written together

/** What a group's bills write, table by table, in the order it wrote them (a bill before its lines). */
export type StepWrites = {
  insert: <T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]) => void;
};

type Pending = { table: PgTable; rows: Record<string, unknown>[] };

export const createStepWrites = () => {
  const tables = new Map<string, Pending>();
  const writes: StepWrites & { tables: Map<string, Pending> } = {
    tables,
    insert(table, rows) {
      const name = getTableName(table);
      const pending = tables.get(name) ?? { table, rows: [] };
      pending.rows.push(...(rows as Record<string, unknown>[]));
      tables.set(name, pending);
    },
  };
  return writes;
};

/** Rows a statement: one JSON parameter of a few megabytes. */
const ROWS_A_STATEMENT = 2_000;

/**
 * Inserts rows of one table in one statement a few thousand: the rows as one JSON parameter, taken apart by
 * `json_to_recordset` into the table's columns (a parameter a value would be thousands of them, each bound and
 * converted on its own). Rows with other keys (a column left to its default) go in statements of their own.
 * `then` ends each statement (an `on conflict …` clause).
 */
export const insertRows = async (
  tx: Db,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  then: SQL = sql``,
) => {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const shapes = groupBy(rows, (row) => Object.keys(row).join(','));
  for (const [shape, same] of shapes) {
    const keys = shape.split(',');
    const names = sql.join(
      keys.map((k) => sql.identifier(columns[k]!.name)),
      sql`, `,
    );
    const record = sql.join(
      keys.map((k) => sql`${sql.identifier(k)} ${sql.raw(columns[k]!.getSQLType())}`),
      sql`, `,
    );
    const values = sql.join(
      keys.map((k) => sql`r.${sql.identifier(k)}`),
      sql`, `,
    );
    for (let at = 0; at < same.length; at += ROWS_A_STATEMENT) {
      const json = JSON.stringify(same.slice(at, at + ROWS_A_STATEMENT));
      await tx.execute(sql`insert into ${table} (${names})
        select ${values} from json_to_recordset(${json}::json) as r(${record}) ${then}`);
    }
  }
};

/** Writes the groups' rows, table by table in the order they were first written. */
export const flushStepWrites = async (tx: Db, groups: readonly ReturnType<typeof createStepWrites>[]) => {
  const tables = new Map<string, Pending>();
  for (const group of groups) {
    for (const [name, pending] of group.tables) {
      const all = tables.get(name) ?? { table: pending.table, rows: [] };
      all.rows.push(...pending.rows);
      tables.set(name, all);
    }
  }
  for (const { table, rows } of tables.values()) {
    await timed(`write: ${getTableName(table)}`, () => insertRows(tx, table, rows));
  }
};
