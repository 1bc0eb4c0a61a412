// npm run fee-engine -w @centric/bench: the fee engine's household bills, on one core, no I/O.
//   250,000 accounts in 100,000 households (every household has one, the rest are spread at random),
//   generated with a seeded PRNG so every run bills the same firm: six schedules (PERCENTAGE and FIXED,
//   TIERED and LINEAR, up to seven tiers, some with an annual minimum), values from $5,000 to $20M, excluded
//   assets, fee-paying accounts, accounts opened inside the quarter, cash flows for one account in five,
//   ARREARS and ADVANCE, proration by FREQUENCY and by ACTUAL_DAYS.
// Prints households and accounts per second and the total time (budget: at least 100,000 accounts a second),
// and a checksum of every amount so that runs of the same commit can be compared.
// BENCH_HOUSEHOLDS and BENCH_ACCOUNTS change the size.
import {
  householdBill,
  type FeeSchedule,
  type HouseholdAccount,
  type HouseholdBillInput,
} from '../../packages/billing/src/index.ts';

const HOUSEHOLDS = Number(process.env.BENCH_HOUSEHOLDS ?? 100_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 250_000);
const BUDGET = 100_000;

/** mulberry32: a small seeded PRNG, the same sequence on every run. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const random = prng(20260401);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
/** Dollars and cents, log-uniform between the bounds. */
const amount = (from: number, to: number) =>
  (Math.round(Math.exp(Math.log(from) + random() * (Math.log(to) - Math.log(from))) * 100) / 100).toFixed(2);

const CEILING = '10000000000';
const tiered = (
  type: FeeSchedule['type'],
  structure: FeeSchedule['structure'],
  annualMinimum: string | null,
  tiers: [maximum: string, rate: string][],
): FeeSchedule => ({
  type,
  structure,
  annualMinimum,
  tiers: tiers.map(([maximum, rate], i) => ({
    minimum: i === 0 ? '0' : (tiers[i - 1]?.[0] ?? '0'),
    maximum,
    rate,
  })),
});
const SCHEDULES: FeeSchedule[] = [
  tiered('PERCENTAGE', 'TIERED', null, [
    ['500000', '100'],
    ['2000000', '75'],
    [CEILING, '50'],
  ]),
  tiered('PERCENTAGE', 'TIERED', '2500', [
    ['500000', '90'],
    ['1000000', '75'],
    ['2000000', '60'],
    ['4000000', '45'],
    ['6000000', '30'],
    ['10000000', '25'],
    [CEILING, '20'],
  ]),
  tiered('PERCENTAGE', 'LINEAR', '4000', [
    ['1000000', '125'],
    ['5000000', '87.5'],
    [CEILING, '62.25'],
  ]),
  tiered('PERCENTAGE', 'LINEAR', null, [[CEILING, '100']]),
  tiered('FIXED', 'TIERED', null, [
    ['250000', '1500'],
    ['1000000', '1000'],
    [CEILING, '750.50'],
  ]),
  tiered('FIXED', 'LINEAR', null, [
    ['1000000', '2400'],
    [CEILING, '6000'],
  ]),
];

const PERIOD = { periodStart: '2026-04-01', periodEnd: '2026-06-30', frequency: 'QUARTERLY' } as const;
const dayOfQuarter = (day: number) => {
  const month = day < 30 ? 4 : day < 61 ? 5 : 6;
  const date = day < 30 ? day + 1 : day < 61 ? day - 29 : day - 60;
  return `2026-0${month}-${String(date).padStart(2, '0')}`;
};

const generate = (): HouseholdBillInput[] => {
  const members: HouseholdAccount[][] = Array.from({ length: HOUSEHOLDS }, () => []);
  for (let n = 0; n < ACCOUNTS; n += 1) {
    const household = n < HOUSEHOLDS ? n : Math.floor(random() * HOUSEHOLDS);
    const list = members[household] as HouseholdAccount[];
    const value = amount(5_000, 20_000_000);
    const account: HouseholdAccount = { id: `acc-${n}`, value };
    if (random() < 0.1) account.excluded = amount(1_000, Number(value) * 1.2);
    if (random() < 0.2) {
      account.cashFlows = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
        date: dayOfQuarter(Math.floor(random() * 91)),
        amount: (random() < 0.7 ? '' : '-') + amount(100, Number(value) / 4),
      }));
    }
    if (random() < 0.03) account.openedOn = dayOfQuarter(Math.floor(random() * 91));
    if (list.length > 0 && random() < 0.1) account.feePayingAccountId = list[0]?.id ?? null;
    list.push(account);
  }
  return members.map((accounts) => ({
    ...PERIOD,
    schedule: pick(SCHEDULES),
    proration: random() < 0.5 ? 'FREQUENCY' : 'ACTUAL_DAYS',
    timing: random() < 0.7 ? 'ARREARS' : 'ADVANCE',
    cashFlowThreshold: random() < 0.5 ? null : '1000',
    // A flow dated before the account opened would be refused: keep them on or after the opening.
    accounts: accounts.map((account) =>
      account.openedOn && account.cashFlows
        ? {
            ...account,
            cashFlows: account.cashFlows.map((flow) => ({
              ...flow,
              date: flow.date < (account.openedOn as string) ? (account.openedOn as string) : flow.date,
            })),
          }
        : account,
    ),
  }));
};

let started = performance.now();
const households = generate();
console.log(
  `Centric fee engine benchmark: ${ACCOUNTS.toLocaleString('en-US')} accounts in ` +
    `${HOUSEHOLDS.toLocaleString('en-US')} households (generated in ${Math.round(performance.now() - started)} ms)\n`,
);

// Warm-up on a tenth of the households, so the timed run measures compiled code.
for (const household of households.slice(0, HOUSEHOLDS / 10)) householdBill(household);

let checksum = 0;
let accountCount = 0;
started = performance.now();
for (const household of households) {
  const bill = householdBill(household);
  checksum += Math.round(Number(bill.amount) * 100);
  accountCount += bill.accounts.length;
}
const seconds = (performance.now() - started) / 1000;
const perSecond = Math.round(accountCount / seconds);
console.log(`householdBill, one core   ${seconds.toFixed(2)} s`);
console.log(`households                 ${Math.round(HOUSEHOLDS / seconds).toLocaleString('en-US')} /s`);
console.log(
  `accounts                   ${perSecond.toLocaleString('en-US')} /s ` +
    `(budget ${BUDGET.toLocaleString('en-US')} /s: ${perSecond >= BUDGET ? 'met' : 'NOT met'})`,
);
console.log(`checksum                   ${(checksum / 100).toFixed(2)} billed in total`);
