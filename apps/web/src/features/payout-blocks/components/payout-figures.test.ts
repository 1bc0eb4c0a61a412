import type { PayoutBlock } from '@centric/contracts';
import { describe, expect, it } from 'vitest';
import { blockStateOf, liveTotalsOf, percentOfHundredths } from './payout-figures.ts';

const PERIOD = { start: '2026-04-01', end: '2026-06-30' };

const block = (id: string, payoutPercentage: string, creditTo: string, active = true) =>
  ({ id, payoutPercentage, creditTo, active, paymentsMade: 0 }) as PayoutBlock;

describe('percentOfHundredths', () => {
  it('writes hundredths of a percent as the server does', () => {
    expect(percentOfHundredths(10_000n)).toBe('100');
    expect(percentOfHundredths(3_333n)).toBe('33.33');
    expect(percentOfHundredths(1_050n)).toBe('10.5');
    expect(percentOfHundredths(5n)).toBe('0.05');
    expect(percentOfHundredths(-250n)).toBe('-2.5');
  });
});

describe('blockStateOf', () => {
  const of = (fields: Partial<PayoutBlock>) =>
    blockStateOf(
      { active: false, startDate: '2026-01-01', numberOfPayments: null, paymentsMade: 0, ...fields },
      PERIOD,
    );
  it('tells active, not started, paid out and ended apart', () => {
    expect(of({ active: true })).toBe('ACTIVE');
    expect(of({ startDate: '2026-07-01' })).toBe('NOT_STARTED');
    expect(of({ numberOfPayments: 4, paymentsMade: 4 })).toBe('PAID_OUT');
    expect(of({ numberOfPayments: 4, paymentsMade: 2 })).toBe('ENDED');
  });
});

describe('liveTotalsOf', () => {
  const list = {
    period: PERIOD,
    blocks: [block('a', '40', '50'), block('b', '33.33', '20'), block('c', '50', '50', false)],
  };
  const typed = { payoutPercentage: '20', creditTo: '10', startDate: '2026-05-01' };

  it("adds a new block to the active ones' totals, the inactive ones left out", () => {
    expect(liveTotalsOf(list, null, typed)).toEqual({
      payoutPercentageTotal: '93.33',
      creditToTotal: '80',
      firmResidual: '6.67',
      overHundred: false,
      editedCounts: true,
    });
  });

  it('counts the edited block in place of its saved self', () => {
    const edited = { id: 'a', paymentsMade: 0 };
    expect(liveTotalsOf(list, edited, { ...typed, payoutPercentage: '66.67' })).toMatchObject({
      payoutPercentageTotal: '100',
      firmResidual: '0',
      overHundred: false,
    });
    expect(liveTotalsOf(list, edited, { ...typed, payoutPercentage: '70' })).toMatchObject({
      payoutPercentageTotal: '103.33',
      firmResidual: '0',
      overHundred: true,
    });
  });

  it('leaves out a block that starts after the period or has made its payments, and what is not a percent yet', () => {
    expect(liveTotalsOf(list, null, { ...typed, startDate: '2026-07-01' })).toMatchObject({
      payoutPercentageTotal: '73.33',
      editedCounts: false,
    });
    const paid = { id: 'b', paymentsMade: 6 };
    expect(
      liveTotalsOf(list, paid, {
        ...typed,
        payoutBlockPaymentType: 'Number_Of_Payments',
        numberOfPayments: 6,
      }),
    ).toMatchObject({ payoutPercentageTotal: '40', editedCounts: false });
    expect(liveTotalsOf(list, null, { ...typed, payoutPercentage: '12,5', startDate: '' })).toMatchObject({
      payoutPercentageTotal: '73.33',
      editedCounts: true,
    });
  });
});
