import { addMonthsClamped, daysInMonth } from '@centric/contracts';
import { centsOf, formatCents } from '@centric/billing';

/**
 * Exact arithmetic on the money strings the database answers ("1234.56"): cents as bigint, never a float.
 */

const cents = (value: string): bigint => {
  const negative = value.startsWith('-');
  const parsed = centsOf(negative ? value.slice(1) : value);
  if (parsed === undefined) throw new Error(`not an amount: ${value}`);
  return negative ? -parsed : parsed;
};

/** a + b, two decimals. */
export const addCents = (a: string, b: string): string => formatCents(cents(a) + cents(b));

/** part as a percent of total, two decimals, rounded half up ("41.27"); "0.00" of a zero total. */
export const percentOf = (part: string, total: string): string => {
  const whole = cents(total);
  if (whole === 0n) return '0.00';
  // percent × 100 (hundredths of a percent) = part × 10,000 / total, rounded half away from zero.
  const scaled = cents(part) * 10_000n;
  const quotient = scaled / whole;
  const remainder = scaled % whole;
  const rounded = remainder * 2n >= whole ? quotient + 1n : quotient;
  return formatCents(rounded);
};

const MAX_POINTS = 120;

/**
 * The month ends after `from` and before `to`, then `to` itself: the dates a value-over-time graph shows
 * (at most 120 points, the latest kept).
 */
export const monthEndsBetween = (from: string, to: string): string[] => {
  const days: string[] = [];
  let cursor = from.slice(0, 7);
  for (let guard = 0; guard < 1200 && cursor <= to.slice(0, 7); guard += 1) {
    const [year, month] = cursor.split('-').map(Number) as [number, number];
    const end = `${cursor}-${String(daysInMonth(year, month)).padStart(2, '0')}`;
    if (end >= from && end < to) days.push(end);
    cursor = addMonthsClamped(`${cursor}-01`, 1).slice(0, 7);
  }
  days.push(to);
  return days.slice(-MAX_POINTS);
};
