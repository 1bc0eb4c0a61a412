import {
  annualPlanningAmount,
  BILLING_SETUP_MESSAGES,
  nextPlanningCharge,
  PLANNING_FEE_MESSAGES,
  type PlanningFee,
  type PlanningFeeBody,
} from '@centric/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { accounts, achAccounts, households, planningFees } from '../../db/schema/index.ts';
import { type AuditContext, auditWriter, changedFields } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { lockHousehold } from '../../platform/households.ts';

type PlanningFeeRow = typeof planningFees.$inferSelect;

type PayerRow = { id: string; registrationName: string; clientId: string; household: string };

/** What the audit trail keeps of a planning fee. */
const auditView = (row: PlanningFeeRow) => ({
  description: row.description,
  feeType: row.feeType,
  amount: row.amount,
  frequency: row.frequency,
  startDate: row.startDate,
  endDate: row.endDate,
  payMethod: row.payMethod,
  feePayingAccountId: row.feePayingAccountId,
});

const valuesOf = (body: PlanningFeeBody) => ({
  description: body.description,
  feeType: body.feeType,
  amount: body.amount,
  frequency: body.feeType === 'PERIODIC' ? body.frequency : null,
  startDate: body.startDate,
  endDate: body.endDate,
  payMethod: body.payMethod,
  feePayingAccountId: body.payMethod === 'INDIRECT' ? body.feePayingAccountId : null,
});

/**
 * A household's financial planning fees (issue 14: "Household also has a financial planning fee"): a flat fee
 * charged once or a periodic one, paid by ACH (the household needs an ACH account) or from an open account of
 * any household (INDIRECT). Every change is audited as a `planningFee`.
 */
export const createPlanningFeesService = (deps: { db: Db; clock: Clock; today: FirmToday }) => {
  const { db, clock, today } = deps;
  const writeAudit = auditWriter(clock);

  const payersOf = async (tx: Db, ids: readonly string[]) => {
    if (ids.length === 0) return new Map<string, PayerRow>();
    const rows = rowsOf<PayerRow>(
      await tx.execute(sql`
        select a.id, a.registration_name as "registrationName", a.household_id as "clientId", h.name as household
        from accounts a join households h on h.id = a.household_id
        where a.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`),
    );
    return new Map(rows.map((row) => [row.id, row]));
  };

  const toFees = async (tx: Db, rows: readonly PlanningFeeRow[]): Promise<PlanningFee[]> => {
    const payers = await payersOf(tx, [
      ...new Set(rows.flatMap((r) => (r.feePayingAccountId ? [r.feePayingAccountId] : []))),
    ]);
    const day = today();
    return rows.map((row) => {
      const terms = {
        feeType: row.feeType as PlanningFee['feeType'],
        amount: row.amount,
        frequency: row.frequency as PlanningFee['frequency'],
        startDate: row.startDate,
        endDate: row.endDate,
      };
      return {
        id: row.id,
        clientId: row.householdId,
        description: row.description,
        ...terms,
        payMethod: row.payMethod as PlanningFee['payMethod'],
        feePayingAccount: row.feePayingAccountId ? (payers.get(row.feePayingAccountId) ?? null) : null,
        nextChargeDate: nextPlanningCharge(terms, day),
        annualAmount: annualPlanningAmount(terms),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  };

  const lockUnit = async (tx: Db, clientId: string) => {
    const household = await lockHousehold(tx, clientId);
    if (household.draft) throw notFound(BILLING_SETUP_MESSAGES.householdNotFound);
  };

  const feeOf = async (tx: Db, clientId: string, id: string) => {
    const [row] = await tx
      .select()
      .from(planningFees)
      .where(and(eq(planningFees.id, id), eq(planningFees.householdId, clientId)))
      .for('update');
    if (!row) throw notFound(PLANNING_FEE_MESSAGES.notFound);
    return row;
  };

  /** ACH needs a bank account of the household; INDIRECT an open account of any household. */
  const checkPayment = async (tx: Db, clientId: string, body: PlanningFeeBody) => {
    if (body.payMethod === 'ACH') {
      const [row] = await tx
        .select({ n: count() })
        .from(achAccounts)
        .where(eq(achAccounts.householdId, clientId));
      if (!row || row.n === 0) throw fieldError('payMethod', PLANNING_FEE_MESSAGES.achWithoutBankAccount);
    }
    if (body.payMethod === 'INDIRECT' && body.feePayingAccountId) {
      const [payer] = await tx
        .select({ status: accounts.status })
        .from(accounts)
        .where(eq(accounts.id, body.feePayingAccountId))
        .for('update');
      if (!payer) throw fieldError('feePayingAccountId', PLANNING_FEE_MESSAGES.feePayingAccountNotFound);
      if (payer.status !== 'OPEN') {
        throw fieldError('feePayingAccountId', PLANNING_FEE_MESSAGES.feePayingAccountClosed);
      }
    }
  };

  return {
    async list(clientId: string) {
      const [household] = await db
        .select({ draft: households.draft })
        .from(households)
        .where(eq(households.id, clientId));
      if (!household || household.draft) throw notFound(BILLING_SETUP_MESSAGES.householdNotFound);
      const rows = await db
        .select()
        .from(planningFees)
        .where(eq(planningFees.householdId, clientId))
        .orderBy(planningFees.startDate, planningFees.createdAt, planningFees.id);
      return toFees(db, rows);
    },

    async create(clientId: string, body: PlanningFeeBody, context: AuditContext) {
      return db.transaction(async (tx) => {
        await lockUnit(tx, clientId);
        await checkPayment(tx, clientId, body);
        const [row] = await tx
          .insert(planningFees)
          .values({ householdId: clientId, ...valuesOf(body), createdBy: context.actorId })
          .returning();
        const created = row as PlanningFeeRow;
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: 'planningFee',
          entityId: created.id,
          after: { clientId, ...auditView(created) },
        });
        const [fee] = await toFees(tx, [created]);
        return fee as PlanningFee;
      });
    },

    async update(clientId: string, id: string, body: PlanningFeeBody, context: AuditContext) {
      return db.transaction(async (tx) => {
        await lockUnit(tx, clientId);
        const before = await feeOf(tx, clientId, id);
        await checkPayment(tx, clientId, body);
        const [row] = await tx
          .update(planningFees)
          .set({ ...valuesOf(body), updatedAt: clock.now() })
          .where(eq(planningFees.id, id))
          .returning();
        const after = row as PlanningFeeRow;
        const diff = changedFields(auditView(before), auditView(after));
        if (diff.changed) {
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'planningFee',
            entityId: id,
            before: diff.before,
            after: diff.after,
          });
        }
        const [fee] = await toFees(tx, [after]);
        return fee as PlanningFee;
      });
    },

    async remove(clientId: string, id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        await lockUnit(tx, clientId);
        const before = await feeOf(tx, clientId, id);
        await tx.delete(planningFees).where(eq(planningFees.id, id));
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'planningFee',
          entityId: id,
          before: { clientId, ...auditView(before) },
        });
      });
    },
  };
};

export type PlanningFeesService = ReturnType<typeof createPlanningFeesService>;
