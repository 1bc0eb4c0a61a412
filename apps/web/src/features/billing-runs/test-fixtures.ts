import type { BillDetail, BillRow, BillRun, BillRunUnit } from '@centric/contracts';
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
