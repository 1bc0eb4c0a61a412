import { describe, expect, it } from 'vitest';
import { FeeEngineError, periodFee, type FeeSchedule, type PeriodFeeInput } from './index.ts';

const CEILING = '10000000000';
const flat = (rate: string, annualMinimum: string | null = null): FeeSchedule => ({
  type: 'PERCENTAGE',
  structure: 'LINEAR',
  annualMinimum,
  tiers: [{ minimum: '0', maximum: CEILING, rate }],
});

const quarter: PeriodFeeInput = {
  schedule: flat('100'),
  billableValue: '1000000',
  periodStart: '2026-04-01',
  periodEnd: '2026-06-30',
  frequency: 'QUARTERLY',
  proration: 'FREQUENCY',
};

const refusal = (call: () => unknown): FeeEngineError => {
  try {
    call();
  } catch (error) {
    if (error instanceof FeeEngineError) return error;
    throw error;
  }
  throw new Error('expected a FeeEngineError');
};

describe('periodFee by FREQUENCY', () => {
  it.each([
    ['MONTHLY', '833.33', '1/12'],
    ['QUARTERLY', '2500.00', '1/4'],
    ['SEMI_ANNUAL', '5000.00', '1/2'],
    ['ANNUAL', '10000.00', '1/1'],
  ] as const)('%s divides the annual fee (10,000.00) by its periods: %s', (frequency, amount, fraction) => {
    expect(periodFee({ ...quarter, frequency })).toEqual({ amount, annualAmount: '10000.00', fraction });
  });

  it('does not depend on the length of the period', () => {
    expect(periodFee({ ...quarter, periodEnd: '2026-04-01' }).amount).toBe('2500.00');
  });

  it('prorates the annual minimum with the fee', () => {
    expect(periodFee({ ...quarter, schedule: flat('125', '4000'), billableValue: '250000' }).amount).toBe(
      '1000.00',
    );
    expect(periodFee({ ...quarter, schedule: flat('125', '4000'), billableValue: '0' }).amount).toBe('0.00');
  });

  it('rounds once: from the exact annual fee, not from the rounded one', () => {
    // 1,001.95 at 1 % is 10.0195 a year (shown 10.02); a month is 10.0195 / 12 = 0.83496 → 0.83,
    // where 10.02 / 12 = 0.835 would have said 0.84.
    expect(periodFee({ ...quarter, billableValue: '1001.95', frequency: 'MONTHLY' })).toEqual({
      amount: '0.83',
      annualAmount: '10.02',
      fraction: '1/12',
    });
  });
});

describe('periodFee by ACTUAL_DAYS', () => {
  const byDays = { ...quarter, proration: 'ACTUAL_DAYS' } as const;

  it('multiplies by the days of the period, both ends included, over the days of its year', () => {
    expect(periodFee(byDays)).toEqual({ amount: '2493.15', annualAmount: '10000.00', fraction: '91/365' });
    expect(periodFee({ ...byDays, periodEnd: '2026-04-01' })).toMatchObject({
      amount: '27.40',
      fraction: '1/365',
    });
    expect(periodFee({ ...byDays, periodStart: '2026-01-01', periodEnd: '2026-12-31' })).toMatchObject({
      amount: '10000.00',
      fraction: '365/365',
    });
  });

  it('counts 366 days in a leap year (and February 29th as a day)', () => {
    expect(periodFee({ ...byDays, periodStart: '2028-01-01', periodEnd: '2028-03-31' })).toMatchObject({
      amount: '2486.34', // 10,000 × 91 / 366
      fraction: '91/366',
    });
    expect(periodFee({ ...byDays, periodStart: '2028-02-01', periodEnd: '2028-02-29' }).fraction).toBe(
      '29/366',
    );
    expect(periodFee({ ...byDays, periodStart: '2000-02-01', periodEnd: '2000-02-29' }).fraction).toBe(
      '29/366',
    );
    expect(periodFee({ ...byDays, periodStart: '2100-02-01', periodEnd: '2100-02-28' }).fraction).toBe(
      '28/365',
    );
  });

  it('takes the year of the period’s start for a period across two years', () => {
    expect(periodFee({ ...byDays, periodStart: '2027-12-01', periodEnd: '2028-02-29' }).fraction).toBe(
      '91/365',
    );
    expect(periodFee({ ...byDays, periodStart: '2028-12-01', periodEnd: '2029-02-28' }).fraction).toBe(
      '90/366',
    );
  });
});

describe('periodFee refuses', () => {
  it.each([
    ['an impossible date', { periodStart: '2026-02-30' }, 'INVALID_DATE', 'periodStart'],
    ['a date not written YYYY-MM-DD', { periodEnd: '06/30/2026' }, 'INVALID_DATE', 'periodEnd'],
    ['a date with a time', { periodEnd: '2026-06-30T00:00:00Z' }, 'INVALID_DATE', 'periodEnd'],
    ['February 29th of a common year', { periodEnd: '2026-02-29' }, 'INVALID_DATE', 'periodEnd'],
    ['an end before the start', { periodEnd: '2026-03-31' }, 'PERIOD_END_BEFORE_START', 'periodEnd'],
    ['an unknown frequency', { frequency: 'WEEKLY' }, 'UNKNOWN_VALUE', 'frequency'],
    ['an unknown proration', { proration: 'DAYS' }, 'UNKNOWN_VALUE', 'proration'],
    ['a negative value', { billableValue: '-0.01' }, 'NEGATIVE_VALUE', 'billableValue'],
    ['a malformed value', { billableValue: '1e6' }, 'INVALID_DECIMAL', 'billableValue'],
    [
      'an invalid schedule (path inside the input)',
      { schedule: { ...flat('100'), tiers: [] } },
      'NO_TIERS',
      'schedule.tiers',
    ],
  ])('%s', (_, change, code, path) => {
    const error = refusal(() => periodFee({ ...quarter, ...change } as PeriodFeeInput));
    expect(error).toMatchObject({ code, path });
    expect(error.message.length).toBeGreaterThan(10);
  });

  it('with a message that says what to enter', () => {
    expect(refusal(() => periodFee({ ...quarter, periodEnd: '2026-03-31' })).message).toBe(
      'Period end (2026-03-31) must not be before period start (2026-04-01).',
    );
    expect(refusal(() => periodFee({ ...quarter, periodStart: '2026-02-30' })).message).toBe(
      'Period start must be a calendar date YYYY-MM-DD (got "2026-02-30").',
    );
    expect(refusal(() => periodFee({ ...quarter, frequency: 'WEEKLY' as 'MONTHLY' })).message).toBe(
      'Frequency must be one of MONTHLY, QUARTERLY, SEMI_ANNUAL, ANNUAL (got "WEEKLY").',
    );
    expect(refusal(() => periodFee(null as unknown as PeriodFeeInput))).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'The period fee input is required.',
    });
  });
});
