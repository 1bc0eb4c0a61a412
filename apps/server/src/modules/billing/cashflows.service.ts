import {
  CASH_FLOW_MESSAGES,
  type CashFlowRow,
  type CashFlowsExportQuery,
  type CashFlowsQuery,
  type CashFlowThreshold,
  type manualCashFlowBodySchema,
} from '@centric/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { accounts, households, manualCashFlows } from '../../db/schema/index.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { lockHousehold } from '../../platform/households.ts';
import type { BillingReadiness } from './billing-readiness.ts';
import {
  cashFlowThresholdOf,
  exportCashFlows,
  isTransactionFlow,
  listCashFlows,
  saveCashFlowThreshold,
} from './cashflows.repository.ts';

/** At most this many rows in an export. */
const CASH_FLOW_EXPORT_MAX_ROWS = 100_000;

type ManualCashFlow = z.output<typeof manualCashFlowBodySchema>;

/**
 * Cash flows (issue 14 §5): the list of flows with their treatment, manual flows (written and deleted with the
 * unit's readiness judged again in the transaction, so projected figures read them at once) and the firm's
 * threshold below which flows are not prorated. Every change and export is audited under `cashflow`.
 */
export const createCashFlowsService = (deps: { db: Db; clock: Clock; readiness: BillingReadiness }) => {
  const { db, clock, readiness } = deps;
  const writeAudit = auditWriter(clock);

  const manualAuditView = (row: typeof manualCashFlows.$inferSelect, householdId: string) => ({
    accountId: row.accountId,
    householdId,
    date: row.flowDate,
    amount: row.amount,
    reason: row.reason,
  });

  return {
    async list(query: CashFlowsQuery) {
      return listCashFlows(db, query, await cashFlowThresholdOf(db));
    },

    async export(query: CashFlowsExportQuery, context: AuditContext): Promise<CashFlowRow[]> {
      const rows = await exportCashFlows(db, query, await cashFlowThresholdOf(db), CASH_FLOW_EXPORT_MAX_ROWS);
      const { format, ...filters } = query;
      await writeAudit(db, context, {
        action: 'EXPORT',
        entity: 'cashflow',
        after: { format, filters, rows: rows.length },
      });
      return rows;
    },

    /** A manual flow on an open account of a household (not a draft); 404 for an account it cannot find. */
    async create(body: ManualCashFlow, context: AuditContext) {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ householdId: accounts.householdId, status: accounts.status, draft: households.draft })
          .from(accounts)
          .innerJoin(households, eq(households.id, accounts.householdId))
          .where(eq(accounts.id, body.accountId));
        if (!found || found.draft) throw notFound(CASH_FLOW_MESSAGES.accountNotFound);
        if (found.status !== 'OPEN') throw fieldError('accountId', CASH_FLOW_MESSAGES.accountClosed);
        await lockHousehold(tx, found.householdId);
        const [row] = await tx
          .insert(manualCashFlows)
          .values({
            accountId: body.accountId,
            flowDate: body.date,
            amount: body.amount,
            reason: body.reason,
            createdBy: context.actorId,
            createdAt: clock.now(),
          })
          .returning();
        const created = row as typeof manualCashFlows.$inferSelect;
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: 'cashflow',
          entityId: created.id,
          after: manualAuditView(created, found.householdId),
        });
        await readiness.refresh(tx, [found.householdId]);
        return { id: created.id };
      });
    },

    /** Deletes a manual flow; a transaction's flow is refused (409) and changes nothing. */
    async remove(id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ flow: manualCashFlows, householdId: accounts.householdId })
          .from(manualCashFlows)
          .innerJoin(accounts, eq(accounts.id, manualCashFlows.accountId))
          .where(eq(manualCashFlows.id, id));
        if (!found) {
          if (await isTransactionFlow(tx, id)) throw conflict(CASH_FLOW_MESSAGES.fromTransaction);
          throw notFound(CASH_FLOW_MESSAGES.notFound);
        }
        await lockHousehold(tx, found.householdId);
        await tx.delete(manualCashFlows).where(eq(manualCashFlows.id, id));
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'cashflow',
          entityId: id,
          before: manualAuditView(found.flow, found.householdId),
        });
        await readiness.refresh(tx, [found.householdId]);
      });
    },

    async threshold(): Promise<CashFlowThreshold> {
      return { threshold: await cashFlowThresholdOf(db) };
    },

    async updateThreshold(threshold: string | null, context: AuditContext): Promise<CashFlowThreshold> {
      return db.transaction(async (tx) => {
        const before = await cashFlowThresholdOf(tx);
        if (before !== threshold) {
          await saveCashFlowThreshold(tx, threshold, clock.now());
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'cashflow',
            entityId: 'threshold',
            before: { threshold: before },
            after: { threshold },
          });
        }
        return { threshold };
      });
    },
  };
};

export type CashFlowsService = ReturnType<typeof createCashFlowsService>;
