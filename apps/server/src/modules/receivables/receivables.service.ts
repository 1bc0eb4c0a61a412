import { centsOf, formatCents } from '@centric/billing';
import {
  formatMoney,
  percentSum,
  RECEIVABLE_ALERT_MESSAGE,
  RECEIVABLE_MESSAGES,
  receivableSchedule,
  receivableTotal,
  type Receivable,
  type ReceivableBody,
  type ReceivableFrequency,
  type ReceivablePaymentState,
  type ReceivablesExportQuery,
  type ReceivablesQuery,
  type ReceivableViewBy,
  type ReceivePaymentBody,
  splitSchedule,
  usDate,
} from '@centric/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import {
  commissionSplits,
  households,
  masterDataItems,
  receivablePayments,
  receivables,
  users,
} from '../../db/schema/index.ts';
import type { Alerts } from '../../platform/alerts.ts';
import { type AuditContext, auditWriter, changedFields } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, fieldError, notFound } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import {
  exportReceivableRows,
  imageUrl,
  listReceivableRows,
  receivableCharts,
  receivablesHeader,
  unalertedPastDue,
} from './receivables.repository.ts';

type ReceivableRow = typeof receivables.$inferSelect;
type SplitRow = typeof commissionSplits.$inferSelect;
type PaymentRow = typeof receivablePayments.$inferSelect;

/** One alert per payment that went past due; resolved once it is received, written off or gone. */
export const pastDueCause = (paymentId: string) => `receivable-past-due:${paymentId}`;

/** What the audit trail keeps of a receivable. */
const auditView = (row: ReceivableRow, splits: readonly SplitRow[]) => ({
  householdId: row.householdId,
  productType: row.productType,
  productId: row.productId,
  providerId: row.providerId,
  accountHolder: row.accountHolder,
  description: row.description,
  amount: row.amount,
  paymentFrequency: row.paymentFrequency,
  numberOfPayments: row.numberOfPayments,
  startDate: row.startDate,
  policyNumber: row.policyNumber,
  splits: splits.map((s) => ({
    type: s.type,
    payeeUserId: s.payeeUserId,
    appPercentage: s.appPercentage,
    commissionPercentage: s.commissionPercentage,
    startDate: s.startDate,
    numberOfPayments: s.numberOfPayments,
    creditTo: s.creditTo,
  })),
});

const valuesOf = (body: ReceivableBody) => ({
  householdId: body.clientId,
  productType: body.productType,
  productId: body.receivableProductId,
  providerId: body.providerId,
  accountHolder: body.accountHolder,
  description: body.description,
  amount: body.amount,
  paymentFrequency: body.paymentFrequency,
  numberOfPayments: body.numberOfPayments,
  startDate: body.startDate,
  policyNumber: body.policyNumber,
});

/** numeric(5,2) as the database answers it ("50.00") in its plain form ("50"). */
const plain = (value: string) => value.replace(/\.?0+$/, '') || '0';

const settled = (row: PaymentRow) => row.state !== 'EXPECTED';

/**
 * Receivables (issue 16 §1): the book of commission income by product, provider and household, its schedule
 * of expected payments, payments marked received or written off, commission splits (decision 0018), and the
 * daily past-due alerts. Every change is audited as a `receivable`.
 */
export const createReceivablesService = (deps: {
  db: Db;
  clock: Clock;
  today: FirmToday;
  alerts: Pick<Alerts, 'raiseAlerts' | 'resolveAlerts'>;
}) => {
  const { db, clock, today, alerts } = deps;
  const writeAudit = auditWriter(clock);

  const checkReferences = async (tx: Db, body: ReceivableBody) => {
    const [household] = await tx
      .select({ draft: households.draft })
      .from(households)
      .where(eq(households.id, body.clientId))
      .for('update');
    if (!household || household.draft) throw fieldError('clientId', RECEIVABLE_MESSAGES.householdNotFound);
    const items = await tx
      .select({
        id: masterDataItems.id,
        type: masterDataItems.type,
        productType: masterDataItems.productType,
        active: masterDataItems.active,
      })
      .from(masterDataItems)
      .where(inArray(masterDataItems.id, [body.receivableProductId, body.providerId]));
    const product = items.find((i) => i.id === body.receivableProductId);
    if (
      !product ||
      product.type !== 'receivable-products' ||
      !product.active ||
      product.productType !== body.productType
    ) {
      throw fieldError('receivableProductId', RECEIVABLE_MESSAGES.productNotFound);
    }
    const provider = items.find((i) => i.id === body.providerId);
    if (!provider || provider.type !== 'providers' || !provider.active) {
      throw fieldError('providerId', RECEIVABLE_MESSAGES.providerNotFound);
    }
    const payeeIds = [...new Set(body.splits.flatMap((s) => (s.payeeId ? [s.payeeId] : [])))];
    if (payeeIds.length > 0) {
      const found = await tx
        .select({ id: users.id, status: users.status })
        .from(users)
        .where(inArray(users.id, payeeIds));
      body.splits.forEach((split, index) => {
        if (!split.payeeId) return;
        const user = found.find((u) => u.id === split.payeeId);
        if (!user || user.status !== 'ACTIVE') {
          throw fieldError(`splits.${index}.payeeId`, RECEIVABLE_MESSAGES.payeeNotFound);
        }
      });
    }
  };

  const insertSplits = async (tx: Db, receivableId: string, body: ReceivableBody) => {
    if (body.splits.length === 0) return;
    await tx.insert(commissionSplits).values(
      body.splits.map((split, position) => ({
        receivableId,
        position,
        type: split.type,
        payeeUserId: split.payeeId,
        appPercentage: split.appPercentage,
        commissionPercentage: split.commissionPercentage,
        startDate: split.startDate,
        numberOfPayments: split.numberOfPayments,
        creditTo: split.creditTo,
      })),
    );
  };

  const splitsOf = (tx: Db, receivableId: string) =>
    tx
      .select()
      .from(commissionSplits)
      .where(eq(commissionSplits.receivableId, receivableId))
      .orderBy(asc(commissionSplits.position));

  /**
   * The schedule after a change of terms: payments received or written off stay as they are; the expected ones
   * are made again from the terms. A settled payment beyond the new schedule refuses the change.
   */
  const reschedule = async (tx: Db, row: ReceivableRow, context: AuditContext) => {
    const existing = await tx
      .select()
      .from(receivablePayments)
      .where(eq(receivablePayments.receivableId, row.id));
    const schedule = receivableSchedule({
      paymentFrequency: row.paymentFrequency as ReceivableFrequency,
      numberOfPayments: row.numberOfPayments,
      startDate: row.startDate,
      amount: row.amount,
    });
    const kept = new Set(existing.filter((p) => settled(p) && p.sequence !== null).map((p) => p.sequence));
    const beyond = existing.find((p) => settled(p) && p.sequence !== null && p.sequence > schedule.length);
    if (beyond?.sequence) {
      throw fieldError('numberOfPayments', RECEIVABLE_MESSAGES.settledPaymentBeyondSchedule(beyond.sequence));
    }
    const dropped = existing.filter((p) => !settled(p));
    if (dropped.length > 0) {
      await tx.delete(receivablePayments).where(
        inArray(
          receivablePayments.id,
          dropped.map((p) => p.id),
        ),
      );
      await alerts.resolveAlerts(
        tx,
        dropped.map((p) => pastDueCause(p.id)),
      );
    }
    const fresh = schedule.filter((p) => !kept.has(p.sequence));
    if (fresh.length > 0) {
      await tx.insert(receivablePayments).values(
        fresh.map((p) => ({
          receivableId: row.id,
          sequence: p.sequence,
          dueDate: p.dueDate,
          amount: p.amount,
          updatedBy: context.actorId,
        })),
      );
    }
  };

  const receivableOf = async (tx: Db, id: string, lock = false) => {
    const query = tx.select().from(receivables).where(eq(receivables.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(RECEIVABLE_MESSAGES.notFound);
    return row;
  };

  /** The receivable as the screen shows it: names, splits, each payment's state and split. */
  const detailOf = async (tx: Db, row: ReceivableRow): Promise<Receivable> => {
    const [names] = rowsOf<{
      productName: string;
      productImage: string | null;
      providerName: string;
      providerImage: string | null;
      household: string;
    }>(
      await tx.execute(sql`
        select pr.name as "productName", pv.name as "providerName", h.name as household,
          ${imageUrl('pr')} as "productImage", ${imageUrl('pv')} as "providerImage"
        from master_data_items pr, master_data_items pv, households h
        where pr.id = ${row.productId} and pv.id = ${row.providerId} and h.id = ${row.householdId}`),
    );
    const splitRows = await tx
      .select({ split: commissionSplits, payeeName: users.fullName })
      .from(commissionSplits)
      .leftJoin(users, eq(users.id, commissionSplits.payeeUserId))
      .where(eq(commissionSplits.receivableId, row.id))
      .orderBy(asc(commissionSplits.position));
    const payments = await tx
      .select()
      .from(receivablePayments)
      .where(eq(receivablePayments.receivableId, row.id))
      .orderBy(asc(receivablePayments.dueDate), asc(receivablePayments.sequence));
    const day = today();
    const splits = splitRows.map(({ split, payeeName }) => ({
      id: split.id,
      type: split.type as Receivable['splits'][number]['type'],
      payee: split.payeeUserId ? { id: split.payeeUserId, fullName: payeeName ?? '' } : null,
      appPercentage: plain(split.appPercentage),
      commissionPercentage: plain(split.commissionPercentage),
      startDate: split.startDate,
      numberOfPayments: split.numberOfPayments,
      creditTo: plain(split.creditTo),
    }));
    // A received payment is split as received; the others as expected.
    const basis = payments.map((p) => ({
      row: p,
      dueDate: p.dueDate,
      amount: p.state === 'RECEIVED' && p.amountReceived ? p.amountReceived : p.amount,
    }));
    const shares = splitSchedule(basis, splits);
    const totalCents =
      row.paymentFrequency === 'PAID_UP'
        ? basis.filter((p) => p.row.state === 'RECEIVED').reduce((sum, p) => sum + cents(p.amount), 0n)
        : (centsOf(
            receivableTotal(row.amount, row.paymentFrequency as ReceivableFrequency, row.numberOfPayments) ??
              '0',
          ) ?? 0n);
    return {
      id: row.id,
      productType: row.productType,
      product: { id: row.productId, name: names?.productName ?? '', imageUrl: names?.productImage ?? null },
      provider: {
        id: row.providerId,
        name: names?.providerName ?? '',
        imageUrl: names?.providerImage ?? null,
      },
      household: { id: row.householdId, name: names?.household ?? '' },
      accountHolder: row.accountHolder,
      description: row.description,
      amount: row.amount,
      paymentFrequency: row.paymentFrequency as ReceivableFrequency,
      numberOfPayments: row.numberOfPayments,
      totalAmount: formatCents(totalCents),
      startDate: row.startDate,
      policyNumber: row.policyNumber,
      splits,
      totalAppPercentage: percentSum(splits.map((s) => s.appPercentage)),
      totalCommissionPercentage: percentSum(splits.map((s) => s.commissionPercentage)),
      payments: basis.map((p) => {
        const split = shares.get(p);
        const state: ReceivablePaymentState =
          p.row.state === 'EXPECTED' && p.row.dueDate < day
            ? 'PAST_DUE'
            : (p.row.state as ReceivablePaymentState);
        return {
          id: p.row.id,
          sequence: p.row.sequence,
          dueDate: p.row.dueDate,
          amount: p.row.amount,
          state,
          receivedDate: p.row.receivedDate,
          amountReceived: p.row.amountReceived,
          note: p.row.note,
          shares: (split?.shares ?? []).map((s) => ({
            splitId: s.split.id,
            payee: s.split.payee?.fullName ?? 'The firm',
            amount: s.amount,
          })),
          firmAmount: split?.firm ?? p.amount,
        };
      }),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  };

  const paymentOf = async (tx: Db, receivableId: string, paymentId: string) => {
    const [row] = await tx
      .select()
      .from(receivablePayments)
      .where(and(eq(receivablePayments.id, paymentId), eq(receivablePayments.receivableId, receivableId)))
      .for('update');
    if (!row) throw notFound(RECEIVABLE_MESSAGES.paymentNotFound);
    return row;
  };

  const checkReceivedDate = (body: ReceivePaymentBody) => {
    if (body.receivedDate > today())
      throw fieldError('receivedDate', RECEIVABLE_MESSAGES.receivedDateInFuture);
  };

  const auditPayment = (
    tx: Db,
    context: AuditContext,
    receivableId: string,
    before: Partial<PaymentRow> | null,
    after: Partial<PaymentRow>,
  ) => {
    const view = (p: Partial<PaymentRow>) => ({
      paymentId: p.id,
      sequence: p.sequence,
      dueDate: p.dueDate,
      paymentState: p.state,
      receivedDate: p.receivedDate,
      amountReceived: p.amountReceived,
      note: p.note,
    });
    return writeAudit(tx, context, {
      action: 'UPDATE',
      entity: 'receivable',
      entityId: receivableId,
      ...(before ? { before: view(before) } : {}),
      after: view(after),
    });
  };

  /** Changes one payment's state in a transaction; answers the receivable as it is then. */
  const changePayment = (
    receivableId: string,
    paymentId: string,
    context: AuditContext,
    change: (tx: Db, payment: PaymentRow) => Promise<Partial<PaymentRow>>,
  ) =>
    db.transaction(async (tx) => {
      const receivable = await receivableOf(tx, receivableId, true);
      const before = await paymentOf(tx, receivableId, paymentId);
      const values = await change(tx, before);
      const [after] = await tx
        .update(receivablePayments)
        .set({ ...values, updatedBy: context.actorId, updatedAt: clock.now() })
        .where(eq(receivablePayments.id, paymentId))
        .returning();
      await auditPayment(tx, context, receivableId, before, after as PaymentRow);
      return detailOf(tx, receivable);
    });

  return {
    async get(id: string) {
      return detailOf(db, await receivableOf(db, id));
    },

    async create(body: ReceivableBody, context: AuditContext) {
      return db.transaction(async (tx) => {
        await checkReferences(tx, body);
        const [row] = await tx
          .insert(receivables)
          .values({ ...valuesOf(body), createdBy: context.actorId })
          .returning();
        const created = row as ReceivableRow;
        await insertSplits(tx, created.id, body);
        await reschedule(tx, created, context);
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: 'receivable',
          entityId: created.id,
          after: auditView(created, await splitsOf(tx, created.id)),
        });
        return detailOf(tx, created);
      });
    },

    async update(id: string, body: ReceivableBody, context: AuditContext) {
      return db.transaction(async (tx) => {
        const before = await receivableOf(tx, id, true);
        const splitsBefore = await splitsOf(tx, id);
        await checkReferences(tx, body);
        const [row] = await tx
          .update(receivables)
          .set({ ...valuesOf(body), updatedAt: clock.now() })
          .where(eq(receivables.id, id))
          .returning();
        const after = row as ReceivableRow;
        await tx.delete(commissionSplits).where(eq(commissionSplits.receivableId, id));
        await insertSplits(tx, id, body);
        const terms = (r: ReceivableRow) =>
          [r.amount, r.paymentFrequency, r.numberOfPayments, r.startDate].join('|');
        if (terms(before) !== terms(after)) await reschedule(tx, after, context);
        const diff = changedFields(auditView(before, splitsBefore), auditView(after, await splitsOf(tx, id)));
        if (diff.changed) {
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'receivable',
            entityId: id,
            before: diff.before,
            after: diff.after,
          });
        }
        return detailOf(tx, after);
      });
    },

    async remove(id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        const before = await receivableOf(tx, id, true);
        const splits = await splitsOf(tx, id);
        const payments = await tx
          .select({ id: receivablePayments.id })
          .from(receivablePayments)
          .where(eq(receivablePayments.receivableId, id));
        await tx.delete(receivables).where(eq(receivables.id, id));
        await alerts.resolveAlerts(
          tx,
          payments.map((p) => pastDueCause(p.id)),
        );
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'receivable',
          entityId: id,
          before: auditView(before, splits),
        });
      });
    },

    /** Marks an expected (or past-due) payment received on a day, with the amount received. */
    receive(receivableId: string, paymentId: string, body: ReceivePaymentBody, context: AuditContext) {
      checkReceivedDate(body);
      return changePayment(receivableId, paymentId, context, async (tx, payment) => {
        if (settled(payment)) throw badRequest(RECEIVABLE_MESSAGES.paymentAlreadySettled);
        await alerts.resolveAlerts(tx, [pastDueCause(paymentId)]);
        return {
          state: 'RECEIVED',
          receivedDate: body.receivedDate,
          amountReceived: body.amountReceived,
          note: body.note,
        };
      });
    },

    writeOff(receivableId: string, paymentId: string, note: string | null, context: AuditContext) {
      return changePayment(receivableId, paymentId, context, async (tx, payment) => {
        if (settled(payment)) throw badRequest(RECEIVABLE_MESSAGES.paymentAlreadySettled);
        await alerts.resolveAlerts(tx, [pastDueCause(paymentId)]);
        return { state: 'WRITTEN_OFF', note };
      });
    },

    /** Undoes a receipt or a write-off: the payment is expected again (and past due again after its date). */
    reopen(receivableId: string, paymentId: string, context: AuditContext) {
      return changePayment(receivableId, paymentId, context, async (_tx, payment) => {
        if (!settled(payment)) throw badRequest(RECEIVABLE_MESSAGES.paymentNotSettled);
        if (payment.sequence === null) throw badRequest(RECEIVABLE_MESSAGES.paymentOnlyPaidUp);
        return {
          state: 'EXPECTED',
          receivedDate: null,
          amountReceived: null,
          note: null,
          pastDueAlertedAt: null,
        };
      });
    },

    /** A paid-up receivable expects nothing: what arrives is recorded as received. */
    recordPayment(receivableId: string, body: ReceivePaymentBody, context: AuditContext) {
      checkReceivedDate(body);
      return db.transaction(async (tx) => {
        const receivable = await receivableOf(tx, receivableId, true);
        if (receivable.paymentFrequency !== 'PAID_UP')
          throw badRequest(RECEIVABLE_MESSAGES.paymentOnlyPaidUp);
        const [row] = await tx
          .insert(receivablePayments)
          .values({
            receivableId,
            sequence: null,
            dueDate: body.receivedDate,
            amount: body.amountReceived,
            state: 'RECEIVED',
            receivedDate: body.receivedDate,
            amountReceived: body.amountReceived,
            note: body.note,
            updatedBy: context.actorId,
          })
          .returning();
        await auditPayment(tx, context, receivableId, null, row as PaymentRow);
        return detailOf(tx, receivable);
      });
    },

    async list(query: ReceivablesQuery) {
      return listReceivableRows(db, query, today(), { page: query.page, limit: query.limit });
    },

    async export(query: ReceivablesExportQuery, context: AuditContext) {
      const { items } = await exportReceivableRows(db, query, today());
      await writeAudit(db, context, {
        action: 'EXPORT',
        entity: 'receivable',
        entityId: null,
        after: { childTab: query.childTab, viewBy: query.viewBy, format: query.format, rows: items.length },
      });
      return items;
    },

    header: () => receivablesHeader(db, today()),

    charts: (viewBy: ReceivableViewBy) => receivableCharts(db, viewBy, today()),

    /** The choices of the form: active receivable products (with their product type) and providers. */
    async options() {
      const rows = await db
        .select({
          id: masterDataItems.id,
          name: masterDataItems.name,
          type: masterDataItems.type,
          productType: masterDataItems.productType,
        })
        .from(masterDataItems)
        .where(
          and(
            inArray(masterDataItems.type, ['receivable-products', 'providers']),
            eq(masterDataItems.active, true),
          ),
        )
        .orderBy(asc(masterDataItems.name));
      return {
        products: rows
          .filter((r) => r.type === 'receivable-products')
          .map((r) => ({ id: r.id, name: r.name, productType: r.productType })),
        providers: rows.filter((r) => r.type === 'providers').map((r) => ({ id: r.id, name: r.name })),
      };
    },
  };
};

export type ReceivablesService = ReturnType<typeof createReceivablesService>;

const cents = (amount: string) => centsOf(amount) ?? 0n;

/** Payments swept at once: a day after many went past due raises in batches of this many. */
const SWEEP_BATCH = 500;

/**
 * The daily part (activity sweep, like billsNotCollected): each payment that went past due raises one
 * receivablePastDue alert to its household's advisors, once (`past_due_alerted_at`); receiving or writing
 * it off resolves the alert.
 */
export const createReceivablesPastDueSweep =
  (deps: { today: FirmToday; clock: Clock; alerts: Pick<Alerts, 'raiseAlerts'> }) =>
  async (conn: Db, stopping: () => boolean = () => false) => {
    const day = deps.today();
    let raised = 0;
    let after: { dueDate: string; id: string } | null = null;
    for (;;) {
      const batch = await unalertedPastDue(conn, day, SWEEP_BATCH, after);
      if (batch.length === 0) break;
      await conn.transaction(async (tx) => {
        await deps.alerts.raiseAlerts(
          tx,
          batch.map((p) => ({
            category: 'receivablePastDue' as const,
            causeKey: pastDueCause(p.id),
            message: RECEIVABLE_ALERT_MESSAGE({
              household: p.household,
              product: p.product,
              provider: p.provider,
              dueDate: usDate(p.dueDate),
              amount: formatMoney(p.amount),
            }),
            details: { paymentId: p.id, dueDate: p.dueDate, amount: p.amount },
            record: { kind: 'household' as const, id: p.householdId },
          })),
        );
        await tx
          .update(receivablePayments)
          .set({ pastDueAlertedAt: deps.clock.now() })
          .where(
            inArray(
              receivablePayments.id,
              batch.map((p) => p.id),
            ),
          );
      });
      raised += batch.length;
      const last = batch[batch.length - 1]!;
      after = { dueDate: last.dueDate, id: last.id };
      if (batch.length < SWEEP_BATCH || stopping()) break;
    }
    return raised;
  };
