import { type BillCheckCode, type BillCheckFinding, formatMoney, signedCents } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';

/**
 * What a run's bills debit (issue 15 §2–§3): each bill's fee lines and extra lines summed per way it is
 * collected: INDIRECT from a paying account at its custodian, ACH from the household's bank account, or
 * UNASSIGNED (no way to collect). The pre-export checks, the custodian fee files and the NACHA file all read
 * this one list, so what is checked is what is exported.
 */
export type RunDebit = {
  billId: string;
  billNo: number;
  householdId: string;
  household: string;
  payMethod: 'INDIRECT' | 'ACH' | 'UNASSIGNED';
  /** The paying account (INDIRECT), else null. */
  payer: {
    id: string;
    registrationName: string;
    custodian: string;
    numberSealed: string;
    last4: string;
    closed: boolean;
    /** Its CASH positions on its latest snapshot on or before the day. */
    cash: string;
  } | null;
  /** The household's ACH bank account (ACH), else null. */
  ach: {
    id: string;
    accountType: 'CHECKING' | 'SAVINGS';
    accountNumberSealed: string;
    routingNumberSealed: string;
    name: string;
  } | null;
  amount: string;
};

/** The debits of a run's active bills (not voided or pulled), by bill and payer, with cash as of `day`. */
export const runDebitsOf = async (db: Db, runId: string, day: string): Promise<RunDebit[]> => {
  const rows = rowsOf<
    Omit<RunDebit, 'payer' | 'ach'> & {
      payerId: string | null;
      payerName: string | null;
      custodian: string | null;
      numberSealed: string | null;
      last4: string | null;
      payerStatus: string | null;
      cash: string | null;
      achId: string | null;
      achType: 'CHECKING' | 'SAVINGS' | null;
      achNumber: string | null;
      achRouting: string | null;
      achName: string | null;
    }
  >(
    await db.execute(sql`
      with lines as (
        select ba.bill_id, ba.pay_method, ba.paid_by_account_id as payer, ba.amount
        from bill_accounts ba join bills b on b.id = ba.bill_id
        where b.run_id = ${runId}::uuid and b.status not in ('VOIDED', 'PULLED')
        union all
        select l.bill_id, l.pay_method, l.paid_by_account_id, l.amount
        from bill_lines l join bills b on b.id = l.bill_id
        where b.run_id = ${runId}::uuid and b.status not in ('VOIDED', 'PULLED')
      ),
      debits as (
        select bill_id, case when pay_method in ('INDIRECT', 'ACH') then pay_method else 'UNASSIGNED' end as pay_method,
          case when pay_method = 'INDIRECT' then payer end as payer, sum(amount) as amount
        from lines group by 1, 2, 3
      )
      select d.bill_id as "billId", b.bill_no as "billNo", b.household_id as "householdId", h.name as household,
        d.pay_method as "payMethod", d.amount::numeric(20,2)::text as amount,
        p.id as "payerId", p.registration_name as "payerName", p.custodian, p.custodian_number_sealed as "numberSealed",
        p.custodian_number_last4 as last4, p.status as "payerStatus",
        (select coalesce(sum(hd.quantity), 0)::numeric(20,2)::text
           from holdings hd join products pr on pr.id = hd.product_id and pr.product_type = 'CASH'
           where hd.account_id = p.id and hd.as_of = (select max(s.as_of) from account_snapshots s
             where s.account_id = p.id and s.as_of <= ${day}::date)) as cash,
        ach.id as "achId", ach.account_type as "achType", ach.account_number_sealed as "achNumber",
        ach.routing_number_sealed as "achRouting", ach.first_name || ' ' || ach.last_name as "achName"
      from debits d
      join bills b on b.id = d.bill_id
      join households h on h.id = b.household_id
      left join accounts p on p.id = d.payer
      left join lateral (select * from ach_accounts a where a.household_id = b.household_id and d.pay_method = 'ACH'
        order by a.created_at, a.id limit 1) ach on true
      order by lower(h.name), b.bill_no, d.pay_method, p.registration_name`),
  );
  return rows.map((r) => ({
    billId: r.billId,
    billNo: r.billNo,
    householdId: r.householdId,
    household: r.household,
    payMethod: r.payMethod,
    amount: r.amount,
    payer:
      r.payerId === null
        ? null
        : {
            id: r.payerId,
            registrationName: r.payerName ?? '',
            custodian: r.custodian ?? '',
            numberSealed: r.numberSealed ?? '',
            last4: r.last4 ?? '',
            closed: r.payerStatus !== 'OPEN',
            cash: r.cash ?? '0.00',
          },
    ach:
      r.achId === null
        ? null
        : {
            id: r.achId,
            accountType: r.achType ?? 'CHECKING',
            accountNumberSealed: r.achNumber ?? '',
            routingNumberSealed: r.achRouting ?? '',
            name: r.achName ?? '',
          },
  }));
};

const cents = (money: string) => signedCents(money) ?? 0n;

/** The checks one debit fails, each with its message. */
const failuresOf = (debit: RunDebit): { code: BillCheckCode; message: string }[] => {
  const found: { code: BillCheckCode; message: string }[] = [];
  const amount = cents(debit.amount);
  const what = debit.payer
    ? `${debit.payer.registrationName} (…${debit.payer.last4})`
    : debit.payMethod === 'ACH'
      ? 'the household’s bank account'
      : 'no account';
  if (amount < 0n) {
    found.push({
      code: 'NEGATIVE_DEBIT',
      message: `The debit from ${what} is ${formatMoney(debit.amount)}: a credit is refunded, never debited.`,
    });
  }
  if (debit.payMethod === 'UNASSIGNED') {
    found.push({
      code: 'NO_DEBIT_AUTHORITY',
      message: `${formatMoney(debit.amount)} has no pay method: nothing can collect it.`,
    });
  } else if (debit.payMethod === 'ACH' && debit.ach === null) {
    found.push({
      code: 'NO_DEBIT_AUTHORITY',
      message: `${formatMoney(debit.amount)} is paid by ACH, but the household has no ACH bank account.`,
    });
  }
  if (debit.payer?.closed) {
    found.push({
      code: 'PAYER_CLOSED',
      message: `The paying account ${what} is closed.`,
    });
  } else if (debit.payer && amount > 0n && amount > cents(debit.payer.cash)) {
    found.push({
      code: 'FEE_ABOVE_CASH',
      message: `The fee ${formatMoney(debit.amount)} is more than the ${formatMoney(debit.payer.cash)} cash of ${what}.`,
    });
  }
  return found;
};

/**
 * The pre-export checks of a run (issue 15 §2): every failing check of every active bill, with its override
 * when someone let it through with a reason. `blocking` are those without one.
 */
export const runChecksOf = async (db: Db, runId: string, day: string) => {
  const debits = await runDebitsOf(db, runId, day);
  const overrides = rowsOf<{ billId: string; code: string; reason: string; by: string; at: Date | string }>(
    await db.execute(sql`select o.bill_id as "billId", o.code, o.reason, coalesce(u.full_name, '') as by, o.created_at as at
      from bill_check_overrides o join bills b on b.id = o.bill_id left join users u on u.id = o.created_by
      where b.run_id = ${runId}::uuid`),
  );
  const overrideOf = new Map(overrides.map((o) => [`${o.billId} ${o.code}`, o]));
  const findings: BillCheckFinding[] = [];
  for (const debit of debits) {
    for (const failure of failuresOf(debit)) {
      const key = `${debit.billId} ${failure.code}`;
      const existing = findings.find((f) => `${f.billId} ${f.code}` === key);
      if (existing) {
        existing.message = `${existing.message} ${failure.message}`;
        continue;
      }
      const override = overrideOf.get(key);
      findings.push({
        billId: debit.billId,
        billNo: debit.billNo,
        clientId: debit.householdId,
        household: debit.household,
        code: failure.code,
        message: failure.message,
        override: override
          ? {
              reason: override.reason,
              by: override.by,
              at:
                override.at instanceof Date ? override.at.toISOString() : new Date(override.at).toISOString(),
            }
          : null,
      });
    }
  }
  return { findings, blocking: findings.filter((f) => f.override === null) };
};
