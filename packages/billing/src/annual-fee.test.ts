import { describe, expect, it } from 'vitest';
import {
  FeeEngineError,
  annualFee,
  validateFeeSchedule,
  type FeeEngineErrorCode,
  type FeeSchedule,
} from './index.ts';

const CEILING = '10000000000';

/** A schedule from its breakpoints: [[maximum, rate], ...], each tier starting where the previous ends. */
const schedule = (
  type: FeeSchedule['type'],
  structure: FeeSchedule['structure'],
  tiers: [maximum: string, rate: string][],
  annualMinimum: string | null = null,
): FeeSchedule => ({
  type,
  structure,
  annualMinimum,
  tiers: tiers.map(([maximum, rate], index) => ({
    minimum: index === 0 ? '0' : (tiers[index - 1] as [string, string])[0],
    maximum,
    rate,
  })),
});

const TWO_TIERS: [string, string][] = [
  ['1000000', '100'],
  [CEILING, '75'],
];

/** The FeeEngineError a call throws (fails the test when it throws nothing or something else). */
const refusal = (call: () => unknown): FeeEngineError => {
  try {
    call();
  } catch (error) {
    if (error instanceof FeeEngineError) return error;
    throw error;
  }
  throw new Error('expected a FeeEngineError');
};

describe('annualFee: tiers', () => {
  it('LINEAR: a value at exactly a maximum belongs to that tier, a cent above to the next', () => {
    const linear = schedule('PERCENTAGE', 'LINEAR', TWO_TIERS);
    expect(annualFee(linear, '1000000').amount).toBe('10000.00');
    // 1,000,000.01 × 0.75 % = 7,500.000075
    expect(annualFee(linear, '1000000.01').amount).toBe('7500.00');
    expect(annualFee(linear, '1000000.01').lines).toEqual([
      { minimum: '1000000.00', maximum: '10000000000.00', base: '1000000.01', rate: '75', amount: '7500.00' },
    ]);
  });

  it('TIERED: a value at exactly a maximum does not reach the next tier', () => {
    const tiered = schedule('PERCENTAGE', 'TIERED', TWO_TIERS);
    expect(annualFee(tiered, '1000000')).toEqual({
      amount: '10000.00',
      minimumApplied: false,
      lines: [
        { minimum: '0.00', maximum: '1000000.00', base: '1000000.00', rate: '100', amount: '10000.00' },
      ],
    });
    expect(annualFee(tiered, '1000100').lines.map((line) => [line.base, line.amount])).toEqual([
      ['1000000.00', '10000.00'],
      ['100.00', '0.75'],
    ]);
  });

  it('0 belongs to the first tier (LINEAR shows it) and costs nothing by percentage', () => {
    expect(annualFee(schedule('PERCENTAGE', 'LINEAR', TWO_TIERS), '0')).toEqual({
      amount: '0.00',
      minimumApplied: false,
      lines: [{ minimum: '0.00', maximum: '1000000.00', base: '0.00', rate: '100', amount: '0.00' }],
    });
    expect(annualFee(schedule('PERCENTAGE', 'TIERED', TWO_TIERS), '0')).toEqual({
      amount: '0.00',
      minimumApplied: false,
      lines: [],
    });
  });

  it('PERCENTAGE rates are basis points a year, with up to two decimals', () => {
    expect(annualFee(schedule('PERCENTAGE', 'LINEAR', [[CEILING, '1']]), '10000').amount).toBe('1.00');
    expect(annualFee(schedule('PERCENTAGE', 'LINEAR', [[CEILING, '12.5']]), '1000000').amount).toBe(
      '1250.00',
    );
    expect(annualFee(schedule('PERCENTAGE', 'LINEAR', [[CEILING, '1.75']]), '1000000').amount).toBe('175.00');
  });

  it('FIXED LINEAR charges the amount of the value’s tier (0 included: it belongs to the first tier)', () => {
    const fixed = schedule('FIXED', 'LINEAR', [
      ['1000000', '2400'],
      [CEILING, '6000'],
    ]);
    expect(annualFee(fixed, '500000').amount).toBe('2400.00');
    expect(annualFee(fixed, '1000000').amount).toBe('2400.00');
    expect(annualFee(fixed, '1000000.01').amount).toBe('6000.00');
    expect(annualFee(fixed, '0')).toMatchObject({ amount: '2400.00', minimumApplied: false });
  });

  it('FIXED TIERED charges the amounts of every tier the value reaches (minimum < value)', () => {
    const fixed = schedule('FIXED', 'TIERED', [
      ['1000000', '2400'],
      ['2000000', '1000.50'],
      [CEILING, '6000'],
    ]);
    expect(annualFee(fixed, '0')).toEqual({ amount: '0.00', minimumApplied: false, lines: [] });
    expect(annualFee(fixed, '0.01').amount).toBe('2400.00');
    expect(annualFee(fixed, '1000000').amount).toBe('2400.00');
    expect(annualFee(fixed, '1000000.01').amount).toBe('3400.50');
    expect(annualFee(fixed, '2000000').amount).toBe('3400.50');
    expect(annualFee(fixed, '5000000')).toEqual({
      amount: '9400.50',
      minimumApplied: false,
      lines: [
        { minimum: '0.00', maximum: '1000000.00', base: '1000000.00', rate: '2400', amount: '2400.00' },
        {
          minimum: '1000000.00',
          maximum: '2000000.00',
          base: '1000000.00',
          rate: '1000.50',
          amount: '1000.50',
        },
        {
          minimum: '2000000.00',
          maximum: '10000000000.00',
          base: '3000000.00',
          rate: '6000',
          amount: '6000.00',
        },
      ],
    });
  });

  it('values above $10,000,000,000 are outside every schedule', () => {
    const error = refusal(() => annualFee(schedule('PERCENTAGE', 'TIERED', TWO_TIERS), '10000000000.01'));
    expect(error).toMatchObject({ code: 'VALUE_ABOVE_CEILING', path: 'billableValue' });
    expect(annualFee(schedule('PERCENTAGE', 'TIERED', TWO_TIERS), CEILING).amount).toBe('75002500.00');
  });
});

describe('annualFee: the annual minimum', () => {
  const withMinimum = schedule('PERCENTAGE', 'LINEAR', [[CEILING, '125']], '4000');

  it('raises the fee to the minimum when the billable value is above zero', () => {
    expect(annualFee(withMinimum, '0.01')).toMatchObject({ amount: '4000.00', minimumApplied: true });
    // The lines still explain the tiers' own fee: 250,000 × 1.25 % = 3,125.
    expect(annualFee(withMinimum, '250000').lines[0]?.amount).toBe('3125.00');
  });

  it('does not apply to a zero value, nor when the tiers already reach it', () => {
    expect(annualFee(withMinimum, '0')).toMatchObject({ amount: '0.00', minimumApplied: false });
    expect(annualFee(withMinimum, '320000')).toMatchObject({ amount: '4000.00', minimumApplied: false });
    expect(annualFee(withMinimum, '400000')).toMatchObject({ amount: '5000.00', minimumApplied: false });
  });
});

describe('annualFee: rounding', () => {
  it('rounds the exact fee once, half up, to the cent', () => {
    const flat = schedule('PERCENTAGE', 'LINEAR', [[CEILING, '100']]);
    expect(annualFee(flat, '0.50').amount).toBe('0.01'); // 0.005
    expect(annualFee(flat, '0.49').amount).toBe('0.00'); // 0.0049
    expect(annualFee(flat, '1234567.89').amount).toBe('12345.68'); // 12,345.6789
  });

  it('splits the rounded total over the lines by largest remainder, so the lines add up to it', () => {
    // Two lines of 0.005 each: rounding each would say 0.02 for a fee of 0.01.
    const fee = annualFee(
      schedule('PERCENTAGE', 'TIERED', [
        ['50', '1'],
        [CEILING, '1'],
      ]),
      '100',
    );
    expect(fee.amount).toBe('0.01');
    expect(fee.lines.map((line) => line.amount)).toEqual(['0.01', '0.00']);
  });
});

describe('fee schedule validation', () => {
  const valid = schedule('PERCENTAGE', 'TIERED', [
    ['500000', '100'],
    ['2000000', '75'],
    [CEILING, '50'],
  ]);
  const withTiers = (tiers: unknown): FeeSchedule => ({ ...valid, tiers: tiers as FeeSchedule['tiers'] });
  const tier = (minimum: string, maximum: string, rate = '100') => ({ minimum, maximum, rate });

  it('accepts a valid schedule, with 1 to 7 tiers', () => {
    expect(validateFeeSchedule(valid)).toEqual([]);
    expect(validateFeeSchedule(withTiers([tier('0', CEILING)]))).toEqual([]);
  });

  const cases: [string, FeeSchedule, FeeEngineErrorCode, string, string][] = [
    ['no tiers', withTiers([]), 'NO_TIERS', 'tiers', 'Please enter the structure fields'],
    [
      'more than 7 tiers',
      withTiers(
        ['1', '2', '3', '4', '5', '6', '7'].map((max, i) => tier(String(i), max)).concat(tier('7', CEILING)),
      ),
      'TOO_MANY_TIERS',
      'tiers',
      'A fee schedule has at most 7 tiers (this one has 8): merge or remove some.',
    ],
    [
      'a maximum equal to its minimum',
      withTiers([tier('0', '0'), tier('0', CEILING)]),
      'TIER_MAXIMUM_NOT_ABOVE_MINIMUM',
      'tiers[0].maximum',
      'Maximum ($) Value can never be equal to or less than Min ($) value',
    ],
    [
      'a maximum below its minimum',
      withTiers([tier('0', '500000'), tier('500000', '400000'), tier('400000', CEILING)]),
      'TIER_MAXIMUM_NOT_ABOVE_MINIMUM',
      'tiers[1].maximum',
      'Maximum ($) Value can never be equal to or less than Min ($) value',
    ],
    [
      'overlapping tiers',
      withTiers([tier('0', '500000'), tier('400000', CEILING)]),
      'TIER_OVERLAP',
      'tiers[1].minimum',
      'This value is already added in the structure.',
    ],
    [
      'a tier repeated',
      withTiers([tier('0', '500000'), tier('0', '500000'), tier('500000', CEILING)]),
      'TIER_OVERLAP',
      'tiers[1].minimum',
      'This value is already added in the structure.',
    ],
    [
      'a gap between tiers',
      withTiers([tier('0', '500000'), tier('600000', CEILING)]),
      'TIER_GAP',
      'tiers[1].minimum',
      'Tier 2 must start at $500,000, where tier 1 ends: values between them would have no rate.',
    ],
    [
      'tiers out of order',
      withTiers([tier('0', '500000'), tier('2000000', CEILING), tier('500000', '2000000')]),
      'TIERS_NOT_SORTED',
      'tiers[2].minimum',
      'Tiers must be listed by their Min ($), lowest first.',
    ],
    [
      'a first tier not starting at 0',
      withTiers([tier('100', CEILING)]),
      'FIRST_TIER_NOT_AT_ZERO',
      'tiers[0].minimum',
      'The first tier must start at $0.',
    ],
    [
      'a last tier not ending at $10,000,000,000',
      withTiers([tier('0', '500000'), tier('500000', '9999999999.99')]),
      'LAST_TIER_NOT_AT_CEILING',
      'tiers[1].maximum',
      'Please enter the structure fields',
    ],
    [
      'a maximum above $10,000,000,000',
      withTiers([tier('0', '10000000000.01')]),
      'VALUE_ABOVE_CEILING',
      'tiers[0].maximum',
      'Maximum ($) can be at most $10,000,000,000.',
    ],
    [
      'a negative minimum',
      withTiers([tier('-1', CEILING)]),
      'NEGATIVE_VALUE',
      'tiers[0].minimum',
      'Min ($) cannot be negative (got -1).',
    ],
    [
      'a malformed maximum',
      withTiers([tier('0', '1,000,000'), tier('1000000', CEILING)]),
      'INVALID_DECIMAL',
      'tiers[0].maximum',
      'Maximum ($) must be an amount in dollars with at most two decimals, like 250000.00 (got "1,000,000").',
    ],
    [
      'a rate below 1',
      withTiers([tier('0', CEILING, '0.99')]),
      'RATE_OUT_OF_RANGE',
      'tiers[0].rate',
      'Rate must be from 1 to 1,000,000 basis points a year, with at most 2 decimals (got "0.99").',
    ],
    [
      'a rate above 1,000,000',
      withTiers([tier('0', CEILING, '1000000.01')]),
      'RATE_OUT_OF_RANGE',
      'tiers[0].rate',
      'Rate must be from 1 to 1,000,000 basis points a year, with at most 2 decimals (got "1000000.01").',
    ],
    [
      'a rate with three decimals',
      withTiers([tier('0', CEILING, '1.005')]),
      'RATE_OUT_OF_RANGE',
      'tiers[0].rate',
      'Rate must be from 1 to 1,000,000 basis points a year, with at most 2 decimals (got "1.005").',
    ],
    [
      'a malformed rate',
      withTiers([tier('0', CEILING, '1%')]),
      'INVALID_DECIMAL',
      'tiers[0].rate',
      'Rate must be from 1 to 1,000,000 basis points a year, with at most 2 decimals (got "1%").',
    ],
    [
      'a rate given as a number',
      withTiers([{ minimum: '0', maximum: CEILING, rate: 100 }]),
      'INVALID_DECIMAL',
      'tiers[0].rate',
      'Rate must be from 1 to 1,000,000 basis points a year, with at most 2 decimals (got 100).',
    ],
    [
      'a tier that is not an object',
      withTiers([null]),
      'INVALID_INPUT',
      'tiers[0]',
      'Please enter the structure fields',
    ],
    [
      'an unknown type',
      { ...valid, type: 'PERCENT' as FeeSchedule['type'] },
      'UNKNOWN_VALUE',
      'type',
      'Fee type must be one of PERCENTAGE, FIXED (got "PERCENT").',
    ],
    [
      'an unknown structure',
      { ...valid, structure: 'FLAT' as FeeSchedule['structure'] },
      'UNKNOWN_VALUE',
      'structure',
      'Fee structure must be one of TIERED, LINEAR (got "FLAT").',
    ],
    [
      'an annual minimum above $100,000',
      { ...valid, annualMinimum: '100000.01' },
      'ANNUAL_MINIMUM_ABOVE_LIMIT',
      'annualMinimum',
      'Annual minimum can be at most $100,000.',
    ],
    [
      'a negative annual minimum',
      { ...valid, annualMinimum: '-5' },
      'NEGATIVE_VALUE',
      'annualMinimum',
      'Annual minimum cannot be negative (got -5).',
    ],
  ];

  it.each(cases)('refuses %s', (_, invalid, code, path, message) => {
    expect(validateFeeSchedule(invalid)).toContainEqual({ code, path, message });
    const error = refusal(() => annualFee(invalid, '1000'));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'FeeEngineError', code, path, message });
  });

  it('FIXED rates are told in dollars', () => {
    expect(validateFeeSchedule({ ...valid, type: 'FIXED', tiers: [tier('0', CEILING, '0')] })).toEqual([
      {
        code: 'RATE_OUT_OF_RANGE',
        path: 'tiers[0].rate',
        message: 'Rate must be from 1 to 1,000,000 dollars a year, with at most 2 decimals (got "0").',
      },
    ]);
  });

  it('lists every problem, in the order of the fields; the error carries them all', () => {
    const invalid = withTiers([tier('0', '500000', '0'), tier('600000', '500000')]);
    expect(validateFeeSchedule(invalid).map((problem) => [problem.code, problem.path])).toEqual([
      ['RATE_OUT_OF_RANGE', 'tiers[0].rate'],
      ['TIER_MAXIMUM_NOT_ABOVE_MINIMUM', 'tiers[1].maximum'],
      ['TIER_GAP', 'tiers[1].minimum'],
      ['LAST_TIER_NOT_AT_CEILING', 'tiers[1].maximum'],
    ]);
    expect(refusal(() => annualFee(invalid, '1')).problems).toHaveLength(4);
  });

  it('refuses what is not a schedule at all', () => {
    expect(validateFeeSchedule(null)).toEqual([
      { code: 'INVALID_INPUT', path: '', message: 'A fee schedule is required.' },
    ]);
    expect(validateFeeSchedule({ type: 'FIXED', structure: 'LINEAR', annualMinimum: null })).toEqual([
      { code: 'NO_TIERS', path: 'tiers', message: 'Please enter the structure fields' },
    ]);
  });

  it('checks the value billed: negative, malformed', () => {
    expect(refusal(() => annualFee(valid, '-1'))).toMatchObject({
      code: 'NEGATIVE_VALUE',
      path: 'billableValue',
    });
    expect(refusal(() => annualFee(valid, '1.001'))).toMatchObject({
      code: 'INVALID_DECIMAL',
      path: 'billableValue',
    });
    expect(refusal(() => annualFee(valid, 1000 as unknown as string))).toMatchObject({
      code: 'INVALID_DECIMAL',
    });
  });

  it('sees a schedule changed after it was used (the parsed form is not kept stale)', () => {
    const changing = schedule('PERCENTAGE', 'LINEAR', [[CEILING, '100']]);
    expect(annualFee(changing, '1000000').amount).toBe('10000.00');
    (changing.tiers[0] as { rate: string }).rate = '50';
    expect(annualFee(changing, '1000000').amount).toBe('5000.00');
    (changing.tiers[0] as { maximum: string }).maximum = '5';
    expect(refusal(() => annualFee(changing, '1')).code).toBe('LAST_TIER_NOT_AT_CEILING');
  });
});
