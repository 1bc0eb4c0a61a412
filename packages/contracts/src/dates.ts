/**
 * The product's one set of calendar rules, shared by the server and the web app. Dates are plain
 * yyyy-MM-dd strings (a calendar day, no time, no zone); "today" is the calendar day in the firm's time
 * zone. Recurring dates are always computed from their anchor, never from the previous occurrence, so the
 * 31st every 6 months is Feb 28 then Aug 31 (no drift), and Feb 29 falls on Feb 28 in common years.
 */

/** The firm's time zone when FIRM_TIME_ZONE is not set. */
export const DEFAULT_FIRM_TIME_ZONE = 'America/New_York';

export type CalendarDate = { year: number; month: number; day: number };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in a month (1–12) of a year. */
export const daysInMonth = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** Splits a yyyy-MM-dd string that is a real calendar date; null otherwise. */
export const parseIsoDate = (value: string): CalendarDate | null => {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** yyyy-MM-dd of a calendar date. */
export const formatIsoDate = (d: CalendarDate) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

const parseOrThrow = (value: string): CalendarDate => {
  const parsed = parseIsoDate(value);
  if (!parsed) throw new RangeError(`Not a yyyy-MM-dd calendar date: ${value}`);
  return parsed;
};

/** Days since 1970-01-01 (proleptic Gregorian, years 1–9999). */
export const dayNumber = (d: CalendarDate) => {
  const date = new Date(Date.UTC(2000, d.month - 1, d.day));
  date.setUTCFullYear(d.year);
  return Math.round(date.getTime() / DAY_MS);
};

const fromDayNumber = (n: number): CalendarDate => {
  const date = new Date(n * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

/** The date `days` days after (before, when negative) a yyyy-MM-dd date. */
export const addDays = (date: string, days: number): string =>
  formatIsoDate(fromDayNumber(dayNumber(parseOrThrow(date)) + days));

/** Days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  dayNumber(parseOrThrow(to)) - dayNumber(parseOrThrow(from));

const formatters = new Map<string, Intl.DateTimeFormat>();
/** A zone's calendar (and, `withClock`, its wall clock and abbreviation), made once per zone. */
const formatterFor = (timeZone: string, withClock = false) => {
  const key = `${timeZone}${withClock ? ' clock' : ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      ...(withClock
        ? { hourCycle: 'h23', hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short' }
        : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
};

/** Whether Intl knows the IANA time zone (e.g. 'America/New_York'). */
export const isValidTimeZone = (timeZone: string): boolean => {
  if (timeZone.trim() === '') return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
};

/** The calendar day (yyyy-MM-dd) in a time zone at an instant: 23:30 in New York on Dec 31 is Dec 31. */
export const todayIn = (timeZone: string, now: Date): string => {
  const parts = formatterFor(timeZone).formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') => Number(parts.find((p) => p.type === type)?.value);
  return formatIsoDate({ year: part('year'), month: part('month'), day: part('day') });
};

/**
 * The wall clock of a time zone at an instant: its day (yyyy-MM-dd), time (HH:mm:ss, 00–23) and the zone's
 * abbreviation then ("EST", "EDT"): 04:30 UTC on Mar 4, 2026 is Mar 3, 23:30:00 EST in New York.
 */
export const clockIn = (timeZone: string, at: Date): { day: string; time: string; zone: string } => {
  const parts = formatterFor(timeZone, true).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = formatIsoDate({
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
  });
  // Some engines say midnight as hour 24 even with h23.
  const time = [Number(part('hour')) % 24, Number(part('minute')), Number(part('second'))]
    .map((n) => pad(n))
    .join(':');
  return { day, time, zone: part('timeZoneName') };
};

/** The anchor moved by n months (n may be negative); the day is clamped to the month's length. */
export const addMonthsClamped = (anchor: string, n: number): string => {
  const a = parseOrThrow(anchor);
  const index = a.year * 12 + (a.month - 1) + n;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return formatIsoDate({ year, month, day: Math.min(a.day, daysInMonth(year, month)) });
};

/** The n-th occurrence (0 = the anchor) of a date recurring every `everyMonths` months from its anchor. */
export const nthOccurrence = (anchor: string, everyMonths: number, n: number): string =>
  addMonthsClamped(anchor, everyMonths * n);

/** A yearly date (birthday, anniversary) in a given year; Feb 29 falls on Feb 28 in common years. */
export const anniversaryIn = (year: number, date: string): string => {
  const d = parseOrThrow(date);
  return formatIsoDate({ year, month: d.month, day: Math.min(d.day, daysInMonth(year, d.month)) });
};

/** The first anniversary of `date` on or after `day`. */
export const nextAnniversary = (date: string, day: string): string => {
  const year = parseOrThrow(day).year;
  const thisYear = anniversaryIn(year, date);
  return thisYear >= day ? thisYear : anniversaryIn(year + 1, date);
};

/** Completed years from a date of birth to a day (a Feb 29 birthday counts on Feb 28 in common years). */
export const ageOn = (dob: string, day: string): number => {
  const birth = parseOrThrow(dob);
  const on = parseOrThrow(day);
  const age = on.year - birth.year;
  return anniversaryIn(on.year, dob) > day ? age - 1 : age;
};

export type DueState = 'overdue' | 'today' | 'upcoming';

/** Where a due date (a follow-up, a task) stands on a day: before it is overdue. */
export const dueStateOn = (due: string, day: string): DueState =>
  due < day ? 'overdue' : due === day ? 'today' : 'upcoming';

/** The periods the dashboard and its lists are filtered by (spec §2 /dashboard `duration`). */
export type CalendarPeriod = 'THIS_WEEK' | 'THIS_MONTH' | 'THIS_QUARTER' | 'THIS_YEAR';

/**
 * The first and last day (inclusive, yyyy-MM-dd) of the period that holds `day`: weeks run Monday to
 * Sunday (ISO 8601), quarters start in January, April, July and October.
 */
export const periodRange = (period: CalendarPeriod, day: string): { from: string; to: string } => {
  const d = parseOrThrow(day);
  if (period === 'THIS_WEEK') {
    const weekday = (dayNumber(d) + 3) % 7; // 1970-01-01 was a Thursday: Monday is 0
    const from = addDays(day, -((weekday + 7) % 7));
    return { from, to: addDays(from, 6) };
  }
  const firstMonth =
    period === 'THIS_MONTH' ? d.month : period === 'THIS_QUARTER' ? d.month - ((d.month - 1) % 3) : 1;
  const months = period === 'THIS_MONTH' ? 1 : period === 'THIS_QUARTER' ? 3 : 12;
  const from = formatIsoDate({ year: d.year, month: firstMonth, day: 1 });
  const lastMonth = firstMonth + months - 1;
  return { from, to: formatIsoDate({ year: d.year, month: lastMonth, day: daysInMonth(d.year, lastMonth) }) };
};

/** Months in a billing period of each frequency (spec §3 Fee frequency: MONTHLY to ANNUAL). */
export const BILLING_PERIOD_MONTHS = { MONTHLY: 1, QUARTERLY: 3, SEMI_ANNUAL: 6, ANNUAL: 12 } as const;
export type BillingPeriodFrequency = keyof typeof BILLING_PERIOD_MONTHS;

/**
 * The calendar billing period `n` periods after the one that holds `day` (n = 0: that one): months, quarters
 * from January, April, July and October, halves from January and July, years. First and last day, inclusive.
 */
export const billingPeriodOf = (
  day: string,
  frequency: BillingPeriodFrequency,
  n = 0,
): { from: string; to: string } => {
  // A bill run asks for the same few periods hundreds of thousands of times: each is worked out once.
  const key = `${day}|${frequency}|${n}`;
  const known = periodsKnown.get(key);
  if (known) return { ...known };
  const period = periodOf(day, frequency, n);
  if (periodsKnown.size >= 10_000) periodsKnown.clear();
  periodsKnown.set(key, period);
  return { ...period };
};

const periodsKnown = new Map<string, { from: string; to: string }>();

const periodOf = (day: string, frequency: BillingPeriodFrequency, n: number) => {
  const d = parseOrThrow(day);
  const months = BILLING_PERIOD_MONTHS[frequency];
  const index = d.year * 12 + (d.month - 1);
  const first = index - ((d.month - 1) % months) + n * months;
  const last = first + months - 1;
  const at = (i: number) => ({ year: Math.floor(i / 12), month: (i % 12) + 1 });
  const start = at(first);
  const end = at(last);
  return {
    from: formatIsoDate({ ...start, day: 1 }),
    to: formatIsoDate({ ...end, day: daysInMonth(end.year, end.month) }),
  };
};

/** 'yyyy-MM-dd' → 'MM/dd/yyyy', the spec's date display (§9), for messages, notes and exports. */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
