import {
  BILL_CHECK_MESSAGES,
  BILL_RUN_MESSAGES,
  type BillDetail,
  type BillReasonBody,
  type BillRow,
  type BillRun,
  type BillRunBody,
  type BillRunsQuery,
  type BillRunUnit,
  type BillRunUnitsQuery,
  type BillsQuery,
  billRunPeriodOf,
  ROLE_IDS,
} from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { billRuns } from '../../db/schema/index.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { runChecksOf } from './bill-debits.ts';
import { billingGroupsOf, householdsInScope } from './bill-run-groups.ts';
import { BILL_RUN_BATCH, BILL_RUN_JOB, billRunOf, liveRunFor } from './bill-run-job.ts';
import type { BillingReadiness } from './billing-readiness.ts';
import { prorationOf } from './billing-settings.ts';
import { cashFlowThresholdOf } from './cashflows.repository.ts';
import { billRowsOf, billRunViews, billRunUnitsOf, countBillsOf, countOf } from './bill-runs.repository.ts';

const GROUP_INSERT_BATCH = 20_000;

export type BillRunsService = ReturnType<typeof createBillRunsService>;

/**
 * Bill runs (issue 15): creating a run plans its billing groups and queues its job; a live run's bills are then
 * approved, locked (payout payments counted) and, by an administrator before export, unlocked; a bill can be
 * voided (before export), pulled out or regenerated (before lock). Every change is in the billing log.
 */
export const createBillRunsService = (deps: {
  db: Db;
  clock: Clock;
  today: FirmToday;
  jobs: Pick<JobRunner, 'enqueue' | 'kick'>;
  billingReadiness: Pick<BillingReadiness, 'refresh'>;
}) => {
  const { db, clock, today, jobs } = deps;
  /** A live bill taken out or replaced may leave its unit no longer billed for the period. */
  const refreshLive = (tx: Db, bill: { kind: string; householdId: string }) =>
    bill.kind === 'LIVE_BILL' ? deps.billingReadiness.refresh(tx, [bill.householdId]) : Promise.resolve(0);
  const writeAudit = auditWriter(clock);

  const view = async (conn: Db, id: string): Promise<BillRun> => {
    const [run] = await billRunViews(conn, { id });
    if (!run) throw notFound(BILL_RUN_MESSAGES.notFound);
    return run;
  };

  /** Queues the run's job: two parts when it has more than a step's groups, so two instances share it. */
  const queue = async (tx: Db, runId: string, groups: number, createdBy: string | null) => {
    const parts = Math.max(1, Math.min(2, Math.ceil(groups / BILL_RUN_BATCH)));
    let first: string | null = null;
    for (let part = 0; part < parts; part += 1) {
      const job = await jobs.enqueue(tx, {
        kind: BILL_RUN_JOB,
        phase: 'bill',
        payload: { runId, part },
        createdBy,
      });
      first ??= job.id;
    }
    await tx.execute(sql`update bill_runs set job_id = ${first}::uuid where id = ${runId}::uuid`);
  };

  const checkScope = async (tx: Db, body: BillRunBody) => {
    if (body.scope === 'SINGLE_UNIT') {
      const [row] = rowsOf(
        await tx.execute(sql`select 1 from households where id = ${body.clientId}::uuid and not draft`),
      );
      if (!row) throw fieldError('clientId', BILL_RUN_MESSAGES.unitNotFound);
    }
    if (body.scope === 'SINGLE_ACCOUNT') {
      const [row] = rowsOf(await tx.execute(sql`select 1 from accounts where id = ${body.accountId}::uuid`));
      if (!row) throw fieldError('accountId', BILL_RUN_MESSAGES.accountNotFound);
    }
    if (body.scope === 'WEALTH_ADVISOR') {
      const [row] = rowsOf(
        await tx.execute(sql`select 1 from users where id = ${body.wealthAdvisorId}::uuid`),
      );
      if (!row) throw fieldError('wealthAdvisorId', BILL_RUN_MESSAGES.advisorNotFound);
    }
  };

  const create = async (body: BillRunBody, context: AuditContext): Promise<BillRun> => {
    const period = billRunPeriodOf(body);
    const valuationDate = body.valuationDate ?? period.end;
    const id = await db.transaction(async (tx) => {
      await checkScope(tx, body);
      const scope = {
        scope: body.scope,
        householdId: body.scope === 'SINGLE_UNIT' ? body.clientId : null,
        accountId: body.scope === 'SINGLE_ACCOUNT' ? body.accountId : null,
        wealthAdvisorId: body.scope === 'WEALTH_ADVISOR' ? body.wealthAdvisorId : null,
        periodStart: period.start,
      };
      const households = await householdsInScope(tx, scope);
      if (households.length === 0) throw badRequest(BILL_RUN_MESSAGES.nothingInScope);
      const groups = await billingGroupsOf(tx, households);
      const proration = body.period === 'CUSTOM' ? 'ACTUAL_DAYS' : await prorationOf(tx);
      const settings = { asOf: today(), proration, cashFlowThreshold: await cashFlowThresholdOf(tx) };
      const [run] = await tx
        .insert(billRuns)
        .values({
          kind: body.kind,
          scope: body.scope,
          householdId: scope.householdId,
          accountId: scope.accountId,
          wealthAdvisorId: scope.wealthAdvisorId,
          period: body.period,
          periodStart: period.start,
          periodEnd: period.end,
          valuationDate,
          proration,
          settings,
          stage: body.kind === 'LIVE_BILL' ? 'GENERATED' : null,
          groupsTotal: groups.length,
          createdBy: context.actorId,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .returning({ id: billRuns.id });
      const runId = run!.id;
      // A firm's groups (100,000) in a few statements, each taking its rows as one JSON parameter.
      for (let at = 0; at < groups.length; at += GROUP_INSERT_BATCH) {
        const rows = JSON.stringify(groups.slice(at, at + GROUP_INSERT_BATCH));
        await tx.execute(sql`insert into bill_run_groups (run_id, group_key, household_ids, updated_at)
          select ${runId}::uuid, r.key, r."householdIds", ${clock.now().toISOString()}::timestamptz
          from json_to_recordset(${rows}::json) as r(key uuid, "householdIds" uuid[])`);
      }
      await queue(tx, runId, groups.length, context.actorId);
      await writeAudit(tx, context, {
        action: 'CREATE',
        entity: 'billingInstance',
        entityId: runId,
        after: {
          kind: body.kind,
          ...scope,
          period: body.period,
          periodEnd: period.end,
          valuationDate,
          households: households.length,
          groups: groups.length,
          ...settings,
        },
      });
      return runId;
    });
    jobs.kick();
    return view(db, id);
  };

  const setStage = async (
    tx: Db,
    id: string,
    from: string,
    to: string,
    context: AuditContext,
    extra: Record<string, unknown> = {},
  ) => {
    const now = clock.now().toISOString();
    const by = context.actorId;
    await tx.execute(sql`update bill_runs set stage = ${to}, updated_at = ${now}::timestamptz
        ${to === 'APPROVED' ? sql`, approved_by = ${by}::uuid, approved_at = ${now}::timestamptz` : sql``}
        ${to === 'LOCKED' ? sql`, locked_by = ${by}::uuid, locked_at = ${now}::timestamptz` : sql``}
        ${to === 'GENERATED' ? sql`, approved_by = null, approved_at = null, locked_by = null, locked_at = null` : sql``}
      where id = ${id}::uuid`);
    await tx.execute(sql`update bills set status = ${to}, updated_at = ${now}::timestamptz
      where run_id = ${id}::uuid and status = ${from}`);
    await writeAudit(tx, context, {
      action: 'UPDATE',
      entity: 'billingInstance',
      entityId: id,
      before: { stage: from },
      after: { stage: to, ...extra },
    });
  };

  /** Payout payments of Number_Of_Payments blocks: used by the locked bills of a run, or given back. */
  const countPayments = (tx: Db, where: ReturnType<typeof sql>, step: 1 | -1) =>
    tx.execute(sql`update payout_blocks b set payments_made = greatest(b.payments_made + ${step}::int * u.n, 0)
      from (select p.payout_block_id as id, count(*)::int as n from bill_payouts p join bills x on x.id = p.bill_id
            where ${where} and p.payout_block_id is not null and p.number_of_payments is not null
            group by p.payout_block_id) u
      where b.id = u.id`);

  const approve = (id: string, context: AuditContext) =>
    db.transaction(async (tx) => {
      const run = await liveRunFor(tx, id);
      if (run.status === 'Failed') throw conflict(BILL_RUN_MESSAGES.failedGroups);
      if (run.stage !== 'GENERATED') throw conflict(BILL_RUN_MESSAGES.notGenerated);
      // The pre-export checks: problems are fixed (or overridden with a reason) before lock.
      const { blocking } = await runChecksOf(tx, id, today());
      if (blocking.length > 0) throw conflict(BILL_CHECK_MESSAGES.blocked);
      await setStage(tx, id, 'GENERATED', 'APPROVED', context);
      return view(tx, id);
    });

  const lock = (id: string, context: AuditContext) =>
    db.transaction(async (tx) => {
      const run = await liveRunFor(tx, id);
      if (run.stage !== 'APPROVED') throw conflict(BILL_RUN_MESSAGES.notApproved);
      await setStage(tx, id, 'APPROVED', 'LOCKED', context);
      await countPayments(tx, sql`x.run_id = ${id}::uuid and x.status = 'LOCKED'`, 1);
      return view(tx, id);
    });

  const unlock = (id: string, body: BillReasonBody, context: AuditContext, roleId: number) =>
    db.transaction(async (tx) => {
      if (roleId !== ROLE_IDS.administrator) throw forbidden(BILL_RUN_MESSAGES.onlyAdministratorUnlocks);
      const run = await liveRunFor(tx, id);
      if (run.stage === 'EXPORTED') throw conflict(BILL_RUN_MESSAGES.exported);
      if (run.stage !== 'LOCKED') throw conflict(BILL_RUN_MESSAGES.notLocked);
      await countPayments(tx, sql`x.run_id = ${id}::uuid and x.status = 'LOCKED'`, -1);
      await setStage(tx, id, 'LOCKED', 'GENERATED', context, { reason: body.reason });
      return view(tx, id);
    });

  /** Failed groups billed again, alone. */
  const retry = async (id: string, context: AuditContext) => {
    await db.transaction(async (tx) => {
      const run = await billRunOf(tx, id, true);
      if (!run) throw notFound(BILL_RUN_MESSAGES.notFound);
      if (run.status === 'in_progress') throw conflict(BILL_RUN_MESSAGES.stillRunning);
      const failed = rowsOf<{ groupKey: string }>(
        await tx.execute(sql`update bill_run_groups set status = 'PENDING', updated_at = ${clock.now().toISOString()}::timestamptz
          where run_id = ${id}::uuid and status = 'FAILED' returning group_key as "groupKey"`),
      );
      if (failed.length === 0) throw badRequest(BILL_RUN_MESSAGES.noFailures);
      await reopen(tx, id, failed.length, context, { retried: failed.length });
    });
    jobs.kick();
    return view(db, id);
  };

  const reopen = async (
    tx: Db,
    id: string,
    groups: number,
    context: AuditContext,
    after: Record<string, unknown>,
  ) => {
    await tx.execute(sql`update bill_runs set status = 'in_progress', finished_at = null,
        updated_at = ${clock.now().toISOString()}::timestamptz where id = ${id}::uuid`);
    await queue(tx, id, groups, context.actorId);
    await writeAudit(tx, context, { action: 'UPDATE', entity: 'billingInstance', entityId: id, after });
  };

  /** A bill locked for a change, with its run's stage. */
  const billFor = async (tx: Db, billId: string) => {
    const [row] = rowsOf<{
      id: string;
      runId: string;
      status: string;
      groupKey: string;
      householdId: string;
      kind: string;
    }>(
      await tx.execute(sql`select id, run_id as "runId", status, group_key as "groupKey", household_id as "householdId", kind
        from bills where id = ${billId}::uuid for update`),
    );
    if (!row) throw notFound(BILL_RUN_MESSAGES.billNotFound);
    return row;
  };

  const takeOut = async (
    tx: Db,
    billId: string,
    status: 'VOIDED' | 'PULLED',
    context: AuditContext,
    reason: string | null,
  ) => {
    const bill = await billFor(tx, billId);
    if (bill.status === 'VOIDED' || bill.status === 'PULLED') throw conflict(BILL_RUN_MESSAGES.alreadyOut);
    if (bill.status === 'EXPORTED') throw conflict(BILL_RUN_MESSAGES.exported);
    if (status === 'PULLED' && bill.status === 'LOCKED') throw conflict(BILL_RUN_MESSAGES.billLocked);
    if (bill.status === 'LOCKED') await countPayments(tx, sql`x.id = ${billId}::uuid`, -1);
    await tx.execute(sql`update bills set status = ${status}, updated_at = ${clock.now().toISOString()}::timestamptz
      where id = ${billId}::uuid`);
    await tx.execute(sql`update bill_accounts set active = false where bill_id = ${billId}::uuid`);
    // Its adjustments, part-periods, refunds and planning fees are due again with a later bill.
    await tx.execute(sql`update bill_lines set active = false where bill_id = ${billId}::uuid`);
    await refreshLive(tx, bill);
    await writeAudit(tx, context, {
      action: 'UPDATE',
      entity: 'bill',
      entityId: billId,
      before: { status: bill.status },
      after: { status, ...(reason ? { reason } : {}) },
    });
  };

  const voidBill = async (billId: string, body: BillReasonBody, context: AuditContext) => {
    await db.transaction((tx) => takeOut(tx, billId, 'VOIDED', context, body.reason));
    return bill(billId);
  };

  const pull = async (billId: string, context: AuditContext) => {
    await db.transaction((tx) => takeOut(tx, billId, 'PULLED', context, null));
    return bill(billId);
  };

  /** The household's whole billing group billed again in its run (before lock): its bills replaced. */
  const regenerate = async (billId: string, context: AuditContext) => {
    const runId = await db.transaction(async (tx) => {
      const row = await billFor(tx, billId);
      const run = await billRunOf(tx, row.runId, true);
      if (!run) throw notFound(BILL_RUN_MESSAGES.notFound);
      if (run.status === 'in_progress') throw conflict(BILL_RUN_MESSAGES.stillRunning);
      if (row.status === 'LOCKED') throw conflict(BILL_RUN_MESSAGES.billLocked);
      if (row.status === 'EXPORTED') throw conflict(BILL_RUN_MESSAGES.exported);
      if (run.stage === 'LOCKED' || run.stage === 'EXPORTED') throw conflict(BILL_RUN_MESSAGES.billLocked);
      await tx.execute(
        sql`delete from bills where run_id = ${run.id}::uuid and group_key = ${row.groupKey}::uuid`,
      );
      await tx.execute(
        sql`delete from bill_run_units where run_id = ${run.id}::uuid and group_key = ${row.groupKey}::uuid`,
      );
      const [group] = rowsOf<{ householdIds: string[] }>(
        await tx.execute(
          sql`update bill_run_groups set status = 'PENDING' where run_id = ${run.id}::uuid and group_key = ${row.groupKey}::uuid
            returning household_ids as "householdIds"`,
        ),
      );
      if (run.kind === 'LIVE_BILL') await deps.billingReadiness.refresh(tx, group?.householdIds ?? []);
      // A regenerated bill is approved again with its run.
      if (run.stage === 'APPROVED') await setStage(tx, run.id, 'APPROVED', 'GENERATED', context);
      await reopen(tx, run.id, 1, context, { regenerated: row.householdId });
      return run.id;
    });
    jobs.kick();
    return view(db, runId);
  };

  const bill = async (billId: string): Promise<BillDetail> => {
    const [row] = await billRowsOf(db, { billId });
    if (!row) throw notFound(BILL_RUN_MESSAGES.billNotFound);
    const [stored] = rowsOf<{ explanation: Omit<BillDetail, keyof BillRow> }>(
      await db.execute(sql`select explanation from bills where id = ${billId}::uuid`),
    );
    return { ...row, ...(stored!.explanation as object) } as BillDetail;
  };

  return {
    create,
    approve,
    lock,
    unlock,
    retry,
    voidBill,
    pull,
    regenerate,
    bill,
    run: (id: string) => view(db, id),
    async list(query: BillRunsQuery) {
      const [runs, total] = await Promise.all([billRunViews(db, { query }), countOf(db, query)]);
      return { runs, total };
    },
    async units(id: string, query: BillRunUnitsQuery): Promise<{ units: BillRunUnit[]; total: number }> {
      await view(db, id);
      return billRunUnitsOf(db, id, query);
    },
    async bills(id: string, query: BillsQuery): Promise<{ bills: BillRow[]; total: number }> {
      await view(db, id);
      const [bills, total] = await Promise.all([
        billRowsOf(db, { runId: id, query }),
        countBillsOf(db, id, query),
      ]);
      return { bills, total };
    },
    liveBillsOfUnit: (clientId: string) => billRowsOf(db, { clientId }),
    liveBillsOfAccount: (accountId: string) => billRowsOf(db, { accountId }),
  };
};
