import { describe, expect, it } from 'vitest';
import {
  FeeEngineError,
  householdBill,
  mixedHouseholdBill,
  type FeeSchedule,
  type HouseholdAccount,
  type HouseholdBillInput,
} from './index.ts';

const CEILING = '10000000000';
const flat = (rate: string, annualMinimum: string | null = null): FeeSchedule => ({
  type: 'PERCENTAGE',
  structure: 'LINEAR',
  annualMinimum,
  tiers: [{ minimum: '0', maximum: CEILING, rate }],
});

/** Q2 2026 (91 days) by FREQUENCY, in arrears, at 100 bps: 0.0025 a dollar for the quarter. */
const bill = (accounts: HouseholdAccount[], change: Partial<HouseholdBillInput> = {}) =>
  householdBill({
    schedule: flat('100'),
    periodStart: '2026-04-01',
    periodEnd: '2026-06-30',
    frequency: 'QUARTERLY',
    proration: 'FREQUENCY',
    timing: 'ARREARS',
    accounts,
    ...change,
  });

const amounts = (result: ReturnType<typeof householdBill>) =>
  result.accounts.map((account) => account.amount);

const FLOWS: HouseholdAccount['cashFlows'] = [
  { date: '2026-05-02', amount: '100000' },
  { date: '2026-05-08', amount: '100000' },
  { date: '2026-05-15', amount: '-50000' },
];

const refusal = (call: () => unknown): FeeEngineError => {
  try {
    call();
  } catch (error) {
    if (error instanceof FeeEngineError) return error;
    throw error;
  }
  throw new Error('expected a FeeEngineError');
};

describe('householdBill: householding and allocation', () => {
  it('applies the schedule to the household’s billable value and allocates by billable value', () => {
    const result = bill([
      { id: 'a', value: '100000' },
      { id: 'b', value: '200000' },
      { id: 'c', value: '0' },
    ]);
    expect(result).toMatchObject({
      billableValue: '300000.00',
      annualAmount: '3000.00',
      amount: '750.00',
      accounts: [
        { id: 'a', billableValue: '100000.00', amount: '250.00', paidBy: 'a' },
        { id: 'b', billableValue: '200000.00', amount: '500.00', paidBy: 'b' },
        { id: 'c', billableValue: '0.00', amount: '0.00', paidBy: 'c' },
      ],
      lines: [
        { minimum: '0.00', maximum: '10000000000.00', base: '300000.00', rate: '100', amount: '3000.00' },
      ],
    });
  });

  it('gives the odd cents of the household fee by largest remainder: the accounts add up to it', () => {
    const result = bill([
      { id: 'a', value: '100000' },
      { id: 'b', value: '100000' },
      { id: 'c', value: '100000.04' },
    ]);
    // 300,000.04 × 1 % / 4 = 750.0001 → 750.00; 250.00 each, to the cent.
    expect(amounts(result)).toEqual(['250.00', '250.00', '250.00']);
    expect(
      amounts(
        bill(
          [
            { id: 'a', value: '1' },
            { id: 'b', value: '1' },
            { id: 'c', value: '2' },
          ],
          { schedule: flat('1') },
        ),
      ),
    ).toEqual(['0.00', '0.00', '0.00']);
  });

  it('applies the annual minimum to the household, not to each account', () => {
    const result = bill(
      [
        { id: 'a', value: '100000' },
        { id: 'b', value: '50000' },
      ],
      { schedule: flat('125', '4000') },
    );
    expect(result).toMatchObject({ annualAmount: '4000.00', amount: '1000.00' });
    expect(amounts(result)).toEqual(['666.67', '333.33']);
  });

  it('bills an account its value less its excluded amount, never below zero', () => {
    const result = bill([
      { id: 'a', value: '100000', excluded: '150000' },
      { id: 'b', value: '200000', excluded: '50000.50' },
    ]);
    expect(result.billableValue).toBe('149999.50');
    expect(result.accounts).toMatchObject([
      { id: 'a', billableValue: '0.00', amount: '0.00', paidBy: 'a' },
      { id: 'b', billableValue: '149999.50', amount: '375.00', paidBy: 'b' },
    ]);
  });

  it('names the fee-paying account in paidBy, else the account itself', () => {
    const result = bill([
      { id: 'a', value: '100000', feePayingAccountId: 'b' },
      { id: 'b', value: '100000', feePayingAccountId: null },
      { id: 'c', value: '100000', feePayingAccountId: 'outside-the-household' },
    ]);
    expect(result.accounts.map((account) => account.paidBy)).toEqual(['b', 'b', 'outside-the-household']);
  });

  it('with no billable value: no fee by percentage; a FIXED LINEAR fee split equally', () => {
    expect(bill([{ id: 'a', value: '0' }], { schedule: flat('100', '4000') }).amount).toBe('0.00');
    const fixed: FeeSchedule = {
      type: 'FIXED',
      structure: 'LINEAR',
      annualMinimum: null,
      tiers: [{ minimum: '0', maximum: CEILING, rate: '1000' }],
    };
    const result = bill(
      [
        { id: 'a', value: '0', cashFlows: [{ date: '2026-05-02', amount: '-100' }] },
        { id: 'b', value: '100', excluded: '100', openedOn: '2026-05-16' },
      ],
      { schedule: fixed },
    );
    // 250.00 a quarter, 125.00 each; b opened for 46 of 91 days: 63.19; flows change nothing without a value.
    expect(amounts(result)).toEqual(['125.00', '63.19']);
    expect(result.amount).toBe('188.19');
  });
});

describe('householdBill: arrears adjustments', () => {
  it('lowers the fee for deposits and raises it for withdrawals, by the days before them', () => {
    // 375.00 − 100,000 × 31/91 × 0.0025 = 375 − 85.16 = 289.84
    expect(amounts(bill([{ id: 'a', value: '150000', cashFlows: [FLOWS[0]!] }]))).toEqual(['289.84']);
    // 375.00 + 50,000 × 44/91 × 0.0025 = 375 + 60.44 = 435.44
    expect(amounts(bill([{ id: 'a', value: '150000', cashFlows: [FLOWS[2]!] }]))).toEqual(['435.44']);
  });

  it('changes nothing for a flow on the first day; a flow on the last day counts 90 of 91 days', () => {
    expect(
      amounts(bill([{ id: 'a', value: '150000', cashFlows: [{ date: '2026-04-01', amount: '1000' }] }])),
    ).toEqual(['375.00']);
    // 375 − 91,000 × 90/91 × 0.0025 = 375 − 225 = 150
    expect(
      amounts(bill([{ id: 'a', value: '150000', cashFlows: [{ date: '2026-06-30', amount: '91000' }] }])),
    ).toEqual(['150.00']);
  });

  it('uses the household’s fee per dollar and changes only the account of the flow', () => {
    const result = bill([
      { id: 'a', value: '150000', cashFlows: [FLOWS[0]!] },
      { id: 'b', value: '150000' },
    ]);
    // 750.00 a quarter over 300,000: still 0.0025 a dollar; a: 375 − 85.16.
    expect(amounts(result)).toEqual(['289.84', '375.00']);
    expect(result.amount).toBe('664.84');
  });

  it('counts only the flows of at least the threshold (in absolute value)', () => {
    const account = { id: 'a', value: '150000', cashFlows: FLOWS };
    // The withdrawal of 50,000 is below 60,000: 375 − 250 × 68/91 = 188.19
    expect(bill([account], { cashFlowThreshold: '60000' }).amount).toBe('188.19');
    expect(bill([account], { cashFlowThreshold: '50000' }).amount).toBe('248.63');
    expect(bill([account], { cashFlowThreshold: '100000.01' }).amount).toBe('375.00');
    expect(bill([account], { cashFlowThreshold: null }).amount).toBe('248.63');
  });

  it('prorates an account opened inside the period from its opening day, both ends included', () => {
    // Opened 2026-05-16: 46 of 91 days; 375 × 46/91 = 189.56
    expect(bill([{ id: 'a', value: '150000', openedOn: '2026-05-16' }]).amount).toBe('189.56');
    expect(bill([{ id: 'a', value: '150000', openedOn: '2026-06-30' }]).amount).toBe('4.12');
    expect(bill([{ id: 'a', value: '150000', openedOn: '2026-04-01' }]).amount).toBe('375.00');
    expect(bill([{ id: 'a', value: '150000', openedOn: '2019-01-31' }]).amount).toBe('375.00');
  });

  it('adds the flows of an account opened inside the period to its prorated share, from its opening', () => {
    // The deposit was missing for 15 of the account's days (05-16 to 05-30), not 60 of the period's:
    // 375 × 46/91 − 10,000 × 15/91 × 0.0025 = 189.5604 − 4.1209 = 185.44
    const result = bill([
      {
        id: 'a',
        value: '150000',
        openedOn: '2026-05-16',
        cashFlows: [{ date: '2026-05-31', amount: '10000' }],
      },
    ]);
    expect(result.amount).toBe('185.44');
  });

  it('rounds each account once: the exact adjustments are summed before rounding', () => {
    // Three deposits of 1,000 on 2026-04-02: each −1,000 × 1/91 × 0.0025 = −0.02747…; rounded one by one
    // they would take 0.09, together they take 0.08 (0.0824…).
    const flow = { date: '2026-04-02', amount: '1000' };
    expect(bill([{ id: 'a', value: '150000', cashFlows: [flow, flow, flow] }]).amount).toBe('374.92');
  });

  it('the household amount is the sum of its accounts’ amounts', () => {
    const result = bill([
      { id: 'a', value: '150000', cashFlows: FLOWS },
      { id: 'b', value: '33333.33', openedOn: '2026-06-01' },
      { id: 'c', value: '1000000', cashFlows: [{ date: '2026-06-15', amount: '-12345.67' }] },
    ]);
    const cents = result.accounts.reduce((sum, account) => sum + Math.round(Number(account.amount) * 100), 0);
    expect(result.amount).toBe((cents / 100).toFixed(2));
  });
});

describe('householdBill: ADVANCE', () => {
  it('takes the values given, with no flow or opening adjustment', () => {
    const result = bill(
      [
        { id: 'a', value: '150000', cashFlows: FLOWS, openedOn: '2026-05-16' },
        { id: 'b', value: '150000', cashFlows: [{ date: '2027-01-01', amount: '5' }] },
      ],
      { timing: 'ADVANCE' },
    );
    expect(amounts(result)).toEqual(['375.00', '375.00']);
    expect(result.amount).toBe('750.00');
  });
});

describe('householdBill refuses', () => {
  const account = { id: 'a', value: '150000' };
  it.each([
    ['no accounts', [], {}, 'NO_ACCOUNTS', 'accounts'],
    ['the same account twice', [account, account], {}, 'DUPLICATE_ACCOUNT', 'accounts[1].id'],
    ['an account without id', [{ value: '1' }], {}, 'INVALID_INPUT', 'accounts[0].id'],
    ['an account that is not an object', [null], {}, 'INVALID_INPUT', 'accounts[0]'],
    ['a negative value', [{ id: 'a', value: '-1' }], {}, 'NEGATIVE_VALUE', 'accounts[0].value'],
    ['a value as a number', [{ id: 'a', value: 150000 }], {}, 'INVALID_DECIMAL', 'accounts[0].value'],
    [
      'a negative excluded amount',
      [{ ...account, excluded: '-1' }],
      {},
      'NEGATIVE_VALUE',
      'accounts[0].excluded',
    ],
    [
      'a malformed excluded amount',
      [{ ...account, excluded: '1.5.0' }],
      {},
      'INVALID_DECIMAL',
      'accounts[0].excluded',
    ],
    [
      'an invalid opening date',
      [{ ...account, openedOn: '2026-13-01' }],
      {},
      'INVALID_DATE',
      'accounts[0].openedOn',
    ],
    [
      'an account opened after the period',
      [{ ...account, openedOn: '2026-07-01' }],
      {},
      'OPENED_AFTER_PERIOD',
      'accounts[0].openedOn',
    ],
    [
      'an invalid cash flow date',
      [{ ...account, cashFlows: [{ date: 'May 2', amount: '1' }] }],
      {},
      'INVALID_DATE',
      'accounts[0].cashFlows[0].date',
    ],
    [
      'a malformed cash flow amount',
      [{ ...account, cashFlows: [{ date: '2026-05-02', amount: '+1' }] }],
      {},
      'INVALID_DECIMAL',
      'accounts[0].cashFlows[0].amount',
    ],
    [
      'a cash flow after the period',
      [{ ...account, cashFlows: [{ date: '2026-07-01', amount: '1' }] }],
      {},
      'CASH_FLOW_OUTSIDE_PERIOD',
      'accounts[0].cashFlows[0].date',
    ],
    [
      'a cash flow before the period',
      [{ ...account, cashFlows: [{ date: '2026-03-31', amount: '1' }] }],
      {},
      'CASH_FLOW_OUTSIDE_PERIOD',
      'accounts[0].cashFlows[0].date',
    ],
    [
      'a cash flow before the account opened',
      [{ ...account, openedOn: '2026-05-16', cashFlows: [{ date: '2026-05-15', amount: '1' }] }],
      {},
      'CASH_FLOW_OUTSIDE_PERIOD',
      'accounts[0].cashFlows[0].date',
    ],
    [
      'cash flows that are not a list',
      [{ ...account, cashFlows: {} }],
      {},
      'INVALID_INPUT',
      'accounts[0].cashFlows',
    ],
    ['a negative threshold', [account], { cashFlowThreshold: '-1' }, 'NEGATIVE_VALUE', 'cashFlowThreshold'],
    ['an unknown timing', [account], { timing: 'LATER' }, 'UNKNOWN_VALUE', 'timing'],
    ['an unknown frequency', [account], { frequency: 'DAILY' }, 'UNKNOWN_VALUE', 'frequency'],
    ['an invalid period', [account], { periodStart: '2026-04-31' }, 'INVALID_DATE', 'periodStart'],
    [
      'an invalid schedule',
      [account],
      { schedule: { ...flat('100'), annualMinimum: 'none' } },
      'INVALID_DECIMAL',
      'schedule.annualMinimum',
    ],
    [
      'a household above $10,000,000,000',
      [
        { id: 'a', value: '6000000000' },
        { id: 'b', value: '6000000000' },
      ],
      {},
      'VALUE_ABOVE_CEILING',
      'accounts',
    ],
  ])('%s', (_, accounts, change, code, path) => {
    const error = refusal(() => bill(accounts as HouseholdAccount[], change as Partial<HouseholdBillInput>));
    expect(error).toMatchObject({ code, path });
  });

  it('with messages that say what to do', () => {
    expect(refusal(() => bill([{ ...account, openedOn: '2026-07-01' }])).message).toBe(
      'Account a opened on 2026-07-01, after the period: leave it out of this bill.',
    );
    expect(
      refusal(() => bill([{ ...account, cashFlows: [{ date: '2026-07-01', amount: '1' }] }])).message,
    ).toBe(
      'The cash flow of 1 on 2026-07-01 of account a is outside the billing period: leave it out of this bill.',
    );
    expect(
      refusal(() =>
        bill([{ ...account, openedOn: '2026-05-16', cashFlows: [{ date: '2026-05-15', amount: '1' }] }]),
      ).message,
    ).toBe(
      'The cash flow of 1 on 2026-05-15 of account a is before the account opened (2026-05-16): leave it out of this bill.',
    );
    expect(
      refusal(() =>
        bill([
          { id: 'a', value: '6000000000' },
          { id: 'b', value: '6000000000' },
        ]),
      ).message,
    ).toBe(
      "The household's billable value ($12,000,000,000) is above $10,000,000,000, where every fee schedule ends.",
    );
  });
});

describe('mixedHouseholdBill: accounts of one household with their own settings (issue 14 §6)', () => {
  const tiered: FeeSchedule = {
    type: 'PERCENTAGE',
    structure: 'TIERED',
    annualMinimum: null,
    tiers: [
      { minimum: '0', maximum: '500000', rate: '100' },
      { minimum: '500000', maximum: CEILING, rate: '75' },
    ],
  };
  it('tiers the schedule on every account on it, then bills each account in its own frequency', () => {
    const result = mixedHouseholdBill({
      schedules: { tiered },
      proration: 'FREQUENCY',
      accounts: [
        {
          id: 'quarterly',
          value: '400000',
          scheduleId: 'tiered',
          frequency: 'QUARTERLY',
          timing: 'ARREARS',
          periodStart: '2026-04-01',
          periodEnd: '2026-06-30',
        },
        {
          id: 'monthly',
          value: '400000',
          scheduleId: 'tiered',
          frequency: 'MONTHLY',
          timing: 'ARREARS',
          periodStart: '2026-06-01',
          periodEnd: '2026-06-30',
        },
      ],
    });
    // 800,000 householded: 500,000 × 1 % + 300,000 × 0.75 % = 7,250 a year, half each: 3,625.
    expect(result.groups).toEqual([
      expect.objectContaining({
        scheduleId: 'tiered',
        billableValue: '800000.00',
        annualAmount: '7250.00',
        periods: [
          expect.objectContaining({ frequency: 'QUARTERLY', annualShare: '3625.00', amount: '906.25' }),
          expect.objectContaining({ frequency: 'MONTHLY', annualShare: '3625.00', amount: '302.08' }),
        ],
      }),
    ]);
    expect(result.accounts.map((a) => [a.id, a.amount])).toEqual([
      ['quarterly', '906.25'],
      ['monthly', '302.08'],
    ]);
    expect(result.amount).toBe('1208.33');
  });

  it('keeps schedules apart and refuses an account naming no schedule of the input', () => {
    const result = mixedHouseholdBill({
      schedules: { tiered, flat: flat('50') },
      proration: 'FREQUENCY',
      accounts: [
        {
          id: 'a',
          value: '400000',
          scheduleId: 'tiered',
          frequency: 'QUARTERLY',
          timing: 'ADVANCE',
          periodStart: '2026-04-01',
          periodEnd: '2026-06-30',
        },
        {
          id: 'b',
          value: '400000',
          scheduleId: 'flat',
          frequency: 'QUARTERLY',
          timing: 'ADVANCE',
          periodStart: '2026-04-01',
          periodEnd: '2026-06-30',
        },
      ],
    });
    expect(result.accounts.map((a) => a.amount)).toEqual(['1000.00', '500.00']);
    const error = refusal(() =>
      mixedHouseholdBill({
        schedules: { tiered },
        proration: 'FREQUENCY',
        accounts: [
          {
            id: 'a',
            value: '1',
            scheduleId: 'other',
            frequency: 'QUARTERLY',
            timing: 'ADVANCE',
            periodStart: '2026-04-01',
            periodEnd: '2026-06-30',
          },
        ],
      }),
    );
    expect(error.problems[0]?.path).toBe('accounts[0].scheduleId');
  });
});

describe('householdBill: closings (issue 15)', () => {
  // $1,000,000 at 1 % a year: 10,000.00 a year, 2,500.00 for Q2 2026 by FREQUENCY (91 days).
  const million = (account: Partial<HouseholdAccount>, change: Partial<HouseholdBillInput> = {}) =>
    bill([{ id: 'a', value: '1000000', ...account }], change);

  it('ARREARS bills the days an account was open until it closed, the closing day included', () => {
    // 2026-04-01 to 2026-05-15: 30 + 15 = 45 of 91 days; 2,500 × 45/91 = 112,500/91 = 1,236.2637… → 1,236.26
    expect(million({ closedOn: '2026-05-15' }).amount).toBe('1236.26');
    // Closed on the first day: one day, 2,500/91 = 27.4725… → 27.47
    expect(million({ closedOn: '2026-04-01' }).amount).toBe('27.47');
  });

  it('changes nothing for a closing on or after the period end', () => {
    for (const closedOn of ['2026-06-30', '2026-07-01', '2031-01-31', null]) {
      expect(million({ closedOn }).amount).toBe('2500.00');
    }
  });

  it('counts the days from the opening to the closing for an account opened and closed inside the period', () => {
    // 2026-05-02 to 2026-06-10: 30 + 10 = 40 days; 2,500 × 40/91 = 1,098.9010… → 1,098.90
    expect(million({ openedOn: '2026-05-02', closedOn: '2026-06-10' }).amount).toBe('1098.90');
    // Opened and closed the same day: one day, 27.47
    expect(million({ openedOn: '2026-05-02', closedOn: '2026-05-02' }).amount).toBe('27.47');
  });

  it('adjusts the flows before the closing as it does any flow; a flow on the closing day counts', () => {
    // $150,000 before the closing withdrawal, 375.00 a quarter (0.0025 a dollar), closed 2026-05-15 (45 days),
    // a deposit of 100,000 on 2026-05-02 (31 days from the start):
    // 375 × 45/91 − 100,000 × 31/91 × 0.0025 = (16,875 − 7,750)/91 = 9,125/91 = 100.2747… → 100.27
    expect(bill([{ id: 'a', value: '150000', closedOn: '2026-05-15', cashFlows: [FLOWS[0]!] }]).amount).toBe(
      '100.27',
    );
    // A withdrawal of 50,000 on the closing day (44 days): 375 × 45/91 + 50,000 × 44/91 × 0.0025
    // = (16,875 + 5,500)/91 = 22,375/91 = 245.8791… → 245.88
    expect(bill([{ id: 'a', value: '150000', closedOn: '2026-05-15', cashFlows: [FLOWS[2]!] }]).amount).toBe(
      '245.88',
    );
  });

  it('changes only the account that closed', () => {
    const result = bill([
      { id: 'a', value: '1000000', closedOn: '2026-05-15' },
      { id: 'b', value: '1000000' },
    ]);
    // 5,000.00 for the household, 2,500.00 each; a: 1,236.26 as above.
    expect(amounts(result)).toEqual(['1236.26', '2500.00']);
    expect(result.amount).toBe('3736.26');
  });

  it('ADVANCE: a closing inside the period changes nothing (the unused days are refunded apart)', () => {
    const result = million(
      { closedOn: '2026-05-15', cashFlows: [{ date: '2026-06-01', amount: '5' }] },
      { timing: 'ADVANCE' },
    );
    expect(amounts(result)).toEqual(['2500.00']);
  });

  it('mixedHouseholdBill bills a closing in the account’s own period', () => {
    const result = mixedHouseholdBill({
      schedules: { flat: flat('100') },
      proration: 'FREQUENCY',
      accounts: [
        {
          id: 'a',
          value: '1000000',
          closedOn: '2026-05-15',
          scheduleId: 'flat',
          frequency: 'QUARTERLY',
          timing: 'ARREARS',
          periodStart: '2026-04-01',
          periodEnd: '2026-06-30',
        },
      ],
    });
    expect(result.amount).toBe('1236.26');
  });

  it.each([
    ['ARREARS', 'ARREARS'],
    ['ADVANCE', 'ADVANCE'],
  ] as const)('%s refuses an account closed before the period', (_, timing) => {
    const error = refusal(() => million({ closedOn: '2026-03-31' }, { timing }));
    expect(error).toMatchObject({ code: 'CLOSED_BEFORE_PERIOD', path: 'accounts[0].closedOn' });
    expect(error.message).toBe(
      'Account a closed on 2026-03-31, before the period: leave it out of this bill.',
    );
  });

  it('refuses a closing before the opening, an invalid closing date and a flow after the closing', () => {
    const early = refusal(() => million({ openedOn: '2026-05-02', closedOn: '2026-05-01' }));
    expect(early).toMatchObject({ code: 'CLOSED_BEFORE_OPENING', path: 'accounts[0].closedOn' });
    expect(early.message).toBe(
      'Account a closed on 2026-05-01, before it opened (2026-05-02): correct one of the dates.',
    );
    expect(refusal(() => million({ closedOn: '2026-02-30' }))).toMatchObject({
      code: 'INVALID_DATE',
      path: 'accounts[0].closedOn',
    });
    const late = refusal(() =>
      million({ closedOn: '2026-05-15', cashFlows: [{ date: '2026-05-16', amount: '-1' }] }),
    );
    expect(late).toMatchObject({ code: 'CASH_FLOW_OUTSIDE_PERIOD', path: 'accounts[0].cashFlows[0].date' });
    expect(late.message).toBe(
      'The cash flow of -1 on 2026-05-16 of account a is after the account closed (2026-05-15): leave it out of this bill.',
    );
    // After the period as well: the period is named first.
    expect(
      refusal(() => million({ closedOn: '2026-05-15', cashFlows: [{ date: '2026-07-01', amount: '1' }] }))
        .message,
    ).toContain('outside the billing period');
  });
});

describe('annualShare: each account’s part of the exact annual fee (issue 15)', () => {
  it('splits the household’s annual fee by billable value, for its part-period in advance', () => {
    // The householding case of issue 5: 2,125.00 a year on $400,000, allocated 531.25 and 1,593.75.
    const tiered: FeeSchedule = {
      type: 'PERCENTAGE',
      structure: 'TIERED',
      annualMinimum: null,
      tiers: [
        { minimum: '0', maximum: '100000', rate: '100' },
        { minimum: '100000', maximum: '250000', rate: '50' },
        { minimum: '250000', maximum: CEILING, rate: '25' },
      ],
    };
    const result = bill(
      [
        { id: 'a', value: '100000' },
        { id: 'b', value: '300000' },
        { id: 'c', value: '0' },
      ],
      { schedule: tiered, timing: 'ADVANCE' },
    );
    expect(result.accounts.map((a) => a.annualShare)).toEqual(['531.25', '1593.75', '0.00']);
  });

  it('is split in micro-cents and rounded once: not from the rounded annual fee', () => {
    // 3 × 333.35 = 1,000.05 at 1 %: 10.0005 a year, shown 10.00; each account 3.33350 → 3.33 (the rounded
    // 10.00 split by largest remainder would have given 3.34 to the first).
    const result = bill(
      ['a', 'b', 'c'].map((id) => ({ id, value: '333.35' })),
      { timing: 'ADVANCE' },
    );
    expect(result.annualAmount).toBe('10.00');
    expect(result.accounts.map((a) => a.annualShare)).toEqual(['3.33', '3.33', '3.33']);
  });

  it('is the account’s part of its period group’s annual share in a mixed household', () => {
    const result = mixedHouseholdBill({
      schedules: { flat: flat('100') },
      proration: 'FREQUENCY',
      accounts: [
        {
          id: 'q',
          value: '300000',
          scheduleId: 'flat',
          frequency: 'QUARTERLY',
          timing: 'ADVANCE',
          periodStart: '2026-07-01',
          periodEnd: '2026-09-30',
        },
        {
          id: 'm',
          value: '100000',
          scheduleId: 'flat',
          frequency: 'MONTHLY',
          timing: 'ADVANCE',
          periodStart: '2026-07-01',
          periodEnd: '2026-07-31',
        },
      ],
    });
    expect(result.accounts.map((a) => [a.id, a.annualShare, a.amount])).toEqual([
      ['q', '3000.00', '750.00'],
      ['m', '1000.00', '83.33'],
    ]);
  });
});
