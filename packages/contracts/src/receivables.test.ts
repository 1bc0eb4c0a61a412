import { describe, expect, it } from 'vitest';
import {
  commissionSplitAmount,
  RECEIVABLE_MESSAGES,
  receivableBodySchema,
  receivableSchedule,
  splitSchedule,
} from './receivables-api.ts';

const terms = (overrides: Partial<Parameters<typeof receivableSchedule>[0]> = {}) => ({
  paymentFrequency: 'MONTHLY' as const,
  numberOfPayments: 3,
  startDate: '2026-01-31',
  amount: '100.00',
  ...overrides,
});

describe('receivableSchedule', () => {
  it('monthly from the 31st clamps to each month end, from the anchor', () => {
    expect(receivableSchedule(terms({ numberOfPayments: 5 })).map((p) => p.dueDate)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
  });

  it('quarterly from Nov 30 lands on Feb 28, then May 30 (not 28)', () => {
    expect(
      receivableSchedule(terms({ paymentFrequency: 'QUARTERLY', startDate: '2026-11-30' })).map(
        (p) => p.dueDate,
      ),
    ).toEqual(['2026-11-30', '2027-02-28', '2027-05-30']);
  });

  it('ONE_TIME is one payment on the start date; PAID_UP expects none', () => {
    expect(receivableSchedule(terms({ paymentFrequency: 'ONE_TIME', numberOfPayments: 1 }))).toEqual([
      { sequence: 1, dueDate: '2026-01-31', amount: '100.00' },
    ]);
    expect(receivableSchedule(terms({ paymentFrequency: 'PAID_UP', numberOfPayments: 12 }))).toEqual([]);
  });
});

describe('commission splits (decision 0018)', () => {
  it('payee amount = payment × app % × commission %, half up to the cent', () => {
    expect(commissionSplitAmount('1200.00', '50', '80')).toBe('480.00');
    expect(commissionSplitAmount('1000.03', '33.33', '15')).toBe('50.00');
    expect(commissionSplitAmount('100.00', '100', '300')).toBe('300.00');
    expect(commissionSplitAmount('0.10', '50', '10')).toBe('0.01'); // 0.005 rounds up
    expect(commissionSplitAmount('0.09', '50', '10')).toBe('0.00'); // 0.0045 rounds down
  });

  it('a split covers its number of payments from its start date; the firm keeps the rest', () => {
    const payments = receivableSchedule(
      terms({ amount: '1000.00', numberOfPayments: 4, startDate: '2026-01-15' }),
    );
    const splits = [
      { appPercentage: '60', commissionPercentage: '50', startDate: '2026-02-01', numberOfPayments: 2 },
    ];
    const result = splitSchedule(payments, splits);
    expect(payments.map((p) => [result.get(p)?.shares.map((s) => s.amount), result.get(p)?.firm])).toEqual([
      [[], '1000.00'],
      [['300.00'], '700.00'],
      [['300.00'], '700.00'],
      [[], '1000.00'],
    ]);
  });
});

describe('receivableBodySchema', () => {
  const valid = {
    productType: 'LIFE_TERM',
    receivableProductId: 1,
    providerId: 2,
    clientId: '00000000-0000-4000-8000-000000000001',
    accountHolder: ' Ada ',
    amount: '1200',
    paymentFrequency: 'MONTHLY',
    numberOfPayments: 12,
    startDate: '2026-01-15',
    splits: [],
  };
  const messageOf = (overrides: Record<string, unknown>) => {
    const parsed = receivableBodySchema.safeParse({ ...valid, ...overrides });
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };

  it('reads a valid receivable: trimmed holder, amount with two decimals, no description', () => {
    const parsed = receivableBodySchema.parse(valid);
    expect(parsed).toMatchObject({ accountHolder: 'Ada', description: null, policyNumber: null });
  });

  it('holds the §5 bounds with their messages', () => {
    expect(messageOf({ accountHolder: 'x'.repeat(31) })).toBe(RECEIVABLE_MESSAGES.accountHolderMax);
    expect(messageOf({ amount: '50000001' })).toBe(RECEIVABLE_MESSAGES.amountRange);
    expect(messageOf({ amount: '50000000' })).toBeNull();
    expect(messageOf({ amount: '1' })).toBeNull();
    expect(messageOf({ numberOfPayments: 120 })).toBeNull();
    expect(messageOf({ numberOfPayments: 121 })).toBe(RECEIVABLE_MESSAGES.numberOfPaymentsRange);
    const split = {
      type: 'FIRM',
      payeeId: null,
      appPercentage: '100',
      commissionPercentage: '300',
      startDate: '2026-01-01',
      numberOfPayments: 12,
      creditTo: '100',
    };
    expect(messageOf({ splits: [split] })).toBeNull();
    expect(messageOf({ splits: [{ ...split, numberOfPayments: 13 }] })).toBe(
      'The number of payments cannot exceed the total product payment.',
    );
    expect(
      messageOf({
        paymentFrequency: 'ONE_TIME',
        numberOfPayments: 1,
        splits: [{ ...split, numberOfPayments: 2 }],
      }),
    ).toBe(RECEIVABLE_MESSAGES.splitPaymentsAboveTotal);
  });
});
