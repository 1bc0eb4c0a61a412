import { abbreviateNumber, formatDate } from '../../../lib/format.ts';

/**
 * The figures of managed accounts as text: quantities and prices are decimal strings with up to 6 decimals,
 * grouped here as text (never a JavaScript number); money goes through lib/money.
 */

const groupThousands = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** '1234.5' → '1,234.5', '-10' → '-10': the decimals as stored (the server trims trailing zeros). */
export const formatQuantity = (value: string): string => {
  const negative = value.startsWith('-');
  const [whole = '0', decimals = ''] = (negative ? value.slice(1) : value).split('.');
  const shown = decimals.replace(/0+$/, '');
  return `${negative ? '-' : ''}${groupThousands(whole)}${shown ? `.${shown}` : ''}`;
};

/** A unit price: at least 2 decimals, more when the price has them ('412.5' → '$412.50', '1.234567'). */
export const formatPrice = (value: string): string => {
  const [whole = '0', decimals = ''] = value.split('.');
  const shown = decimals.replace(/0+$/, '').padEnd(2, '0');
  return `$${groupThousands(whole)}.${shown}`;
};

/** A chart axis's dollars: '$1.25M'. Charts only: the figures shown in text stay exact strings. */
export const chartDollars = (value: number) => `$${abbreviateNumber(value, 2)}`;

/** A month-end point's label under the chart: 'Mar 2026'. */
export const monthLabel = (isoDate: string): string => {
  const [year, month] = isoDate.split('-');
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${names[Number(month) - 1] ?? month} ${year}`;
};

/** MM/dd/yyyy, or a dash for none. */
export const dateOrDash = (value: string | null | undefined) => (value ? formatDate(value) : '—');

/** A decimal string in hundredths ('62.5' → 6250); NaN when it is no decimal with at most 2 places. */
export const hundredthsOf = (value: string | number): number => {
  const text = String(value).trim();
  if (!/^\d+(\.\d{0,2})?$/.test(text)) return Number.NaN;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/** Hundredths as a percentage without trailing zeros: 6250 → '62.5%', 6000 → '60%'. */
export const percentOfHundredths = (hundredths: number): string => {
  const whole = Math.trunc(hundredths / 100);
  const fraction = String(Math.abs(hundredths % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
};

/** A percentage string as the strategy screens show it: '60.00' → '60%', '62.50' → '62.5%'. */
export const shortPercent = (value: string): string => {
  const hundredths = hundredthsOf(value);
  return Number.isNaN(hundredths) ? `${value}%` : percentOfHundredths(hundredths);
};
