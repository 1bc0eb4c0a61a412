import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { type NachaEntry, type NachaInput, abaChecksumValid, nachaFile } from '../nacha.ts';

// ACH collection (issue 15 §3): the generated file is read back by a NACHA parser that is not ours,
// @midlandsbank/node-nacha (a maintained fork of @ach/ach), which cuts each record into the spec's fields.
// It checks nothing itself, so the tests assert the counts, hashes and totals against figures computed here.

type ParsedEntry = {
  transactionCode: string;
  receivingDFIIdentification: number;
  checkDigit: number;
  dfiAccount: string;
  amount: number;
  identificationNumber: string;
  receivingCompanyName: string;
  discretionaryData: string;
  addendaIndicator: string;
  traceNumber: number;
};
type ParsedControl = {
  entryAndAddendaCount: number;
  entryHash: number;
  totalDebit: number;
  totalCredit: number;
};
type ParsedBatch = {
  serviceClassCode: number;
  companyName: string;
  companyId: string;
  entryClassCode: string;
  description: string;
  date: string;
  effectiveDate: string;
  settlementDate: string;
  originatorStatusCode: string;
  originatingDFIIdentification: string;
  num: number;
  entries: ParsedEntry[];
  footer: ParsedControl & {
    serviceClassCode: number;
    companyId: string;
    originatingDFIIdentification: string;
    num: number;
  };
};
type ParsedFile = {
  file: {
    recordType: string;
    priority: number;
    destination: string;
    origin: string;
    creationDate: string;
    creationTime: string;
    idModifier: string;
    recordSize: string;
    blockingFactor: string;
    formatCode: string;
    destinationName: string;
    originName: string;
    footer: ParsedControl & { batchCount: number; blockCount: number };
  };
  batches: ParsedBatch[];
};

// The package is CommonJS without type declarations.
const nacha = createRequire(import.meta.url)('@midlandsbank/node-nacha') as {
  from(source: string): { data: ParsedFile };
};
const parse = (content: string): ParsedFile => nacha.from(content).data;
const linesOf = (content: string) => content.replace(/\n$/, '').split('\n');

const entry = (overrides: Partial<NachaEntry> = {}): NachaEntry => ({
  routingNumber: '011000015',
  accountNumber: '000123456789',
  accountType: 'CHECKING',
  amount: '1250.00',
  individualId: 'H-1',
  individualName: 'Ada Lovelace',
  ...overrides,
});

const input = (entries: NachaEntry[], overrides: Partial<NachaInput> = {}): NachaInput => ({
  immediateDestination: '021000021',
  immediateDestinationName: 'JPMorgan Chase Bank',
  immediateOrigin: '123456789',
  immediateOriginName: 'Centric Advisors',
  companyName: 'Centric Wealth Advisors LLC',
  companyIdentification: '1234567890',
  companyEntryDescription: 'advisory',
  effectiveEntryDate: '2026-04-15',
  createdAt: new Date('2026-04-14T13:05:00Z'),
  entries,
  ...overrides,
});

const ENTRIES: NachaEntry[] = [
  entry(),
  entry({
    routingNumber: '121000358',
    accountNumber: 'SAV-998877',
    accountType: 'SAVINGS',
    amount: '0.10',
    individualId: 'H-2',
    individualName: "José Ñúñez-O'Brien the Third, Esquire",
  }),
  entry({ routingNumber: '091000019', accountNumber: '5', amount: '0.20', individualId: 'BILL-000000003' }),
  entry({
    routingNumber: '322271627',
    accountNumber: '12345678901234567',
    amount: '99999999.99',
    individualId: 'H-4',
  }),
  entry({
    routingNumber: '011401533',
    accountNumber: '42',
    amount: '3',
    individualId: 'H-5',
    individualName: 'Bo',
  }),
];

/** Independent of the generator: the RDFI ids are the routing numbers' first 8 digits. */
const expectedHash = (entries: readonly NachaEntry[]) =>
  Number(entries.reduce((sum, e) => sum + BigInt(e.routingNumber.slice(0, 8)), 0n) % 10_000_000_000n);

describe('nachaFile', () => {
  const content = nachaFile(input(ENTRIES));
  const lines = linesOf(content);
  const parsed = parse(content);

  it('is records of 94 characters, one a line, in blocks of 10 filled with 9s', () => {
    expect(content.endsWith('\n')).toBe(true);
    expect(content).not.toContain('\r');
    for (const line of lines) expect(line).toHaveLength(94);
    // 1 file header + 1 batch header + 5 entries + 1 batch control + 1 file control = 9, then one filler.
    expect(lines).toHaveLength(10);
    expect(lines.map((line) => line[0]).join('')).toBe('1566666899');
    expect(lines[9]).toBe('9'.repeat(94));
    expect(/^[\x20-\x7e]*$/.test(lines.join(''))).toBe(true);
  });

  it('has the file header of a PPD file sent to the ODFI', () => {
    expect(parsed.file).toMatchObject({
      recordType: '1',
      priority: 1,
      destination: ' 021000021',
      origin: ' 123456789',
      creationDate: '260414',
      creationTime: '1305',
      idModifier: 'A',
      recordSize: '094',
      blockingFactor: '10',
      formatCode: '1',
      destinationName: 'JPMORGAN CHASE BANK',
      originName: 'CENTRIC ADVISORS',
    });
  });

  it('has one batch of PPD debits (service class 225) from the company to settle on the effective date', () => {
    expect(parsed.batches).toHaveLength(1);
    expect(parsed.batches[0]).toMatchObject({
      serviceClassCode: 225,
      companyName: 'CENTRIC WEALTH A', // cut to 16
      companyId: '1234567890',
      entryClassCode: 'PPD',
      description: 'ADVISORY',
      date: '',
      effectiveDate: '260415',
      settlementDate: '',
      originatorStatusCode: '1',
      originatingDFIIdentification: '02100002',
      num: 1,
    });
  });

  it('carries each entry: routing, account, amount in cents, id and name round-trip', () => {
    const entries = parsed.batches[0]?.entries ?? [];
    expect(entries).toHaveLength(ENTRIES.length);
    expect(
      entries.map((e) => ({
        code: e.transactionCode,
        routing: `${String(e.receivingDFIIdentification).padStart(8, '0')}${e.checkDigit}`,
        account: e.dfiAccount,
        cents: e.amount,
        id: e.identificationNumber,
        name: e.receivingCompanyName,
        addenda: e.addendaIndicator,
      })),
    ).toEqual([
      {
        code: '27',
        routing: '011000015',
        account: '000123456789',
        cents: 125000,
        id: 'H-1',
        name: 'ADA LOVELACE',
        addenda: '0',
      },
      {
        code: '37',
        routing: '121000358',
        account: 'SAV-998877',
        cents: 10,
        id: 'H-2',
        name: "JOSE NUNEZ-O'BRIEN THE",
        addenda: '0',
      },
      {
        code: '27',
        routing: '091000019',
        account: '5',
        cents: 20,
        id: 'BILL-000000003',
        name: 'ADA LOVELACE',
        addenda: '0',
      },
      {
        code: '27',
        routing: '322271627',
        account: '12345678901234567',
        cents: 9_999_999_999,
        id: 'H-4',
        name: 'ADA LOVELACE',
        addenda: '0',
      },
      { code: '27', routing: '011401533', account: '42', cents: 300, id: 'H-5', name: 'BO', addenda: '0' },
    ]);
  });

  it('numbers the entries with ascending trace numbers: the ODFI id and a sequence from 1', () => {
    const traces = (parsed.batches[0]?.entries ?? []).map((e) => String(e.traceNumber).padStart(15, '0'));
    expect(traces).toEqual([1, 2, 3, 4, 5].map((n) => `02100002${String(n).padStart(7, '0')}`));
    expect([...traces].sort()).toEqual(traces);
  });

  it('closes the batch and the file with the entry count, entry hash and total of the debits', () => {
    const totalCents = 125_000 + 10 + 20 + 9_999_999_999 + 300;
    const control = {
      entryAndAddendaCount: 5,
      entryHash: expectedHash(ENTRIES),
      totalDebit: totalCents,
      totalCredit: 0,
    };
    expect(control.entryHash).toBe(1_100_001 + 12_100_035 + 9_100_001 + 32_227_162 + 1_140_153);
    expect(parsed.batches[0]?.footer).toMatchObject({
      ...control,
      serviceClassCode: 225,
      companyId: '1234567890',
      originatingDFIIdentification: '02100002',
      num: 1,
    });
    expect(parsed.file.footer).toMatchObject({ ...control, batchCount: 1, blockCount: 1 });
  });

  it('keeps the entry hash to its last 10 digits and pads to whole blocks for a large file', () => {
    // 400 entries at RDFI 32227162: a sum of 12,890,864,800, over the field's 10 digits.
    const many = Array.from({ length: 400 }, (_, i) =>
      entry({ routingNumber: '322271627', amount: '0.01', individualId: `H-${i + 1}` }),
    );
    const big = nachaFile(input(many));
    const bigLines = linesOf(big);
    const file = parse(big);

    expect(bigLines).toHaveLength(410); // 404 records, then 6 fillers
    expect(bigLines.slice(404).every((line) => line === '9'.repeat(94))).toBe(true);
    expect(file.file.footer).toMatchObject({
      batchCount: 1,
      blockCount: 41,
      entryAndAddendaCount: 400,
      entryHash: 2_890_864_800,
      totalDebit: 400,
      totalCredit: 0,
    });
    expect(file.batches[0]?.footer.entryHash).toBe(2_890_864_800);
    const traces = (file.batches[0]?.entries ?? []).map((e) => e.traceNumber);
    expect(traces.every((trace, i) => i === 0 || trace > (traces[i - 1] as number))).toBe(true);
    expect(traces.at(-1)).toBe(21_000_020_000_400);
  });

  it('adds no filler when the records fill whole blocks', () => {
    const six = Array.from({ length: 6 }, (_, i) => entry({ individualId: `H-${i}` }));
    const out = linesOf(nachaFile(input(six)));
    expect(out).toHaveLength(10);
    expect(out[9]?.[0]).toBe('9');
    expect(out[9]).not.toBe('9'.repeat(94));
    expect(parse(nachaFile(input(six))).file.footer.blockCount).toBe(1);
  });

  it('takes a 10-character origin as given and the file id modifier', () => {
    const file = parse(nachaFile(input([entry()], { immediateOrigin: '1987654321', fileIdModifier: 'B' })));
    expect(file.file.origin).toBe('1987654321');
    expect(file.file.idModifier).toBe('B');
  });

  it('is the same file for the same input', () => {
    expect(nachaFile(input(ENTRIES))).toBe(content);
  });
});

describe('nachaFile refuses what a bank would reject', () => {
  it('an entry whose routing number fails the ABA check, naming the entry', () => {
    const entries = [
      entry(),
      entry({ routingNumber: '021000022', individualId: 'H-2', individualName: 'Bob Ray' }),
    ];
    expect(() => nachaFile(input(entries))).toThrow(
      'NACHA: Entry 2 ("H-2", "Bob Ray"): routing number "021000022" is not 9 digits with a valid ABA check digit.',
    );
    expect(() => nachaFile(input([entry({ routingNumber: '12345678' })]))).toThrow(/Entry 1 .*"12345678"/);
  });

  it('an ODFI routing number that fails the ABA check', () => {
    expect(() => nachaFile(input([entry()], { immediateDestination: '123456789' }))).toThrow(
      /immediate destination "123456789"/,
    );
  });

  it('an amount that is not positive dollars with two decimals, or too large for the field', () => {
    for (const amount of ['0.00', '0', '-5.00', '12.345', 'ten']) {
      expect(() => nachaFile(input([entry({ amount })]))).toThrow(/Entry 1 .*must be a positive amount/);
    }
    expect(() => nachaFile(input([entry({ amount: '100000000.00' })]))).toThrow(
      /exceeds the entry's 10 digits/,
    );
  });

  it('ids and accounts that do not fit, bad dates and an empty file', () => {
    expect(() => nachaFile(input([entry({ individualId: '1234567890123456' })]))).toThrow(
      /individual id "1234567890123456" is longer than 15/,
    );
    expect(() => nachaFile(input([entry({ accountNumber: '123456789012345678' })]))).toThrow(/1 to 17/);
    expect(() => nachaFile(input([entry()], { companyEntryDescription: 'ADVISORY FEES' }))).toThrow(
      /longer than 10/,
    );
    expect(() => nachaFile(input([entry()], { effectiveEntryDate: '2026-02-30' }))).toThrow(
      /effective entry date/,
    );
    expect(() => nachaFile(input([entry()], { immediateOrigin: '12345' }))).toThrow(/immediate origin/);
    expect(() => nachaFile(input([entry()], { fileIdModifier: 'a' }))).toThrow(/file id modifier/);
    expect(() => nachaFile(input([]))).toThrow(/at least one entry/);
  });
});

describe('abaChecksumValid', () => {
  it('accepts routing numbers whose 3-7-1 weighted sum ends in 0', () => {
    for (const routing of ['021000021', '011000015', '121000358', '091000019', '322271627', '011401533']) {
      expect(abaChecksumValid(routing)).toBe(true);
    }
  });

  it('refuses a wrong check digit, a wrong length, letters and all zeros', () => {
    for (const routing of [
      '021000022',
      '123456789',
      '02100002',
      '0210000210',
      '02100002a',
      ' 21000021',
      '000000000',
    ]) {
      expect(abaChecksumValid(routing)).toBe(false);
    }
  });
});
