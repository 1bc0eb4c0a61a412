import { describe, expect, it } from 'vitest';
import { FeeEngineError, allocate, splitPayouts } from './index.ts';

const refusal = (call: () => unknown): FeeEngineError => {
  try {
    call();
  } catch (error) {
    if (error instanceof FeeEngineError) return error;
    throw error;
  }
  throw new Error('expected a FeeEngineError');
};

describe('allocate', () => {
  it('splits in proportion to the weights, rounding each share down and the leftover cents by largest remainder', () => {
    // 100 × 1/6 = 16.67 (floor 16, remainder .67), 33.33 (.33), 50 (0): the leftover cent goes to the first.
    expect(allocate('1.00', ['1', '2', '3'])).toEqual(['0.17', '0.33', '0.50']);
    expect(allocate('1.00', ['3', '2', '1'])).toEqual(['0.50', '0.33', '0.17']);
    expect(allocate('1000.00', ['100000.00', '300000.00'])).toEqual(['250.00', '750.00']);
  });

  it('gives tied remainders to the earlier position', () => {
    expect(allocate('100.00', ['1', '1', '1'])).toEqual(['33.34', '33.33', '33.33']);
    expect(allocate('0.02', ['1', '1', '1'])).toEqual(['0.01', '0.01', '0.00']);
    expect(allocate('0.02', ['2', '1', '1', '2'])).toEqual(['0.01', '0.00', '0.00', '0.01']);
  });

  it('splits equally when every weight is zero', () => {
    expect(allocate('1.00', ['0', '0', '0'])).toEqual(['0.34', '0.33', '0.33']);
    expect(allocate('0.01', ['0.00', '0'])).toEqual(['0.01', '0.00']);
  });

  it('gives nothing to a zero weight among others; a zero total is zeros; one weight takes all', () => {
    expect(allocate('10.00', ['0', '1', '0'])).toEqual(['0.00', '10.00', '0.00']);
    expect(allocate('0', ['1', '2'])).toEqual(['0.00', '0.00']);
    expect(allocate('12.34', ['0'])).toEqual(['12.34']);
  });

  it('takes decimal weights (percents, values with cents) exactly', () => {
    expect(allocate('10.00', ['33.3333333333', '66.6666666667'])).toEqual(['3.33', '6.67']);
    expect(allocate('0.03', ['0.0000000001', '0.0000000002'])).toEqual(['0.01', '0.02']);
  });

  it('always adds up to the total', () => {
    const shares = allocate('1000000.01', ['7', '11', '13', '17', '19', '23']);
    expect(shares.reduce((sum, share) => sum + Math.round(Number(share) * 100), 0)).toBe(100000001);
  });

  it.each([
    ['no weights', () => allocate('1.00', []), 'NO_WEIGHTS', 'weights'],
    ['a negative weight', () => allocate('1.00', ['1', '-1']), 'NEGATIVE_VALUE', 'weights[1]'],
    ['a malformed weight', () => allocate('1.00', ['1', 'one']), 'INVALID_DECIMAL', 'weights[1]'],
    ['a weight with 11 decimals', () => allocate('1.00', ['0.00000000001']), 'INVALID_DECIMAL', 'weights[0]'],
    ['a negative total', () => allocate('-1.00', ['1']), 'NEGATIVE_VALUE', 'total'],
    ['a total with three decimals', () => allocate('1.001', ['1']), 'INVALID_DECIMAL', 'total'],
  ])('refuses %s', (_, call, code, path) => {
    expect(refusal(call)).toMatchObject({ code, path });
  });
});

describe('splitPayouts', () => {
  it('gives each payee its percent and the firm the rest, adding up to the fee', () => {
    expect(
      splitPayouts('1000.00', [
        { payeeId: 'advisor', percent: '40' },
        { payeeId: 'developer', percent: '12.5' },
      ]),
    ).toEqual({
      payees: [
        { payeeId: 'advisor', amount: '400.00' },
        { payeeId: 'developer', amount: '125.00' },
      ],
      firm: '475.00',
    });
  });

  it('splits odd cents by largest remainder, the firm included', () => {
    expect(
      splitPayouts('100.00', [
        { payeeId: 'a', percent: '33.33' },
        { payeeId: 'b', percent: '33.33' },
        { payeeId: 'c', percent: '33.33' },
      ]),
    ).toEqual({
      payees: [
        { payeeId: 'a', amount: '33.33' },
        { payeeId: 'b', amount: '33.33' },
        { payeeId: 'c', amount: '33.33' },
      ],
      firm: '0.01',
    });
    expect(splitPayouts('0.01', [{ payeeId: 'a', percent: '50' }])).toEqual({
      payees: [{ payeeId: 'a', amount: '0.01' }],
      firm: '0.00',
    });
  });

  it('leaves the firm nothing at exactly 100 %, everything with no payees', () => {
    expect(splitPayouts('2187.50', [{ payeeId: 'a', percent: '100' }]).firm).toBe('0.00');
    expect(splitPayouts('2187.50', [])).toEqual({ payees: [], firm: '2187.50' });
  });

  it('refuses percents adding up to more than 100, negative or malformed percents', () => {
    const error = refusal(() =>
      splitPayouts('100.00', [
        { payeeId: 'a', percent: '60' },
        { payeeId: 'b', percent: '40.5' },
      ]),
    );
    expect(error).toMatchObject({
      code: 'PERCENT_TOTAL_ABOVE_100',
      path: 'blocks',
      message:
        'The payout percents add up to 100.5 %, more than 100 %: lower them so that they fit in the fee.',
    });
    expect(refusal(() => splitPayouts('100.00', [{ payeeId: 'a', percent: '-5' }]))).toMatchObject({
      code: 'NEGATIVE_VALUE',
      path: 'blocks[0].percent',
    });
    expect(refusal(() => splitPayouts('100.00', [{ payeeId: 'a', percent: '5 %' }]))).toMatchObject({
      code: 'INVALID_DECIMAL',
      path: 'blocks[0].percent',
    });
    expect(refusal(() => splitPayouts('-1', []))).toMatchObject({ code: 'NEGATIVE_VALUE', path: 'fee' });
  });

  it('gives the firm alone the fee on assets excluded from the payout, payees sharing the rest', () => {
    // 1,000 of fee, 250 of it on payout-excluded assets: the payees' percents apply to 750.
    expect(
      splitPayouts(
        '1000.00',
        [
          { payeeId: 'advisor', percent: '80' },
          { payeeId: 'developer', percent: '20' },
        ],
        { firmOnly: '250.00' },
      ),
    ).toEqual({
      payees: [
        { payeeId: 'advisor', amount: '600.00' },
        { payeeId: 'developer', amount: '150.00' },
      ],
      firm: '250.00',
    });
    // Odd cents: the payees' part split by largest remainder, the firm's own part added whole.
    expect(splitPayouts('100.00', [{ payeeId: 'a', percent: '33.33' }], { firmOnly: '0.01' })).toEqual({
      payees: [{ payeeId: 'a', amount: '33.33' }], // 33.3267 of the 99.99 shared, the odd cent its
      firm: '66.67', // 66.6633 + 0.01 of its own
    });
    expect(splitPayouts('100.00', [{ payeeId: 'a', percent: '100' }], { firmOnly: '100.00' })).toEqual({
      payees: [{ payeeId: 'a', amount: '0.00' }],
      firm: '100.00',
    });
    expect(splitPayouts('100.00', [{ payeeId: 'a', percent: '50' }], { firmOnly: null })).toEqual(
      splitPayouts('100.00', [{ payeeId: 'a', percent: '50' }]),
    );
  });

  it('refuses a firm-only part above the fee, negative or malformed', () => {
    expect(refusal(() => splitPayouts('100.00', [], { firmOnly: '100.01' }))).toMatchObject({
      code: 'INVALID_INPUT',
      path: 'firmOnly',
      message: "The firm's own part of the fee (100.01) is more than the fee (100.00).",
    });
    expect(refusal(() => splitPayouts('100.00', [], { firmOnly: '-1.00' }))).toMatchObject({
      code: 'NEGATIVE_VALUE',
      path: 'firmOnly',
    });
    expect(refusal(() => splitPayouts('100.00', [], { firmOnly: '1.001' }))).toMatchObject({
      code: 'INVALID_DECIMAL',
      path: 'firmOnly',
    });
  });
});
