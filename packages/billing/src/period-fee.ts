import {
  MICRO_PER_CENT,
  daysInYearOf,
  divRoundHalfUp,
  formatCents,
  parseDay,
  parseEnum,
  requireObject,
} from './exact.ts';
import { fail } from './fee-engine-error.ts';
import {
  exactAnnualFee,
  parseBillableValue,
  parseSchedule,
  type FeeSchedule,
  type Money,
} from './fee-schedule.ts';

export const FREQUENCIES = ['MONTHLY', 'QUARTERLY', 'SEMI_ANNUAL', 'ANNUAL'] as const;
export const PRORATIONS = ['FREQUENCY', 'ACTUAL_DAYS'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export type Proration = (typeof PRORATIONS)[number];
/** A calendar date, "2026-04-01". */
export type IsoDate = string;

export const PERIODS_PER_YEAR: Record<Frequency, number> = {
  MONTHLY: 12,
  QUARTERLY: 4,
  SEMI_ANNUAL: 2,
  ANNUAL: 1,
};

export type PeriodInput = {
  periodStart: IsoDate;
  periodEnd: IsoDate;
  frequency: Frequency;
  proration: Proration;
};

/** A checked billing period: day numbers, its length (both ends included) and the part of a year billed. */
export type Period = { start: number; end: number; days: number; numerator: number; denominator: number };

/** A period's first and last day numbers and its days (both ends included), for what needs no proration. */
export const parsePeriodDays = (input: Pick<PeriodInput, 'periodStart' | 'periodEnd'>) => {
  const start = parseDay(input.periodStart, 'periodStart', 'Period start');
  const end = parseDay(input.periodEnd, 'periodEnd', 'Period end');
  if (end < start) {
    fail(
      'PERIOD_END_BEFORE_START',
      'periodEnd',
      `Period end (${input.periodEnd}) must not be before period start (${input.periodStart}).`,
    );
  }
  return { start, end, days: end - start + 1 };
};

export const parsePeriod = (input: PeriodInput): Period => {
  const { start, end, days } = parsePeriodDays(input);
  const frequency = parseEnum(input.frequency, FREQUENCIES, 'frequency', 'Frequency');
  const proration = parseEnum(input.proration, PRORATIONS, 'proration', 'Proration');
  return proration === 'FREQUENCY'
    ? { start, end, days, numerator: 1, denominator: PERIODS_PER_YEAR[frequency] }
    : { start, end, days, numerator: days, denominator: daysInYearOf(start) };
};

/** The period's fee in cents: the exact annual fee (micro-cents) × numerator / denominator, rounded once. */
export const periodCents = (annualMicro: bigint, period: Period): bigint =>
  divRoundHalfUp(annualMicro * BigInt(period.numerator), BigInt(period.denominator) * MICRO_PER_CENT);

export type PeriodFeeInput = PeriodInput & { schedule: FeeSchedule; billableValue: Money };
/**
 * `amount`: the exact annual fee × `fraction`, rounded once (not the rounded annual fee × fraction).
 * `annualAmount`: the annual fee, rounded. `fraction`: the exact proration as "numerator/denominator":
 * "1/12", "1/4", "1/2", "1/1" by FREQUENCY; "<days in the period>/<days in the year of its start>" by
 * ACTUAL_DAYS ("91/365"), never reduced, so it reads as the days it counts.
 */
export type PeriodFee = { amount: Money; annualAmount: Money; fraction: string };

/** The fee of one billing period: the annual fee (with its minimum) prorated by frequency or by days. */
export const periodFee = (input: PeriodFeeInput): PeriodFee => {
  requireObject(input, '', 'The period fee input');
  const schedule = parseSchedule(input.schedule, 'schedule');
  const value = parseBillableValue(input.billableValue, 'billableValue', 'Billable value');
  const period = parsePeriod(input);
  const annual = exactAnnualFee(schedule, value).micro;
  return {
    amount: formatCents(periodCents(annual, period)),
    annualAmount: formatCents(divRoundHalfUp(annual, MICRO_PER_CENT)),
    fraction: `${period.numerator}/${period.denominator}`,
  };
};
