import { describe, expect, it } from 'vitest';
import {
  FeeEngineError,
  advancePartPeriod,
  advanceRefund,
  householdBill,
  type AdvancePartPeriodInput,
  type AdvanceRefundInput,
  type FeeSchedule,
} from './index.ts';

const flat = (rate: string): FeeSchedule => ({
  type: 'PERCENTAGE',
  structure: 'LINEAR',
  annualMinimum: null,
  tiers: [{ minimum: '0', maximum: '10000000000', rate }],
});

const refusal = (call: () => unknown): FeeEngineError => {
  try {
    call();
  } catch (error) {
    if (error instanceof FeeEngineError) return error;
    throw error;
  }
  throw new Error('expected a FeeEngineError');
};

/** Q2 2026 (91 days), quarterly by FREQUENCY, for an account whose part of the annual fee is 10,000.00. */
const q2: AdvancePartPeriodInput = {
  annualAmount: '10000.00',
  periodStart: '2026-04-01',
  periodEnd: '2026-06-30',
  frequency: 'QUARTERLY',
  proration: 'FREQUENCY',
  openedOn: '2026-05-02',
};

describe('advancePartPeriod: the first part-period of an ADVANCE account, charged in the next advance bill', () => {
  it('charges an account opened 2026-05-02 its 60 of 91 days of Q2 in the Q3 bill', () => {
    // The Q3 bill, on the values of 2026-06-30: $1,000,000 at 1 %, 10,000.00 a year, 2,500.00 for Q3.
    const q3 = householdBill({
      schedule: flat('100'),
      periodStart: '2026-07-01',
      periodEnd: '2026-09-30',
      frequency: 'QUARTERLY',
      proration: 'FREQUENCY',
      timing: 'ADVANCE',
      accounts: [{ id: 'a', value: '1000000', openedOn: '2026-05-02' }],
    });
    const account = q3.accounts[0]!;
    expect(account).toMatchObject({ annualShare: '10000.00', amount: '2500.00' });
    // 2026-05-02 to 2026-06-30: 30 + 30 = 60 days; 10,000 × 1/4 × 60/91 = 150,000/91 = 1,648.3516… → 1,648.35
    expect(advancePartPeriod({ ...q2, annualAmount: account.annualShare })).toEqual({
      amount: '1648.35',
      days: 91,
      openDays: 60,
      fraction: '1/4',
    });
  });

  it('prorates by ACTUAL_DAYS with the period’s fraction of the year', () => {
    // 10,000 × 91/365 × 60/91 = 600,000/365 = 1,643.8356… → 1,643.84
    expect(advancePartPeriod({ ...q2, proration: 'ACTUAL_DAYS' })).toEqual({
      amount: '1643.84',
      days: 91,
      openDays: 60,
      fraction: '91/365',
    });
  });

  it('charges the whole period for an opening on its first day, one day for an opening on its last', () => {
    expect(advancePartPeriod({ ...q2, openedOn: '2026-04-01' })).toMatchObject({
      amount: '2500.00',
      openDays: 91,
    });
    // 2,500/91 = 27.4725… → 27.47
    expect(advancePartPeriod({ ...q2, openedOn: '2026-06-30' })).toMatchObject({
      amount: '27.47',
      openDays: 1,
    });
    // June 2026, monthly: opened 2026-06-21, 10 of 30 days: 10,000/12 × 10/30 = 277.777… → 277.78
    expect(
      advancePartPeriod({
        ...q2,
        frequency: 'MONTHLY',
        periodStart: '2026-06-01',
        periodEnd: '2026-06-30',
        openedOn: '2026-06-21',
      }),
    ).toEqual({ amount: '277.78', days: 30, openDays: 10, fraction: '1/12' });
  });

  it('rounds once: not the rounded period fee × the days', () => {
    // 0.02 a year, opened 2026-05-16 (46 of 91 days): 2 cents × 1/4 × 46/91 = 0.2527… cent → 0.00; the quarter
    // rounded first (0.5 cent → 0.01) would have given 0.01 × 46/91 = 0.505… cent → 0.01.
    expect(advancePartPeriod({ ...q2, annualAmount: '0.02', openedOn: '2026-05-16' }).amount).toBe('0.00');
  });

  it.each([
    ['an opening before the period', { openedOn: '2026-03-31' }, 'OPENED_BEFORE_PERIOD', 'openedOn'],
    ['an opening after the period', { openedOn: '2026-07-01' }, 'OPENED_AFTER_PERIOD', 'openedOn'],
    ['an invalid opening date', { openedOn: '2026-05-32' }, 'INVALID_DATE', 'openedOn'],
    ['a negative annual amount', { annualAmount: '-1.00' }, 'NEGATIVE_VALUE', 'annualAmount'],
    ['an annual amount as a number', { annualAmount: 10000 }, 'INVALID_DECIMAL', 'annualAmount'],
    ['an unknown frequency', { frequency: 'WEEKLY' }, 'UNKNOWN_VALUE', 'frequency'],
    ['a period ending before it starts', { periodEnd: '2026-03-31' }, 'PERIOD_END_BEFORE_START', 'periodEnd'],
  ])('refuses %s', (_, change, code, path) => {
    const error = refusal(() => advancePartPeriod({ ...q2, ...(change as Partial<AdvancePartPeriodInput>) }));
    expect(error).toMatchObject({ code, path });
  });

  it('with a message that says what to do', () => {
    expect(refusal(() => advancePartPeriod({ ...q2, openedOn: '2026-03-31' })).message).toBe(
      'The account opened on 2026-03-31, before the period 2026-04-01 to 2026-06-30: give the period it opened in.',
    );
    expect(refusal(() => advancePartPeriod(null as never))).toMatchObject({
      code: 'INVALID_INPUT',
      path: '',
    });
  });
});

const refundQ2: AdvanceRefundInput = {
  billedAmount: '2500.00',
  periodStart: '2026-04-01',
  periodEnd: '2026-06-30',
  closedOn: '2026-05-15',
};

describe('advanceRefund: the unused days of a period billed in advance, credited', () => {
  it('credits 46 of 91 days of 2,500.00 for a closing on 2026-05-15', () => {
    // 2026-05-16 to 2026-06-30: 16 + 30 = 46 days; −2,500 × 46/91 = −115,000/91 = −1,263.7362… → −1,263.74
    const refund = advanceRefund(refundQ2);
    expect(refund).toEqual({ amount: '-1263.74', unusedDays: 46, days: 91 });
    // ARREARS would have billed the other 45 days (1,236.26): 45 + 46 = 91 days, 1,236.26 + 1,263.74 = 2,500.00.
    const arrears = householdBill({
      schedule: flat('100'),
      periodStart: '2026-04-01',
      periodEnd: '2026-06-30',
      frequency: 'QUARTERLY',
      proration: 'FREQUENCY',
      timing: 'ARREARS',
      accounts: [{ id: 'a', value: '1000000', closedOn: '2026-05-15' }],
    });
    expect(arrears.amount).toBe('1236.26');
    expect(45 + refund.unusedDays).toBe(refund.days);
    expect(Math.round(Number(arrears.amount) * 100) - Math.round(Number(refund.amount) * 100)).toBe(250_000);
  });

  it('gives 0.00 for a closing on the period’s end and all days but one for a closing on its start', () => {
    expect(advanceRefund({ ...refundQ2, closedOn: '2026-06-30' })).toEqual({
      amount: '0.00',
      unusedDays: 0,
      days: 91,
    });
    // −2,500 × 90/91 = −2,472.5274… → −2,472.53
    expect(advanceRefund({ ...refundQ2, closedOn: '2026-04-01' })).toEqual({
      amount: '-2472.53',
      unusedDays: 90,
      days: 91,
    });
    expect(advanceRefund({ ...refundQ2, billedAmount: '0' }).amount).toBe('0.00');
  });

  it('rounds a half cent away from zero, as a charge of the same days would round up', () => {
    // 0.01 billed for 2 days, closed on the first: −0.01 × 1/2 = −0.005 → −0.01 (0.005 → 0.01)
    expect(
      advanceRefund({
        billedAmount: '0.01',
        periodStart: '2026-06-29',
        periodEnd: '2026-06-30',
        closedOn: '2026-06-29',
      }),
    ).toEqual({ amount: '-0.01', unusedDays: 1, days: 2 });
  });

  it.each([
    ['a closing before the period', { closedOn: '2026-03-31' }, 'CLOSED_BEFORE_PERIOD', 'closedOn'],
    ['a closing after the period', { closedOn: '2026-07-01' }, 'CLOSED_AFTER_PERIOD', 'closedOn'],
    ['an invalid closing date', { closedOn: '15/05/2026' }, 'INVALID_DATE', 'closedOn'],
    ['a negative amount billed', { billedAmount: '-2500.00' }, 'NEGATIVE_VALUE', 'billedAmount'],
    ['a period ending before it starts', { periodEnd: '2026-03-31' }, 'PERIOD_END_BEFORE_START', 'periodEnd'],
  ])('refuses %s', (_, change, code, path) => {
    expect(refusal(() => advanceRefund({ ...refundQ2, ...change }))).toMatchObject({ code, path });
  });

  it('with a message that says what to do', () => {
    expect(refusal(() => advanceRefund({ ...refundQ2, closedOn: '2026-07-01' })).message).toBe(
      'The account closed on 2026-07-01, after the period 2026-04-01 to 2026-06-30: give the period it closed in.',
    );
  });
});
