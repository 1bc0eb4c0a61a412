import {
  type BillingFrequency,
  billingPeriodOf,
  percentTotal,
  READINESS_REASON_KINDS,
  READINESS_REASONS,
  type ReadinessItem,
  type ReadinessReason,
} from '@centric/contracts';
import { addDays, compareDecimal } from '@centric/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, inTurn, rowsOf } from '../../db/client.ts';
import { billingReadiness } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';

/**
 * The one rule set of billing readiness (issue 14 §1; docs/architecture.md, Billing setup). A billing unit is a
 * household with at least one account. Its reasons come in two kinds (READINESS_REASON_KINDS): BLOCKS (bill
 * runs skip the unit until it is fixed) and ATTENTION (it is still billed). They are judged for the unit's
 * current billing period (its billing frequency's calendar period holding today) and stored in
 * billing_readiness, in the transaction of every change to the unit's setup or accounts and again each day.
 */

/** One payout block as the rules read it. */
export type PayoutFact = {
  accountId: string | null;
  payoutPercentage: string;
  startDate: string;
  paymentType: string;
  numberOfPayments: number | null;
  paymentsMade: number;
};

export type AccountFact = {
  id: string;
  registrationName: string;
  feeScheduleId: string | null;
  annualMinimum: string | null;
  payMethod: string;
  frequency: BillingFrequency;
  payerId: string | null;
  payerName: string | null;
  payerOpen: boolean | null;
  /** A holdings snapshot on or before the period's end. */
  valued: boolean;
  /** An active live bill holds the account for (part of) the period. */
  billed: boolean;
};

export type UnitFacts = {
  householdId: string;
  frequency: BillingFrequency;
  openAccounts: readonly AccountFact[];
  achAccounts: number;
  blocks: readonly PayoutFact[];
};

export type Judgement = {
  status: 'READY' | 'REQUIRES_ATTENTION';
  blocked: boolean;
  billed: boolean;
  missingFeeSchedule: boolean;
  missingPayoutBlocks: boolean;
  reasons: ReadinessItem[];
  period: { start: string; end: string };
};

/**
 * The last day a payout block is expected to cover: a block of N payments covers N billing periods from the
 * one that holds its start date (a hand-over block starting after them never overlaps it); a Forever block
 * has no end.
 */
export const coverageEnd = (
  block: Pick<PayoutFact, 'startDate' | 'paymentType' | 'numberOfPayments'>,
  frequency: BillingFrequency,
) =>
  block.paymentType === 'Forever' || block.numberOfPayments === null
    ? null
    : billingPeriodOf(block.startDate, frequency, block.numberOfPayments - 1).to;

/**
 * Active in a period: started by its end, not yet paid out its number of payments, and (before the bill runs
 * count them) expected to cover some day of the period.
 */
export const isActiveIn = (
  block: PayoutFact,
  period: { start: string; end: string },
  frequency: BillingFrequency,
) => {
  if (block.startDate > period.end) return false;
  if (block.paymentType === 'Forever' || block.numberOfPayments === null) return true;
  if (block.paymentsMade >= block.numberOfPayments) return false;
  const end = coverageEnd(block, frequency);
  return end === null || end >= period.start;
};

/**
 * The highest total of the blocks expected to be active together, and when (it peaks on a block's start
 * date): writes refuse a set of one level (the unit, or one account) above 100 %.
 */
export const peakTotal = (
  blocks: readonly Pick<PayoutFact, 'payoutPercentage' | 'startDate' | 'paymentType' | 'numberOfPayments'>[],
  frequency: BillingFrequency,
) => {
  let peak = { total: '0', on: null as string | null };
  for (const at of blocks) {
    const together = blocks.filter((b) => {
      const end = coverageEnd(b, frequency);
      return b.startDate <= at.startDate && (end === null || end >= at.startDate);
    });
    const total = percentTotal(together.map((b) => b.payoutPercentage));
    if (compareDecimal(total, peak.total) > 0) peak = { total, on: at.startDate };
  }
  return peak;
};

const item = (code: ReadinessReason, message: string, accountId: string | null = null): ReadinessItem => ({
  code,
  kind: READINESS_REASON_KINDS[code],
  message,
  accountId,
});

const order = (reasons: ReadinessItem[]) =>
  reasons.sort((a, b) => READINESS_REASONS.indexOf(a.code) - READINESS_REASONS.indexOf(b.code));

/** The rules, on one unit's facts (pure: the tests call it directly too). */
export const judgeUnit = (facts: UnitFacts, day: string): Judgement => {
  const range = billingPeriodOf(day, facts.frequency);
  const period = { start: range.from, end: range.to };
  const reasons: ReadinessItem[] = [];
  const accounts = facts.openAccounts;

  for (const account of accounts) {
    const name = account.registrationName;
    if (!account.feeScheduleId) {
      reasons.push(item('NO_FEE_SCHEDULE', `${name} has no fee schedule.`, account.id));
    }
    if (account.payMethod === 'UNASSIGNED') {
      reasons.push(item('PAY_METHOD_UNASSIGNED', `${name} has no pay method.`, account.id));
    }
    if (account.payMethod === 'INDIRECT' && !account.payerId) {
      reasons.push(
        item('INDIRECT_NO_PAYER', `${name} pays indirectly but names no fee-paying account.`, account.id),
      );
    }
    if (account.payMethod === 'INDIRECT' && account.payerId && account.payerOpen === false) {
      reasons.push(
        item(
          'INDIRECT_PAYER_CLOSED',
          `${name} is paid by ${account.payerName ?? 'an account'}, which is closed.`,
          account.id,
        ),
      );
    }
    if (!account.valued) {
      reasons.push(
        item('NO_VALUE', `${name} has no holdings for the period: it is billed at zero.`, account.id),
      );
    }
  }
  const ach = accounts.filter((a) => a.payMethod === 'ACH');
  if (ach.length > 0 && facts.achAccounts === 0) {
    reasons.push(
      item(
        'ACH_NO_BANK_ACCOUNT',
        `${ach.length === 1 ? `${ach[0]!.registrationName} pays` : `${ach.length} accounts pay`} by ACH but the household has no ACH bank account.`,
      ),
    );
  }

  // A schedule with an annual minimum bills the minimum on nothing: a unit whose accounts on it have no value.
  const bySchedule = new Map<string, AccountFact[]>();
  for (const account of accounts) {
    if (!account.feeScheduleId || !account.annualMinimum || compareDecimal(account.annualMinimum, '0') <= 0)
      continue;
    bySchedule.set(account.feeScheduleId, [...(bySchedule.get(account.feeScheduleId) ?? []), account]);
  }
  for (const group of bySchedule.values()) {
    if (group.every((a) => !a.valued)) {
      reasons.push(
        item(
          'MINIMUM_WITHOUT_VALUE',
          `The annual minimum of ${group[0]!.annualMinimum} would be billed on ${group.length === 1 ? group[0]!.registrationName : `${group.length} accounts`} with no value.`,
          group.length === 1 ? group[0]!.id : null,
        ),
      );
    }
  }

  // Payouts: each account is paid out by its own active blocks, else by the unit's; they never stack.
  const active = facts.blocks.filter((b) => isActiveIn(b, period, facts.frequency));
  const unitBlocks = active.filter((b) => b.accountId === null);
  let missingPayoutBlocks = false;
  if (accounts.length > 0) {
    const own = (id: string) => active.filter((b) => b.accountId === id);
    const onUnit = accounts.filter((a) => own(a.id).length === 0);
    if (onUnit.length > 0 && unitBlocks.length === 0) {
      missingPayoutBlocks = true;
      reasons.push(
        onUnit.length === accounts.length
          ? item('NO_PAYOUT_BLOCKS', 'No payout blocks for the period: the whole fee goes to the firm.')
          : item(
              'NO_PAYOUT_BLOCKS',
              `${onUnit.map((a) => a.registrationName).join(', ')}: no payout blocks for the period, the fee goes to the firm.`,
            ),
      );
    }
    const below = (blocks: readonly PayoutFact[], whose: string, accountId: string | null) => {
      const total = percentTotal(blocks.map((b) => b.payoutPercentage));
      if (blocks.length > 0 && compareDecimal(total, '100') < 0) {
        reasons.push(
          item(
            'PAYOUT_BELOW_100',
            `${whose} payout blocks total ${total}%: the remaining ${residual(total)}% goes to the firm.`,
            accountId,
          ),
        );
      }
    };
    if (onUnit.length > 0) below(unitBlocks, 'The unit’s', null);
    for (const account of accounts) {
      const blocks = own(account.id);
      if (blocks.length > 0) below(blocks, `${account.registrationName}’s`, account.id);
    }
  }

  order(reasons);
  return {
    status: reasons.length === 0 ? 'READY' : 'REQUIRES_ATTENTION',
    blocked: reasons.some((r) => r.kind === 'BLOCKS'),
    billed: accounts.length > 0 && accounts.every((a) => a.billed),
    missingFeeSchedule: reasons.some((r) => r.code === 'NO_FEE_SCHEDULE'),
    missingPayoutBlocks,
    reasons,
    period,
  };
};

/** 100 − total, as a plain decimal ("80" → "20", "66.67" → "33.33"). */
export const residual = (total: string) => {
  const [whole = '0', fraction = ''] = total.split('.');
  const hundredths = 10_000n - BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
  const w = hundredths / 100n;
  const f = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return f ? `${w}.${f}` : `${w}`;
};

// ---------------------------------------------------------------------------------------------------------
// Facts from the database, and the stored judgement

const BATCH = 1000;

/** What the readiness facts are built from, as read (unitFactRowsOf; a bill run's step reads them with its own). */
export type UnitFactRows = {
  /** The households with an account, and their billing frequency. */
  units: readonly { id: string; frequency: BillingFrequency }[];
  /** Their open accounts, by registration name then id, each with its first snapshot's day. */
  openAccounts: readonly (Omit<AccountFact, 'valued' | 'billed'> & {
    householdId: string;
    firstSnapshot: string | null;
  })[];
  /** Their ACH accounts, counted by household. */
  ach: readonly { householdId: string; n: number }[];
  blocks: readonly (PayoutFact & { householdId: string })[];
  /** The active live bills of their accounts, of periods ending on or after `billedSince(day)` (at least). */
  billed: readonly { accountId: string; periodStart: string; periodEnd: string }[];
};

/** The first period end a live bill can hold an account for in the period of `day`: a year before it. */
export const billedSince = (day: string) => addDays(day, -366);

/** The households with an account, with their billing frequency, and their ACH accounts. */
export const unitRowsOf = async (db: Db, ids: SQL) => {
  const [units, ach] = await inTurn(
    () =>
      db.execute(sql`
        select h.id, coalesce(hb.billing_frequency, 'QUARTERLY') as frequency
        from households h left join household_billing hb on hb.household_id = h.id
        where h.id = any(${ids}) and exists (select 1 from accounts a where a.household_id = h.id)`),
    () =>
      db.execute(sql`
        select household_id as "householdId", count(*)::int as n from ach_accounts
        where household_id = any(${ids}) group by household_id`),
  );
  return {
    units: rowsOf<{ id: string; frequency: BillingFrequency }>(units),
    ach: rowsOf<{ householdId: string; n: number }>(ach),
  };
};

const unitFactRowsOf = async (
  db: Db,
  householdIds: readonly string[],
  day: string,
): Promise<UnitFactRows> => {
  const ids = sql`${`{${householdIds.join(',')}}`}::uuid[]`;
  const [accountRows, blockRows, billedRows] = await inTurn(
    () =>
      db.execute(sql`
        select a.id, a.household_id as "householdId", a.registration_name as "registrationName",
          a.fee_schedule_id as "feeScheduleId", fs.annual_minimum::text as "annualMinimum",
          a.pay_method as "payMethod", a.billing_frequency as frequency,
          a.fee_paying_account_id as "payerId", p.registration_name as "payerName",
          case when p.id is null then null else p.status = 'OPEN' end as "payerOpen",
          (select min(s.as_of) from account_snapshots s where s.account_id = a.id)::text as "firstSnapshot"
        from accounts a
        left join fee_schedules fs on fs.id = a.fee_schedule_id
        left join accounts p on p.id = a.fee_paying_account_id
        where a.household_id = any(${ids}) and a.status = 'OPEN'
        order by a.registration_name, a.id`),
    () =>
      db.execute(sql`
        select household_id as "householdId", account_id as "accountId",
          payout_percentage::text as "payoutPercentage", start_date::text as "startDate",
          payment_type as "paymentType", number_of_payments as "numberOfPayments",
          payments_made as "paymentsMade"
        from payout_blocks where household_id = any(${ids})`),
    // The live bills that hold the households' open accounts, for periods ending in the last year or later:
    // looked up account by account (`offset 0` keeps the lateral apart), where a join would read every live
    // line of the period (a whole firm's, as a bill run writes them).
    () =>
      db.execute(sql`
        select b.account_id as "accountId", b.period_start::text as "periodStart", b.period_end::text as "periodEnd"
        from accounts a cross join lateral (select b.account_id, b.period_start, b.period_end from bill_accounts b
          where b.account_id = a.id and b.live and b.active and b.period_end >= ${billedSince(day)}::date offset 0) b
        where a.household_id = any(${ids}) and a.status = 'OPEN'`),
  );
  return {
    ...(await unitRowsOf(db, ids)),
    openAccounts: rowsOf<UnitFactRows['openAccounts'][number]>(accountRows),
    blocks: rowsOf<UnitFactRows['blocks'][number]>(blockRows),
    billed: rowsOf<UnitFactRows['billed'][number]>(billedRows),
  };
};

const listsBy = <T>(rows: readonly T[], key: (row: T) => string) => {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
};

/** The units' facts for the period of `day`, from what was read. */
export const unitFactsFrom = (rows: UnitFactRows, day: string): UnitFacts[] => {
  const billsOf = listsBy(rows.billed, (r) => r.accountId);
  const accountsOf = listsBy(rows.openAccounts, (r) => r.householdId);
  const achOf = new Map(rows.ach.map((r) => [r.householdId, r.n]));
  const blocksOf = listsBy(rows.blocks, (r) => r.householdId);
  return rows.units.map((unit): UnitFacts => {
    const { from: periodStart, to: periodEnd } = billingPeriodOf(day, unit.frequency);
    return {
      householdId: unit.id,
      frequency: unit.frequency,
      openAccounts: (accountsOf.get(unit.id) ?? []).map(({ firstSnapshot, householdId: _, ...account }) => ({
        ...account,
        // Valued in the period: holdings recorded on or before its end (the value is the latest of them).
        valued: firstSnapshot !== null && firstSnapshot <= periodEnd,
        billed: (billsOf.get(account.id) ?? []).some(
          (bill) => bill.periodStart <= periodEnd && bill.periodEnd >= periodStart,
        ),
      })),
      achAccounts: achOf.get(unit.id) ?? 0,
      blocks: (blocksOf.get(unit.id) ?? []).map(({ householdId: _, ...block }) => block),
    };
  });
};

/** The facts of the given households (those with no account are not units: absent from the answer). */
export const unitFactsOf = async (db: Db, householdIds: readonly string[], day: string) =>
  householdIds.length === 0 ? [] : unitFactsFrom(await unitFactRowsOf(db, householdIds, day), day);

export type BillingReadiness = ReturnType<typeof createBillingReadiness>;

export const createBillingReadiness = (deps: { clock: Clock; today: FirmToday }) => {
  /** Judges the given households again and stores the answers (in the caller's transaction). */
  const refresh = async (tx: Db, householdIds: readonly string[]) => {
    const unique = [...new Set(householdIds)];
    if (unique.length === 0) return 0;
    const day = deps.today();
    const facts = await unitFactsOf(tx, unique, day);
    const units = new Set(facts.map((f) => f.householdId));
    const gone = unique.filter((id) => !units.has(id));
    if (gone.length > 0) {
      await tx.execute(
        sql`delete from ${billingReadiness} where household_id = any(${`{${gone.join(',')}}`}::uuid[])`,
      );
    }
    const now = deps.clock.now();
    const rows = facts.map((unit) => {
      const judged = judgeUnit(unit, day);
      return {
        householdId: unit.householdId,
        status: judged.status,
        blocked: judged.blocked,
        billed: judged.billed,
        missingFeeSchedule: judged.missingFeeSchedule,
        missingPayoutBlocks: judged.missingPayoutBlocks,
        reasons: judged.reasons,
        codes: [...new Set(judged.reasons.map((r) => r.code))],
        periodStart: judged.period.start,
        periodEnd: judged.period.end,
        checkedAt: now,
      };
    });
    if (rows.length > 0) {
      // One statement for the batch: every column but the key from the new row.
      await tx
        .insert(billingReadiness)
        .values(rows)
        .onConflictDoUpdate({
          target: billingReadiness.householdId,
          set: {
            status: sql`excluded.status`,
            blocked: sql`excluded.blocked`,
            billed: sql`excluded.billed`,
            missingFeeSchedule: sql`excluded.missing_fee_schedule`,
            missingPayoutBlocks: sql`excluded.missing_payout_blocks`,
            reasons: sql`excluded.reasons`,
            codes: sql`excluded.codes`,
            periodStart: sql`excluded.period_start`,
            periodEnd: sql`excluded.period_end`,
            checkedAt: sql`excluded.checked_at`,
          },
        });
    }
    return facts.length;
  };

  /** Every household, in batches of BATCH, each in its own transaction (the activity sweep's daily part). */
  const refreshAll = async (db: Db, stopping: () => boolean = () => false) => {
    let after = '00000000-0000-0000-0000-000000000000';
    let total = 0;
    for (;;) {
      const ids = rowsOf<{ id: string }>(
        await db.execute(
          sql`select id from households where id > ${after}::uuid and not draft order by id limit ${BATCH}`,
        ),
      ).map((r) => r.id);
      if (ids.length === 0 || stopping()) return total;
      total += await db.transaction((tx) => refresh(tx, ids));
      after = ids[ids.length - 1] as string;
    }
  };

  return { refresh, refreshAll };
};
