import type {
  BillCheckFinding,
  BillDetail,
  BillDifference,
  BillDifferencesSummary,
  BillExport,
  BillRefund,
  BillRow,
  BillRun,
  BillRunUnit,
  Collection,
} from '@centric/contracts';
import { vi } from 'vitest';

export const RUN_ID = '7a1c2e3f-1111-4a4a-8b8b-000000000001';
export const BILL_ID = '7a1c2e3f-2222-4a4a-8b8b-000000000002';
export const CLIENT_ID = '7a1c2e3f-3333-4a4a-8b8b-000000000003';
export const ACCOUNT_ID = '7a1c2e3f-4444-4a4a-8b8b-000000000004';

/** A live quarterly run of every unit, finished and generated, with two bills. */
export const runFixture = (overrides: Partial<BillRun> = {}): BillRun => ({
  id: RUN_ID,
  number: 12,
  kind: 'LIVE_BILL',
  scope: 'ALL_UNITS',
  scopeName: null,
  clientId: null,
  accountId: null,
  wealthAdvisorId: null,
  period: 'QUARTERLY',
  periodStart: '2026-04-01',
  periodEnd: '2026-06-30',
  valuationDate: '2026-06-30',
  proration: 'FREQUENCY',
  status: 'completed',
  stage: 'GENERATED',
  progress: { done: 2, total: 2, failed: 0 },
  units: { billed: 2, skipped: 1, alreadyBilled: 0, failed: 0 },
  bills: 2,
  total: '12500.00',
  createdBy: { id: 'u1', fullName: 'Grace Lee' },
  createdAt: '2026-07-01T14:00:00.000Z',
  finishedAt: '2026-07-01T14:01:00.000Z',
  approvedBy: null,
  approvedAt: null,
  lockedBy: null,
  lockedAt: null,
  ...overrides,
});

export const billRowFixture = (overrides: Partial<BillRow> = {}): BillRow => ({
  id: BILL_ID,
  runId: RUN_ID,
  runNumber: 12,
  kind: 'LIVE_BILL',
  billNo: 101,
  liveBillSeq: 3,
  clientId: CLIENT_ID,
  household: 'Adams, Betty',
  periodStart: '2026-04-01',
  periodEnd: '2026-06-30',
  status: 'GENERATED',
  billableValue: '1000000.00',
  amount: '2500.00',
  balance: '2500.00',
  accounts: 1,
  createdBy: { id: 'u1', fullName: 'Grace Lee' },
  createdAt: '2026-07-01T14:00:30.000Z',
  ...overrides,
});

export const unitFixture = (overrides: Partial<BillRunUnit> = {}): BillRunUnit => ({
  clientId: CLIENT_ID,
  name: 'Adams, Betty',
  unitNumber: 12,
  outcome: 'BILLED',
  reasons: [],
  billId: BILL_ID,
  amount: '2500.00',
  ...overrides,
});

/** Bill 101: one account on a tiered percentage schedule, a payout block of 8 payments, the firm's rest. */
export const billDetailFixture = (overrides: Partial<BillDetail> = {}): BillDetail => ({
  ...billRowFixture(),
  valuation: 'PERIOD_END_VALUE',
  proration: 'FREQUENCY',
  cashFlowThreshold: '1000.00',
  extraLines: [],
  planningLines: [],
  schedules: [
    {
      scheduleId: 's1',
      name: 'Standard AUM',
      type: 'PERCENTAGE',
      billableValue: '1000000.00',
      annualAmount: '10000.00',
      lines: [
        { minimum: '0.00', maximum: '1000000.00', base: '1000000.00', rate: '100', amount: '10000.00' },
      ],
    },
  ],
  accountLines: [
    {
      accountId: ACCOUNT_ID,
      registrationName: 'Betty Adams IRA',
      payMethod: 'ACH',
      timing: 'ARREARS',
      frequency: 'QUARTERLY',
      valuationDate: '2026-06-30',
      value: '1037020.00',
      excluded: '37020.00',
      payoutExcluded: '0.00',
      billableValue: '1000000.00',
      openDays: 91,
      periodDays: 91,
      openedOn: null,
      closedOn: null,
      cashFlows: [],
      amount: '2500.00',
      line: 'DIRECT',
      paidBy: { id: ACCOUNT_ID, registrationName: 'Betty Adams IRA' },
    },
  ],
  leftOut: [
    { accountId: 'a2', registrationName: 'Betty Adams Roth', reason: 'Billed monthly: another run.' },
  ],
  payouts: [
    {
      accountId: null,
      type: 'WEALTH_ADVISOR_1',
      payee: { id: 'u2', fullName: 'Olivia Bennett' },
      percent: '20.00',
      amount: '500.00',
      paymentNumber: 3,
      numberOfPayments: 8,
    },
  ],
  firm: '2000.00',
  reasons: [],
  ...overrides,
});

export const OTHER_BILL_ID = '7a1c2e3f-6666-4a4a-8b8b-000000000006';
export const FORECAST_RUN_ID = '7a1c2e3f-7777-4a4a-8b8b-000000000007';
export const EXPORT_ID = '7a1c2e3f-8888-4a4a-8b8b-000000000008';

/** Bill 101 fails the cash check, still blocking. */
export const findingFixture = (overrides: Partial<BillCheckFinding> = {}): BillCheckFinding => ({
  billId: BILL_ID,
  billNo: 101,
  clientId: CLIENT_ID,
  household: 'Adams, Betty',
  code: 'FEE_ABOVE_CASH',
  message: 'Betty Adams IRA holds $1,200.00 in cash, less than the fee of $2,500.00.',
  override: null,
  ...overrides,
});

/** Adams, Betty: forecast $2,000.00 in run 9, live $2,500.00, because her value grew. */
export const differenceFixture = (overrides: Partial<BillDifference> = {}): BillDifference => ({
  clientId: CLIENT_ID,
  household: 'Adams, Betty',
  forecast: { billId: OTHER_BILL_ID, runNumber: 9, amount: '2000.00', billableValue: '800000.00' },
  live: { billId: BILL_ID, amount: '2500.00', billableValue: '1000000.00' },
  change: '500.00',
  causes: ['VALUE'],
  details: ['Value $800,000.00 → $1,000,000.00'],
  ...overrides,
});

export const differencesSummaryFixture = (
  overrides: Partial<BillDifferencesSummary> = {},
): BillDifferencesSummary => ({
  forecastRun: { id: FORECAST_RUN_ID, number: 9 },
  forecastTotal: '12000.00',
  liveTotal: '12500.00',
  changed: 2,
  ...overrides,
});

/** The first custodian fee file of the run. */
export const exportFixture = (overrides: Partial<BillExport> = {}): BillExport => ({
  id: EXPORT_ID,
  kind: 'CUSTODIAN',
  exporter: 'generic-csv',
  custodian: 'Schwab',
  batch: 1,
  exportNo: 1,
  fileName: 'fees-schwab-1.csv',
  rowCount: 2,
  total: '12500.00',
  checksum: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  createdBy: { id: 'u1', fullName: 'Grace Lee' },
  createdAt: '2026-07-04T10:00:00.000Z',
  ...overrides,
});

export const refundFixture = (overrides: Partial<BillRefund> = {}): BillRefund => ({
  billId: OTHER_BILL_ID,
  billNo: 102,
  household: 'Baker, Carl',
  accountNumber: '…4321',
  registrationName: 'Carl Baker Trust',
  amount: '-150.00',
  ...overrides,
});

export const collectionFixture = (overrides: Partial<Collection> = {}): Collection => ({
  id: '7a1c2e3f-9999-4a4a-8b8b-000000000009',
  billId: BILL_ID,
  amount: '1000.00',
  collectedOn: '2026-07-10',
  source: 'CUSTODIAN',
  reference: 'SCHW-7781',
  createdBy: { id: 'u1', fullName: 'Grace Lee' },
  createdAt: '2026-07-10T12:00:00.000Z',
  ...overrides,
});

/** A download's answer: a file, not the envelope. */
/** A file as the server answers it, named by its Content-Disposition when `name` is given. */
export const fileAnswer = (content: string, type = 'text/csv', name?: string) =>
  new Response(content, {
    status: 200,
    headers: {
      'Content-Type': type,
      ...(name ? { 'Content-Disposition': `attachment; filename="${name}"` } : {}),
    },
  });

/** Saved files: the object URLs made and the links clicked (jsdom cannot download). */
export const stubDownloads = () => {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:download');
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  const names: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { createObjectURL, click, names };
};

export const envelope = (status: number, message: string, result: unknown, extra: object = {}) =>
  new Response(JSON.stringify({ statusCode: status, message, result, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Answer = Response | ((body: unknown, url: string) => Response);

/**
 * A fetch stub: `routes` maps "METHOD /api/path" (no query) to an answer, or to a list answered in turn (the
 * last one kept for the calls after); every call is recorded with its body. Anything else is a 404.
 */
export const stubApi = (routes: Record<string, Answer | Answer[]>) => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      calls.push({ method, url, body });
      const route = routes[`${method} ${url.split('?')[0]}`];
      const answer = Array.isArray(route) ? (route.length > 1 ? route.shift() : route[0]) : route;
      if (!answer) return envelope(404, 'Not found.', null);
      return typeof answer === 'function' ? answer(body, url) : answer.clone();
    }),
  );
  return { calls };
};
