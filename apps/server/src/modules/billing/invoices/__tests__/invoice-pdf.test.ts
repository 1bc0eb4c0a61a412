import { PassThrough, Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  type BillAccount,
  type BillDetail,
  bpsAsPercentWords,
  formatMoney,
  prorationWords,
  tierLineWords,
  tierRangeWords,
} from '@centric/contracts';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { ACCOUNT_COLUMNS, renderInvoicePdf } from '../invoice-pdf.ts';
import { invoiceFileName, writeInvoicesZip } from '../invoice-zip.ts';

const FIRM = 'Acme Wealth Partners';
const IRA = '7a1c2e3f-4444-4a4a-8b8b-000000000001';
const TRUST = '7a1c2e3f-4444-4a4a-8b8b-000000000002';
const JOINT = '7a1c2e3f-4444-4a4a-8b8b-000000000003';

const account = (overrides: Partial<BillAccount> & Pick<BillAccount, 'accountId' | 'registrationName'>) =>
  ({
    payMethod: 'ACH',
    timing: 'ARREARS',
    frequency: 'QUARTERLY',
    valuationDate: '2026-06-30',
    value: '0.00',
    excluded: '0.00',
    payoutExcluded: '0.00',
    billableValue: '0.00',
    openDays: 91,
    periodDays: 91,
    openedOn: null,
    closedOn: null,
    cashFlows: [],
    amount: '0.00',
    line: 'DIRECT',
    paidBy: { id: overrides.accountId, registrationName: overrides.registrationName },
    ...overrides,
  }) satisfies BillAccount;

/**
 * Bill 101 of the Adams household, Q2 2026 in arrears: $1,600,000 billable on a two-tier schedule (1.00% to
 * $1M, 0.75% above: $14,500 a year, $3,625 a quarter) shared by three accounts: the IRA with an exclusion,
 * the trust (paid by the IRA) with a deposit, the joint account opened mid-quarter; a $250 credit on the IRA
 * and a $1,500 planning fee. 2,265.63 + 1,078.04 + 112.03 − 250.00 + 1,500.00 = 4,705.70.
 */
const billFixture = (overrides: Partial<BillDetail> = {}): BillDetail => ({
  id: '7a1c2e3f-2222-4a4a-8b8b-000000000002',
  runId: '7a1c2e3f-1111-4a4a-8b8b-000000000001',
  runNumber: 12,
  kind: 'LIVE_BILL',
  billNo: 101,
  liveBillSeq: 3,
  clientId: '7a1c2e3f-3333-4a4a-8b8b-000000000003',
  household: 'Adams, Betty',
  periodStart: '2026-04-01',
  periodEnd: '2026-06-30',
  status: 'APPROVED',
  billableValue: '1600000.00',
  amount: '4705.70',
  balance: '4705.70',
  accounts: 3,
  createdBy: { id: 'u1', fullName: 'Grace Lee' },
  createdAt: '2026-07-01T14:00:30.000Z',
  valuation: 'PERIOD_END_VALUE',
  proration: 'FREQUENCY',
  cashFlowThreshold: '1000.00',
  schedules: [
    {
      scheduleId: 's1',
      name: 'Standard AUM',
      type: 'PERCENTAGE',
      billableValue: '1600000.00',
      annualAmount: '14500.00',
      lines: [
        { minimum: '0.00', maximum: '1000000.00', base: '1000000.00', rate: '100', amount: '10000.00' },
        {
          minimum: '1000000.00',
          maximum: '10000000000.00',
          base: '600000.00',
          rate: '75',
          amount: '4500.00',
        },
      ],
    },
  ],
  accountLines: [
    account({
      accountId: IRA,
      registrationName: 'Betty Adams IRA',
      value: '1037020.00',
      excluded: '37020.00',
      billableValue: '1000000.00',
      amount: '2265.63',
    }),
    account({
      accountId: TRUST,
      registrationName: 'Betty Adams Trust',
      payMethod: 'INDIRECT',
      value: '500000.00',
      billableValue: '500000.00',
      cashFlows: [{ date: '2026-05-15', amount: '50000.00' }],
      amount: '1078.04',
      line: 'INDIRECT',
      paidBy: { id: IRA, registrationName: 'Betty Adams IRA' },
    }),
    account({
      accountId: JOINT,
      registrationName: 'Adams Joint',
      value: '100000.00',
      billableValue: '100000.00',
      openDays: 45,
      openedOn: '2026-05-17',
      amount: '112.03',
    }),
  ],
  leftOut: [],
  extraLines: [
    {
      accountId: IRA,
      registrationName: 'Betty Adams IRA',
      kind: 'ADJUSTMENT',
      description: 'Service credit: Late statement',
      amount: '-250.00',
      adjustmentId: '7a1c2e3f-5555-4a4a-8b8b-000000000001',
      carriedForward: '0.00',
    },
  ],
  planningLines: [
    {
      planningFeeId: '7a1c2e3f-6666-4a4a-8b8b-000000000001',
      description: 'Retirement plan',
      feeType: 'FLAT',
      amount: '1500.00',
      payMethod: 'ACH',
      paidBy: { id: IRA, registrationName: 'Betty Adams IRA' },
    },
  ],
  payouts: [
    {
      accountId: null,
      type: 'WEALTH_ADVISOR_1',
      payee: { id: 'u2', fullName: 'Olivia Bennett' },
      percent: '20.00',
      amount: '941.14',
      paymentNumber: 3,
      numberOfPayments: 8,
    },
  ],
  firm: '3764.56',
  reasons: [],
  ...overrides,
});

/** Each page's text as pdf.js reads it, runs of white space made one space. */
const pageTexts = async (pdf: Buffer): Promise<string[]> => {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : ''))
      .join('');
    pages.push(text.replace(/\s+/g, ' '));
  }
  await document.destroy();
  return pages;
};

const render = (bill: BillDetail) => renderInvoicePdf({ firmName: FIRM, bill, issuedOn: '2026-07-02' });

describe('the invoice PDF', { timeout: 60_000 }, () => {
  it("shows the firm, the household, the period and every figure as the bill's own strings", async () => {
    const pdf = await render(billFixture());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pageTexts(pdf);
    const text = pages.join(' ');

    expect(text).toContain(FIRM);
    expect(text).toContain('Invoice 101');
    expect(text).toContain('Household Adams, Betty');
    expect(text).toContain('Period 04/01/2026 – 06/30/2026');
    expect(text).toContain('Issued on 07/02/2026');
    // The accounts: value, exclusion, billable value, days, fee, payer.
    expect(text).toContain('Betty Adams IRA');
    expect(text).toContain('$1,037,020.00 $37,020.00 $1,000,000.00 91 of 91 $2,265.63 Pays its own fee');
    expect(text).toContain('$500,000.00 $0.00 $500,000.00 91 of 91 $1,078.04 Paid by Betty Adams IRA');
    expect(text).toContain('$100,000.00 $0.00 $100,000.00 45 of 91 $112.03 Pays its own fee');
    expect(text).toContain('Billed for 45 of 91 days (opened 05/17/2026)');
    expect(text).toContain('Cash flows prorated: 05/15/2026: $50,000.00');
    expect(text).toContain('All accounts $1,600,000.00');
    // The fee worked out, tier line by tier line, then the proration.
    expect(text).toContain('Standard AUM (Percentage)');
    expect(text).toContain('$1,600,000.00 billable together · $14,500.00 a year');
    expect(text).toContain('$0 – $1,000,000 $1,000,000.00 at 1.00% = $10,000.00');
    expect(text).toContain('Over $1,000,000 $600,000.00 at 0.75% = $4,500.00');
    expect(text).toContain('Quarterly: 1/4 of the annual fee');
    expect(text).toContain('Cash flows under $1,000.00 change no fee.');
    // The extra and planning lines, signed, and the total.
    expect(text).toContain('Betty Adams IRA Adjustment: Service credit: Late statement -$250.00');
    expect(text).toContain('Retirement plan (one-time financial planning fee) Betty Adams IRA $1,500.00');
    expect(text).toContain('Total fee for 04/01/2026 – 06/30/2026 $4,705.70');
    // Who pays: the IRA pays for the trust and the planning fee; the joint account its own fee.
    expect(text).toContain(
      'Betty Adams IRA Its own fee; the fee of Betty Adams Trust; the planning fee Retirement plan',
    );
    expect(text).toContain('Every other account pays its own fee.');
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    // Payouts are the firm's business: never on the client's invoice.
    expect(text).not.toContain('Olivia Bennett');
    expect(text).not.toContain('$941.14');
    expect(text).not.toContain('$3,764.56');
  });

  it('words a split fee and leaves out the sections a bill does not have', async () => {
    const [ira, trust] = billFixture().accountLines as [BillAccount, BillAccount];
    const split: BillAccount = {
      ...trust,
      split: [
        { accountId: IRA, registrationName: 'Betty Adams IRA', amount: '539.02' },
        { accountId: TRUST, registrationName: 'Betty Adams Trust', amount: '539.02' },
      ],
    };
    const text = (
      await pageTexts(
        await render(billFixture({ accountLines: [ira, split], extraLines: [], planningLines: [] })),
      )
    ).join(' ');
    expect(text).toContain('Split across 2 paying accounts');
    expect(text).toContain('Paid by Betty Adams IRA: $539.02');
    expect(text).toContain('Betty Adams IRA Its own fee; $539.02 of the fee of Betty Adams Trust');
    expect(text).toContain('Betty Adams Trust $539.02 of its own fee');
    expect(text).not.toContain('Adjustments, part-periods and refunds');
    expect(text).not.toContain('Financial planning');
  });

  it('runs 300 accounts over several pages, the header row on every page, no account lost', async () => {
    const accountLines = Array.from({ length: 300 }, (_, index) => {
      const n = String(index + 1).padStart(3, '0');
      return account({
        accountId: `7a1c2e3f-9999-4a4a-8b8b-000000000${n}`,
        registrationName: `Account ${n} of the Adams family`,
        value: `${index + 1}000.00`,
        billableValue: `${index + 1}000.00`,
        amount: `${index + 1}.25`,
      });
    });
    const pages = await pageTexts(
      await render(billFixture({ accountLines, extraLines: [], planningLines: [] })),
    );

    expect(pages.length).toBeGreaterThanOrEqual(4);
    const header = ACCOUNT_COLUMNS.join(' ');
    const withAccounts = pages.filter((page) => /Account \d{3} of the Adams family/.test(page));
    expect(withAccounts.length).toBeGreaterThanOrEqual(4);
    for (const page of withAccounts) expect(page).toContain(header);
    pages.forEach((page, index) => {
      expect(page).toContain(FIRM);
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    const text = pages.join(' ');
    for (const line of accountLines) {
      expect(text).toContain(`${line.registrationName} Quarterly in arrears`);
      expect(text).toContain(`${formatMoney(line.amount)} Pays its own fee`);
    }
    expect(text).toContain('Each account pays its own fee.');
  });
});

describe('the wording the invoice and the screen share', () => {
  it('puts rates as percentages with at least two decimals, exactly', () => {
    expect(['100', '75', '87.5', '12.25', '0.5', '100.00'].map(bpsAsPercentWords)).toEqual([
      '1.00%',
      '0.75%',
      '0.875%',
      '0.1225%',
      '0.005%',
      '1.00%',
    ]);
  });

  it('words money, tiers and proration in plain words', () => {
    expect(formatMoney('1234567.5')).toBe('$1,234,567.50');
    expect(formatMoney('-250.00')).toBe('-$250.00');
    expect(tierRangeWords({ minimum: '0.00', maximum: '10000000000.00' })).toBe('All values');
    expect(
      tierLineWords('FIXED', {
        minimum: '0.00',
        maximum: '500000.00',
        base: '400000.00',
        rate: '2500',
        amount: '2500.00',
      }),
    ).toBe('$400,000.00 in the tier: $2,500 a year = $2,500.00');
    expect(
      prorationWords(
        { proration: 'ACTUAL_DAYS', periodStart: '2028-04-01', periodEnd: '2028-06-30' },
        'QUARTERLY',
      ),
    ).toBe('By actual days: 91/366 of the annual fee (91 days of the 366 of 2028)');
  });
});

/** The zip's entries, by name, read with yauzl. */
const unzip = async (zip: Buffer): Promise<Map<string, Buffer>> => {
  const file = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(zip, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on('error', reject);
    file.on('end', resolve);
    file.on('entry', (entry: Entry) => {
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          file.readEntry();
        });
      });
    });
    file.readEntry();
  });
  return files;
};

describe('the zip of a run’s invoices', { timeout: 60_000 }, () => {
  it('holds one PDF per bill under its file name, a name given twice made unique', async () => {
    const bills = [
      billFixture(),
      billFixture({ billNo: 102, household: 'Baker, Carl' }),
      billFixture({ billNo: 103, household: 'Çelik & Søn / Ltd.' }),
    ];
    async function* invoices() {
      for (const bill of bills) yield { name: invoiceFileName(bill), pdf: await render(bill) };
      yield { name: invoiceFileName(bills[0]!), pdf: await render(bills[0]!) };
    }
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeInvoicesZip(invoices(), out);

    const files = await unzip(Buffer.concat(chunks));
    expect([...files.keys()]).toEqual([
      'invoice-101-adams-betty.pdf',
      'invoice-102-baker-carl.pdf',
      'invoice-103-celik-son-ltd.pdf',
      'invoice-101-adams-betty-2.pdf',
    ]);
    for (const pdf of files.values()) expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await pageTexts(files.get('invoice-102-baker-carl.pdf')!)).join(' ')).toContain(
      'Household Baker, Carl',
    );
  });

  it('pulls the next invoice only as fast as the output takes the zip', async () => {
    const size = 256 * 1024;
    let produced = 0;
    let written = 0;
    let ahead = 0;
    async function* invoices() {
      for (let n = 0; n < 40; n += 1) {
        ahead = Math.max(ahead, produced - written);
        produced += size;
        yield { name: 'same.pdf', pdf: Buffer.alloc(size, n) };
      }
    }
    // A slow client: each chunk is taken a moment later.
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        setTimeout(callback, 1);
      },
    });
    await writeInvoicesZip(invoices(), out);
    // Never more than a few entries between what was made and what went out (not all 10 MB).
    expect(ahead).toBeLessThanOrEqual(3 * size);
    expect(written).toBeGreaterThan(40 * size);
  });

  it('keeps no PDF once it is in the zip', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // Each PDF watched by a weak reference: what the process holds besides (other tests' buffers, a
    // library's caches) does not count, as it did when the process's array buffers were measured.
    const watched: WeakRef<Buffer>[] = [];
    let alive = Infinity;
    async function* invoices() {
      for (let n = 0; n < 200; n += 1) {
        const pdf = Buffer.alloc(1024 * 1024, n);
        watched.push(new WeakRef(pdf));
        yield { name: `${n}.pdf`, pdf };
      }
      // 200 MB went in; only the last entry or two may still be alive (a new turn lets go of the weak
      // references' own hold on what they were made with).
      await new Promise((resolve) => setImmediate(resolve));
      gc();
      alive = watched.filter((ref) => ref.deref() !== undefined).length;
    }
    const out = new Writable({
      write(_chunk, _encoding, callback) {
        callback();
      },
    });
    await writeInvoicesZip(invoices(), out);
    expect(alive).toBeLessThan(20);
  });

  it('fails, and stops pulling, when the output fails', async () => {
    let pulled = 0;
    async function* invoices() {
      for (let n = 0; n < 1000; n += 1) {
        pulled += 1;
        yield { name: `${n}.pdf`, pdf: Buffer.alloc(64 * 1024, n) };
      }
    }
    const out = new Writable({
      write(_chunk, _encoding, callback) {
        callback(new Error('client went away'));
      },
    });
    await expect(writeInvoicesZip(invoices(), out)).rejects.toThrow('client went away');
    expect(pulled).toBeLessThan(10);
  });
});
