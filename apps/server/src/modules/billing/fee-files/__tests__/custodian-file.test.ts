import { describe, expect, it } from 'vitest';
import {
  CUSTODIAN_EXPORTERS,
  FEE_FILE_BATCH_ROWS,
  type FeeDebit,
  checksumOf,
  controlTotalOf,
  exporterFor,
  planFeeFile,
} from '../custodian-file.ts';

// Custodian fee files (issue 15 §3). Choosing the INDIRECT fees (deducted at the custodian, never ACH or
// invoiced ones) is the caller's query; these tests hold the plan and the files to the rules.

let serial = 0;
const debit = (amount: string, overrides: Partial<FeeDebit> = {}): FeeDebit => {
  serial += 1;
  return {
    accountId: `acc-${serial}`,
    accountNumber: String(100_000_000 + serial),
    custodian: 'Schwab',
    amount,
    householdId: `hh-${serial}`,
    household: `Household ${serial}`,
    billId: `bill-${serial}`,
    ...overrides,
  };
};

const csv = exporterFor('generic-csv');
const tsv = exporterFor('generic-tsv');
if (!csv || !tsv) throw new Error('the generic exporters are registered');

describe('planFeeFile', () => {
  it('puts credits in refunds, skips zeros and files only positive fees', () => {
    const fee = debit('1250.00');
    const cent = debit('0.01');
    const credit = debit('-40.25');
    const zero = debit('0.00');
    const bareZero = debit('0');
    const negativeZero = debit('-0.00');
    const plan = planFeeFile([credit, fee, zero, cent, bareZero, negativeZero]);

    expect(plan.refunds).toEqual([credit]);
    expect(plan.skipped).toEqual([zero, bareZero, negativeZero]);
    expect(plan.batches).toEqual([[fee, cent]]);
    for (const batch of plan.batches) expect(csv.render(batch)).not.toContain('-');
  });

  it('splits 60,001 rows into batches of 25,000, 25,000 and 10,001, in account-number order', () => {
    // Made in reverse order so that the plan has to sort them.
    const rows = Array.from({ length: 60_001 }, (_, i) =>
      debit('1.00', { accountNumber: String(900_000_000 - i).padStart(9, '0') }),
    );
    const plan = planFeeFile(rows);

    expect(FEE_FILE_BATCH_ROWS).toBe(25_000);
    expect(plan.batches.map((batch) => batch.length)).toEqual([25_000, 25_000, 10_001]);
    const filed = plan.batches.flat();
    expect(new Set(filed).size).toBe(60_001);
    const numbers = filed.map((row) => row.accountNumber);
    expect(numbers).toEqual([...numbers].sort());
    expect(numbers[0]).toBe('899940000');
    expect(numbers.at(-1)).toBe('900000000');
  });

  it('gives each custodian its own batches: by custodian name, accounts without one last', () => {
    const rows = [
      debit('10.00', { custodian: 'Schwab', accountNumber: 'S-2' }),
      debit('11.00', { custodian: null, accountNumber: 'N-1' }),
      debit('12.00', { custodian: 'Fidelity', accountNumber: 'F-3' }),
      debit('13.00', { custodian: 'Schwab', accountNumber: 'S-1' }),
      debit('14.00', { custodian: 'Fidelity', accountNumber: 'F-1' }),
      debit('15.00', { custodian: 'Fidelity', accountNumber: 'F-2' }),
    ];
    const plan = planFeeFile(rows, { batchSize: 2 });

    expect(plan.batches.map((batch) => batch.map((row) => `${row.custodian}:${row.accountNumber}`))).toEqual([
      ['Fidelity:F-1', 'Fidelity:F-2'],
      ['Fidelity:F-3'],
      ['Schwab:S-1', 'Schwab:S-2'],
      ['null:N-1'],
    ]);
  });

  it('gives the same batches whatever the order of the rows', () => {
    const rows = [
      debit('5.00', { accountNumber: '200' }),
      debit('6.00', { accountNumber: '100', accountId: 'b' }),
      debit('7.00', { accountNumber: '100', accountId: 'a' }),
    ];
    const forward = planFeeFile(rows).batches;
    const backward = planFeeFile([...rows].reverse()).batches;
    expect(backward).toEqual(forward);
    expect(csv.render(forward[0] ?? [])).toBe('100,7.00\n100,6.00\n200,5.00\n');
  });

  it('refuses an amount that is not dollars with at most two decimals, naming the account', () => {
    expect(() => planFeeFile([debit('12.345', { accountNumber: 'X-77' })])).toThrow(
      /account X-77 .*not an amount in dollars/,
    );
    expect(() => planFeeFile([debit('twelve')])).toThrow(/"twelve"/);
  });

  it('refuses a batch size outside 1 to 25,000', () => {
    expect(() => planFeeFile([], { batchSize: 0 })).toThrow(/1 to 25000 rows/);
    expect(() => planFeeFile([], { batchSize: 25_001 })).toThrow(/1 to 25000 rows/);
    expect(() => planFeeFile([], { batchSize: 2.5 })).toThrow(/1 to 25000 rows/);
  });
});

describe('controlTotalOf', () => {
  it('adds 100,000 fees of 0.01 to exactly 1000.00', () => {
    const rows = Array.from({ length: 100_000 }, () => debit('0.01'));
    expect(controlTotalOf(rows)).toEqual({ rows: 100_000, amount: '1000.00' });
  });

  it('is exact where binary floating point is not', () => {
    expect(controlTotalOf([debit('0.10'), debit('0.20')])).toEqual({ rows: 2, amount: '0.30' });
    expect(controlTotalOf([debit('9007199254740.99'), debit('0.01'), debit('0.01')])).toEqual({
      rows: 3,
      amount: '9007199254741.01',
    });
  });

  it('totals each planned batch', () => {
    const plan = planFeeFile([debit('100.10'), debit('200.20'), debit('300.30'), debit('-5.00')], {
      batchSize: 2,
    });
    expect(plan.batches.map(controlTotalOf)).toEqual([
      { rows: 2, amount: '300.30' },
      { rows: 1, amount: '300.30' },
    ]);
    expect(controlTotalOf([])).toEqual({ rows: 0, amount: '0.00' });
  });
});

describe('checksumOf', () => {
  it('is the SHA-256 of the bytes, the same for a string and its UTF-8 buffer', () => {
    expect(checksumOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(checksumOf(Buffer.from('123456789,1250.00\n', 'utf8'))).toBe(checksumOf('123456789,1250.00\n'));
  });

  it('is stable for the same file and changes with one cent', () => {
    const rows = [debit('1250.00', { accountNumber: '123456789' }), debit('0.50', { accountNumber: '987' })];
    const file = csv.render(planFeeFile(rows).batches[0] ?? []);
    expect(checksumOf(file)).toBe(checksumOf(csv.render(planFeeFile([...rows].reverse()).batches[0] ?? [])));
    expect(checksumOf(file)).toMatch(/^[0-9a-f]{64}$/);

    const changed = [rows[0] as FeeDebit, { ...(rows[1] as FeeDebit), amount: '0.51' }];
    expect(checksumOf(csv.render(planFeeFile(changed).batches[0] ?? []))).not.toBe(checksumOf(file));
    expect(checksumOf(tsv.render(planFeeFile(rows).batches[0] ?? []))).not.toBe(checksumOf(file));
  });
});

describe('generic exporters', () => {
  const rows = [
    debit('1250', { accountNumber: '123456789' }),
    debit('0.5', { accountNumber: '987654321' }),
    debit('1,000,000.07', { accountNumber: 'ABC-42' }),
  ];

  it('writes two columns, account number and fee, without a header, comma-separated', () => {
    expect(csv.render(rows)).toBe('123456789,1250.00\n987654321,0.50\nABC-42,1000000.07\n');
    expect(csv).toMatchObject({ fileExtension: 'csv', contentType: 'text/csv; charset=utf-8' });
  });

  it('writes the same two columns tab-separated', () => {
    expect(tsv.render(rows)).toBe('123456789\t1250.00\n987654321\t0.50\nABC-42\t1000000.07\n');
    expect(tsv).toMatchObject({
      fileExtension: 'tsv',
      contentType: 'text/tab-separated-values; charset=utf-8',
    });
  });

  it('writes an empty file for no rows', () => {
    expect(csv.render([])).toBe('');
  });

  it('refuses a credit or a zero, so a refund is never uploaded as a fee', () => {
    expect(() => csv.render([debit('-12.00', { accountNumber: 'R-1' })])).toThrow(
      /account R-1 .*-12\.00: a fee file holds only positive fees/,
    );
    expect(() => tsv.render([debit('0.00')])).toThrow(/only positive fees/);
  });

  it('refuses an account number that would break the columns', () => {
    expect(() => csv.render([debit('1.00', { accountNumber: '12,34' })])).toThrow(/"12,34"/);
    expect(() => tsv.render([debit('1.00', { accountNumber: '12\t34' })])).toThrow(/cannot be written/);
    expect(() => csv.render([debit('1.00', { accountNumber: '12\n34' })])).toThrow(/cannot be written/);
    expect(() => csv.render([debit('1.00', { accountNumber: ' ' })])).toThrow(/cannot be written/);
    // A tab is harmless in a comma-separated file and the reverse: each only refuses its own separator.
    expect(tsv.render([debit('1.00', { accountNumber: '12,34' })])).toBe('12,34\t1.00\n');
  });

  it('refuses more rows than one fee file holds', () => {
    const rows = Array.from({ length: FEE_FILE_BATCH_ROWS + 1 }, () => debit('1.00'));
    expect(() => csv.render(rows)).toThrow(/at most 25000 rows/);
  });

  it('are registered by id and nothing else is', () => {
    expect(CUSTODIAN_EXPORTERS.map((exporter) => exporter.id)).toEqual(['generic-csv', 'generic-tsv']);
    expect(exporterFor('generic-tsv')).toBe(tsv);
    expect(exporterFor('schwab')).toBeUndefined();
    expect(exporterFor('toString')).toBeUndefined();
  });
});
