import { createHash } from 'node:crypto';
import { formatCents } from '@centric/billing';
import { signedCents } from '@centric/contracts';

/*
 * Custodian fee files (issue 15 §3): the fees a custodian deducts from the paying accounts, as files the
 * custodian's upload takes. Pure functions: the caller selects the rows (only INDIRECT fees, i.e. deducted at
 * the custodian; never ACH or invoiced fees), stores each export with its checksum and asks for a confirmation
 * before exporting the same run twice.
 *
 * Money is bigint cents throughout (`signedCents` reads, `formatCents` writes), never a JS number.
 */

/** One fee to debit from an account, as a bill run produced it. */
export type FeeDebit = {
  accountId: string;
  accountNumber: string;
  /** The custodian holding the account; null when the account has none on record. */
  custodian: string | null;
  /** Dollars with two decimals ("1250.00"); may be negative (a credit) or zero. */
  amount: string;
  householdId: string;
  household: string;
  billId: string;
};

/** Most rows in one fee file: custodians' uploads refuse larger files, so a run is split into batches. */
export const FEE_FILE_BATCH_ROWS = 25_000;

export type FeeFilePlan = {
  /** Positive fees, one custodian per batch, by account number, at most `batchSize` rows each. */
  batches: FeeDebit[][];
  /** Negative amounts (credits owed to the client): never in a fee file, they are refunded another way. */
  refunds: FeeDebit[];
  /** Zero amounts: nothing to collect. */
  skipped: FeeDebit[];
};

const centsOfDebit = (row: FeeDebit): bigint => {
  const cents = signedCents(row.amount);
  if (cents === undefined) {
    throw new Error(
      `Fee of account ${row.accountNumber} (bill ${row.billId}) is not an amount in dollars with at most two decimals: ${JSON.stringify(row.amount)}.`,
    );
  }
  return cents;
};

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Sorts the fees of a run into custodian fee file batches, refunds and skipped rows.
 * Batches come custodian by custodian (by name, accounts without a custodian last), each sorted by account
 * number (then account id, then bill id, so the same rows always give the same files and checksums).
 */
export const planFeeFile = (rows: readonly FeeDebit[], opts?: { batchSize?: number }): FeeFilePlan => {
  const batchSize = opts?.batchSize ?? FEE_FILE_BATCH_ROWS;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > FEE_FILE_BATCH_ROWS) {
    throw new Error(`A fee file batch holds 1 to ${FEE_FILE_BATCH_ROWS} rows (got ${batchSize}).`);
  }

  const byCustodian = new Map<string | null, FeeDebit[]>();
  const refunds: FeeDebit[] = [];
  const skipped: FeeDebit[] = [];
  for (const row of rows) {
    const cents = centsOfDebit(row);
    if (cents < 0n) refunds.push(row);
    else if (cents === 0n) skipped.push(row);
    else {
      const group = byCustodian.get(row.custodian);
      if (group) group.push(row);
      else byCustodian.set(row.custodian, [row]);
    }
  }

  const custodians = [...byCustodian.keys()].sort((a, b) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : byText(a, b),
  );
  const batches: FeeDebit[][] = [];
  for (const custodian of custodians) {
    const group = (byCustodian.get(custodian) ?? []).sort(
      (a, b) =>
        byText(a.accountNumber, b.accountNumber) ||
        byText(a.accountId, b.accountId) ||
        byText(a.billId, b.billId),
    );
    for (let start = 0; start < group.length; start += batchSize) {
      batches.push(group.slice(start, start + batchSize));
    }
  }
  return { batches, refunds, skipped };
};

/** A batch's control total: how many rows and their sum, as the custodian's confirmation reports them. */
export type FeeFileControl = { rows: number; amount: string };

export const controlTotalOf = (rows: readonly FeeDebit[]): FeeFileControl => ({
  rows: rows.length,
  amount: formatCents(rows.reduce((sum, row) => sum + centsOfDebit(row), 0n)),
});

/** SHA-256 of a file's bytes (strings as UTF-8), hex: recorded with each export to tell files apart. */
export const checksumOf = (content: string | Buffer): string =>
  createHash('sha256').update(content).digest('hex');

/** Turns one batch into the file a custodian takes. One exporter per custodian format. */
export type CustodianExporter = {
  id: string;
  label: string;
  fileExtension: string;
  contentType: string;
  render(rows: readonly FeeDebit[]): string;
};

/**
 * The generic two-column format: the paying account's number, the fee ("123456789,1250.00"). NO header row:
 * the generic format is the bare two columns. Each line ends with '\n' (the last one too). The rows must be
 * a batch from `planFeeFile`: positive amounts only (a negative or zero amount is refused, so a credit can
 * never be uploaded as a debit), at most FEE_FILE_BATCH_ROWS of them. An account number that holds the
 * separator, a quote or a line break is refused rather than quoted, since the uploads do not read quoting.
 */
const twoColumns = (separator: string) => (rows: readonly FeeDebit[]) => {
  if (rows.length > FEE_FILE_BATCH_ROWS) {
    throw new Error(
      `A fee file holds at most ${FEE_FILE_BATCH_ROWS} rows (got ${rows.length}): split it with planFeeFile.`,
    );
  }
  return rows
    .map((row) => {
      const cents = centsOfDebit(row);
      if (cents <= 0n) {
        throw new Error(
          `Fee of account ${row.accountNumber} (bill ${row.billId}) is ${row.amount}: a fee file holds only positive fees.`,
        );
      }
      const accountNumber = row.accountNumber.trim();
      if (accountNumber === '' || accountNumber.includes(separator) || /["\r\n]/.test(accountNumber)) {
        throw new Error(
          `Account number ${JSON.stringify(row.accountNumber)} (bill ${row.billId}) cannot be written to a fee file.`,
        );
      }
      return `${accountNumber}${separator}${formatCents(cents)}\n`;
    })
    .join('');
};

export const CUSTODIAN_EXPORTERS: readonly CustodianExporter[] = [
  {
    id: 'generic-csv',
    label: 'Generic, comma-separated (account number, fee)',
    fileExtension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    render: twoColumns(','),
  },
  {
    id: 'generic-tsv',
    label: 'Generic, tab-separated (account number, fee)',
    fileExtension: 'tsv',
    contentType: 'text/tab-separated-values; charset=utf-8',
    render: twoColumns('\t'),
  },
];

export const exporterFor = (id: string): CustodianExporter | undefined =>
  CUSTODIAN_EXPORTERS.find((exporter) => exporter.id === id);
