/**
 * Money as the screens show and take it. Amounts travel as decimal strings ("13750.00") and stay strings
 * here: grouping and padding are text operations, never a JavaScript number.
 */

import { formatMoney } from '@centric/contracts';

/** A decimal string as a display amount: '13750' → '$13,750.00' (one rule with the server's files and PDFs). */
export { formatMoney };

const groupThousands = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Money as typed: digits with thousands commas, at most one point and 2 decimals ('$' is shown beside). */
export const formatMoneyTyping = (raw: string): string => {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  const wholeDigits = (point === -1 ? cleaned : cleaned.slice(0, point))
    .replace(/^0+(?=\d)/, '')
    .slice(0, 13);
  if (point === -1) return groupThousands(wholeDigits);
  const decimals = cleaned
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, 2);
  return `${groupThousands(wholeDigits === '' ? '0' : wholeDigits)}.${decimals}`;
};

/** A decimal string from the server ('125000.50') as the money field shows it ('125,000.50'). */
export const moneyForInput = (value: string | null | undefined): string => {
  if (!value) return '';
  const [whole = '', decimals] = value.split('.');
  const shownDecimals = decimals === undefined || /^0*$/.test(decimals) ? '' : `.${decimals.padEnd(2, '0')}`;
  return `${groupThousands(whole)}${shownDecimals}`;
};

/** What a money field holds ('1,250,000.5') as the API takes it ('1250000.5'); '' stays ''. */
export const moneyFromInput = (text: string): string => text.replace(/[,$\s]/g, '');

/** Like formatMoney without zero cents, for bounds and breakpoints: '500000.00' → '$500,000'. */
export const formatMoneyBrief = (value: string | null | undefined): string =>
  formatMoney(value).replace(/\.00$/, '');

/** A percentage string ('0.8750') with 2 to 4 decimals: '0.875%', '1.60%'. */
export const formatPercent = (value: string): string => {
  const [whole = '0', decimals = ''] = value.split('.');
  const trimmed = decimals.replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${trimmed}%`;
};
