import { addDays, dayNumber, parseIsoDate } from './dates.ts';

/**
 * Business days (issue 18 §1): every day but Saturday, Sunday and the firm's holidays (yyyy-MM-dd dates the
 * administrators keep). Pure functions of calendar dates; the holidays are handed in, never looked up.
 */

export const DUE_UNITS = ['CALENDAR', 'BUSINESS'] as const;
export type DueUnit = (typeof DUE_UNITS)[number];

const weekdayOf = (date: string) => {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Not a yyyy-MM-dd calendar date: ${date}`);
  // 1970-01-01 (day 0) was a Thursday: 0 = Sunday … 6 = Saturday.
  return (((dayNumber(parsed) + 4) % 7) + 7) % 7;
};

/** Saturday or Sunday. */
export const isWeekend = (date: string) => {
  const weekday = weekdayOf(date);
  return weekday === 0 || weekday === 6;
};

/** Neither a weekend day nor one of the holidays. */
export const isBusinessDay = (date: string, holidays: ReadonlySet<string>) =>
  !isWeekend(date) && !holidays.has(date);

/**
 * The date `days` business days after `start`: each step moves to the next business day. With 0 days it is
 * `start` itself when that is a business day, else the next business day (a step never falls due on a day
 * the firm is closed). Thu 2026-12-24 + 2 with 12-25 a holiday → Mon 12-28 is the 1st, Tue 12-29 the 2nd.
 */
export const addBusinessDays = (start: string, days: number, holidays: ReadonlySet<string>): string => {
  if (!Number.isInteger(days) || days < 0)
    throw new RangeError(`Business days must be a whole number ≥ 0: ${days}`);
  let date = start;
  if (days === 0) {
    while (!isBusinessDay(date, holidays)) date = addDays(date, 1);
    return date;
  }
  let left = days;
  while (left > 0) {
    date = addDays(date, 1);
    if (isBusinessDay(date, holidays)) left -= 1;
  }
  return date;
};

/** The due date `days` calendar or business days after `from`. */
export const dueDateAfter = (
  from: string,
  due: { days: number; unit: DueUnit },
  holidays: ReadonlySet<string>,
): string => (due.unit === 'BUSINESS' ? addBusinessDays(from, due.days, holidays) : addDays(from, due.days));
