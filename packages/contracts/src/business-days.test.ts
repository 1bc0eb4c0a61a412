import { describe, expect, it } from 'vitest';
import { addBusinessDays, dueDateAfter, isBusinessDay, isWeekend } from './business-days.ts';

const none = new Set<string>();
const christmas = new Set(['2026-12-25']);

describe('business days', () => {
  it('Thu 2026-12-24 + 2 business days, 12-25 a holiday, is Tue 12-29', () => {
    expect(addBusinessDays('2026-12-24', 2, christmas)).toBe('2026-12-29');
    // Without the holiday, Friday counts: Mon 12-28.
    expect(addBusinessDays('2026-12-24', 2, none)).toBe('2026-12-28');
  });

  it('skips a weekend: Fri + 1 is Mon; Sat + 1 is Mon; Sun + 5 is the next Fri', () => {
    expect(addBusinessDays('2026-11-27', 1, none)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-28', 1, none)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-29', 5, none)).toBe('2026-12-04');
  });

  it('0 days: the start when it is a business day, else the next one', () => {
    expect(addBusinessDays('2026-12-23', 0, christmas)).toBe('2026-12-23');
    expect(addBusinessDays('2026-12-25', 0, christmas)).toBe('2026-12-28');
  });

  it('holidays side by side and across a year end', () => {
    const holidays = new Set(['2026-12-31', '2027-01-01']);
    expect(addBusinessDays('2026-12-30', 1, holidays)).toBe('2027-01-04');
  });

  it('refuses a negative or fractional count', () => {
    expect(() => addBusinessDays('2026-12-24', -1, none)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-12-24', 1.5, none)).toThrow(RangeError);
  });

  it('weekends and business days', () => {
    expect(isWeekend('2026-11-28')).toBe(true);
    expect(isWeekend('2026-11-29')).toBe(true);
    expect(isWeekend('2026-11-30')).toBe(false);
    expect(isBusinessDay('2026-12-25', christmas)).toBe(false);
    expect(isBusinessDay('2026-12-24', christmas)).toBe(true);
  });

  it('due dates: calendar days count every day, business days skip', () => {
    expect(dueDateAfter('2026-12-24', { days: 2, unit: 'CALENDAR' }, christmas)).toBe('2026-12-26');
    expect(dueDateAfter('2026-12-24', { days: 2, unit: 'BUSINESS' }, christmas)).toBe('2026-12-29');
  });
});
