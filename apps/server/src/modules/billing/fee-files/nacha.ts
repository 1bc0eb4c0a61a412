import { centsOf } from '@centric/billing';
import { isValidRoutingNumber } from '@centric/contracts';

/*
 * ACH collection (issue 15 §3): a NACHA file of PPD debits, the fees of households that pay by ACH, taken from
 * their ACH accounts. One batch (service class 225, debits only), no addenda, no offsetting credit: the ODFI
 * settles the debits into the firm's account (an "unbalanced" file, which is what ODFIs take from originators).
 *
 * Record layouts (94 characters each) as in the NACHA Operating Rules, checked against moov-io/ach
 * (fileHeader.go, batchHeader.go, entryDetail.go) and the field tables of @ach/ach:
 *   1 file header     1 type | 2-3 priority 01 | 4-13 " "+destination | 14-23 origin | 24-29 YYMMDD |
 *                     30-33 HHMM | 34 id modifier | 35-37 094 | 38-39 10 | 40 1 | 41-63 destination name |
 *                     64-86 origin name | 87-94 reference code
 *   5 batch header    1 | 2-4 225 | 5-20 company name | 21-40 discretionary | 41-50 company id | 51-53 PPD |
 *                     54-63 entry description | 64-69 descriptive date | 70-75 effective date YYMMDD |
 *                     76-78 settlement (blank, the ACH operator fills it) | 79 originator status 1 |
 *                     80-87 ODFI id | 88-94 batch number
 *   6 entry detail    1 | 2-3 transaction code | 4-11 RDFI id | 12 check digit | 13-29 account number |
 *                     30-39 amount in cents | 40-54 individual id | 55-76 individual name |
 *                     77-78 discretionary | 79 addenda indicator | 80-94 trace number (ODFI id + sequence)
 *   8 batch control   1 | 2-4 225 | 5-10 entry/addenda count | 11-20 entry hash | 21-32 total debits |
 *                     33-44 total credits | 45-54 company id | 55-73 authentication code (blank) |
 *                     74-79 reserved | 80-87 ODFI id | 88-94 batch number
 *   9 file control    1 | 2-7 batch count | 8-13 block count | 14-21 entry/addenda count | 22-31 entry hash |
 *                     32-43 total debits | 44-55 total credits | 56-94 reserved
 * then records of 94 '9's up to a multiple of 10 records (blocking factor 10).
 *
 * Every record ends with '\n', the last one too (banks also accept CRLF; we write LF, as moov-io/ach does).
 * Text fields are upper case ASCII: accents are dropped ("JOSÉ" → "JOSE"), any other character outside
 * printable ASCII becomes a space; names longer than their field are cut, ids longer than theirs refused.
 * Dates: the effective entry date is the caller's ISO date; the creation date and time are `createdAt` in UTC.
 */

export type NachaAccountType = 'CHECKING' | 'SAVINGS';

export type NachaEntry = {
  /** The receiver's bank, 9 digits with its ABA check digit. */
  routingNumber: string;
  /** The receiver's account, at most 17 characters. */
  accountNumber: string;
  accountType: NachaAccountType;
  /** Dollars with at most two decimals, positive ("1250.00"). */
  amount: string;
  /** Our reference for the entry (e.g. the household's or the bill's), at most 15 characters. */
  individualId: string;
  /** The account holder; cut to 22 characters. */
  individualName: string;
};

export type NachaInput = {
  /** The ODFI's routing number (9 digits): the bank the file is sent to, which originates the debits. */
  immediateDestination: string;
  immediateDestinationName: string;
  /** 10 characters as the ODFI assigned them (usually ' ' + 9 digits, or a company id); 9 digits get a leading space. */
  immediateOrigin: string;
  immediateOriginName: string;
  companyName: string;
  /** 10 characters, usually '1' + the firm's EIN. */
  companyIdentification: string;
  /** Shown on the receiver's statement, e.g. 'ADVISORY'; at most 10 characters. */
  companyEntryDescription: string;
  /** The day the debits settle, ISO date (YYYY-MM-DD). */
  effectiveEntryDate: string;
  createdAt: Date;
  /** 'A' to 'Z' or '0' to '9', to tell apart files created the same day; 'A' by default. */
  fileIdModifier?: string;
  entries: readonly NachaEntry[];
};

/** Record length and blocking factor of a NACHA file. */
export const NACHA_RECORD_LENGTH = 94;
export const NACHA_BLOCKING_FACTOR = 10;

const SERVICE_CLASS_DEBITS_ONLY = '225';
const TRANSACTION_CODES: Record<NachaAccountType, string> = { CHECKING: '27', SAVINGS: '37' };
const MAX_ENTRY_CENTS = 10n ** 10n - 1n; // 10 digits: $99,999,999.99
const MAX_TOTAL_CENTS = 10n ** 12n - 1n; // 12 digits
const MAX_ENTRIES = 999_999; // the batch control's 6-digit count

/** A routing number: 9 digits, not all zero, with a valid ABA check digit (the ACH account form's rule). */
export const abaChecksumValid = isValidRoutingNumber;

/** Upper case printable ASCII: accents dropped, anything else outside printable ASCII a space. */
const ascii = (value: string): string =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .toUpperCase();

/** Text (trimmed) cut or space-padded to `length`. */
const alpha = (value: string, length: number): string =>
  ascii(value).trim().slice(0, length).padEnd(length, ' ');

/** A whole number, zero-padded to `length`; an internal error if it does not fit (the caller checks first). */
const numeric = (value: bigint | number, length: number): string => {
  const text = value.toString();
  if (text.length > length || text.startsWith('-')) {
    throw new Error(`NACHA: ${text} does not fit a ${length}-digit field.`);
  }
  return text.padStart(length, '0');
};

/** A value that must fit its field as given (ids, codes): refused when longer, never cut. */
const fitted = (value: string, length: number, what: string): string => {
  const text = ascii(value).trim();
  if (text.length === 0) throw new Error(`NACHA: ${what} is empty.`);
  if (text.length > length) {
    throw new Error(`NACHA: ${what} ${JSON.stringify(value)} is longer than ${length} characters.`);
  }
  return text.padEnd(length, ' ');
};

const isoToYymmdd = (iso: string, what: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const date = match ? new Date(`${iso}T00:00:00Z`) : undefined;
  if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) {
    throw new Error(`NACHA: ${what} must be a date like 2026-04-15 (got ${JSON.stringify(iso)}).`);
  }
  return `${(match[1] as string).slice(2)}${match[2] as string}${match[3] as string}`;
};

const record = (fields: readonly string[]): string => {
  const line = fields.join('');
  if (line.length !== NACHA_RECORD_LENGTH) {
    throw new Error(
      `NACHA: a record of ${line.length} characters instead of ${NACHA_RECORD_LENGTH}: ${line}`,
    );
  }
  return line;
};

const entryLabel = (index: number, entry: NachaEntry) =>
  `Entry ${index + 1} (${JSON.stringify(entry.individualId)}, ${JSON.stringify(entry.individualName)})`;

/** A NACHA file of PPD debits, one batch; throws an Error naming the first entry or field it cannot accept. */
export const nachaFile = (input: NachaInput): string => {
  if (!abaChecksumValid(input.immediateDestination)) {
    throw new Error(
      `NACHA: immediate destination ${JSON.stringify(input.immediateDestination)} is not a 9-digit routing number with a valid ABA check digit.`,
    );
  }
  const odfi = input.immediateDestination.slice(0, 8);
  const origin = /^\d{9}$/.test(input.immediateOrigin) ? ` ${input.immediateOrigin}` : input.immediateOrigin;
  if (!/^[\x20-\x7e]{10}$/.test(origin) || origin.trim() === '') {
    throw new Error(
      `NACHA: immediate origin ${JSON.stringify(input.immediateOrigin)} must be 10 characters (or 9 digits).`,
    );
  }
  const fileIdModifier = input.fileIdModifier ?? 'A';
  if (!/^[A-Z0-9]$/.test(fileIdModifier)) {
    throw new Error(`NACHA: file id modifier ${JSON.stringify(fileIdModifier)} must be one of A-Z or 0-9.`);
  }
  if (Number.isNaN(input.createdAt.getTime())) throw new Error('NACHA: createdAt is not a valid date.');
  if (input.entries.length === 0) throw new Error('NACHA: a file needs at least one entry.');
  if (input.entries.length > MAX_ENTRIES) {
    throw new Error(`NACHA: at most ${MAX_ENTRIES} entries in a batch (got ${input.entries.length}).`);
  }
  for (const [what, value] of [
    ['immediate destination name', input.immediateDestinationName],
    ['immediate origin name', input.immediateOriginName],
    ['company name', input.companyName],
  ] as const) {
    if (value.trim() === '') throw new Error(`NACHA: the ${what} is empty.`);
  }
  const companyId = fitted(input.companyIdentification, 10, 'company identification');
  const description = fitted(input.companyEntryDescription, 10, 'company entry description');
  const effectiveDate = isoToYymmdd(input.effectiveEntryDate, 'the effective entry date');
  const created = input.createdAt.toISOString(); // UTC
  const createdDate = `${created.slice(2, 4)}${created.slice(5, 7)}${created.slice(8, 10)}`;
  const createdTime = `${created.slice(11, 13)}${created.slice(14, 16)}`;

  let entryHash = 0n;
  let totalDebits = 0n;
  const entryRecords = input.entries.map((entry, index) => {
    const label = entryLabel(index, entry);
    if (!abaChecksumValid(entry.routingNumber)) {
      throw new Error(
        `NACHA: ${label}: routing number ${JSON.stringify(entry.routingNumber)} is not 9 digits with a valid ABA check digit.`,
      );
    }
    const cents = centsOf(entry.amount.trim());
    if (cents === undefined || cents <= 0n) {
      throw new Error(
        `NACHA: ${label}: amount ${JSON.stringify(entry.amount)} must be a positive amount in dollars with at most two decimals.`,
      );
    }
    if (cents > MAX_ENTRY_CENTS) {
      throw new Error(`NACHA: ${label}: amount ${entry.amount} exceeds the entry's 10 digits of cents.`);
    }
    const accountNumber = entry.accountNumber.trim();
    if (!/^[A-Za-z0-9-]{1,17}$/.test(accountNumber)) {
      throw new Error(
        `NACHA: ${label}: account number ${JSON.stringify(entry.accountNumber)} must be 1 to 17 letters, digits or hyphens.`,
      );
    }
    const transactionCode = TRANSACTION_CODES[entry.accountType];
    if (transactionCode === undefined) {
      throw new Error(
        `NACHA: ${label}: account type ${JSON.stringify(entry.accountType)} is not CHECKING or SAVINGS.`,
      );
    }
    if (entry.individualName.trim() === '') throw new Error(`NACHA: ${label}: the individual name is empty.`);
    const rdfi = entry.routingNumber.slice(0, 8);
    entryHash += BigInt(rdfi);
    totalDebits += cents;
    return record([
      '6',
      transactionCode,
      rdfi,
      entry.routingNumber.slice(8),
      alpha(accountNumber, 17),
      numeric(cents, 10),
      fitted(entry.individualId, 15, `${label}: individual id`),
      alpha(entry.individualName, 22),
      '  ', // discretionary data
      '0', // no addenda
      odfi,
      numeric(index + 1, 7),
    ]);
  });
  if (totalDebits > MAX_TOTAL_CENTS) {
    throw new Error(`NACHA: the total of the debits exceeds the 12 digits of cents of the control records.`);
  }
  const hash = numeric(entryHash % 10n ** 10n, 10);
  const count = entryRecords.length;

  const lines = [
    record([
      '1',
      '01',
      ` ${input.immediateDestination}`,
      origin,
      createdDate,
      createdTime,
      fileIdModifier,
      '094',
      '10',
      '1',
      alpha(input.immediateDestinationName, 23),
      alpha(input.immediateOriginName, 23),
      ' '.repeat(8), // reference code
    ]),
    record([
      '5',
      SERVICE_CLASS_DEBITS_ONLY,
      alpha(input.companyName, 16),
      ' '.repeat(20), // company discretionary data
      companyId,
      'PPD',
      description,
      ' '.repeat(6), // company descriptive date
      effectiveDate,
      ' '.repeat(3), // settlement date: filled by the ACH operator
      '1', // originator status: a depository financial institution
      odfi,
      numeric(1, 7),
    ]),
    ...entryRecords,
    record([
      '8',
      SERVICE_CLASS_DEBITS_ONLY,
      numeric(count, 6),
      hash,
      numeric(totalDebits, 12),
      numeric(0, 12),
      companyId,
      ' '.repeat(19), // message authentication code
      ' '.repeat(6), // reserved
      odfi,
      numeric(1, 7),
    ]),
  ];
  const recordCount = lines.length + 1; // with the file control
  const blockCount = Math.ceil(recordCount / NACHA_BLOCKING_FACTOR);
  lines.push(
    record([
      '9',
      numeric(1, 6),
      numeric(blockCount, 6),
      numeric(count, 8),
      hash,
      numeric(totalDebits, 12),
      numeric(0, 12),
      ' '.repeat(39), // reserved
    ]),
  );
  const filler = '9'.repeat(NACHA_RECORD_LENGTH);
  while (lines.length < blockCount * NACHA_BLOCKING_FACTOR) lines.push(filler);
  return lines.map((line) => `${line}\n`).join('');
};
