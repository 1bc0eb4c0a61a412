import { TIER_CEILING, centsOf } from '@centric/billing';
import {
  BILL_EXTRA_KIND_LABELS,
  type BillAccount,
  type BillDetail,
  type BillExtraLine,
  type BillPlanningLine,
} from './bill-runs-api.ts';
import { PLANNING_FEE_TYPE_LABELS } from './billing-planning-api.ts';
import { BILLING_FREQUENCY_LABELS, PAY_METHOD_LABELS } from './billing-setup-api.ts';
import { daysBetween, isLeapYear, usDate } from './dates.ts';
import { formatMoney } from './money.ts';

/**
 * A bill in plain words (issue 15 §3 "Invoices": the client-facing explanation matches the screen to the cent).
 * The bill explanation on the screen and the invoice PDF both word a bill with these functions, so they say the
 * same thing. Money stays the bill's decimal strings, shown by `formatMoney` (grouping, signs and decimal
 * points moved as text, never through a JavaScript number).
 */

type FeeLineLike = { minimum: string; maximum: string; base: string; rate: string; amount: string };
type Schedule = BillDetail['schedules'][number];

const RATE = /^(\d+)(?:\.(\d{1,2}))?$/;
const CEILING_CENTS = BigInt(TIER_CEILING) * 100n;

/** Drops the sign of a decimal string: '-200.00' → '200.00'. */
const unsigned = (value: string) => value.trim().replace(/^-/, '');

/** An amount without zero cents, for tier bounds and fixed rates: '500000.00' → '$500,000'. */
export const moneyBriefWords = (value: string): string => formatMoney(value).replace(/\.00$/, '');

/**
 * A rate in basis points as a percentage with at least two decimals, exact: '100' → '1.00%', '87.5' → '0.875%',
 * '12.25' → '0.1225%' (a rate has at most two decimals of a basis point, so at most four of a percent).
 */
export const bpsAsPercentWords = (bps: string): string => {
  const match = RATE.exec(bps.trim());
  if (!match) return `${bps} bps`;
  const [, whole = '0', fraction = ''] = match;
  // Hundredths of a basis point are ten-thousandths of a percent.
  const units = BigInt(whole + fraction.padEnd(2, '0'));
  const decimals = (units % 10_000n).toString().padStart(4, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${units / 10_000n}.${decimals}%`;
};

/** A period: '04/01/2026 – 06/30/2026'. */
export const periodWords = (start: string, end: string): string => `${usDate(start)} – ${usDate(end)}`;

const isCeiling = (value: string) => centsOf(value) === CEILING_CENTS;
const isZero = (value: string) => centsOf(unsigned(value)) === 0n;

/** The values a tier line covers: 'All values', 'Over $2,000,000' (the last tier) or '$0 – $1,000,000'. */
export const tierRangeWords = (line: Pick<FeeLineLike, 'minimum' | 'maximum'>): string => {
  if (isCeiling(line.maximum)) {
    return isZero(line.minimum) ? 'All values' : `Over ${moneyBriefWords(line.minimum)}`;
  }
  return `${moneyBriefWords(line.minimum)} – ${moneyBriefWords(line.maximum)}`;
};

/**
 * How a tier line makes its part of the annual fee: '$1,000,000.00 at 1.00% = $10,000.00' for a PERCENTAGE
 * schedule (its rates basis points a year), '$400,000.00 in the tier: $2,500 a year = $2,500.00' for a FIXED
 * one (its rates dollars a year).
 */
export const tierLineWords = (scheduleType: string, line: FeeLineLike): string =>
  scheduleType === 'PERCENTAGE'
    ? `${formatMoney(line.base)} at ${bpsAsPercentWords(line.rate)} = ${formatMoney(line.amount)}`
    : `${formatMoney(line.base)} in the tier: ${moneyBriefWords(line.rate)} a year = ${formatMoney(line.amount)}`;

/** A schedule's totals: '$1,000,000.00 billable together · $10,000.00 a year'. */
export const scheduleTotalWords = (schedule: Pick<Schedule, 'billableValue' | 'annualAmount'>): string =>
  `${formatMoney(schedule.billableValue)} billable together · ${formatMoney(schedule.annualAmount)} a year`;

const PERIODS_A_YEAR: Readonly<Record<BillAccount['frequency'], string>> = {
  MONTHLY: '1/12',
  QUARTERLY: '1/4',
  SEMI_ANNUAL: '1/2',
  ANNUAL: '1/1',
};

/**
 * How the annual fee becomes the period's (the engine's fraction, never reduced): 'Quarterly: 1/4 of the
 * annual fee' by the billing frequency; 'By actual days: 91/365 of the annual fee (91 days of the 365 of
 * 2026)' by actual days, the year being the period start's.
 */
export const prorationWords = (
  bill: Pick<BillDetail, 'proration' | 'periodStart' | 'periodEnd'>,
  frequency: BillAccount['frequency'],
): string => {
  if (bill.proration === 'FREQUENCY') {
    return `${BILLING_FREQUENCY_LABELS[frequency]}: ${PERIODS_A_YEAR[frequency]} of the annual fee`;
  }
  const days = daysBetween(bill.periodStart, bill.periodEnd) + 1;
  const year = Number(bill.periodStart.slice(0, 4));
  const yearDays = isLeapYear(year) ? 366 : 365;
  return `By actual days: ${days}/${yearDays} of the annual fee (${days} days of the ${yearDays} of ${year})`;
};

/**
 * The days an account was billed for: 'Billed for 91 of 91 days', or for part of the period
 * 'Billed for 45 of 91 days (opened 05/17/2026)'.
 */
export const accountDaysWords = (
  account: Pick<BillAccount, 'openDays' | 'periodDays' | 'openedOn' | 'closedOn'>,
): string => {
  const partial = account.openDays < account.periodDays;
  const opened = partial && account.openedOn ? ` (opened ${usDate(account.openedOn)})` : '';
  const closed = partial && account.closedOn ? ` (closed ${usDate(account.closedOn)})` : '';
  return `Billed for ${account.openDays} of ${account.periodDays} days${opened}${closed}`;
};

/** A cash flow the fee was prorated for: '05/15/2026: $50,000.00', '06/01/2026: -$20,000.00'. */
export const cashFlowWords = (flow: BillAccount['cashFlows'][number]): string =>
  `${usDate(flow.date)}: ${formatMoney(flow.amount)}`;

/** One paying account's part of a split fee: 'Betty Adams IRA: $1,250.00'. */
export const splitWords = (payer: NonNullable<BillAccount['split']>[number]): string =>
  `${payer.registrationName}: ${formatMoney(payer.amount)}`;

/** How the period's fee falls on the accounts (the engine's allocation, `householdBill`). */
export const FEE_SHARE_WORDS =
  "Each account's fee is its share of the period's fee in proportion to its billable value; an account open " +
  'for part of the period, or with cash flows, pays for the days and the value it had.';

/** Who pays an account's fee: 'Pays its own fee', 'Paid by Betty Adams IRA', 'Split across 2 paying accounts'. */
export const paidByWords = (account: Pick<BillAccount, 'line' | 'paidBy' | 'split'>): string => {
  if (account.split && account.split.length > 0) {
    return `Split across ${account.split.length} paying accounts`;
  }
  return account.line === 'DIRECT' ? 'Pays its own fee' : `Paid by ${account.paidBy.registrationName}`;
};

/**
 * A line added to an account's fee: 'Adjustment: Courtesy credit', with what a credit larger than the fee
 * leaves for the account's next bill ('…; $200.00 carried to the next bill').
 */
export const extraLineWords = (
  line: Pick<BillExtraLine, 'kind' | 'description' | 'carriedForward'>,
): string => {
  const carried =
    line.carriedForward !== null && !isZero(line.carriedForward)
      ? `; ${formatMoney(unsigned(line.carriedForward))} carried to the next bill`
      : '';
  return `${BILL_EXTRA_KIND_LABELS[line.kind]}: ${line.description}${carried}`;
};

/** A financial planning fee: 'Retirement plan (one-time financial planning fee)'. */
export const planningLineWords = (line: Pick<BillPlanningLine, 'description' | 'feeType'>): string =>
  `${line.description} (${PLANNING_FEE_TYPE_LABELS[line.feeType].toLowerCase()} financial planning fee)`;

/** Who pays a planning fee: the paying account, or its pay method when no account pays it ('ACH'). */
export const planningPayerWords = (line: Pick<BillPlanningLine, 'paidBy' | 'payMethod'>): string =>
  line.paidBy?.registrationName ??
  (PAY_METHOD_LABELS as Readonly<Record<string, string>>)[line.payMethod] ??
  line.payMethod;
