import {
  advancePartPeriod,
  advanceRefund,
  type AccountBill,
  applyAdjustments,
  formatCents,
  type Proration,
} from '@centric/billing';
import {
  ADJUSTMENT_REASON_LABELS,
  type AdjustmentReasonCode,
  addDays,
  type BillExtraLine,
  type BillingFrequency,
  type BillPlanningLine,
  billingPeriodOf,
  signedCents,
} from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, uuidArray } from '../../db/client.ts';
import { type billLines } from '../../db/schema/index.ts';
import type { UnitInputAccount } from './billing-inputs.ts';
import { groupBy } from '../../platform/group-by.ts';

/**
 * The lines a bill adds to its accounts' fees (issue 15 §1): the first part-period of an ADVANCE account opened
 * inside the previous period, the refund of the unused days of an ADVANCE account closed inside it, the
 * account's pending adjustments (charges, then credits, oldest first; a credit larger than the fee carries the
 * rest forward), and the household's financial planning fees due in the period. Each is computed by the engine;
 * a live bill writes them to `bill_lines`, which is what makes each apply once. What they are computed from is
 * read for a whole step's households at once (`readLineInputs`), then each household's lines from memory.
 */

/** The run as the lines need it. */
export type LinesRun = {
  kind: 'FORECAST_BILL' | 'LIVE_BILL';
  period: string;
  periodStart: string;
  periodEnd: string;
  proration: Proration;
};

/** A line with where it is paid from and the period it is for, as `bill_lines` stores it. */
export type LineDraft = BillExtraLine & {
  periodStart: string;
  periodEnd: string;
  payMethod: string;
  paidByAccountId: string | null;
};

/** A planning fee's line with the period it is for. */
export type PlanningDraft = BillPlanningLine & { periodStart: string; periodEnd: string };

type ClosedAdvance = {
  householdId: string;
  accountId: string;
  registrationName: string;
  closedOn: string;
  billed: string;
  payMethod: string;
  paidBy: string;
};
type PendingAdjustment = {
  id: string;
  accountId: string;
  reasonCode: AdjustmentReasonCode;
  note: string | null;
  remaining: string;
};
type PlanningRow = {
  id: string;
  householdId: string;
  description: string;
  feeType: 'FLAT' | 'PERIODIC';
  amount: string;
  payMethod: string;
  paidById: string | null;
  paidByName: string | null;
};

/** What the lines of some households are computed from, read once. */
export type LineInputs = {
  /** The previous period of the run's frequency (none for a custom period). */
  previous: { from: string; to: string } | null;
  /** ADVANCE accounts closed inside the previous period, with their live bill of it, by household. */
  closed: ReadonlyMap<string, readonly ClosedAdvance[]>;
  /** `${kind} ${accountId}`: the part-periods and refunds of the previous period already billed live. */
  taken: ReadonlySet<string>;
  /** Each account's adjustments with something left, oldest first (locked against a concurrent bill). */
  adjustments: ReadonlyMap<string, readonly PendingAdjustment[]>;
  /** Each household's planning fees due in the period and not billed live for it. */
  planning: ReadonlyMap<string, readonly PlanningRow[]>;
};

const cents = (money: string) => signedCents(money) ?? 0n;
const label = (from: string, to: string) => `${from} to ${to}`;

/** The previous period of a run's frequency (a custom period has none). */
const previousOf = (run: LinesRun) =>
  run.period === 'CUSTOM'
    ? null
    : billingPeriodOf(addDays(run.periodStart, -1), run.period as BillingFrequency);

/** Reads, for the households of a step, what their lines are computed from: four statements whatever their number. */
export const readLineInputs = async (
  tx: Db,
  run: LinesRun,
  householdIds: readonly string[],
): Promise<LineInputs> => {
  const previous = previousOf(run);
  if (householdIds.length === 0) {
    return { previous, closed: new Map(), taken: new Set(), adjustments: new Map(), planning: new Map() };
  }
  const closed = previous
    ? rowsOf<ClosedAdvance>(
        await tx.execute(sql`
          select a.household_id as "householdId", a.id as "accountId", a.registration_name as "registrationName",
            a.closed_on::text as "closedOn", ba.amount::text as billed, ba.pay_method as "payMethod",
            ba.paid_by_account_id as "paidBy"
          from accounts a
          join bill_accounts ba on ba.account_id = a.id and ba.live and ba.active
            and ba.period_start = ${previous.from}::date and ba.period_end = ${previous.to}::date
          where a.household_id = any(${uuidArray(householdIds)}) and a.billing_timing = 'ADVANCE' and a.status <> 'OPEN'
            and a.closed_on between ${previous.from}::date and ${previous.to}::date
          order by a.registration_name, a.id`),
      )
    : [];
  const taken = previous
    ? rowsOf<{ key: string }>(
        await tx.execute(sql`
          select l.kind || ' ' || l.account_id as key from bill_lines l join accounts a on a.id = l.account_id
          where a.household_id = any(${uuidArray(householdIds)}) and l.kind in ('PART_PERIOD', 'REFUND')
            and l.live and l.active and l.period_start = ${previous.from}::date`),
      )
    : [];
  // What is left of each adjustment: its amount less what active live bills applied. Locked (oldest first) so
  // two runs billing the same account one after the other see each other's use.
  const adjustments = rowsOf<PendingAdjustment>(
    await tx.execute(sql`
      with mine as (
        select id from billing_adjustments
        where cancelled_at is null and household_id = any(${uuidArray(householdIds)})
        order by created_at, id for update
      )
      select a.id, a.account_id as "accountId", a.reason_code as "reasonCode", a.note,
        (a.amount - coalesce(u.used, 0))::text as remaining
      from billing_adjustments a
      join mine on mine.id = a.id
      left join lateral (select sum(l.amount) as used from bill_lines l
        where l.adjustment_id = a.id and l.live and l.active) u on true
      where a.amount - coalesce(u.used, 0) <> 0
      order by a.created_at, a.id`),
  );
  // Planning fees: a FLAT fee once, in the period of its start date; a PERIODIC fee in each period of its
  // frequency that it covers; a live bill bills each once a period.
  const planning = rowsOf<PlanningRow>(
    await tx.execute(sql`
      select f.id, f.household_id as "householdId", f.description, f.fee_type as "feeType",
        f.amount::text as amount, f.pay_method as "payMethod", f.fee_paying_account_id as "paidById",
        a.registration_name as "paidByName"
      from planning_fees f left join accounts a on a.id = f.fee_paying_account_id
      where f.household_id = any(${uuidArray(householdIds)})
        and ((f.fee_type = 'FLAT' and f.start_date between ${run.periodStart}::date and ${run.periodEnd}::date)
          or (f.fee_type = 'PERIODIC' and f.frequency = ${run.period} and f.start_date <= ${run.periodEnd}::date
            and (f.end_date is null or f.end_date >= ${run.periodStart}::date)))
        and not exists (select 1 from bill_lines l where l.planning_fee_id = f.id and l.live and l.active
          and (f.fee_type = 'FLAT' or l.period_start = ${run.periodStart}::date))
      order by f.start_date, f.description, f.id`),
  );
  return {
    previous,
    closed: groupBy(closed, (r) => r.householdId),
    taken: new Set(taken.map((r) => r.key)),
    adjustments: groupBy(adjustments, (r) => r.accountId),
    planning: groupBy(planning, (r) => r.householdId),
  };
};

/**
 * The extra lines of the billed accounts of one household, and each account's net (fee + its lines), from which
 * payouts are split. Refunds are also given for the household's closed ADVANCE accounts that this bill does not
 * bill (they closed before the period).
 */
export const extraLinesOf = (
  reads: LineInputs,
  run: LinesRun,
  householdId: string,
  kept: readonly AccountBill[],
  sourceOf: ReadonlyMap<string, UnitInputAccount>,
): { lines: LineDraft[]; netOf: Map<string, bigint> } => {
  const lines: LineDraft[] = [];
  const netOf = new Map(kept.map((k) => [k.id, cents(k.amount)]));
  const add = (line: LineDraft) => {
    lines.push(line);
    if (line.accountId && netOf.has(line.accountId)) {
      netOf.set(line.accountId, netOf.get(line.accountId)! + cents(line.amount));
    }
  };
  const payerOf = (source: UnitInputAccount) => ({
    payMethod: source.payMethod,
    paidByAccountId: source.feePayingAccountId,
  });
  const { previous } = reads;

  if (previous) {
    const frequency = run.period as BillingFrequency;
    // Part-periods: ADVANCE accounts of this bill that opened inside the previous period and were not billed
    // live for it.
    for (const k of kept) {
      const source = sourceOf.get(k.id)!;
      const start = source.billingStart;
      if (source.timing !== 'ADVANCE' || start < previous.from || start > previous.to) continue;
      if (reads.taken.has(`PART_PERIOD ${k.id}`)) continue;
      const part = advancePartPeriod({
        annualAmount: k.annualShare,
        openedOn: start,
        frequency,
        periodStart: previous.from,
        periodEnd: previous.to,
        proration: run.proration,
      });
      add({
        accountId: k.id,
        registrationName: source.registrationName,
        kind: 'PART_PERIOD',
        description: `First part-period ${label(start, previous.to)}: ${part.openDays} of ${part.days} days`,
        amount: part.amount,
        adjustmentId: null,
        carriedForward: null,
        periodStart: previous.from,
        periodEnd: previous.to,
        ...payerOf(source),
      });
    }
    // Refunds: the household's ADVANCE accounts closed inside the previous period, on their live bill of it.
    for (const c of reads.closed.get(householdId) ?? []) {
      if (reads.taken.has(`REFUND ${c.accountId}`)) continue;
      const refund = advanceRefund({
        billedAmount: c.billed,
        periodStart: previous.from,
        periodEnd: previous.to,
        closedOn: c.closedOn,
      });
      if (cents(refund.amount) === 0n) continue;
      add({
        accountId: c.accountId,
        registrationName: c.registrationName,
        kind: 'REFUND',
        description: `Closed on ${c.closedOn}: ${refund.unusedDays} of ${refund.days} days billed in advance refunded`,
        amount: refund.amount,
        adjustmentId: null,
        carriedForward: null,
        periodStart: previous.from,
        periodEnd: previous.to,
        payMethod: c.payMethod,
        paidByAccountId: c.paidBy,
      });
    }
  }

  // Adjustments: charges first, so a credit can pay for them; oldest first within each.
  for (const k of kept) {
    const own = reads.adjustments.get(k.id) ?? [];
    if (own.length === 0) continue;
    const source = sourceOf.get(k.id)!;
    const ordered = [
      ...own.filter((a) => cents(a.remaining) > 0n),
      ...own.filter((a) => cents(a.remaining) < 0n),
    ];
    const result = applyAdjustments(
      formatCents(netOf.get(k.id)!),
      ordered.map((a) => ({ id: a.id, amount: a.remaining })),
    );
    result.applied.forEach((applied, index) => {
      const adjustment = ordered[index]!;
      if (cents(applied.amount) === 0n) return;
      add({
        accountId: k.id,
        registrationName: source.registrationName,
        kind: 'ADJUSTMENT',
        description: [ADJUSTMENT_REASON_LABELS[adjustment.reasonCode], adjustment.note]
          .filter(Boolean)
          .join(': '),
        amount: applied.amount,
        adjustmentId: adjustment.id,
        carriedForward: formatCents(cents(adjustment.remaining) - cents(applied.amount)),
        periodStart: run.periodStart,
        periodEnd: run.periodEnd,
        ...payerOf(source),
      });
    });
  }
  return { lines, netOf };
};

/** The household's financial planning fees due in the run's period, as bill lines. */
export const planningLinesOf = (reads: LineInputs, run: LinesRun, householdId: string): PlanningDraft[] =>
  (reads.planning.get(householdId) ?? []).map((row) => ({
    planningFeeId: row.id,
    description: row.description,
    feeType: row.feeType,
    amount: row.amount,
    payMethod: row.payMethod,
    paidBy: row.paidById ? { id: row.paidById, registrationName: row.paidByName ?? '' } : null,
    periodStart: run.periodStart,
    periodEnd: run.periodEnd,
  }));

/** A bill's lines as `bill_lines` rows (live ones hold their adjustment, part-period, refund or planning fee). */
export const billLineRows = (
  billId: string,
  live: boolean,
  extra: readonly LineDraft[],
  planning: readonly PlanningDraft[],
): (typeof billLines.$inferInsert)[] =>
  [
    ...extra.map((line) => ({
      kind: line.kind as string,
      accountId: line.accountId,
      adjustmentId: line.adjustmentId,
      planningFeeId: null,
      periodStart: line.periodStart,
      periodEnd: line.periodEnd,
      amount: line.amount,
      carriedForward: line.carriedForward,
      payMethod: line.payMethod,
      paidByAccountId: line.paidByAccountId,
    })),
    ...planning.map((line) => ({
      kind: 'PLANNING',
      accountId: line.paidBy?.id ?? null,
      adjustmentId: null,
      planningFeeId: line.planningFeeId,
      periodStart: line.periodStart,
      periodEnd: line.periodEnd,
      amount: line.amount,
      carriedForward: null,
      payMethod: line.payMethod,
      paidByAccountId: line.paidBy?.id ?? null,
    })),
  ].map((row, seq) => ({ billId, seq, live, ...row }));
