import { createRequire } from 'node:module';
import {
  BILLING_FREQUENCY_LABELS,
  BILLING_TIMING_LABELS,
  FEE_SHARE_WORDS,
  FEE_TYPE_LABELS,
  type BillAccount,
  type BillDetail,
  accountDaysWords,
  cashFlowWords,
  extraLineWords,
  formatMoney,
  paidByWords,
  periodWords,
  planningLineWords,
  planningPayerWords,
  prorationWords,
  scheduleTotalWords,
  splitWords,
  tierLineWords,
  tierRangeWords,
  usDate,
} from '@centric/contracts';
import type * as PdfMakeModule from 'pdfmake';
import type { Content, TableCell } from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * The invoice of one bill (issue 15 §3 "Invoices"): a PDF for the household with the firm's name, the period,
 * the accounts and their values, the fee worked out down to the tier line, the extra and planning lines, the
 * total and who pays it. Every figure is the bill's own string, worded by the functions the bill explanation
 * on the screen uses (`bill-words.ts`), so the two say the same thing to the cent. Payouts are the firm's
 * business, not the client's: they are left off.
 *
 * pdfmake lays the document out (tables whose header rows repeat on every page they run over, "Page n of m"),
 * with the Roboto fonts it ships, embedded and subset: no network, no system fonts, and names in any Latin,
 * Greek or Cyrillic script print as written.
 */

/** What an invoice is made from. */
export type InvoiceInput = {
  /** The firm's name, at the top of every page. */
  firmName: string;
  bill: BillDetail;
  /** The day the invoice is issued, yyyy-MM-dd. */
  issuedOn: string;
};

type PdfMake = typeof PdfMakeModule;

// pdfmake is a CommonJS singleton (`module.exports = new pdfmake()`): loaded through require, configured once.
const require = createRequire(import.meta.url);
let configured: PdfMake | undefined;

/** pdfmake with the bundled Roboto files, and no access to URLs or to any other local file. */
const pdfMake = (): PdfMake => {
  if (configured) return configured;
  const instance = require('pdfmake') as PdfMake;
  const font = (file: string) => require.resolve(`pdfmake/fonts/Roboto/${file}`);
  const roboto = {
    normal: font('Roboto-Regular.ttf'),
    bold: font('Roboto-Medium.ttf'),
    italics: font('Roboto-Italic.ttf'),
    bolditalics: font('Roboto-MediumItalic.ttf'),
  };
  const fontFiles = new Set<string>(Object.values(roboto));
  instance.setFonts({ Roboto: roboto });
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy((path) => fontFiles.has(path));
  configured = instance;
  return instance;
};

const GREY = '#555555';
const HEADER_FILL = '#eeeeee';
/** The header text of the accounts table (a test finds it on every page the table runs over). */
export const ACCOUNT_COLUMNS = [
  'Account',
  'Value',
  'Excluded',
  'Billable value',
  'Days billed',
  'Fee',
  'Paid by',
] as const;

/**
 * A table's header row: bold on grey, repeated on every page the table runs over; the columns at `right` (those
 * of figures) aligned right like their cells.
 */
const headerRow = (labels: readonly string[], right: readonly number[]): TableCell[] =>
  labels.map((text, index) => ({
    text,
    bold: true,
    fillColor: HEADER_FILL,
    alignment: right.includes(index) ? 'right' : 'left',
  }));

/** A money cell: the bill's string, right-aligned, never wrapped. */
const moneyCell = (value: string, bold = false) => ({
  text: formatMoney(value),
  alignment: 'right' as const,
  noWrap: true,
  bold,
});

/** A table with thin horizontal rules whose first row repeats on every page. */
const table = (widths: (string | number)[], header: TableCell[], rows: TableCell[][]): Content => ({
  table: { headerRows: 1, keepWithHeaderRows: 1, dontBreakRows: true, widths, body: [header, ...rows] },
  layout: 'lightHorizontalLines',
  fontSize: 8,
});

const section = (title: string): Content => ({ text: title, style: 'section' });

/** The facts under the title: household, invoice number, period, issue date. */
const facts = ({ bill, issuedOn }: InvoiceInput): Content => {
  const fact = (label: string, value: string, bold = false): TableCell[] => [
    { text: label, color: GREY },
    { text: value, bold },
  ];
  return {
    layout: 'noBorders',
    table: {
      widths: [90, '*'],
      body: [
        fact('Household', bill.household, true),
        fact('Invoice number', String(bill.billNo)),
        fact('Period', periodWords(bill.periodStart, bill.periodEnd)),
        fact('Issued on', usDate(issuedOn)),
      ],
    },
  };
};

/** An account's name with what explains its figures: its billing, part-period days, flows and split. */
const accountCell = (account: BillAccount): TableCell => {
  const notes = [
    `${BILLING_FREQUENCY_LABELS[account.frequency]} in ${BILLING_TIMING_LABELS[account.timing].toLowerCase()}, value on ${usDate(account.valuationDate)}`,
    ...(account.openDays < account.periodDays ? [accountDaysWords(account)] : []),
    ...(account.cashFlows.length > 0
      ? [`Cash flows prorated: ${account.cashFlows.map(cashFlowWords).join('; ')}`]
      : []),
    ...(account.split ?? []).map((payer) => `Paid by ${splitWords(payer)}`),
  ];
  return {
    stack: [
      { text: account.registrationName, bold: true },
      ...notes.map((text) => ({ text, color: GREY, fontSize: 7 })),
    ],
  };
};

/** The accounts: values, billable values, days, fee and payer; the header row repeats on every page. */
const accountsTable = (bill: BillDetail): Content =>
  table(['*', 'auto', 'auto', 'auto', 'auto', 'auto', 80], headerRow(ACCOUNT_COLUMNS, [1, 2, 3, 4, 5]), [
    ...bill.accountLines.map((account): TableCell[] => [
      accountCell(account),
      moneyCell(account.value),
      moneyCell(account.excluded),
      moneyCell(account.billableValue),
      { text: `${account.openDays} of ${account.periodDays}`, alignment: 'right', noWrap: true },
      moneyCell(account.amount, true),
      paidByWords(account),
    ]),
    [{ text: 'All accounts', bold: true }, '', '', moneyCell(bill.billableValue, true), '', '', ''],
  ]);

/** One schedule: its totals and each tier line in words, the header row repeating like the accounts'. */
const scheduleBlock = (schedule: BillDetail['schedules'][number]): Content[] => [
  {
    text: [
      { text: schedule.name, bold: true },
      { text: ` (${(FEE_TYPE_LABELS as Readonly<Record<string, string>>)[schedule.type] ?? schedule.type})` },
    ],
    margin: [0, 6, 0, 0],
  },
  { text: scheduleTotalWords(schedule), color: GREY },
  ...(schedule.lines.length > 0
    ? [
        table(
          ['auto', '*'],
          headerRow(['Tier', 'How the annual fee is worked out'], []),
          schedule.lines.map((line): TableCell[] => [
            { text: tierRangeWords(line), noWrap: true },
            tierLineWords(schedule.type, line),
          ]),
        ),
      ]
    : []),
];

/** How the fee is worked out: the schedules, the proration of each frequency billed, the accounts' shares. */
const feeCalculation = (bill: BillDetail): Content[] => {
  const frequencies = [...new Set(bill.accountLines.map((account) => account.frequency))];
  return [
    section('How the fee is worked out'),
    ...(bill.schedules.length === 0
      ? [{ text: 'No asset-based fee on this invoice.', color: GREY }]
      : bill.schedules.flatMap(scheduleBlock)),
    {
      margin: [0, 6, 0, 0],
      ul: [
        ...frequencies.map((frequency) => prorationWords(bill, frequency)),
        ...(bill.cashFlowThreshold
          ? [`Cash flows under ${formatMoney(bill.cashFlowThreshold)} change no fee.`]
          : []),
        FEE_SHARE_WORDS,
      ],
    },
  ];
};

/** Adjustments, part-periods and refunds, each on its account (a credit is negative). */
const extraLines = (bill: BillDetail): Content[] =>
  bill.extraLines.length === 0
    ? []
    : [
        section('Adjustments, part-periods and refunds'),
        table(
          [120, '*', 'auto'],
          headerRow(['Account', 'What', 'Amount'], [2]),
          bill.extraLines.map((line): TableCell[] => [
            line.registrationName,
            extraLineWords(line),
            moneyCell(line.amount),
          ]),
        ),
      ];

/** Financial planning fees billed with the advisory fee. */
const planningLines = (bill: BillDetail): Content[] =>
  bill.planningLines.length === 0
    ? []
    : [
        section('Financial planning'),
        table(
          ['*', 140, 'auto'],
          headerRow(['Fee', 'Paid by', 'Amount'], [2]),
          bill.planningLines.map((line): TableCell[] => [
            planningLineWords(line),
            planningPayerWords(line),
            moneyCell(line.amount),
          ]),
        ),
      ];

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Who pays what, by paying account: the accounts whose fee it pays (or part of, when split) and the planning
 * fees it pays. Accounts that pay only their own fee are summed up in one sentence, so a household of 300
 * such accounts does not get 300 rows saying so.
 */
const payersOf = (bill: BillDetail): { rows: [string, string][]; selfPaying: number } => {
  const payers = new Map<string, { name: string; pays: string[] }>();
  const add = (id: string, name: string, what: string) => {
    const payer = payers.get(id) ?? { name, pays: [] };
    payer.pays.push(what);
    payers.set(id, payer);
  };
  for (const account of bill.accountLines) {
    if (account.split && account.split.length > 0) {
      for (const part of account.split) {
        add(
          part.accountId,
          part.registrationName,
          `${formatMoney(part.amount)} of ${part.accountId === account.accountId ? 'its own fee' : `the fee of ${account.registrationName}`}`,
        );
      }
    } else {
      const own = account.paidBy.id === account.accountId;
      add(
        account.paidBy.id,
        account.paidBy.registrationName,
        own ? 'its own fee' : `the fee of ${account.registrationName}`,
      );
    }
  }
  for (const line of bill.planningLines) {
    const name = planningPayerWords(line);
    add(line.paidBy?.id ?? `method:${line.payMethod}`, name, `the planning fee ${line.description}`);
  }
  const all = [...payers.values()];
  const onlyOwn = (pays: string[]) => pays.length === 1 && pays[0] === 'its own fee';
  return {
    rows: all
      .filter((payer) => !onlyOwn(payer.pays))
      .map((payer) => [payer.name, capitalized(payer.pays.join('; '))]),
    selfPaying: all.filter((payer) => onlyOwn(payer.pays)).length,
  };
};

/** Up to this many payer rows, "How it is paid" is kept on one page with its heading. */
const KEEP_TOGETHER_ROWS = 20;

/** The total, then how it is paid. */
const totalAndPayment = (bill: BillDetail): Content[] => {
  const { rows, selfPaying } = payersOf(bill);
  const payment: Content[] = [
    section('How it is paid'),
    ...(bill.extraLines.length > 0
      ? [{ text: 'Adjustments, part-periods and refunds are paid with the fee of their account.' }]
      : []),
    ...(rows.length > 0 ? [table([140, '*'], headerRow(['Paying account', 'Pays'], []), rows)] : []),
    ...(selfPaying > 0
      ? [
          {
            text:
              rows.length > 0 ? 'Every other account pays its own fee.' : 'Each account pays its own fee.',
          },
        ]
      : []),
  ];
  return [
    {
      margin: [0, 14, 0, 0],
      table: {
        widths: ['*', 'auto'],
        body: [
          [
            {
              text: `Total fee for ${periodWords(bill.periodStart, bill.periodEnd)}`,
              bold: true,
              fontSize: 11,
            },
            { ...moneyCell(bill.amount, true), fontSize: 11 },
          ],
        ],
      },
      layout: 'noBorders',
    },
    { stack: payment, unbreakable: rows.length <= KEEP_TOGETHER_ROWS },
  ];
};

/** The document: a running header (firm, invoice) and footer (household, "Page n of m") on every page. */
const documentOf = (input: InvoiceInput): TDocumentDefinitions => {
  const { bill, firmName } = input;
  return {
    pageSize: 'LETTER',
    pageMargins: [40, 56, 40, 48],
    info: { title: `Invoice ${bill.billNo}`, author: firmName, subject: bill.household },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: {
      section: { fontSize: 11, bold: true, margin: [0, 14, 0, 4] },
    },
    // Page 1 opens with the firm's name in full; the pages after it carry it in a running header.
    header: (currentPage) =>
      currentPage === 1
        ? null
        : {
            margin: [40, 22, 40, 0],
            columns: [
              { text: firmName, bold: true },
              { text: `Invoice ${bill.billNo}`, alignment: 'right', color: GREY },
            ],
          },
    footer: (currentPage, pageCount) => ({
      margin: [40, 16, 40, 0],
      fontSize: 8,
      color: GREY,
      columns: [
        { text: bill.household },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right' },
      ],
    }),
    content: [
      { text: firmName, fontSize: 16, bold: true },
      { text: `Invoice ${bill.billNo}`, fontSize: 13, margin: [0, 2, 0, 8] },
      facts(input),
      section(`Accounts (${bill.accountLines.length})`),
      accountsTable(bill),
      ...feeCalculation(bill),
      ...extraLines(bill),
      ...planningLines(bill),
      ...totalAndPayment(bill),
    ],
  };
};

/** The bill's invoice as a PDF (Letter, "Page n of m", the accounts' header row repeated on every page). */
export const renderInvoicePdf = async (input: InvoiceInput): Promise<Buffer> =>
  pdfMake().createPdf(documentOf(input)).getBuffer();
