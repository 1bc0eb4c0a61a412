import { allocateCents } from './allocate.ts';
import {
  MICRO_PER_CENT,
  divRoundHalfUp,
  formatCents,
  parseCents,
  parseDay,
  parseEnum,
  requireObject,
} from './exact.ts';
import { fail } from './fee-engine-error.ts';
import {
  checkBillableCents,
  exactAnnualFee,
  parseSchedule,
  type FeeLine,
  type FeeSchedule,
  type Money,
} from './fee-schedule.ts';
import {
  parsePeriod,
  periodCents,
  type Frequency,
  type IsoDate,
  type PeriodInput,
  type Proration,
} from './period-fee.ts';

export const TIMINGS = ['ARREARS', 'ADVANCE'] as const;
/** ARREARS bills a period after it ended, on its end values; ADVANCE bills it ahead, on the prior period's end. */
export type Timing = (typeof TIMINGS)[number];

/** Money into (`amount` > 0, a deposit) or out of (`amount` < 0, a withdrawal) an account on a date. */
export type CashFlow = { date: IsoDate; amount: Money };
export type HouseholdAccount = {
  id: string;
  /** The account's value: at the period's end (ARREARS) or at the prior period's end (ADVANCE). */
  value: Money;
  /** The part of the value not billed (excluded assets). */
  excluded?: Money | null;
  openedOn?: IsoDate | null;
  /**
   * The day the account closed, its last open day. ARREARS bills the days from the opening (or the period's
   * start) to it, both included, on `value` as it stood before the closing withdrawal (not a cash flow);
   * ADVANCE bills the whole period, and `advanceRefund` credits the days after it.
   */
  closedOn?: IsoDate | null;
  /** The account that pays this account's fee; the account itself when not set. */
  feePayingAccountId?: string | null;
  cashFlows?: readonly CashFlow[] | null;
};
export type HouseholdBillInput = PeriodInput & {
  schedule: FeeSchedule;
  timing: Timing;
  accounts: readonly HouseholdAccount[];
  /** Cash flows smaller than this (in absolute value) change no fee; all count when not set. */
  cashFlowThreshold?: Money | null;
};
/**
 * `annualShare`: the account's part of the exact annual fee that falls on its group (the household, or its
 * period group in a mixed household), split by billable value in micro-cents (largest remainder) and rounded
 * once for display: the `annualAmount` that `advancePartPeriod` takes for the account.
 */
export type AccountBill = {
  id: string;
  billableValue: Money;
  annualShare: Money;
  amount: Money;
  paidBy: string;
};
/**
 * `billableValue`, `annualAmount` and `lines`: the household's (its accounts' billable values together);
 * `amount`: the sum of the accounts' amounts, the household's period fee after arrears adjustments.
 */
export type HouseholdBill = {
  billableValue: Money;
  annualAmount: Money;
  amount: Money;
  accounts: AccountBill[];
  lines: FeeLine[];
};

type CheckedAccount = {
  id: string;
  /** In cents. */
  billable: bigint;
  billableText: Money;
  paidBy: string;
  /** ARREARS: days of the period the account was open, from its opening to its closing (both included). */
  openDays: number;
  /** ARREARS: Σ amount (cents) × days from the account's first open day to the flow, over the flows that count. */
  flowDays: bigint;
  adjusted: boolean;
};

const checkAccount = (
  raw: unknown,
  index: number,
  input: { start: number; end: number; days: number; arrears: boolean; threshold: bigint },
): CheckedAccount => {
  const path = `accounts[${index}]`;
  const account = requireObject(raw, path, `Account ${index + 1}`);
  const id = account.id;
  if (typeof id !== 'string' || id === '') {
    return fail('INVALID_INPUT', `${path}.id`, `Account ${index + 1} needs an id.`);
  }
  const value = parseCents(account.value, `${path}.value`, `The value of account ${id}`);
  const excluded =
    account.excluded === undefined || account.excluded === null
      ? 0n
      : parseCents(account.excluded, `${path}.excluded`, `The excluded amount of account ${id}`);
  const billable = excluded > value ? 0n : value - excluded;
  // The value as given when it is already canonical and whole: no need to format it again.
  const billableText =
    excluded === 0n &&
    typeof account.value === 'string' &&
    /^\d+\.\d\d$/.test(account.value) &&
    !/^0\d/.test(account.value)
      ? account.value
      : formatCents(billable);
  const payer = account.feePayingAccountId;
  if (payer !== undefined && payer !== null && (typeof payer !== 'string' || payer === '')) {
    fail(
      'INVALID_INPUT',
      `${path}.feePayingAccountId`,
      `The fee-paying account of account ${id} must be an id.`,
    );
  }
  const paidBy = typeof payer === 'string' ? payer : id;

  let firstDay = input.start; // the first day of the period the account was open
  let opened: number | undefined;
  if (account.openedOn !== undefined && account.openedOn !== null) {
    opened = parseDay(account.openedOn, `${path}.openedOn`, `The opening date of account ${id}`);
    if (input.arrears && opened > input.end) {
      fail(
        'OPENED_AFTER_PERIOD',
        `${path}.openedOn`,
        `Account ${id} opened on ${account.openedOn as string}, after the period: leave it out of this bill.`,
      );
    }
    if (opened > input.start) firstDay = opened;
  }
  let lastDay = input.end; // the last day of the period the account was open
  if (account.closedOn !== undefined && account.closedOn !== null) {
    const closed = parseDay(account.closedOn, `${path}.closedOn`, `The closing date of account ${id}`);
    if (opened !== undefined && closed < opened) {
      fail(
        'CLOSED_BEFORE_OPENING',
        `${path}.closedOn`,
        `Account ${id} closed on ${account.closedOn as string}, before it opened (${account.openedOn as string}): correct one of the dates.`,
      );
    }
    // In both timings: an account closed before the period has no day in it to bill, even in advance.
    if (closed < input.start) {
      fail(
        'CLOSED_BEFORE_PERIOD',
        `${path}.closedOn`,
        `Account ${id} closed on ${account.closedOn as string}, before the period: leave it out of this bill.`,
      );
    }
    if (closed < input.end) lastDay = closed;
  }
  // The closing day counts as open, like the opening day: an account open one day is billed one day.
  const openDays = lastDay - firstDay + 1;

  let flowDays = 0n;
  let counted = 0;
  const flows = account.cashFlows;
  if (flows !== undefined && flows !== null) {
    if (!Array.isArray(flows))
      return fail('INVALID_INPUT', `${path}.cashFlows`, 'Cash flows must be a list.');
    flows.forEach((rawFlow: unknown, k) => {
      const at = `${path}.cashFlows[${k}]`;
      const flow = requireObject(rawFlow, at, `Cash flow ${k + 1} of account ${id}`);
      const date = parseDay(flow.date, `${at}.date`, `The date of a cash flow of account ${id}`);
      const amount = parseCents(
        flow.amount,
        `${at}.amount`,
        `The amount of a cash flow of account ${id}`,
        true,
      );
      if (!input.arrears) return;
      if (date < firstDay || date > lastDay) {
        fail(
          'CASH_FLOW_OUTSIDE_PERIOD',
          `${at}.date`,
          `The cash flow of ${flow.amount as string} on ${flow.date as string} of account ${id} is ` +
            (date < input.start || date > input.end
              ? 'outside the billing period'
              : date < firstDay
                ? `before the account opened (${account.openedOn as string})`
                : `after the account closed (${account.closedOn as string})`) +
            ': leave it out of this bill.',
        );
      }
      if ((amount < 0n ? -amount : amount) < input.threshold) return;
      // The days the flow was not there, counted from the first day the account was open in the period.
      flowDays += amount * BigInt(date - firstDay);
      counted += 1;
    });
  }
  return {
    id,
    billable,
    billableText,
    paidBy,
    openDays,
    flowDays,
    adjusted: input.arrears && (counted > 0 || openDays < input.days),
  };
};

/**
 * The period amounts of accounts that share one period and timing, given the exact annual fee that falls on
 * them (`annualMicro`) and their billable value together (`value`): the period fee rounded once and allocated
 * by billable value, then, in ARREARS, each account's openings and flows adjusted exactly and rounded once.
 */
const billAccounts = (
  accounts: readonly CheckedAccount[],
  period: ReturnType<typeof parsePeriod>,
  annualMicro: bigint,
  value: bigint,
) => {
  const periodAmount = periodCents(annualMicro, period);
  const billables = accounts.map((account) => account.billable);
  const shares = allocateCents(periodAmount, billables);
  // Each account's part of the exact annual fee, split in micro-cents (allocateCents splits whole units of
  // any size) and rounded only for display: what the account's part-period in advance is computed from.
  const annualShares = allocateCents(annualMicro, billables);
  // The arrears formula with the exact period fee (annual × numerator / denominator), over one denominator,
  // period days × billable value × the fraction's denominator in micro-cents, so that its one division is
  // the rounding.
  const days = BigInt(period.days);
  const scale = BigInt(period.denominator) * MICRO_PER_CENT;
  const periodExact = annualMicro * BigInt(period.numerator); // the period fee × scale, in cents
  const denominator = days * value * scale;
  let total = 0n;
  const bills = accounts.map((account, index): AccountBill => {
    const share = shares[index] as bigint;
    let amount = share;
    if (account.adjusted) {
      const opened = share * BigInt(account.openDays);
      amount =
        value === 0n
          ? // No billable value, no fee per dollar: flows change nothing; an opening still prorates.
            divRoundHalfUp(opened, days)
          : divRoundHalfUp(opened * value * scale - periodExact * account.flowDays, denominator);
    }
    total += amount;
    return {
      id: account.id,
      billableValue: account.billableText,
      annualShare: formatCents(divRoundHalfUp(annualShares[index] as bigint, MICRO_PER_CENT)),
      amount: formatCents(amount),
      paidBy: account.paidBy,
    };
  });
  return { bills, total };
};

/**
 * A household's bill for one period. The schedule applies to the household's billable value (the sum of
 * its accounts' values less their excluded amounts, never below zero), so breakpoints and the minimum
 * count the whole household. The household's period fee is rounded once and allocated to the accounts in
 * proportion to their billable values (`allocate`): their shares. In ARREARS, each account's amount is then
 *   share × open days / period days − Σ flow amount × days from first open day to flow / period days
 *     × household period fee / household billable value
 * computed exactly (with the exact period fee) and rounded once, half up, to the cent; open days run from
 * the opening (or the period's start) to the closing (or the period's end), both included. ADVANCE takes the
 * shares as they are: a closing inside the period is refunded apart (`advanceRefund`).
 */
export const householdBill = (input: HouseholdBillInput): HouseholdBill => {
  requireObject(input, '', 'The household bill input');
  const schedule = parseSchedule(input.schedule, 'schedule');
  const period = parsePeriod(input);
  const arrears = parseEnum(input.timing, TIMINGS, 'timing', 'Timing') === 'ARREARS';
  const threshold =
    input.cashFlowThreshold === undefined || input.cashFlowThreshold === null
      ? 0n
      : parseCents(input.cashFlowThreshold, 'cashFlowThreshold', 'The cash flow threshold');
  const rawAccounts: unknown = input.accounts;
  if (!Array.isArray(rawAccounts) || rawAccounts.length === 0) {
    return fail('NO_ACCOUNTS', 'accounts', 'A household bill needs at least one account.');
  }
  const context = { start: period.start, end: period.end, days: period.days, arrears, threshold };
  const accounts = rawAccounts.map((account: unknown, index) => checkAccount(account, index, context));
  const seen = new Set<string>();
  accounts.forEach((account, index) => {
    if (seen.has(account.id)) {
      fail('DUPLICATE_ACCOUNT', `accounts[${index}].id`, `Account ${account.id} is in the household twice.`);
    }
    seen.add(account.id);
  });

  let householdValue = 0n;
  for (const account of accounts) householdValue += account.billable;
  const value = checkBillableCents(householdValue, 'accounts', "The household's billable value");
  const annual = exactAnnualFee(schedule, value);
  const { bills, total } = billAccounts(accounts, period, annual.micro, value);

  return {
    billableValue: formatCents(value),
    annualAmount: formatCents(divRoundHalfUp(annual.micro, MICRO_PER_CENT)),
    amount: formatCents(total),
    accounts: bills,
    lines: annual.lines,
  };
};

// ---------------------------------------------------------------------------------------------------------
// Mixed settings in one household (issue 14 §6)

/** An account with its own schedule, frequency, timing and period (spec: they are the account's). */
export type MixedHouseholdAccount = HouseholdAccount & {
  scheduleId: string;
  frequency: Frequency;
  timing: Timing;
  periodStart: IsoDate;
  periodEnd: IsoDate;
};
export type MixedHouseholdBillInput = {
  schedules: Readonly<Record<string, FeeSchedule>>;
  proration: Proration;
  accounts: readonly MixedHouseholdAccount[];
  cashFlowThreshold?: Money | null;
};
/** Accounts of one schedule billed in one period and timing, with the part of the annual fee that is theirs. */
export type PeriodGroupBill = {
  frequency: Frequency;
  timing: Timing;
  periodStart: IsoDate;
  periodEnd: IsoDate;
  billableValue: Money;
  annualShare: Money;
  amount: Money;
  accounts: AccountBill[];
};
/** The accounts on one schedule: their billable value together sets the tiers (householding). */
export type ScheduleGroupBill = {
  scheduleId: string;
  billableValue: Money;
  annualAmount: Money;
  lines: FeeLine[];
  periods: PeriodGroupBill[];
};
export type MixedHouseholdBill = { amount: Money; accounts: AccountBill[]; groups: ScheduleGroupBill[] };

/**
 * A household's bill when its accounts differ in schedule, frequency or timing (decided, issue 14 §6): the
 * tiers of a schedule apply to the billable value of all the household's accounts on it (householding); the
 * exact annual fee is split over the groups of those accounts that share a period and timing in proportion to
 * their billable value (largest remainder, in micro-cents), and each group is billed as `householdBill` bills
 * a household. When every account shares one schedule and setting, the answer is `householdBill`'s, to the cent.
 */
export const mixedHouseholdBill = (input: MixedHouseholdBillInput): MixedHouseholdBill => {
  requireObject(input, '', 'The household bill input');
  const threshold =
    input.cashFlowThreshold === undefined || input.cashFlowThreshold === null
      ? 0n
      : parseCents(input.cashFlowThreshold, 'cashFlowThreshold', 'The cash flow threshold');
  const rawAccounts: unknown = input.accounts;
  if (!Array.isArray(rawAccounts) || rawAccounts.length === 0) {
    return fail('NO_ACCOUNTS', 'accounts', 'A household bill needs at least one account.');
  }
  const schedules = requireObject(input.schedules, 'schedules', 'The schedules');
  const parsedSchedules = new Map<string, ReturnType<typeof parseSchedule>>();
  type Placed = {
    account: CheckedAccount;
    scheduleId: string;
    key: string;
    period: ReturnType<typeof parsePeriod>;
    setting: { frequency: Frequency; timing: Timing; periodStart: IsoDate; periodEnd: IsoDate };
  };
  const placed = rawAccounts.map((raw: unknown, index): Placed => {
    const path = `accounts[${index}]`;
    const fields = requireObject(raw, path, `Account ${index + 1}`);
    const scheduleId = fields.scheduleId;
    if (typeof scheduleId !== 'string' || !(scheduleId in schedules)) {
      return fail(
        'INVALID_INPUT',
        `${path}.scheduleId`,
        `Account ${index + 1} names no schedule of the input.`,
      );
    }
    if (!parsedSchedules.has(scheduleId)) {
      parsedSchedules.set(
        scheduleId,
        parseSchedule(schedules[scheduleId] as FeeSchedule, `schedules.${scheduleId}`),
      );
    }
    const period = parsePeriod({
      periodStart: fields.periodStart as IsoDate,
      periodEnd: fields.periodEnd as IsoDate,
      frequency: fields.frequency as Frequency,
      proration: input.proration,
    });
    const timing = parseEnum(fields.timing, TIMINGS, `${path}.timing`, 'Timing');
    const account = checkAccount(raw, index, {
      start: period.start,
      end: period.end,
      days: period.days,
      arrears: timing === 'ARREARS',
      threshold,
    });
    const setting = {
      frequency: fields.frequency as Frequency,
      timing,
      periodStart: fields.periodStart as IsoDate,
      periodEnd: fields.periodEnd as IsoDate,
    };
    return {
      account,
      scheduleId,
      key: `${setting.frequency}|${timing}|${setting.periodStart}|${setting.periodEnd}`,
      period,
      setting,
    };
  });
  const seen = new Set<string>();
  placed.forEach(({ account }, index) => {
    if (seen.has(account.id)) {
      fail('DUPLICATE_ACCOUNT', `accounts[${index}].id`, `Account ${account.id} is in the household twice.`);
    }
    seen.add(account.id);
  });

  const byId = new Map<string, AccountBill>();
  let total = 0n;
  const groups: ScheduleGroupBill[] = [];
  for (const [scheduleId, schedule] of parsedSchedules) {
    const members = placed.filter((p) => p.scheduleId === scheduleId);
    let groupValue = 0n;
    for (const member of members) groupValue += member.account.billable;
    const value = checkBillableCents(groupValue, 'accounts', "The household's billable value on a schedule");
    const annual = exactAnnualFee(schedule, value);
    const keys = [...new Set(members.map((m) => m.key))];
    const subgroups = keys.map((key) => members.filter((m) => m.key === key));
    const subValues = subgroups.map((sub) => sub.reduce((sum, m) => sum + m.account.billable, 0n));
    const annualShares = allocateCents(annual.micro, subValues);
    const periods = subgroups.map((sub, i): PeriodGroupBill => {
      const first = sub[0] as Placed;
      const { bills, total: subTotal } = billAccounts(
        sub.map((m) => m.account),
        first.period,
        annualShares[i] as bigint,
        subValues[i] as bigint,
      );
      total += subTotal;
      for (const bill of bills) byId.set(bill.id, bill);
      return {
        ...first.setting,
        billableValue: formatCents(subValues[i] as bigint),
        annualShare: formatCents(divRoundHalfUp(annualShares[i] as bigint, MICRO_PER_CENT)),
        amount: formatCents(subTotal),
        accounts: bills,
      };
    });
    groups.push({
      scheduleId,
      billableValue: formatCents(value),
      annualAmount: formatCents(divRoundHalfUp(annual.micro, MICRO_PER_CENT)),
      lines: annual.lines,
      periods,
    });
  }
  return {
    amount: formatCents(total),
    accounts: placed.map((p) => byId.get(p.account.id) as AccountBill),
    groups,
  };
};
