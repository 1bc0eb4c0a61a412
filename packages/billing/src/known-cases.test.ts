// The known cases of issue 5 (public figures, recomputed): the engine must reproduce every one exactly.
import { describe, expect, it } from 'vitest';
import { allocate, annualFee, householdBill, periodFee, splitPayouts, type FeeSchedule } from './index.ts';

const CEILING = '10000000000';

const percentage = (
  structure: FeeSchedule['structure'],
  tiers: [maximum: string, rate: string][],
  annualMinimum: string | null = null,
): FeeSchedule => ({
  type: 'PERCENTAGE',
  structure,
  annualMinimum,
  tiers: tiers.map(([maximum, rate], index) => ({
    minimum: index === 0 ? '0' : (tiers[index - 1] as [string, string])[0],
    maximum,
    rate,
  })),
});

describe('known cases of issue 5', () => {
  it('100 bps to $1M, 75 bps above, $1.5M: TIERED 13750.00, LINEAR 11250.00', () => {
    const tiers: [string, string][] = [
      ['1000000', '100'],
      [CEILING, '75'],
    ];
    expect(annualFee(percentage('TIERED', tiers), '1500000').amount).toBe('13750.00');
    expect(annualFee(percentage('LINEAR', tiers), '1500000').amount).toBe('11250.00');
  });

  it('0–500k 100 bps, 500k–2M 75, 2M+ 50, $1M: 8750.00 a year, 2187.50 a quarter, 2181.51 for 91 days', () => {
    const schedule = percentage('TIERED', [
      ['500000', '100'],
      ['2000000', '75'],
      [CEILING, '50'],
    ]);
    expect(annualFee(schedule, '1000000').amount).toBe('8750.00');
    const quarter = {
      schedule,
      billableValue: '1000000',
      periodStart: '2026-04-01',
      periodEnd: '2026-06-30',
    };
    expect(periodFee({ ...quarter, frequency: 'QUARTERLY', proration: 'FREQUENCY' })).toEqual({
      amount: '2187.50',
      annualAmount: '8750.00',
      fraction: '1/4',
    });
    expect(periodFee({ ...quarter, frequency: 'QUARTERLY', proration: 'ACTUAL_DAYS' })).toEqual({
      amount: '2181.51',
      annualAmount: '8750.00',
      fraction: '91/365',
    });
  });

  it('seven tiers, $3M: 18750.00', () => {
    const schedule = percentage('TIERED', [
      ['500000', '90'],
      ['1000000', '75'],
      ['2000000', '60'],
      ['4000000', '45'],
      ['6000000', '30'],
      ['10000000', '25'],
      [CEILING, '20'],
    ]);
    const fee = annualFee(schedule, '3000000');
    expect(fee.amount).toBe('18750.00');
    expect(fee.lines.map((line) => [line.base, line.amount])).toEqual([
      ['500000.00', '4500.00'],
      ['500000.00', '3750.00'],
      ['1000000.00', '6000.00'],
      ['1000000.00', '4500.00'],
    ]);
  });

  it('125 bps with a $4,000 annual minimum, $250,000: 4000.00 a year, 1000.00 a quarter', () => {
    const schedule = percentage('LINEAR', [[CEILING, '125']], '4000');
    expect(annualFee(schedule, '250000')).toMatchObject({ amount: '4000.00', minimumApplied: true });
    expect(
      periodFee({
        schedule,
        billableValue: '250000',
        periodStart: '2026-04-01',
        periodEnd: '2026-06-30',
        frequency: 'QUARTERLY',
        proration: 'FREQUENCY',
      }).amount,
    ).toBe('1000.00');
  });

  it('householding: $100k and $300k together 2125.00 a year, 2875.00 if billed apart', () => {
    const schedule = percentage('TIERED', [
      ['100000', '100'],
      ['250000', '50'],
      [CEILING, '25'],
    ]);
    const bill = householdBill({
      schedule,
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
      frequency: 'ANNUAL',
      proration: 'FREQUENCY',
      timing: 'ADVANCE',
      accounts: [
        { id: 'a', value: '100000' },
        { id: 'b', value: '300000' },
      ],
    });
    expect(bill.annualAmount).toBe('2125.00');
    expect(bill.amount).toBe('2125.00');
    expect(bill.accounts.map((account) => account.amount)).toEqual(['531.25', '1593.75']);
    const apart = [annualFee(schedule, '100000').amount, annualFee(schedule, '300000').amount];
    expect(apart).toEqual(['1000.00', '1875.00']);
    expect(Number(apart[0]) + Number(apart[1])).toBe(2875);
  });

  it('100 bps flat, a quarter by FREQUENCY, $150,000 at the end, two deposits and a withdrawal: 248.63', () => {
    // 375.00 for the quarter; 375.00 / 150,000 = 0.0025 a dollar; days from 2026-04-01: 31, 37 and 44 of 91.
    // −100,000 × 31/91 × 0.0025 − 100,000 × 37/91 × 0.0025 + 50,000 × 44/91 × 0.0025 = −11,500/91 = −126.37…
    // 375 − 11,500/91 = 22,625/91 = 248.626… → 248.63
    const bill = householdBill({
      schedule: percentage('LINEAR', [[CEILING, '100']]),
      periodStart: '2026-04-01',
      periodEnd: '2026-06-30',
      frequency: 'QUARTERLY',
      proration: 'FREQUENCY',
      timing: 'ARREARS',
      accounts: [
        {
          id: 'a',
          value: '150000',
          cashFlows: [
            { date: '2026-05-02', amount: '100000' },
            { date: '2026-05-08', amount: '100000' },
            { date: '2026-05-15', amount: '-50000' },
          ],
        },
      ],
    });
    expect(bill).toMatchObject({ billableValue: '150000.00', annualAmount: '1500.00', amount: '248.63' });
    expect(bill.accounts).toMatchObject([
      { id: 'a', billableValue: '150000.00', amount: '248.63', paidBy: 'a' },
    ]);
  });

  it('2187.50 split 80 % to a payee: 1750.00 to the payee, 437.50 to the firm', () => {
    expect(splitPayouts('2187.50', [{ payeeId: 'p', percent: '80' }])).toEqual({
      payees: [{ payeeId: 'p', amount: '1750.00' }],
      firm: '437.50',
    });
    expect(allocate('2187.50', ['80', '20'])).toEqual(['1750.00', '437.50']);
  });
});
