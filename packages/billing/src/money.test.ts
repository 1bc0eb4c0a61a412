import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { isMoneyString, parseMoney, toMoneyString } from './money.ts';
import { centsOf, formatCents } from './exact.ts';

describe('money strings', () => {
  it('parses amounts exactly, where a float would not', () => {
    expect(toMoneyString(parseMoney('0.1').plus(parseMoney('0.2')))).toBe('0.30');
    expect(toMoneyString(parseMoney('10000000000.01'))).toBe('10000000000.01');
  });

  it.each(['', '1.234', '1e5', 'NaN', '12,00', ' 1', '--1', '1.'])('refuses %j', (value) => {
    expect(isMoneyString(value)).toBe(false);
    expect(() => parseMoney(value)).toThrow(RangeError);
  });

  it('refuses to write more than two decimals instead of rounding silently', () => {
    expect(() => toMoneyString(new Decimal('1.005'))).toThrow(RangeError);
  });
});

describe('centsOf and formatCents', () => {
  it('reads a non-negative amount with at most two decimals, and nothing else', () => {
    expect(centsOf('1250000.5')).toBe(125000050n);
    expect(centsOf('0')).toBe(0n);
    expect(centsOf('10000000000.00')).toBe(1000000000000n);
    for (const bad of ['', '-1', '1.234', '1,000', ' 1', '1.', 'abc']) expect(centsOf(bad)).toBeUndefined();
    expect(formatCents(125000050n)).toBe('1250000.50');
    expect(formatCents(7n)).toBe('0.07');
  });
});
