import { randomUUID } from 'node:crypto';
import { allocate, type AccountBill, formatCents, splitPayouts, type Proration } from '@centric/billing';
import {
  BILL_RUN_MESSAGES,
  type BillAccount,
  type BillDetail,
  type BillPayout,
  type BillingFrequency,
  billingPeriodOf,
  type BillUnitOutcome,
  daysBetween,
  signedCents,
} from '@centric/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { billAccounts, billLines, billPayouts, billRunUnits, bills } from '../../db/schema/index.ts';
import { auditWriter, systemAuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { JobHandler, JobRow } from '../../platform/jobs.ts';
import { splitFee } from './account-payees.repository.ts';
import {
  billLineRows,
  extraLinesOf,
  type LineInputs,
  planningLinesOf,
  readLineInputs,
} from './bill-run-lines.ts';
import {
  createStepWrites,
  flushStepWrites,
  insertRows,
  prefetchStep,
  type StepReads,
  type StepWrites,
} from './bill-run-prefetch.ts';
import { timed } from '../../platform/step-profile.ts';
import { type BillingInputs, engineBill, type RunPeriod } from './billing-inputs.ts';
import { type BillingReadiness, isActiveIn, judgeUnit, type PayoutFact } from './billing-readiness.ts';

/**
 * The bill run's job (issue 15; decision 0016): each step bills the next billing groups of the run that are
 * still PENDING, each in a savepoint of the step's transaction together with the group's DONE mark, so a crash
 * loses only the step under way and a retry never bills a group twice. Several runners (app instances) share a
 * run's groups (`FOR UPDATE SKIP LOCKED`); whichever finds none left pending closes the run.
 */

export const BILL_RUN_JOB = 'bill-run';
/** Groups billed in one step (one transaction): read ahead and written together (bill-run-prefetch.ts). */
export const BILL_RUN_BATCH = 500;
/** A run's groups are counted for its job's progress every this many full steps. */
const COUNT_EVERY = 20;

export type BillRunRow = {
  id: string;
  /** The run's number, as its screens and files name it. */
  number: number;
  kind: 'FORECAST_BILL' | 'LIVE_BILL';
  scope: string;
  accountId: string | null;
  period: string;
  periodStart: string;
  periodEnd: string;
  valuationDate: string;
  proration: Proration;
  settings: { asOf: string; cashFlowThreshold: string | null };
  status: string;
  stage: string | null;
  createdBy: string | null;
};

export const billRunOf = async (db: Db, id: string, forUpdate = false): Promise<BillRunRow | null> => {
  const [row] = rowsOf<BillRunRow>(
    await db.execute(sql`
      select id, number, kind, scope, account_id as "accountId", period, period_start::text as "periodStart",
        period_end::text as "periodEnd", valuation_date::text as "valuationDate", proration, settings, status, stage,
        created_by as "createdBy"
      from bill_runs where id = ${id}::uuid ${forUpdate ? sql`for update` : sql``}`),
  );
  return row ?? null;
};

/** The run locked for a change, checked to be a finished live run (approve, lock, export …). */
export const liveRunFor = async (tx: Db, id: string) => {
  const run = await billRunOf(tx, id, true);
  if (!run) throw notFound(BILL_RUN_MESSAGES.notFound);
  if (run.kind !== 'LIVE_BILL') throw badRequest(BILL_RUN_MESSAGES.notLive);
  if (run.status === 'in_progress') throw conflict(BILL_RUN_MESSAGES.stillRunning);
  return run;
};

/** Days from one day to another, both included. */
const daysOf = (from: string, to: string) => daysBetween(from, to) + 1;
/** The engine's money strings are exact: a signed amount in cents. */
const cents = (money: string) => signedCents(money) ?? 0n;

type BlockRow = PayoutFact & {
  id: string;
  type: string;
  payeeUserId: string | null;
  payeeName: string | null;
};

type Reason = { code: string; message: string };
type Outcome = { outcome: BillUnitOutcome; reasons: Reason[] };

/** What a step read for its households: their billing inputs and what their bills' lines are computed from. */
type Reads = StepReads & { lines: LineInputs };

export const createBillRunJob = (deps: {
  clock: Clock;
  inputs: BillingInputs;
  readiness: Pick<BillingReadiness, 'refresh'>;
  /** Groups billed in a step (default BILL_RUN_BATCH). */
  batch?: number;
}) => {
  const batch = deps.batch ?? BILL_RUN_BATCH;
  const writeAudit = auditWriter(deps.clock);

  /**
   * One household's bill in the run, from what its step read (`step.reads`) into what its group writes
   * (`step.writes`): written, or why not.
   */
  const billHousehold = async (
    tx: Db,
    run: BillRunRow,
    householdId: string,
    groupKey: string,
    step: { reads: Reads; writes: StepWrites },
  ) => {
    const runPeriod: RunPeriod = {
      frequency: run.period as BillingFrequency | 'CUSTOM',
      start: run.periodStart,
      end: run.periodEnd,
      valuationDate: run.valuationDate,
      cashFlowThreshold: run.settings.cashFlowThreshold,
    };
    const facts = step.reads.facts.get(householdId);
    if (!facts) return { outcome: 'NOTHING_TO_BILL', reasons: [] } satisfies Outcome;
    const judged = judgeUnit(facts, run.periodEnd);
    const reasonsOf = (kind: string) =>
      judged.reasons.filter((r) => r.kind === kind).map(({ code, message }) => ({ code, message }));
    if (judged.blocked) return { outcome: 'SKIPPED', reasons: reasonsOf('BLOCKS') } satisfies Outcome;

    const inputs = await step.reads.inputs.unitInputs(tx, householdId, run.settings.asOf, runPeriod);
    const { bill, billed, skipped } = engineBill(inputs, run.proration);
    const leftOut = [
      ...inputs.leftOut,
      ...skipped.map((s) => ({
        accountId: s.accountId,
        registrationName: s.registrationName,
        reason: s.reason === 'STARTS_AFTER_PERIOD' ? 'Starts after the period.' : s.reason,
      })),
    ];
    // At most one live bill per account and period: what another live bill holds is left out, named.
    const already = new Set<string>();
    if (run.kind === 'LIVE_BILL') {
      for (const b of billed) if (step.reads.held.has(b.id)) already.add(b.id);
    }
    const sourceOf = new Map(billed.map((b) => [b.id, b.source]));
    const kept: AccountBill[] = [];
    for (const line of bill?.accounts ?? []) {
      const source = sourceOf.get(line.id);
      if (!source) continue;
      if (already.has(line.id)) {
        leftOut.push({
          accountId: line.id,
          registrationName: source.registrationName,
          reason: 'Already billed live for this period.',
        });
      } else if (run.scope !== 'SINGLE_ACCOUNT' || line.id === run.accountId) {
        kept.push(line);
      }
    }
    // Part-periods, refunds and adjustments on the accounts; planning fees of the unit (never in a one-account run).
    const extras = extraLinesOf(step.reads.lines, run, householdId, kept, sourceOf);
    const extraLines = extras.lines.filter(
      (l) => run.scope !== 'SINGLE_ACCOUNT' || l.accountId === run.accountId,
    );
    const planningLines =
      run.scope === 'SINGLE_ACCOUNT' ? [] : planningLinesOf(step.reads.lines, run, householdId);
    if (kept.length === 0 && extraLines.length === 0 && planningLines.length === 0) {
      return {
        outcome: already.size > 0 ? 'ALREADY_BILLED' : 'NOTHING_TO_BILL',
        reasons: leftOut.map((l) => ({ code: 'LEFT_OUT', message: `${l.registrationName}: ${l.reason}` })),
      } satisfies Outcome;
    }

    // Payouts follow the net fee: each account by its own active blocks, else the unit's; they never stack. A
    // planning fee is paid out by the unit's blocks.
    const blocks: readonly BlockRow[] = step.reads.blocks.get(householdId) ?? [];
    const active = blocks.filter((b) =>
      isActiveIn(b, { start: run.periodStart, end: run.periodEnd }, facts.frequency),
    );
    const paid = new Map<string, bigint>();
    let firm = 0n;
    const payOut = (amount: bigint, use: readonly BlockRow[], firmOnly: string | null) => {
      if (amount <= 0n || use.length === 0) {
        firm += amount;
        return;
      }
      const split = splitPayouts(
        formatCents(amount),
        use.map((b) => ({ payeeId: b.id, percent: b.payoutPercentage })),
        { firmOnly },
      );
      for (const payee of split.payees) {
        paid.set(payee.payeeId, (paid.get(payee.payeeId) ?? 0n) + cents(payee.amount));
      }
      firm += cents(split.firm);
    };
    const unitBlocks = active.filter((b) => b.accountId === null);
    for (const line of kept) {
      const source = sourceOf.get(line.id)!;
      const own = active.filter((b) => b.accountId === line.id);
      const net = extras.netOf.get(line.id) ?? cents(line.amount);
      const payoutExcluded = cents(source.payoutExcluded);
      const billable = cents(line.billableValue);
      const firmOnly =
        net > 0n && payoutExcluded > 0n && billable > 0n
          ? allocate(formatCents(net), [source.payoutExcluded, formatCents(billable - payoutExcluded)])[0]!
          : null;
      payOut(net, own.length > 0 ? own : unitBlocks, firmOnly);
    }
    const keptIds = new Set(kept.map((k) => k.id));
    for (const line of extraLines) {
      // A refund of an account this bill does not bill (closed before the period) comes off the firm's part.
      if (!line.accountId || !keptIds.has(line.accountId)) firm += cents(line.amount);
    }
    for (const line of planningLines) payOut(cents(line.amount), unitBlocks, null);
    const used = active.filter((b) => paid.has(b.id));
    const payouts: BillPayout[] = used.map((b) => ({
      accountId: b.accountId,
      type: b.type,
      payee: { id: b.payeeUserId, fullName: b.type === 'FIRM' ? 'The firm' : (b.payeeName ?? '') },
      percent: b.payoutPercentage,
      amount: formatCents(paid.get(b.id) ?? 0n),
      paymentNumber: b.paymentType === 'Forever' ? null : b.paymentsMade + 1,
      numberOfPayments: b.numberOfPayments,
    }));

    const payees = step.reads.payees;
    const periodDays = daysOf(run.periodStart, run.periodEnd);
    const accountLines: BillAccount[] = kept.map((line) => {
      const source = sourceOf.get(line.id)!;
      const first = source.billingStart > run.periodStart ? source.billingStart : run.periodStart;
      const last =
        source.closedOn !== null && source.closedOn < run.periodEnd ? source.closedOn : run.periodEnd;
      const split = payees.get(line.id);
      return {
        accountId: line.id,
        registrationName: source.registrationName,
        payMethod: source.payMethod,
        timing: source.timing,
        frequency: source.frequency,
        valuationDate: source.valuationDate,
        value: source.value,
        excluded: source.excluded,
        payoutExcluded: source.payoutExcluded,
        billableValue: line.billableValue,
        openDays: source.timing === 'ARREARS' ? daysOf(first, last) : periodDays,
        periodDays,
        openedOn: first > run.periodStart ? first : null,
        closedOn: source.closedOn !== null && source.closedOn < run.periodEnd ? source.closedOn : null,
        cashFlows: source.cashFlows,
        amount: line.amount,
        line: line.paidBy === line.id ? 'DIRECT' : 'INDIRECT',
        paidBy: { id: source.feePayingAccountId, registrationName: source.feePayingName },
        ...(split
          ? {
              split: splitFee(line.amount, split).map((s) => ({
                accountId: s.id,
                registrationName: s.registrationName,
                amount: s.amount,
              })),
            }
          : {}),
      };
    });
    const total =
      kept.reduce((sum, line) => sum + (extras.netOf.get(line.id) ?? cents(line.amount)), 0n) +
      extraLines.reduce(
        (sum, line) => sum + (line.accountId && keptIds.has(line.accountId) ? 0n : cents(line.amount)),
        0n,
      ) +
      planningLines.reduce((sum, line) => sum + cents(line.amount), 0n);
    const billableValue = kept.reduce((sum, line) => sum + cents(line.billableValue), 0n);
    const attention = reasonsOf('ATTENTION');
    const explanation: Pick<
      BillDetail,
      | 'valuation'
      | 'proration'
      | 'cashFlowThreshold'
      | 'schedules'
      | 'accountLines'
      | 'leftOut'
      | 'extraLines'
      | 'planningLines'
      | 'payouts'
      | 'firm'
      | 'reasons'
    > = {
      valuation: 'PERIOD_END_VALUE',
      proration: run.proration,
      cashFlowThreshold: inputs.cashFlowThreshold,
      schedules: (bill?.groups ?? []).map((group) => {
        const schedule = inputs.schedules.get(group.scheduleId);
        return {
          scheduleId: group.scheduleId,
          name: schedule?.name ?? '',
          type: schedule?.schedule.type ?? 'PERCENTAGE',
          billableValue: group.billableValue,
          annualAmount: group.annualAmount,
          lines: group.lines,
        };
      }),
      accountLines,
      leftOut,
      extraLines: extraLines.map(
        ({ periodStart: _s, periodEnd: _e, payMethod: _m, paidByAccountId: _p, ...line }) => line,
      ),
      planningLines: planningLines.map(({ periodStart: _s, periodEnd: _e, ...line }) => line),
      payouts,
      firm: formatCents(firm),
      reasons: attention,
    };
    const billId = randomUUID();
    step.writes.insert(bills, [
      {
        id: billId,
        runId: run.id,
        householdId,
        groupKey,
        kind: run.kind,
        periodStart: run.periodStart,
        periodEnd: run.periodEnd,
        status: 'GENERATED',
        billableValue: formatCents(billableValue),
        amount: formatCents(total),
        explanation,
        createdBy: run.createdBy,
        createdAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      },
    ]);
    const lineRows = billLineRows(billId, run.kind === 'LIVE_BILL', extraLines, planningLines);
    if (lineRows.length > 0) step.writes.insert(billLines, lineRows);
    step.writes.insert(
      billAccounts,
      accountLines.map((line) => ({
        billId,
        accountId: line.accountId,
        live: run.kind === 'LIVE_BILL',
        periodStart: run.periodStart,
        periodEnd: run.periodEnd,
        billableValue: line.billableValue,
        amount: line.amount,
        payMethod: line.payMethod,
        paidByAccountId: line.paidBy.id,
      })),
    );
    if (payouts.length > 0) {
      step.writes.insert(
        billPayouts,
        payouts.map((p, seq) => ({
          billId,
          seq,
          accountId: p.accountId,
          payoutBlockId: used[seq]!.id,
          payeeUserId: p.payee.id,
          type: p.type,
          percent: p.percent,
          amount: p.amount,
          paymentNumber: p.paymentNumber,
          numberOfPayments: p.numberOfPayments,
        })),
      );
    }
    return { outcome: 'BILLED', reasons: attention } satisfies Outcome;
  };

  /** A claimed group; `ctid` is its row's place, which the step's lock keeps until it marks the group. */
  type Group = { groupKey: string; householdIds: string[]; ctid: string };
  type Unit = Outcome & { runId: string; householdId: string; groupKey: string };
  type Computed = {
    group: Group;
    writes: ReturnType<typeof createStepWrites>;
    units: Unit[];
    failure: unknown;
  };

  const failedUnits = (runId: string, group: Group, message: string): Unit[] =>
    group.householdIds.map((householdId) => ({
      runId,
      householdId,
      groupKey: group.groupKey,
      outcome: 'FAILED',
      reasons: [{ code: 'ERROR', message }],
    }));

  /** The units' outcomes (a retried group's replace its earlier ones). */
  const recordUnits = (tx: Db, units: readonly Unit[]) =>
    insertRows(
      tx,
      billRunUnits,
      units,
      sql`on conflict (run_id, household_id) do update
        set outcome = excluded.outcome, reasons = excluded.reasons, group_key = excluded.group_key`,
    );

  /** Marks groups DONE (`done`: their rows' places) or FAILED with their errors. */
  const markGroups = async (tx: Db, runId: string, done: readonly string[], failed: readonly Computed[]) => {
    const now = deps.clock.now().toISOString();
    if (done.length > 0) {
      // By the rows' places (ctid) as the step's claim locked them: looked up by key, the planner read every
      // group of the run, its estimate of a run's groups taken before the run planned them.
      await tx.execute(sql`update bill_run_groups set status = 'DONE', error = null, attempts = attempts + 1,
          updated_at = ${now}::timestamptz
        where ctid = any(${`{${done.map((place) => `"${place}"`).join(',')}}`}::tid[])`);
    }
    for (const { group, failure } of failed) {
      await tx.execute(sql`update bill_run_groups set status = 'FAILED', error = ${failureMessage(failure)},
        attempts = attempts + 1, updated_at = ${now}::timestamptz
        where run_id = ${runId}::uuid and group_key = ${group.groupKey}::uuid`);
    }
  };

  /** A group's bills, computed into writes of its own: an error is the group's, and drops what it computed. */
  const computeGroup = async (tx: Db, run: BillRunRow, group: Group, reads: Reads): Promise<Computed> => {
    const writes = createStepWrites();
    const units: Unit[] = [];
    try {
      for (const householdId of group.householdIds) {
        const outcome = await billHousehold(tx, run, householdId, group.groupKey, { reads, writes });
        units.push({ runId: run.id, householdId, groupKey: group.groupKey, ...outcome });
      }
      return { group, writes, units, failure: null };
    } catch (error) {
      return { group, writes, units: failedUnits(run.id, group, failureMessage(error)), failure: error };
    }
  };

  /** The groups' bills and unit outcomes; a live bill may leave a unit billed for its current period. */
  const writeGroups = async (tx: Db, run: BillRunRow, computed: readonly Computed[], reads: Reads) => {
    const done = computed.filter((c) => c.failure === null);
    await flushStepWrites(
      tx,
      done.map((c) => c.writes),
    );
    await timed('write: units', () =>
      recordUnits(
        tx,
        computed.flatMap((c) => c.units),
      ),
    );
    // Its readiness is judged again, unless its current period (as of the run's day, so of any later day too)
    // starts after the run's period: a bill of an earlier period cannot hold it.
    const touched = done
      .flatMap((c) => c.group.householdIds)
      .filter((id) => {
        const frequency = reads.facts.get(id)?.frequency;
        return frequency === undefined || billingPeriodOf(run.settings.asOf, frequency).from <= run.periodEnd;
      });
    if (run.kind === 'LIVE_BILL' && touched.length > 0) {
      await timed('write: readiness', () => deps.readiness.refresh(tx, touched));
    }
  };

  /**
   * Bills the step's groups from what the step read for all of them, and writes them together in a savepoint: a
   * group whose billing throws is FAILED alone, with its error. When the writing fails (a database error, e.g.
   * an account billed live by another run meanwhile), the savepoint is rolled back and each group is billed
   * again in a savepoint of its own, so the failing one is FAILED alone and the others are billed.
   */
  const billGroups = async (tx: Db, run: BillRunRow, groups: readonly Group[]) => {
    const householdIds = groups.flatMap((g) => g.householdIds);
    const reads: Reads = {
      ...(await prefetchStep(tx, householdIds, run, deps.inputs.sources)),
      lines: await timed('read: line inputs', () => readLineInputs(tx, run, householdIds)),
    };
    // The groups' marks are written in the step's transaction, outside the savepoints: a row the step locked
    // (its claim) and then changed in a savepoint would take a multixact of its own.
    const mark = (done: readonly Computed[], failed: readonly Computed[]) =>
      timed('write: group marks', () =>
        markGroups(
          tx,
          run.id,
          done.map((c) => c.group.ctid),
          failed,
        ),
      );
    let computed: Computed[] = [];
    try {
      await tx.transaction(async (sp) => {
        computed = [];
        await timed('bill in Node', async () => {
          for (const group of groups) computed.push(await computeGroup(sp, run, group, reads));
        });
        await writeGroups(sp, run, computed, reads);
      });
    } catch {
      for (const group of groups) {
        try {
          const one = await tx.transaction(async (sp) => {
            const result = await computeGroup(sp, run, group, reads);
            if (result.failure !== null) throw result.failure;
            await writeGroups(sp, run, [result], reads);
            return result;
          });
          await mark([one], []);
        } catch (error) {
          const failed = { group, writes: createStepWrites(), units: [], failure: error };
          await recordUnits(tx, failedUnits(run.id, group, failureMessage(error)));
          await mark([], [failed]);
        }
      }
      return;
    }
    await mark(
      computed.filter((c) => c.failure === null),
      computed.filter((c) => c.failure !== null),
    );
  };

  const progressOf = async (tx: Db, runId: string) => {
    const [row] = rowsOf<{ total: number; pending: number; failed: number }>(
      await tx.execute(sql`select count(*)::int as total,
          count(*) filter (where status = 'PENDING')::int as pending,
          count(*) filter (where status = 'FAILED')::int as failed
        from bill_run_groups where run_id = ${runId}::uuid`),
    );
    return row ?? { total: 0, pending: 0, failed: 0 };
  };

  const handler: JobHandler = {
    async step(tx: Db, job: JobRow) {
      const { runId } = job.payload as { runId: string };
      const run = await billRunOf(tx, runId);
      if (!run) return { done: 0, total: 0, state: {}, finished: { status: 'SUCCEEDED', result: null } };
      // A step's commit need not wait for its WAL to reach the disk: a database crash that loses the last steps'
      // commits loses them whole (bills, units, the groups' DONE marks and the job's progress together), and
      // their groups, PENDING again, are billed once more. Nothing outside the database follows a step.
      await tx.execute(sql`set local synchronous_commit = off`);
      // Claimed in the groups' order from after the last group this job claimed (its state), so a step does not
      // walk again past every group already done; then from the start, for what another runner left pending.
      const state = (job.state ?? {}) as { steps?: number; after?: string };
      const claim = (range: SQL, limit: number) =>
        timed('claim', async () =>
          rowsOf<Group>(
            await tx.execute(sql`select group_key as "groupKey", household_ids as "householdIds", ctid::text as ctid
              from bill_run_groups where run_id = ${runId}::uuid and status = 'PENDING' ${range}
              order by group_key limit ${limit} for update skip locked`),
          ),
        );
      const claimed = await claim(state.after ? sql`and group_key > ${state.after}::uuid` : sql``, batch);
      if (claimed.length < batch && state.after) {
        claimed.push(...(await claim(sql`and group_key <= ${state.after}::uuid`, batch - claimed.length)));
      }
      if (claimed.length > 0) await billGroups(tx, run, claimed);
      // A full step: more groups may be pending (the step that claims fewer counts them and may close the run).
      // Counting a firm's groups takes tens of milliseconds, so the job's own progress (the run's screen counts
      // its groups itself) is counted every COUNT_EVERY steps and advanced by the step's groups in between.
      const steps = (state.steps ?? 0) + 1;
      const after = claimed.at(-1)?.groupKey;
      if (claimed.length === batch && steps % COUNT_EVERY !== 0 && job.progressTotal > 0) {
        const done = Math.min(job.progressDone + claimed.length, job.progressTotal);
        return { done, total: job.progressTotal, state: { steps, after } };
      }
      let progress = await timed('progress', () => progressOf(tx, runId));
      if (claimed.length > 0 && progress.pending > 0) {
        return { done: progress.total - progress.pending, total: progress.total, state: { steps, after } };
      }
      // Nothing left for this runner: the last one to see none pending closes the run (the run's row lock
      // orders two runners finishing together, so the second sees the first's groups done).
      const locked = await billRunOf(tx, runId, true);
      progress = await progressOf(tx, runId);
      if (locked && locked.status === 'in_progress' && progress.pending === 0) {
        const status = progress.failed > 0 ? 'Failed' : 'completed';
        await tx.execute(sql`update bill_runs set status = ${status},
            finished_at = ${deps.clock.now().toISOString()}::timestamptz,
            updated_at = ${deps.clock.now().toISOString()}::timestamptz
          where id = ${runId}::uuid`);
        await writeAudit(tx, systemAuditContext('bill run'), {
          action: 'UPDATE',
          entity: 'billingInstance',
          entityId: runId,
          before: { status: 'in_progress' },
          after: { status, groups: progress.total, failed: progress.failed },
        });
      }
      return {
        done: progress.total - progress.pending,
        total: progress.total,
        state: {},
        finished: { status: 'SUCCEEDED', result: { runId } },
      };
    },
  };

  return { handler };
};

/** A group's error as the run's screen shows it: the engine's and the rules' messages as they are. */
const failureMessage = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '23505') return 'An account of this household was billed live for the period by another run.';
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
};
