import { centsOf, formatCents } from '@centric/billing';
import {
  addDays,
  addMonthsClamped,
  billingPeriodOf,
  COMPENSATION_MESSAGES,
  type CompensationBasis,
  type CompensationFigures,
  type CompensationLine,
  type CompensationPaidBody,
  type CompensationQuery,
  type MyCompensation,
  type PayeeCompensation,
  commissionSplitAmount,
  splitSchedule,
  usDate,
} from '@centric/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { compensationPayments, users } from '../../db/schema/index.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { fieldError } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';

/** A compensation line with its payee (the firm view sums them by payee). */
type PayeeLine = CompensationLine & { payeeId: string; payeeName: string };

const cents = (amount: string) => centsOf(amount.replace(/^-/, '')) ?? 0n;
const signedCents = (amount: string) => (amount.startsWith('-') ? -cents(amount) : cents(amount));
const money = (value: bigint) => (value < 0n ? `-${formatCents(-value)}` : formatCents(value));
const sum = (lines: readonly { amount: string }[]) =>
  lines.reduce((total, l) => total + signedCents(l.amount), 0n);

/**
 * Fee lines: each payout of a locked (or exported) live bill whose period ends in the range; collected, in
 * proportion to what was collected on the bill (as the payouts screen counts it).
 */
const feeLines = async (db: Db, payeeId: string | null, from: string, to: string, basis: CompensationBasis) =>
  rowsOf<
    PayeeLine & {
      billNo: number;
      periodStart: string;
      householdId: string;
      householdName: string;
      billId: string;
    }
  >(
    await db.execute(sql`
      select p.payee_user_id as "payeeId", u.full_name as "payeeName", b.id as "billId", b.bill_no as "billNo",
        b.period_start::text as "periodStart", b.period_end::text as date,
        h.id as "householdId", h.name as "householdName",
        sum(${
          basis === 'billed'
            ? sql`p.amount`
            : sql`case when b.amount = 0 then 0 else round(p.amount * least(b.collected, b.amount) / b.amount, 2) end`
        })::numeric(20,2)::text as amount
      from bill_payouts p join bills b on b.id = p.bill_id join households h on h.id = b.household_id
        join users u on u.id = p.payee_user_id
      where b.kind = 'LIVE_BILL' and b.status in ('LOCKED', 'EXPORTED')
        and b.period_end between ${from}::date and ${to}::date
        and ${payeeId ? sql`p.payee_user_id = ${payeeId}` : sql`p.payee_user_id is not null`}
      group by 1, 2, 3, 4, 5, 6, 7, 8
      order by b.period_end, b.bill_no`),
  ).map((row) => ({
    payeeId: row.payeeId,
    payeeName: row.payeeName,
    source: 'FEES' as const,
    date: row.date,
    amount: row.amount,
    household: { id: row.householdId, name: row.householdName },
    origin: {
      kind: 'bill' as const,
      id: row.billId,
      label: `Bill ${row.billNo} (${usDate(row.periodStart)}–${usDate(row.date)})`,
    },
  }));

type PaymentRow = {
  receivableId: string;
  paymentId: string;
  sequence: number | null;
  dueDate: string;
  amount: string;
  state: string;
  receivedDate: string | null;
  amountReceived: string | null;
  product: string;
  provider: string;
  householdId: string;
  household: string;
};
type SplitRow = {
  id: string;
  receivableId: string;
  payeeId: string;
  payeeName: string;
  appPercentage: string;
  commissionPercentage: string;
  startDate: string;
  numberOfPayments: number;
};

/** The payments and splits of the receivables `ids` selects (a subquery of receivable ids). */
const bookOf = async (db: Db, ids: SQL) => {
  const payments = rowsOf<PaymentRow>(
    await db.execute(sql`
      select p.receivable_id as "receivableId", p.id as "paymentId", p.sequence, p.due_date::text as "dueDate",
        p.amount::text as amount, p.state, p.received_date::text as "receivedDate",
        p.amount_received::text as "amountReceived", pr.name as product, pv.name as provider,
        h.id as "householdId", h.name as household
      from receivable_payments p join receivables r on r.id = p.receivable_id
        join master_data_items pr on pr.id = r.product_id join master_data_items pv on pv.id = r.provider_id
        join households h on h.id = r.household_id
      where p.receivable_id in (${ids})`),
  );
  const splits = rowsOf<SplitRow>(
    await db.execute(sql`
      select s.id, s.receivable_id as "receivableId", s.payee_user_id as "payeeId", coalesce(u.full_name, '') as "payeeName",
        s.app_percentage::text as "appPercentage", s.commission_percentage::text as "commissionPercentage",
        s.start_date::text as "startDate", s.number_of_payments as "numberOfPayments"
      from commission_splits s left join users u on u.id = s.payee_user_id
      where s.receivable_id in (${ids})
      order by s.receivable_id, s.position`),
  );
  return { payments, splits };
};

/** A payment as the split counts it: a received payment as received, the others as expected. */
const splitBasis = (rows: readonly PaymentRow[]) =>
  rows.map((row) => ({
    row,
    dueDate: row.dueDate,
    amount: row.state === 'RECEIVED' && row.amountReceived ? row.amountReceived : row.amount,
  }));

/**
 * Commission lines: each payee's share (decision 0018) of the receivables' payments in the range. Billed: the
 * payments due in the range (not written off), split as expected; collected: the payments received in the
 * range, split as received. `expectedOnly` keeps only payments still expected (the projection).
 */
const commissionLines = async (
  db: Db,
  payeeId: string | null,
  from: string,
  to: string,
  basis: CompensationBasis,
  expectedOnly = false,
): Promise<PayeeLine[]> => {
  // The receivables with a split to the payee (every payee: any split to a user) and a payment in the range.
  const inRange =
    basis === 'collected'
      ? sql`x.state = 'RECEIVED' and x.received_date between ${from}::date and ${to}::date`
      : sql`x.state <> 'WRITTEN_OFF' and x.due_date between ${from}::date and ${to}::date`;
  const payee = payeeId ? sql`s.payee_user_id = ${payeeId}` : sql`s.payee_user_id is not null`;
  const ids = sql`select r.id from receivables r
    where exists (select 1 from commission_splits s where s.receivable_id = r.id and ${payee})
      and exists (select 1 from receivable_payments x where x.receivable_id = r.id and ${inRange})`;
  const { payments, splits } = await bookOf(db, ids);
  const byReceivable = new Map<string, PaymentRow[]>();
  for (const p of payments)
    byReceivable.set(p.receivableId, [...(byReceivable.get(p.receivableId) ?? []), p]);
  const lines: PayeeLine[] = [];
  for (const [receivableId, rows] of byReceivable) {
    const basisRows = splitBasis(rows);
    const shares = splitSchedule(
      basisRows,
      splits.filter((s) => s.receivableId === receivableId),
    );
    for (const payment of basisRows) {
      const { row } = payment;
      const counted =
        basis === 'collected'
          ? row.state === 'RECEIVED' &&
            row.receivedDate !== null &&
            row.receivedDate >= from &&
            row.receivedDate <= to
          : row.state !== 'WRITTEN_OFF' && row.dueDate >= from && row.dueDate <= to;
      if (!counted || (expectedOnly && row.state !== 'EXPECTED')) continue;
      for (const share of shares.get(payment)?.shares ?? []) {
        if (!share.split.payeeId || (payeeId && share.split.payeeId !== payeeId)) continue;
        lines.push({
          payeeId: share.split.payeeId,
          payeeName: share.split.payeeName,
          source: 'COMMISSIONS',
          date: basis === 'collected' ? (row.receivedDate ?? row.dueDate) : row.dueDate,
          amount: share.amount,
          household: { id: row.householdId, name: row.household },
          origin: {
            kind: 'receivable',
            id: receivableId,
            label: `${row.product}, ${row.provider}${row.sequence === null ? '' : `, payment ${row.sequence}`}`,
          },
        });
      }
    }
  }
  return lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
};

/**
 * Chargeback lines (decision 0019): each accepted chargeback of a reconciled statement dated in the range,
 * taken back from the payees whose splits covered the payment it was tied to (a payee's share of the
 * chargeback as of a payment, negative); billed and collected alike, on the statement line's date.
 */
const chargebackLines = async (
  db: Db,
  payeeId: string | null,
  from: string,
  to: string,
): Promise<PayeeLine[]> => {
  const payee = payeeId ? sql`s.payee_user_id = ${payeeId}` : sql`s.payee_user_id is not null`;
  const chargebacks = rowsOf<{
    id: string;
    receivableId: string;
    paymentId: string | null;
    date: string;
    amount: string;
    policyNumber: string;
    fileName: string;
    lineNo: number | null;
  }>(
    await db.execute(sql`
      select l.id, l.receivable_id as "receivableId", l.payment_id as "paymentId", l.payment_date::text as date,
        l.amount::text as amount, l.policy_number as "policyNumber", st.file_name as "fileName", l.line_no as "lineNo"
      from carrier_statement_lines l join carrier_statements st on st.id = l.statement_id
      where l.flag = 'CHARGEBACK' and l.resolution = 'ACCEPTED' and l.receivable_id is not null
        and l.payment_date between ${from}::date and ${to}::date
        and exists (select 1 from commission_splits s where s.receivable_id = l.receivable_id and ${payee})
      order by l.payment_date, l.id`),
  );
  if (chargebacks.length === 0) return [];
  const ids = sql`select l.receivable_id from carrier_statement_lines l
    where l.id in (select jsonb_array_elements_text(${JSON.stringify(chargebacks.map((c) => c.id))}::jsonb)::uuid)`;
  const { payments, splits } = await bookOf(db, ids);
  const lines: PayeeLine[] = [];
  for (const chargeback of chargebacks) {
    const rows = payments.filter((p) => p.receivableId === chargeback.receivableId);
    const receivableSplits = splits.filter((s) => s.receivableId === chargeback.receivableId);
    const basisRows = splitBasis(rows);
    const tied = basisRows.find((p) => p.row.paymentId === chargeback.paymentId);
    // The splits that covered the payment it takes back; without one, those started by its date.
    const covering = tied
      ? (splitSchedule(basisRows, receivableSplits).get(tied)?.shares ?? []).map((share) => share.split)
      : receivableSplits.filter((s) => s.startDate <= chargeback.date);
    const first = rows[0];
    for (const split of covering) {
      if (!split.payeeId || (payeeId && split.payeeId !== payeeId)) continue;
      const amount = commissionSplitAmount(
        chargeback.amount,
        split.appPercentage,
        split.commissionPercentage,
      );
      lines.push({
        payeeId: split.payeeId,
        payeeName: split.payeeName,
        source: 'CHARGEBACKS',
        date: chargeback.date,
        amount: amount === '0.00' ? amount : `-${amount}`,
        household: { id: first?.householdId ?? '', name: first?.household ?? '' },
        origin: {
          kind: 'chargeback',
          id: chargeback.receivableId,
          label: `Chargeback: ${first?.product ?? ''}, ${first?.provider ?? ''}, policy ${chargeback.policyNumber} (statement ${chargeback.fileName}${chargeback.lineNo === null ? '' : `, line ${chargeback.lineNo}`})`,
        },
      });
    }
  }
  return lines;
};

/** Commissions net of chargebacks (decision 0019). */
const figuresOf = (lines: readonly CompensationLine[]): CompensationFigures => {
  const fees = sum(lines.filter((l) => l.source === 'FEES'));
  const commissions = sum(lines.filter((l) => l.source !== 'FEES'));
  return { fees: money(fees), commissions: money(commissions), total: money(fees + commissions) };
};

const strip = ({ payeeId: _id, payeeName: _name, ...line }: PayeeLine): CompensationLine => line;

/** What the payees earn (issue 16 §3): a user's own, every payee's, and a period marked paid. */
export const createCompensationService = (deps: { db: Db; clock: Clock; today: FirmToday }) => {
  const { db, clock, today } = deps;
  const writeAudit = auditWriter(clock);

  const linesOf = async (payeeId: string | null, query: CompensationQuery) => [
    ...(await feeLines(db, payeeId, query.from, query.to, query.basis)),
    ...[
      ...(await commissionLines(db, payeeId, query.from, query.to, query.basis)),
      ...(await chargebackLines(db, payeeId, query.from, query.to)),
    ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
  ];

  return {
    /** The signed-in user's: the period, the year to date, the next 12 months' commissions, the period's lines. */
    async mine(user: { id: string; fullName: string }, query: CompensationQuery): Promise<MyCompensation> {
      const day = today();
      const lines = await linesOf(user.id, query);
      const year = billingPeriodOf(day, 'ANNUAL');
      const yearLines = await linesOf(user.id, { ...query, from: year.from, to: day });
      const firstMonth = billingPeriodOf(day, 'MONTHLY').from;
      const end = addDays(addMonthsClamped(firstMonth, 12), -1);
      const projected = await commissionLines(db, user.id, day, end, 'billed', true);
      const months = Array.from({ length: 12 }, (_, index) => {
        const month = addMonthsClamped(firstMonth, index).slice(0, 7);
        return { month, amount: money(sum(projected.filter((l) => l.date.startsWith(month)))) };
      });
      return {
        payee: user,
        from: query.from,
        to: query.to,
        basis: query.basis,
        thisPeriod: figuresOf(lines),
        yearToDate: figuresOf(yearLines),
        projected: { total: money(sum(projected)), months },
        lines: lines.map(strip),
      };
    },

    /** Every payee's payable of the period (the firm view), with what was marked paid. */
    async firm(query: CompensationQuery): Promise<PayeeCompensation[]> {
      const lines = await linesOf(null, query);
      const byPayee = new Map<string, PayeeLine[]>();
      for (const line of lines) byPayee.set(line.payeeId, [...(byPayee.get(line.payeeId) ?? []), line]);
      const paid = await db
        .select()
        .from(compensationPayments)
        .where(
          sql`${compensationPayments.periodFrom} = ${query.from} and ${compensationPayments.periodTo} = ${query.to}
            and ${compensationPayments.basis} = ${query.basis}`,
        );
      return [...byPayee.entries()]
        .map(([payeeId, payeeLines]) => {
          const mark = paid.find((p) => p.payeeUserId === payeeId);
          return {
            payee: { id: payeeId, fullName: payeeLines[0]?.payeeName ?? '' },
            ...figuresOf(payeeLines),
            paid: mark ? { amount: mark.amount, paidOn: mark.paidOn } : null,
          };
        })
        .sort((a, b) => a.payee.fullName.localeCompare(b.payee.fullName));
    },

    /** A payee's payable of a period marked paid on a day (marking again replaces the mark). */
    async markPaid(body: CompensationPaidBody, context: AuditContext) {
      if (body.paidOn > today()) throw fieldError('paidOn', COMPENSATION_MESSAGES.paidOnInFuture);
      const [payee] = await db.select({ id: users.id }).from(users).where(eq(users.id, body.payeeId));
      if (!payee) throw fieldError('payeeId', COMPENSATION_MESSAGES.payeeNotFound);
      return db.transaction(async (tx) => {
        const values = {
          payeeUserId: body.payeeId,
          periodFrom: body.from,
          periodTo: body.to,
          basis: body.basis,
          amount: body.amount,
          paidOn: body.paidOn,
          markedBy: context.actorId,
        };
        await tx
          .insert(compensationPayments)
          .values(values)
          .onConflictDoUpdate({
            target: [
              compensationPayments.payeeUserId,
              compensationPayments.periodFrom,
              compensationPayments.periodTo,
              compensationPayments.basis,
            ],
            set: { amount: body.amount, paidOn: body.paidOn, markedBy: context.actorId },
          });
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'compensation',
          entityId: body.payeeId,
          after: {
            payeeUserId: body.payeeId,
            from: body.from,
            to: body.to,
            basis: body.basis,
            amount: body.amount,
            paidOn: body.paidOn,
          },
        });
        return { amount: body.amount, paidOn: body.paidOn };
      });
    },
  };
};

export type CompensationService = ReturnType<typeof createCompensationService>;
