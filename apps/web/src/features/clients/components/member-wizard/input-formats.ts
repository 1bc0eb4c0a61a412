import { isValidIsoDate, pickerDateToIso } from '@centric/contracts';

/**
 * As-you-type formats of the member form (spec §5: SSN xxx-xx-xxxx, EIN xx-xxxxxxx, phone
 * +1 (xxx) xxx-xxxx, money with $ and at most 2 decimals, dates MM/dd/yyyy). Separators are only added
 * once a digit follows them, so Backspace always removes a digit and never gets stuck on a separator.
 */

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Joins digit groups with their separators: groups [3, 2, 4] and separators ['-', '-']. */
const group = (digits: string, sizes: readonly number[], separators: readonly string[]) => {
  let out = '';
  let start = 0;
  sizes.forEach((size, index) => {
    const part = digits.slice(start, start + size);
    if (part === '') return;
    out += (index > 0 ? (separators[index - 1] ?? '') : '') + part;
    start += size;
  });
  return out;
};

/**
 * Phone as typed → '+1 (xxx) xxx-xxxx'. The country digit: a value already shown with '+1' keeps it
 * out of the digits; otherwise a leading 1 is the country digit (no US area code starts with 1).
 */
export const formatPhoneTyping = (raw: string): string => {
  const trimmed = raw.trim();
  let digits = trimmed.startsWith('+1') ? digitsOf(trimmed.slice(2)) : digitsOf(trimmed);
  if (!trimmed.startsWith('+1') && digits.startsWith('1')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits === '') return trimmed === '' || trimmed === '+' || trimmed === '+1' ? '' : '+1 (';
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6);
  let out = `+1 (${area}`;
  if (exchange) out += `) ${exchange}`;
  if (line) out += `-${line}`;
  return out;
};

/** SSN as typed → 'xxx-xx-xxxx'. */
export const formatSsnTyping = (raw: string): string =>
  group(digitsOf(raw).slice(0, 9), [3, 2, 4], ['-', '-']);

/**
 * TIN as typed: EIN 'xx-xxxxxxx' by default; 'xxx-xx-xxxx' when the user types a dash after three
 * digits (a trust or business may use an SSN-formatted TIN).
 */
export const formatTinTyping = (raw: string): string => {
  const digits = digitsOf(raw).slice(0, 9);
  return /^\s*\d{3}-/.test(raw) ? group(digits, [3, 2, 4], ['-', '-']) : group(digits, [2, 7], ['-']);
};

/** Date as typed → 'MM/dd/yyyy'. */
export const formatDateTyping = (raw: string): string =>
  group(digitsOf(raw).slice(0, 8), [2, 2, 4], ['/', '/']);

/** 'yyyy-MM-dd' → 'MM/dd/yyyy'; anything else as it is (text still being typed). */
export const isoToPicker = (value: string | null | undefined): string => {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : value;
};

/**
 * What a date field keeps in the form: 'yyyy-MM-dd' once the text is a whole, valid date (12/31/1899 is
 * excluded), else the text itself, which the schema answers with 'Enter a valid Date'; '' when empty.
 */
export const pickerToFormValue = (text: string): string => {
  if (text === '') return '';
  const iso = pickerDateToIso(text);
  return iso !== null && isValidIsoDate(iso) ? iso : text;
};
