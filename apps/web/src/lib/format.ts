import { clockIn } from '@centric/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses an ISO instant or a yyyy-MM-dd date (kept as a local calendar date, no time-zone shift). */
export const parseDate = (value: string | Date): Date | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    const date = new Date(Number(y), Number(m) - 1, Number(d));
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** MM/dd/yyyy, the display format of the whole product; '' for missing or invalid values. */
export const formatDate = (value: string | Date | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '';
  const date = parseDate(value);
  if (!date) return '';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
};

/**
 * An instant as MM/dd/yyyy HH:mm:ss in a time zone, with the zone's abbreviation: the audit log shows the
 * firm's clock ("03/03/2026 23:30:00 EST"), whatever the browser's zone. '' for an invalid value.
 */
export const formatInstantIn = (value: string | Date, timeZone: string): string => {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const { day, time, zone } = clockIn(timeZone, date);
  return `${formatDate(day)} ${time} ${zone}`;
};

const ABBREVIATIONS: ReadonlyArray<[number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** 1500 -> 1.5K, 2_000_000 -> 2M (spec §9: K, M, B, T). */
export const abbreviateNumber = (value: number, fractionDigits = 1): string => {
  const abs = Math.abs(value);
  for (const [size, suffix] of ABBREVIATIONS) {
    if (abs >= size) {
      const scaled = (value / size).toFixed(fractionDigits).replace(/\.0+$|(\.\d*?)0+$/, '$1');
      return `${scaled}${suffix}`;
    }
  }
  return String(value);
};

/** Initials for an avatar without a picture: "Ada Lovelace" -> "AL". */
export const initialsOf = (fullName: string): string =>
  fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

/**
 * A multi-select's summary (spec §9): the first one's first name plus N other(s) — "Ada plus 2 others",
 * "Ada plus 1 other"; one name alone is shown whole; '' for none.
 */
export const multiSelectSummary = (fullNames: readonly string[]): string => {
  const [first, ...rest] = fullNames;
  if (first === undefined) return '';
  if (rest.length === 0) return first;
  const firstName = first.trim().split(/\s+/)[0] ?? first;
  return `${firstName} plus ${rest.length} other${rest.length === 1 ? '' : 's'}`;
};

const RELATIVE = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const RELATIVE_STEPS: ReadonlyArray<
  [limitSeconds: number, unitSeconds: number, Intl.RelativeTimeFormatUnit]
> = [
  [3_600, 60, 'minute'],
  [86_400, 3_600, 'hour'],
  [604_800, 86_400, 'day'],
];

/**
 * How long ago an instant was, for feeds (the inbox, alerts): "just now", "5 minutes ago", "3 hours ago",
 * "yesterday", "3 days ago"; a week or more back, its date (MM/dd/yyyy). '' for an invalid value.
 */
export const formatTimeAgo = (value: string | Date, now: Date = new Date()): string => {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  if (seconds < 60) return 'just now';
  for (const [limit, unit, name] of RELATIVE_STEPS) {
    if (seconds < limit) return RELATIVE.format(-Math.floor(seconds / unit), name);
  }
  return formatDate(date);
};

/** A billing unit's number as the firm writes it: 12 → 'U-00012'. */
export const formatUnitNumber = (unitNumber: number) => `U-${String(unitNumber).padStart(5, '0')}`;
