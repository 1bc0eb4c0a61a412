import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonthsClamped,
  billingPeriodOf,
  periodRange,
  ageOn,
  anniversaryIn,
  daysBetween,
  dueStateOn,
  isValidTimeZone,
  nextAnniversary,
  nthOccurrence,
  parseIsoDate,
  todayIn,
  clockIn,
} from './dates.ts';

const occurrences = (anchor: string, everyMonths: number, count: number) =>
  Array.from({ length: count }, (_, n) => nthOccurrence(anchor, everyMonths, n));

describe('recurring dates from their anchor', () => {
  it('the 31st every 6 months is Feb 28 then Aug 31, never drifting', () => {
    expect(occurrences('2025-08-31', 6, 14)).toEqual([
      '2025-08-31',
      '2026-02-28',
      '2026-08-31',
      '2027-02-28',
      '2027-08-31',
      '2028-02-29',
      '2028-08-31',
      '2029-02-28',
      '2029-08-31',
      '2030-02-28',
      '2030-08-31',
      '2031-02-28',
      '2031-08-31',
      '2032-02-29',
    ]);
  });

  it('the 31st every month falls on each month end and comes back to the 31st', () => {
    expect(occurrences('2026-01-31', 1, 13)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
    ]);
  });

  it('the 30th every month is Feb 28 (29 in a leap year) and the 30th otherwise', () => {
    const dates = occurrences('2027-11-30', 1, 16);
    expect(dates).toEqual([
      '2027-11-30',
      '2027-12-30',
      '2028-01-30',
      '2028-02-29',
      '2028-03-30',
      '2028-04-30',
      '2028-05-30',
      '2028-06-30',
      '2028-07-30',
      '2028-08-30',
      '2028-09-30',
      '2028-10-30',
      '2028-11-30',
      '2028-12-30',
      '2029-01-30',
      '2029-02-28',
    ]);
  });

  it('the 29th every quarter keeps the 29th except in a common February', () => {
    expect(occurrences('2025-11-29', 3, 13)).toEqual([
      '2025-11-29',
      '2026-02-28',
      '2026-05-29',
      '2026-08-29',
      '2026-11-29',
      '2027-02-28',
      '2027-05-29',
      '2027-08-29',
      '2027-11-29',
      '2028-02-29',
      '2028-05-29',
      '2028-08-29',
      '2028-11-29',
    ]);
  });

  it('the 31st every year from a month end, and backwards in time', () => {
    expect(occurrences('2024-02-29', 12, 5)).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
    expect(addMonthsClamped('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonthsClamped('2026-01-15', -13)).toBe('2024-12-15');
    expect(addMonthsClamped('2026-12-31', 2)).toBe('2027-02-28');
  });

  it('refuses what is not a calendar date', () => {
    expect(() => addMonthsClamped('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('02/03/2026', 1)).toThrow(RangeError);
    expect(parseIsoDate('2026-13-01')).toBeNull();
  });
});

describe('Feb 29', () => {
  it('falls on Feb 28 in common years and stays Feb 29 in leap years', () => {
    expect(anniversaryIn(2027, '2000-02-29')).toBe('2027-02-28');
    expect(anniversaryIn(2028, '2000-02-29')).toBe('2028-02-29');
    expect(anniversaryIn(2100, '2000-02-29')).toBe('2100-02-28');
    expect(anniversaryIn(2400, '2000-02-29')).toBe('2400-02-29');
    expect(anniversaryIn(2027, '1990-06-18')).toBe('2027-06-18');
  });

  it('a Feb 29 birthday adds a year on Feb 28 of a common year, on Feb 29 of a leap year', () => {
    expect(ageOn('2000-02-29', '2027-02-27')).toBe(26);
    expect(ageOn('2000-02-29', '2027-02-28')).toBe(27);
    expect(ageOn('2000-02-29', '2028-02-28')).toBe(27);
    expect(ageOn('2000-02-29', '2028-02-29')).toBe(28);
    expect(ageOn('1980-06-18', '2026-06-17')).toBe(45);
    expect(ageOn('1980-06-18', '2026-06-18')).toBe(46);
  });

  it('the next anniversary is this year’s when it is still to come, else next year’s', () => {
    expect(nextAnniversary('2000-02-29', '2027-01-10')).toBe('2027-02-28');
    expect(nextAnniversary('2000-02-29', '2027-03-01')).toBe('2028-02-29');
    expect(nextAnniversary('1994-06-18', '2026-06-18')).toBe('2026-06-18');
    expect(nextAnniversary('1994-06-18', '2026-06-19')).toBe('2027-06-18');
  });
});

describe("today in the firm's time zone", () => {
  const newYork = 'America/New_York';

  it('23:30 in New York on Dec 31 is still Dec 31 there while UTC is already Jan 1', () => {
    const now = new Date('2027-01-01T04:30:00Z'); // 23:30 EST on Dec 31
    expect(todayIn(newYork, now)).toBe('2026-12-31');
    expect(todayIn('UTC', now)).toBe('2027-01-01');
    expect(clockIn(newYork, now)).toEqual({ day: '2026-12-31', time: '23:30:00', zone: 'EST' });
    expect(clockIn('UTC', now)).toEqual({ day: '2027-01-01', time: '04:30:00', zone: 'UTC' });
    expect(clockIn(newYork, new Date('2026-03-09T04:00:00.000Z'))).toEqual({
      day: '2026-03-09',
      time: '00:00:00',
      zone: 'EDT',
    });
  });

  it('turns at midnight in the zone, in summer time too', () => {
    expect(todayIn(newYork, new Date('2027-01-01T04:59:59Z'))).toBe('2026-12-31');
    expect(todayIn(newYork, new Date('2027-01-01T05:00:00Z'))).toBe('2027-01-01');
    expect(todayIn(newYork, new Date('2026-07-04T03:59:59Z'))).toBe('2026-07-03');
    expect(todayIn(newYork, new Date('2026-07-04T04:00:00Z'))).toBe('2026-07-04');
    expect(todayIn('Asia/Tokyo', new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
  });

  it('a follow-up due on Dec 31 is not overdue at 23:30 New York time', () => {
    const today = todayIn(newYork, new Date('2027-01-01T04:30:00Z'));
    expect(dueStateOn('2026-12-31', today)).toBe('today');
    expect(dueStateOn('2026-12-30', today)).toBe('overdue');
    expect(dueStateOn('2027-01-01', today)).toBe('upcoming');
  });

  it('knows IANA zones and refuses anything else', () => {
    expect(isValidTimeZone(newYork)).toBe(true);
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('day arithmetic', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2028-03-01', '2028-02-28')).toBe(-2);
  });
});

describe('periodRange', () => {
  it('gives the Monday-to-Sunday week, the month, the quarter and the year of a day', () => {
    expect(periodRange('THIS_WEEK', '2026-11-24')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodRange('THIS_WEEK', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodRange('THIS_WEEK', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodRange('THIS_WEEK', '2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(periodRange('THIS_MONTH', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodRange('THIS_QUARTER', '2026-11-24')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(periodRange('THIS_QUARTER', '2026-02-28')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(periodRange('THIS_YEAR', '2026-11-24')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });
});

describe('billingPeriodOf', () => {
  it('finds the calendar period of each frequency that holds a day', () => {
    expect(billingPeriodOf('2026-11-25', 'MONTHLY')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(billingPeriodOf('2026-11-25', 'QUARTERLY')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(billingPeriodOf('2026-05-31', 'SEMI_ANNUAL')).toEqual({ from: '2026-01-01', to: '2026-06-30' });
    expect(billingPeriodOf('2026-07-01', 'SEMI_ANNUAL')).toEqual({ from: '2026-07-01', to: '2026-12-31' });
    expect(billingPeriodOf('2028-02-10', 'ANNUAL')).toEqual({ from: '2028-01-01', to: '2028-12-31' });
  });

  it('counts periods forward and back across years, with February’s last day', () => {
    expect(billingPeriodOf('2026-11-25', 'QUARTERLY', 1)).toEqual({ from: '2027-01-01', to: '2027-03-31' });
    expect(billingPeriodOf('2026-11-25', 'QUARTERLY', 7)).toEqual({ from: '2028-07-01', to: '2028-09-30' });
    expect(billingPeriodOf('2026-01-15', 'MONTHLY', -1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(billingPeriodOf('2028-01-31', 'MONTHLY', 1)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(billingPeriodOf('2026-03-31', 'ANNUAL', -2)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
  });
});
