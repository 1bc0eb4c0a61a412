import { divRoundHalfUp, formatCents, parseCents, parseDay, requireObject } from './exact.ts';
import { fail } from './fee-engine-error.ts';
import { type Money } from './fee-schedule.ts';
import { parsePeriod, parsePeriodDays, type IsoDate, type PeriodInput } from './period-fee.ts';

// Openings and closings inside a period billed in advance (issue 15). The advance bill of a period is made on
// the prior period's end, so it cannot know of an account opened or closed inside the period: the days it
// missed are charged in the next advance bill, and the days it billed too many are credited.

/**
 * `annualAmount`: the account's part of the annual fee as the next advance bill computed it (its
 * `AccountBill.annualShare`); the period is the one it opened in, with its frequency and proration.
 */
export type AdvancePartPeriodInput = PeriodInput & { annualAmount: Money; openedOn: IsoDate };
/**
 * `amount` = annual amount × `fraction` × `openDays` / `days`, rounded once. `fraction` is the period's
 * proration as `periodFee` gives it ("1/4", "91/365"); `openDays` counts from the opening to the period's end,
 * both included, of the period's `days`.
 */
export type AdvancePartPeriod = { amount: Money; days: number; openDays: number; fraction: string };

/**
 * The first part-period of an ADVANCE account opened inside a period it was not billed for, charged in the
 * next advance bill: what that period's fee would have been on the account's annual fee, for the days it was
 * open. Exact, rounded once, half up.
 */
export const advancePartPeriod = (input: AdvancePartPeriodInput): AdvancePartPeriod => {
  requireObject(input, '', 'The part-period input');
  const annual = parseCents(input.annualAmount, 'annualAmount', "The account's annual fee");
  const period = parsePeriod(input);
  const opened = parseDay(input.openedOn, 'openedOn', 'The opening date');
  // Opened on the period's first day, it was still missed by the advance bill (made the day before): its
  // part-period is the whole period. Opened outside the period, this is not the period it opened in.
  if (opened < period.start || opened > period.end) {
    fail(
      opened < period.start ? 'OPENED_BEFORE_PERIOD' : 'OPENED_AFTER_PERIOD',
      'openedOn',
      `The account opened on ${input.openedOn}, ${opened < period.start ? 'before' : 'after'} the period ` +
        `${input.periodStart} to ${input.periodEnd}: give the period it opened in.`,
    );
  }
  const openDays = period.end - opened + 1;
  return {
    amount: formatCents(
      divRoundHalfUp(
        annual * BigInt(period.numerator) * BigInt(openDays),
        BigInt(period.denominator) * BigInt(period.days),
      ),
    ),
    days: period.days,
    openDays,
    fraction: `${period.numerator}/${period.denominator}`,
  };
};

/** `billedAmount`: what the advance bill charged the account for the period it closed in. */
export type AdvanceRefundInput = {
  billedAmount: Money;
  periodStart: IsoDate;
  periodEnd: IsoDate;
  closedOn: IsoDate;
};
/**
 * `amount`: the credit, negative or "0.00"; `unusedDays`: the days after the closing to the period's end, of
 * the period's `days`.
 */
export type AdvanceRefund = { amount: Money; unusedDays: number; days: number };

/**
 * The credit for the days of a period billed in advance that follow the account's closing:
 * −billed amount × unused days / days, rounded once, half up (away from zero: the credit is the same number
 * of cents as a charge of those days would be). The closing day is a day used, as ARREARS bills it, so that
 * the days ARREARS would bill and the days refunded add up to the period.
 */
export const advanceRefund = (input: AdvanceRefundInput): AdvanceRefund => {
  requireObject(input, '', 'The refund input');
  const billed = parseCents(input.billedAmount, 'billedAmount', 'The amount billed in advance');
  const period = parsePeriodDays(input);
  const closed = parseDay(input.closedOn, 'closedOn', 'The closing date');
  if (closed < period.start || closed > period.end) {
    fail(
      closed < period.start ? 'CLOSED_BEFORE_PERIOD' : 'CLOSED_AFTER_PERIOD',
      'closedOn',
      `The account closed on ${input.closedOn}, ${closed < period.start ? 'before' : 'after'} the period ` +
        `${input.periodStart} to ${input.periodEnd}: give the period it closed in.`,
    );
  }
  const unusedDays = period.end - closed;
  return {
    amount: formatCents(divRoundHalfUp(-billed * BigInt(unusedDays), BigInt(period.days))),
    unusedDays,
    days: period.days,
  };
};
