import {
  ADJUSTMENT_MESSAGES,
  type Adjustment,
  type AdjustmentAccount,
  type AdjustmentBody,
  type AdjustmentsQuery,
  signedCents,
} from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { billingAdjustments } from '../../db/schema/index.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;

type AdjustmentRow = Omit<Adjustment, 'state'> & { cancelled: boolean };

/** An adjustment's state from what is left of it and whether a live bill used part of it. */
const stateOf = (row: AdjustmentRow): Adjustment['state'] => {
  if (row.cancelled) return 'CANCELLED';
  const remaining = signedCents(row.remaining) ?? 0n;
  if (remaining === 0n) return 'APPLIED';
  return row.appliedBy.length > 0 ? 'CARRIED' : 'PENDING';
};

/**
 * Adjustments (issue 15 §1): a reason-coded, signed amount on an account, applied once by its next live bill
 * (bill-run-lines.ts). What is left of one is derived from the active live bills that applied it, so voiding a
 * bill gives its part back. One not yet applied can be cancelled; after, only a new adjustment corrects it.
 */
export const createAdjustmentsService = (deps: { db: Db; clock: Clock }) => {
  const { db, clock } = deps;
  const writeAudit = auditWriter(clock);

  const rowsWhere = async (conn: Db, where: ReturnType<typeof sql>) =>
    rowsOf<AdjustmentRow>(
      await conn.execute(sql`
        select a.id, a.household_id as "clientId",
          json_build_object('id', acc.id, 'registrationName', acc.registration_name) as account,
          a.reason_code as "reasonCode", a.amount::text as amount,
          (a.amount - coalesce((select sum(l.amount) from bill_lines l
             where l.adjustment_id = a.id and l.live and l.active), 0))::text as remaining,
          a.note, a.cancelled_at is not null as cancelled,
          coalesce((select json_agg(json_build_object('billId', b.id, 'billNo', b.bill_no, 'amount', l.amount::text)
              order by b.bill_no)
            from bill_lines l join bills b on b.id = l.bill_id
            where l.adjustment_id = a.id and l.live and l.active), '[]'::json) as "appliedBy",
          case when u.id is null then null else json_build_object('id', u.id, 'fullName', u.full_name) end
            as "createdBy",
          to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
        from billing_adjustments a
        join accounts acc on acc.id = a.account_id
        left join users u on u.id = a.created_by
        where ${where}
        order by a.created_at desc, a.id`),
    );
  const view = (row: AdjustmentRow): Adjustment => {
    const { cancelled: _cancelled, ...rest } = row;
    return { ...rest, state: stateOf(row) };
  };
  const one = async (conn: Db, id: string) => {
    const [row] = await rowsWhere(conn, sql`a.id = ${id}::uuid`);
    if (!row) throw notFound(ADJUSTMENT_MESSAGES.notFound);
    return row;
  };

  return {
    /** The unit's open accounts (a closed account has no next live bill), by name. */
    accountsOf: async (clientId: string): Promise<AdjustmentAccount[]> =>
      rowsOf<AdjustmentAccount>(
        await db.execute(sql`select id as "accountId", registration_name as "registrationName",
            '…' || custodian_number_last4 as "custodianNumber"
          from accounts where household_id = ${clientId}::uuid and status = 'OPEN'
          order by lower(registration_name), id`),
      ),

    async list(query: AdjustmentsQuery): Promise<Adjustment[]> {
      const where = [sql`true`];
      if (query.clientId) where.push(sql`a.household_id = ${query.clientId}::uuid`);
      if (query.accountId) where.push(sql`a.account_id = ${query.accountId}::uuid`);
      return (await rowsWhere(db, sql.join(where, sql` and `))).map(view);
    },

    create: (body: AdjustmentBody, context: AuditContext) =>
      db.transaction(async (tx) => {
        const [account] = rowsOf<{ householdId: string }>(
          await tx.execute(
            sql`select household_id as "householdId" from accounts where id = ${body.accountId}::uuid`,
          ),
        );
        if (!account) throw fieldError('accountId', ADJUSTMENT_MESSAGES.accountNotFound);
        const [created] = await tx
          .insert(billingAdjustments)
          .values({
            householdId: account.householdId,
            accountId: body.accountId,
            reasonCode: body.reasonCode,
            amount: body.amount,
            note: body.note,
            createdBy: context.actorId,
            createdAt: clock.now(),
          })
          .returning({ id: billingAdjustments.id });
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: 'billingAdjustment',
          entityId: created!.id,
          after: { ...body, householdId: account.householdId },
        });
        return view(await one(tx, created!.id));
      }),

    cancel: (id: string, context: AuditContext) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select id from billing_adjustments where id = ${id}::uuid for update`);
        const row = await one(tx, id);
        if (row.cancelled) throw conflict(ADJUSTMENT_MESSAGES.alreadyCancelled);
        if (row.appliedBy.length > 0) throw conflict(ADJUSTMENT_MESSAGES.used);
        await tx.execute(sql`update billing_adjustments set cancelled_at = ${clock.now().toISOString()}::timestamptz,
          cancelled_by = ${context.actorId}::uuid where id = ${id}::uuid`);
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'billingAdjustment',
          entityId: id,
          before: { state: stateOf(row) },
          after: { state: 'CANCELLED' },
        });
        return view(await one(tx, id));
      }),
  };
};
