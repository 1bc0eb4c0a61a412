import { describe, expect, it } from 'vitest';
import { abbreviateNumber, formatDate, initialsOf } from './format.ts';

describe('format', () => {
  it('shows dates as MM/dd/yyyy without shifting a calendar date across time zones', () => {
    expect(formatDate('2024-03-01')).toBe('03/01/2024');
    expect(formatDate(new Date(2023, 11, 31))).toBe('12/31/2023');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });

  it('abbreviates large numbers with K, M, B and T', () => {
    expect(abbreviateNumber(950)).toBe('950');
    expect(abbreviateNumber(1500)).toBe('1.5K');
    expect(abbreviateNumber(2_000_000)).toBe('2M');
    expect(abbreviateNumber(3_250_000_000, 2)).toBe('3.25B');
    expect(abbreviateNumber(1e12)).toBe('1T');
  });

  it('takes initials from the first two names', () => {
    expect(initialsOf('Ada King Lovelace')).toBe('AK');
    expect(initialsOf('  ada ')).toBe('A');
  });
});
