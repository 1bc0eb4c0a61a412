import {
  type FeeSchedule,
  formatCents,
  type MixedHouseholdAccount,
  mixedHouseholdBill,
  type Proration,
} from '@centric/billing';
import {
  addDays,
  type BillingFrequency,
  billingPeriodOf,
  type BillingTiming,
  type ProjectedFee,
  type ProjectionSkipReason,
} from '@centric/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, excludedAssets } from '../../db/schema/index.ts';
import { alias } from 'drizzle-orm/pg-core';
import { payeesOfAccounts, splitFee } from './account-payees.repository.ts';
import { cashFlowThresholdOf, manualFlowsOf } from './cashflows.repository.ts';
import { accountExclusions, isExclusionActive, type PositionValue } from './excluded-value.ts';

/**
 * The one reader of a unit's billing inputs (issue 14 §7): its open accounts with their schedule, period,
 * timing, valuation date and value, fee-paying account and cash flows, and the schedules they are on. The
 * projected fee on the unit's General tab comes from it through the engine (`mixedHouseholdBill`); the bill
 * runs read the same inputs for their period, so a preview and a bill cannot disagree.
 */

export type UnitInputAccount = {
  id: string;
  registrationName: string;
  scheduleId: string | null;
  payMethod: string;
  frequency: BillingFrequency;
  timing: BillingTiming;
  period: { start: string; end: string };
  /** ARREARS: the period's end; ADVANCE: the prior period's end. */
  valuationDate: string;
  value: string;
  /** The first day billed (the account's billing start, else its start). */
  billingStart: string;
  /** The day a closed account closed (a run bills the days it was open); null while open. */
  closedOn: string | null;
  feePayingAccountId: string;
  feePayingName: string;
  /** The period's deposits (> 0) and withdrawals (< 0): its transactions' and the manual flows entered. */
  cashFlows: { date: string; amount: string }[];
  /** Left out of the fee on the valuation date (excluded assets for FEE or BOTH), at most the value. */
  excluded: string;
  /**
   * Excluded from the payout only (PAYOUT): billed, and the fee on it is the firm's alone (`splitPayouts`'s
   * `firmOnly`); at most the value less `excluded`.
   */
  payoutExcluded: string;
};

export type UnitInputs = {
  clientId: string;
  /** The day the inputs are read for: values on a later valuation date are the latest known then. */
  asOf: string;
  accounts: UnitInputAccount[];
  /** The firm's threshold: flows below it (in absolute value) are not prorated; null prorates every flow. */
  cashFlowThreshold: string | null;
  schedules: Map<string, { id: string; name: string; schedule: FeeSchedule }>;
  /** Accounts of the unit a run's period leaves out (another billing frequency, closed before it). */
  leftOut: { accountId: string; registrationName: string; reason: string }[];
};

/**
 * A bill run's period (issue 15): every account of the run's frequency (every account, for a custom period)
 * is billed for it; ARREARS accounts valued on `valuationDate`, ADVANCE ones on the day before its start.
 */
export type RunPeriod = {
  frequency: BillingFrequency | 'CUSTOM';
  start: string;
  end: string;
  valuationDate: string;
  /** The firm's cash-flow threshold as the run took it when it was created (its settings' snapshot). */
  cashFlowThreshold: string | null;
};

/**
 * The rows a unit's inputs are read from, besides the accounts' values, positions and flows and the schedules
 * (`Deps`): its accounts with their fee-paying account's name, its exclusions and its manual flows. A bill run's
 * step reads them once for all its households and answers each from memory (bill-run-prefetch.ts).
 */
/** The account columns billing reads: a bill run reads a whole firm's, so only these are read and mapped. */
export const billingAccountColumns = {
  id: accounts.id,
  householdId: accounts.householdId,
  registrationName: accounts.registrationName,
  status: accounts.status,
  startDate: accounts.startDate,
  billingStartDate: accounts.billingStartDate,
  closedOn: accounts.closedOn,
  billingFrequency: accounts.billingFrequency,
  billingTiming: accounts.billingTiming,
  feeScheduleId: accounts.feeScheduleId,
  feePayingAccountId: accounts.feePayingAccountId,
  payMethod: accounts.payMethod,
};
export type BillingAccount = Pick<typeof accounts.$inferSelect, keyof typeof billingAccountColumns>;

export type UnitRows = {
  accountsOf: (db: Db, clientId: string) => Promise<{ account: BillingAccount; payerName: string | null }[]>;
  exclusionsOf: (db: Db, clientId: string) => Promise<(typeof excludedAssets.$inferSelect)[]>;
  manualFlowsOf: typeof manualFlowsOf;
};

/** The rows of one unit, read from the database. */
export const unitRowsOfDatabase: UnitRows = {
  accountsOf: (db, clientId) => {
    const payer = alias(accounts, 'payer');
    return db
      .select({ account: billingAccountColumns, payerName: payer.registrationName })
      .from(accounts)
      .leftJoin(payer, eq(payer.id, accounts.feePayingAccountId))
      .where(eq(accounts.householdId, clientId))
      .orderBy(asc(accounts.registrationName), asc(accounts.id));
  },
  exclusionsOf: (db, clientId) =>
    db.select().from(excludedAssets).where(eq(excludedAssets.householdId, clientId)),
  manualFlowsOf,
};

type Deps = {
  rows?: UnitRows;
  accounts: {
    accountValuesOn: (
      date: string,
      accountIds?: readonly string[],
      conn?: Db,
    ) => Promise<Map<string, string>>;
    positionsOn: (accountIds: readonly string[], date: string, conn?: Db) => Promise<PositionValue[]>;
    cashFlowsOf: (
      accountIds: readonly string[],
      from: string,
      to: string,
      conn?: Db,
    ) => Promise<{ accountId: string; date: string; amount: string }[]>;
  };
  feeSchedules: {
    engineSchedules: (
      db: Db,
      ids: readonly string[],
    ) => Promise<ReadonlyMap<string, { id: string; name: string; schedule: FeeSchedule }>>;
  };
};

/** An account the engine bills, with the inputs it was read from. */
export type EngineAccount = MixedHouseholdAccount & { source: UnitInputAccount };

/**
 * The engine's bill of a unit's inputs (the projected fee and the bill runs both call it, so a preview and a
 * bill cannot disagree): the accounts without a schedule or pay method, or that start after their period, are
 * left out and named; the rest billed together by `mixedHouseholdBill`.
 */
export const engineBill = (inputs: UnitInputs, proration: Proration) => {
  const skipped: ProjectedFee['skipped'] = [];
  const billed: EngineAccount[] = [];
  for (const account of inputs.accounts) {
    const reason: ProjectionSkipReason | null =
      account.scheduleId === null || !inputs.schedules.has(account.scheduleId)
        ? 'NO_FEE_SCHEDULE'
        : account.payMethod === 'UNASSIGNED'
          ? 'PAY_METHOD_UNASSIGNED'
          : account.billingStart > account.period.end
            ? 'STARTS_AFTER_PERIOD'
            : null;
    if (reason) {
      skipped.push({ accountId: account.id, registrationName: account.registrationName, reason });
      continue;
    }
    billed.push({
      id: account.id,
      value: account.value,
      excluded: account.excluded,
      openedOn: account.billingStart > account.period.start ? account.billingStart : null,
      closedOn: account.closedOn !== null && account.closedOn < account.period.end ? account.closedOn : null,
      feePayingAccountId: account.feePayingAccountId,
      cashFlows: account.cashFlows,
      scheduleId: account.scheduleId as string,
      frequency: account.frequency,
      timing: account.timing,
      periodStart: account.period.start,
      periodEnd: account.period.end,
      source: account,
    });
  }
  if (billed.length === 0) return { bill: null, billed, skipped };
  const bill = mixedHouseholdBill({
    schedules: Object.fromEntries([...inputs.schedules].map(([id, s]) => [id, s.schedule])),
    proration,
    cashFlowThreshold: inputs.cashFlowThreshold,
    accounts: billed.map(({ source: _source, ...account }) => account),
  });
  return { bill, billed, skipped };
};

export type BillingInputs = ReturnType<typeof createBillingInputs>;

export const createBillingInputs = (deps: Deps) => {
  const unitRows = deps.rows ?? unitRowsOfDatabase;
  /**
   * Each account's excluded amounts (issue 14 §5) from the household's exclusions active in its period, its
   * holdings valued on the date its value is read on.
   */
  const exclusionsOf = async (
    db: Db,
    clientId: string,
    placed: readonly { account: { id: string }; period: { start: string; end: string } }[],
    byDate: ReadonlyMap<string, readonly string[]>,
    values: ReadonlyMap<string, string>,
  ) => {
    const rows = await unitRows.exclusionsOf(db, clientId);
    const none = { excluded: '0.00', payoutExcluded: '0.00' };
    if (rows.length === 0) return () => none;
    const positions: PositionValue[] = [];
    if (rows.some((r) => r.kind !== 'PERCENT')) {
      for (const [date, ids] of byDate) positions.push(...(await deps.accounts.positionsOn(ids, date, db)));
    }
    const byAccount = new Map(
      placed.map((p) => {
        const active = rows.filter((r) => isExclusionActive(r, p.period));
        const amounts = accountExclusions(active, {
          id: p.account.id,
          value: values.get(p.account.id) ?? '0.00',
          positions,
        });
        return [
          p.account.id,
          { excluded: formatCents(amounts.excluded), payoutExcluded: formatCents(amounts.payoutExcluded) },
        ];
      }),
    );
    return (accountId: string) => byAccount.get(accountId) ?? none;
  };

  /**
   * The inputs of a unit's next bills as of `day`: each open account in the period of its frequency that
   * holds the day (ARREARS, billed at its end) or the next one (ADVANCE, billed ahead). With a run's period,
   * the accounts that period bills instead (open then, of its frequency), valued as of `day` at the latest.
   */
  const unitInputs = async (db: Db, clientId: string, day: string, run?: RunPeriod): Promise<UnitInputs> => {
    const rows = await unitRows.accountsOf(db, clientId);
    const leftOut: UnitInputs['leftOut'] = [];
    const open = rows.filter(({ account }) => {
      if (!run) return account.status === 'OPEN';
      const leave = (reason: string) => {
        leftOut.push({ accountId: account.id, registrationName: account.registrationName, reason });
        return false;
      };
      // A run bills ARREARS accounts for the days they were open; an ADVANCE account closed by then is refunded
      // instead, never billed ahead.
      if (account.status !== 'OPEN' && account.closedOn !== null) {
        if (account.closedOn < run.start) return false;
        if (account.billingTiming === 'ADVANCE') return leave('Closed: billed in advance, not again.');
      }
      if (run.frequency !== 'CUSTOM' && account.billingFrequency !== run.frequency) {
        return leave(
          `Billed ${account.billingFrequency.toLowerCase().replace('_', '-')}: not in this run's period.`,
        );
      }
      const billingStart = account.billingStartDate ?? account.startDate;
      if (billingStart > run.end) return leave('Starts after the period.');
      // The advance bill of a period is made before it starts: an ADVANCE account opening inside it is charged
      // its first part-period by the next advance bill (bill-run-lines.ts).
      if (run.frequency !== 'CUSTOM' && account.billingTiming === 'ADVANCE' && billingStart > run.start) {
        return leave('Opens inside the period: its first part-period is charged with the next advance bill.');
      }
      return true;
    });
    const placed = open.map(({ account, payerName }) => {
      const frequency = account.billingFrequency as BillingFrequency;
      const timing = account.billingTiming as BillingTiming;
      const current = billingPeriodOf(day, frequency);
      const billed = run
        ? { from: run.start, to: run.end }
        : timing === 'ARREARS'
          ? current
          : billingPeriodOf(day, frequency, 1);
      const valuationDate = run
        ? timing === 'ARREARS'
          ? run.valuationDate
          : addDays(run.start, -1)
        : timing === 'ARREARS'
          ? current.to
          : billingPeriodOf(day, frequency, -1).to;
      const paysItself = !account.feePayingAccountId || account.feePayingAccountId === account.id;
      return {
        account,
        frequency,
        timing,
        period: { start: billed.from, end: billed.to },
        valuationDate,
        feePayingAccountId: paysItself ? account.id : (account.feePayingAccountId as string),
        feePayingName: paysItself ? account.registrationName : (payerName ?? account.registrationName),
      };
    });
    // Values on each valuation date, the latest known when it is still ahead.
    const byDate = new Map<string, string[]>();
    for (const p of placed) {
      const date = p.valuationDate < day ? p.valuationDate : day;
      byDate.set(date, [...(byDate.get(date) ?? []), p.account.id]);
    }
    const values = new Map<string, string>();
    for (const [date, ids] of byDate) {
      for (const [id, value] of await deps.accounts.accountValuesOn(date, ids, db)) values.set(id, value);
    }
    const excludedOf = await exclusionsOf(db, clientId, placed, byDate, values);
    const arrears = placed.filter((p) => p.timing === 'ARREARS');
    const arrearsIds = arrears.map((p) => p.account.id);
    const flowsFrom = arrears.map((p) => p.period.start).sort()[0] as string;
    const flowsTo = run && run.end < day ? run.end : day;
    const flows =
      arrears.length === 0
        ? []
        : [
            ...(await deps.accounts.cashFlowsOf(arrearsIds, flowsFrom, flowsTo, db)),
            ...(await unitRows.manualFlowsOf(db, arrearsIds, flowsFrom, flowsTo)),
          ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const cashFlowThreshold = run ? run.cashFlowThreshold : await cashFlowThresholdOf(db);
    const schedules = await deps.feeSchedules.engineSchedules(
      db,
      placed.map((p) => p.account.feeScheduleId).filter((id): id is string => id !== null),
    );
    return {
      clientId,
      asOf: day,
      cashFlowThreshold,
      schedules: new Map(schedules),
      leftOut,
      accounts: placed.map((p): UnitInputAccount => {
        const billingStart = p.account.billingStartDate ?? p.account.startDate;
        const first = billingStart > p.period.start ? billingStart : p.period.start;
        const closedOn = p.account.status === 'OPEN' ? null : p.account.closedOn;
        const last = closedOn !== null && closedOn < p.period.end ? closedOn : p.period.end;
        return {
          id: p.account.id,
          registrationName: p.account.registrationName,
          scheduleId: p.account.feeScheduleId,
          payMethod: p.account.payMethod,
          frequency: p.frequency,
          timing: p.timing,
          period: p.period,
          valuationDate: p.valuationDate,
          value: values.get(p.account.id) ?? '0.00',
          ...excludedOf(p.account.id),
          billingStart,
          closedOn,
          feePayingAccountId: p.feePayingAccountId,
          feePayingName: p.feePayingName,
          cashFlows:
            p.timing === 'ARREARS'
              ? flows
                  .filter((f) => f.accountId === p.account.id && f.date >= first && f.date <= last)
                  .map(({ date, amount }) => ({ date, amount }))
              : [],
        };
      }),
    };
  };

  /** The unit's projected fee for its next bills, line by line to the tier, from the engine. */
  const projectedFee = async (db: Db, clientId: string, day: string): Promise<ProjectedFee> => {
    const inputs = await unitInputs(db, clientId, day);
    const { bill, billed, skipped } = engineBill(inputs, 'FREQUENCY');
    if (!bill) return { asOf: day, amount: '0.00', groups: [], skipped };
    const sourceOf = new Map(billed.map((b) => [b.id, b.source]));
    const payees = await payeesOfAccounts(db, [...sourceOf.keys()]);
    return {
      asOf: day,
      amount: bill.amount,
      skipped,
      groups: bill.groups.map((group) => {
        const schedule = inputs.schedules.get(group.scheduleId);
        return {
          schedule: {
            id: group.scheduleId,
            name: schedule?.name ?? '',
            type: schedule?.schedule.type ?? 'PERCENTAGE',
          },
          billableValue: group.billableValue,
          annualAmount: group.annualAmount,
          lines: group.lines,
          periods: group.periods.map((period) => ({
            frequency: period.frequency,
            timing: period.timing,
            periodStart: period.periodStart,
            periodEnd: period.periodEnd,
            valuationDate: sourceOf.get(period.accounts[0]?.id ?? '')?.valuationDate ?? period.periodEnd,
            billableValue: period.billableValue,
            annualShare: period.annualShare,
            amount: period.amount,
            accounts: period.accounts.map((line) => {
              const source = sourceOf.get(line.id) as UnitInputAccount;
              return {
                id: line.id,
                registrationName: source.registrationName,
                billableValue: line.billableValue,
                excluded: source.excluded,
                amount: line.amount,
                line: line.paidBy === line.id ? ('DIRECT' as const) : ('INDIRECT' as const),
                paidBy: { id: source.feePayingAccountId, registrationName: source.feePayingName },
                ...(payees.has(line.id) ? { split: splitFee(line.amount, payees.get(line.id) ?? []) } : {}),
              };
            }),
          })),
        };
      }),
    };
  };

  return {
    unitInputs,
    projectedFee,
    /** What it reads values, positions, flows and schedules through (a bill run's step reads them ahead). */
    sources: { accounts: deps.accounts, feeSchedules: deps.feeSchedules },
  };
};
