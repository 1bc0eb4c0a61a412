import { describe, expect, it } from 'vitest';
import { FeeEngineError, applyAdjustments, splitPayouts, type Adjustment } from './index.ts';

const refusal = (call: () => unknown): FeeEngineError => {
  try {
    call();
  } catch (error) {
    if (error instanceof FeeEngineError) return error;
    throw error;
  }
  throw new Error('expected a FeeEngineError');
};

describe('applyAdjustments: charges and credits on an account’s next live bill (issue 15)', () => {
  it('leaves the fee as it is without adjustments', () => {
    expect(applyAdjustments('2500', [])).toEqual({ net: '2500.00', applied: [], carriedForward: '0.00' });
  });

  it('adds a charge', () => {
    // 2,500.00 + 150.00 = 2,650.00
    expect(applyAdjustments('2500.00', [{ id: 'c', amount: '150' }])).toEqual({
      net: '2650.00',
      applied: [{ id: 'c', amount: '150.00' }],
      carriedForward: '0.00',
    });
  });

  it('takes a credit that fits from the fee', () => {
    // 2,500.00 − 400.00 = 2,100.00
    expect(applyAdjustments('2500.00', [{ id: 'r', amount: '-400.00' }])).toEqual({
      net: '2100.00',
      applied: [{ id: 'r', amount: '-400.00' }],
      carriedForward: '0.00',
    });
  });

  it('carries forward the part of a credit larger than the fee', () => {
    // 1,236.26 − 2,000.00: 1,236.26 used, the fee down to 0.00; 2,000.00 − 1,236.26 = 763.74 carried forward.
    expect(applyAdjustments('1236.26', [{ id: 'r', amount: '-2000' }])).toEqual({
      net: '0.00',
      applied: [{ id: 'r', amount: '-1236.26' }],
      carriedForward: '-763.74',
    });
  });

  it('applies several in the order given', () => {
    // 100.00 + 50.00 = 150.00; − 120.00 = 30.00; −75.50 of which 30.00 fits: 0.00, 45.50 carried; + 20.00 = 20.00.
    // net − Σ applied = 20.00 − (50.00 − 120.00 − 30.00 + 20.00) = 20.00 + 80.00 = 100.00, the fee.
    expect(
      applyAdjustments('100.00', [
        { id: 'c1', amount: '50.00' },
        { id: 'r1', amount: '-120.00' },
        { id: 'r2', amount: '-75.50' },
        { id: 'c2', amount: '20' },
      ]),
    ).toEqual({
      net: '20.00',
      applied: [
        { id: 'c1', amount: '50.00' },
        { id: 'r1', amount: '-120.00' },
        { id: 'r2', amount: '-30.00' },
        { id: 'c2', amount: '20.00' },
      ],
      carriedForward: '-45.50',
    });
  });

  it('does not let a credit pay for a charge listed after it', () => {
    // 0.00: the credit has nothing to take (all 100.00 carried), then the charge: 60.00.
    expect(
      applyAdjustments('0.00', [
        { id: 'r', amount: '-100' },
        { id: 'c', amount: '60' },
      ]),
    ).toEqual({
      net: '60.00',
      applied: [
        { id: 'r', amount: '0.00' },
        { id: 'c', amount: '60.00' },
      ],
      carriedForward: '-100.00',
    });
  });

  it('keeps a negative fee visible: credits do not apply to it, charges do', () => {
    // −12.34: the credit of 10.00 is carried whole; + 20.00 = 7.66.
    expect(
      applyAdjustments('-12.34', [
        { id: 'r', amount: '-10' },
        { id: 'c', amount: '20' },
      ]),
    ).toEqual({
      net: '7.66',
      applied: [
        { id: 'r', amount: '0.00' },
        { id: 'c', amount: '20.00' },
      ],
      carriedForward: '-10.00',
    });
  });

  it('pays out the net fee', () => {
    // 2,500.00 − 400.00 = 2,100.00, 80 % to the payee: 1,680.00 and 420.00.
    const { net } = applyAdjustments('2500.00', [{ id: 'r', amount: '-400' }]);
    expect(splitPayouts(net, [{ payeeId: 'p', percent: '80' }])).toEqual({
      payees: [{ payeeId: 'p', amount: '1680.00' }],
      firm: '420.00',
    });
  });

  it.each([
    [
      'the same adjustment twice',
      '1',
      [
        { id: 'a', amount: '1' },
        { id: 'a', amount: '2' },
      ],
      'DUPLICATE_ADJUSTMENT',
      'adjustments[1].id',
    ],
    ['an adjustment without id', '1', [{ amount: '1' }], 'INVALID_INPUT', 'adjustments[0].id'],
    ['an adjustment that is not an object', '1', [null], 'INVALID_INPUT', 'adjustments[0].id'],
    [
      'an amount with three decimals',
      '1',
      [{ id: 'a', amount: '-1.005' }],
      'INVALID_DECIMAL',
      'adjustments[0].amount',
    ],
    ['adjustments that are not a list', '1', {}, 'INVALID_INPUT', 'adjustments'],
    ['a malformed fee', '1,000', [], 'INVALID_DECIMAL', 'fee'],
  ])('refuses %s', (_, fee, adjustments, code, path) => {
    expect(refusal(() => applyAdjustments(fee, adjustments as Adjustment[]))).toMatchObject({ code, path });
  });

  it('with a message that says what to do', () => {
    expect(
      refusal(() =>
        applyAdjustments('1', [
          { id: 'a', amount: '1' },
          { id: 'a', amount: '1' },
        ]),
      ).message,
    ).toBe('Adjustment a is in the list twice.');
  });
});
