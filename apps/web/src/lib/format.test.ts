import { describe, expect, it } from 'vitest';
import { abbreviateNumber, formatDate, formatInstantIn, initialsOf } from './format.ts';

describe('format', () => {
  it('shows dates as MM/dd/yyyy without shifting a calendar date across time zones', () => {
    expect(formatDate('2024-03-01')).toBe('03/01/2024');
    expect(formatDate(new Date(2023, 11, 31))).toBe('12/31/2023');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });

  it("shows an instant on a time zone's clock with its abbreviation, around midnight and DST", () => {
    expect(formatInstantIn('2026-03-04T04:30:00.000Z', 'America/New_York')).toBe('03/03/2026 23:30:00 EST');
    expect(formatInstantIn('2026-03-09T04:00:00.000Z', 'America/New_York')).toBe('03/09/2026 00:00:00 EDT');
    expect(formatInstantIn('2026-03-04T04:30:00.000Z', 'UTC')).toBe('03/04/2026 04:30:00 UTC');
    expect(formatInstantIn('not a date', 'UTC')).toBe('');
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
