import { formatCents } from '@centric/billing';
import {
  BILL_CHECK_LABELS,
  type BillRunReport,
  BILL_EXTRA_KIND_LABELS,
  BILL_RUN_MESSAGES,
  BILL_STATUS_LABELS,
  BILL_UNIT_OUTCOME_LABELS,
  type BillCheckCode,
  type BillChangeCause,
  type BillDetail,
  type BillDifference,
  type BillDifferencesQuery,
  type BillDifferencesSummary,
  type BillStatus,
  type BillUnitOutcome,
  formatMoney,
  type PayeePayout,
  type PayoutsQuery,
  signedCents,
} from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import type { XlsxColumn } from '../../platform/xlsx.ts';
import { runChecksOf } from './bill-debits.ts';
import { billRunOf } from './bill-run-job.ts';

const cents = (money: string | null | undefined) => (money ? (signedCents(money) ?? 0n) : 0n);
const sum = (values: readonly string[]) => formatCents(values.reduce((s, v) => s + cents(v), 0n));

type Explanation = Pick<
  BillDetail,
  'schedules' | 'accountLines' | 'payouts' | 'extraLines' | 'planningLines'
>;

/** Why a household's fee moved between the forecast and the live bill, each cause in plain words. */
export const changeCauses = (
  forecast: Explanation | null,
  live: Explanation | null,
): { causes: BillChangeCause[]; details: string[] } => {
  if (!forecast || !live) {
    return {
      causes: ['ACCOUNTS'],
      details: [forecast ? 'Not billed by the live run.' : 'Not in the forecast.'],
    };
  }
  const causes: BillChangeCause[] = [];
  const details: string[] = [];
  const note = (cause: BillChangeCause, text: string) => {
    if (!causes.includes(cause)) causes.push(cause);
    details.push(text);
  };
  const ids = (e: Explanation) =>
    e.accountLines
      .map((a) => a.accountId)
      .sort()
      .join(',');
  if (ids(forecast) !== ids(live)) {
    note('ACCOUNTS', `Accounts billed ${forecast.accountLines.length} → ${live.accountLines.length}`);
  }
  const value = (e: Explanation) => sum(e.accountLines.map((a) => a.value));
  if (value(forecast) !== value(live)) {
    note('VALUE', `Value ${formatMoney(value(forecast))} → ${formatMoney(value(live))}`);
  }
  const flows = (e: Explanation) => sum(e.accountLines.flatMap((a) => a.cashFlows.map((f) => f.amount)));
  const flowCount = (e: Explanation) => e.accountLines.reduce((n, a) => n + a.cashFlows.length, 0);
  if (flows(forecast) !== flows(live) || flowCount(forecast) !== flowCount(live)) {
    note(
      'FLOWS',
      `Cash flows ${flowCount(forecast)} (${formatMoney(flows(forecast))}) → ${flowCount(live)} (${formatMoney(flows(live))})`,
    );
  }
  const excluded = (e: Explanation) => sum(e.accountLines.map((a) => a.excluded));
  if (excluded(forecast) !== excluded(live)) {
    note('EXCLUSIONS', `Excluded ${formatMoney(excluded(forecast))} → ${formatMoney(excluded(live))}`);
  }
  const schedules = (e: Explanation) =>
    e.schedules
      .map((s) => `${s.name}:${s.lines.map((l) => `${l.minimum}-${l.maximum}@${l.rate}`).join('|')}`)
      .sort()
      .join(';');
  if (schedules(forecast) !== schedules(live)) {
    const names = (e: Explanation) => e.schedules.map((s) => s.name).join(', ') || 'none';
    note('SCHEDULE', `Fee schedule ${names(forecast)} → ${names(live)}`);
  }
  const payees = (e: Explanation) =>
    e.payouts
      .map((p) => `${p.payee.fullName} ${p.percent}%`)
      .sort()
      .join(', ');
  if (payees(forecast) !== payees(live)) {
    note('PAYEES', `Payees ${payees(forecast) || 'none'} → ${payees(live) || 'none'}`);
  }
  const lines = (e: Explanation) =>
    sum([...(e.extraLines ?? []).map((l) => l.amount), ...(e.planningLines ?? []).map((l) => l.amount)]);
  if (lines(forecast) !== lines(live)) {
    note('LINES', `Other lines ${formatMoney(lines(forecast))} → ${formatMoney(lines(live))}`);
  }
  return { causes, details };
};

export type PayableRow = {
  billNo: number;
  household: string;
  status: BillStatus;
  periodStart: string;
  periodEnd: string;
  accounts: number;
  billableValue: string;
  fee: string;
  lines: string;
  amount: string;
  collected: string;
  balance: string;
};
export type BillDataRow = {
  billNo: number;
  household: string;
  registrationName: string;
  custodian: string;
  accountNumber: string;
  timing: string;
  value: string;
  excluded: string;
  billableValue: string;
  openDays: number;
  periodDays: number;
  fee: string;
  payMethod: string;
  paidBy: string;
};
export type ExceptionRow = { household: string; kind: string; detail: string };
export type SettingRow = { setting: string; value: string };

export const PAYABLE_COLUMNS: readonly XlsxColumn<PayableRow>[] = [
  { header: 'Bill no.', width: 10, value: (r) => r.billNo },
  { header: 'Household', width: 36, value: (r) => r.household },
  { header: 'Status', width: 12, value: (r) => BILL_STATUS_LABELS[r.status] },
  { header: 'Period start', width: 12, value: (r) => r.periodStart },
  { header: 'Period end', width: 12, value: (r) => r.periodEnd },
  { header: 'Accounts', width: 10, value: (r) => r.accounts },
  { header: 'Billable value', width: 18, value: (r) => r.billableValue },
  { header: 'Advisory fee', width: 14, value: (r) => r.fee },
  { header: 'Other lines', width: 14, value: (r) => r.lines },
  { header: 'Amount', width: 14, value: (r) => r.amount },
  { header: 'Collected', width: 14, value: (r) => r.collected },
  { header: 'Balance', width: 14, value: (r) => r.balance },
];
export const BILL_DATA_COLUMNS: readonly XlsxColumn<BillDataRow>[] = [
  { header: 'Bill no.', width: 10, value: (r) => r.billNo },
  { header: 'Household', width: 30, value: (r) => r.household },
  { header: 'Account', width: 34, value: (r) => r.registrationName },
  { header: 'Custodian', width: 16, value: (r) => r.custodian },
  { header: 'Account number', width: 16, value: (r) => r.accountNumber },
  { header: 'Timing', width: 10, value: (r) => r.timing },
  { header: 'Value', width: 16, value: (r) => r.value },
  { header: 'Excluded', width: 14, value: (r) => r.excluded },
  { header: 'Billable value', width: 16, value: (r) => r.billableValue },
  { header: 'Days billed', width: 11, value: (r) => r.openDays },
  { header: 'Days in period', width: 13, value: (r) => r.periodDays },
  { header: 'Fee', width: 12, value: (r) => r.fee },
  { header: 'Pay method', width: 12, value: (r) => r.payMethod },
  { header: 'Paid by', width: 34, value: (r) => r.paidBy },
];
export const EXCEPTION_COLUMNS: readonly XlsxColumn<ExceptionRow>[] = [
  { header: 'Household', width: 36, value: (r) => r.household },
  { header: 'Exception', width: 30, value: (r) => r.kind },
  { header: 'Detail', width: 100, value: (r) => r.detail },
];
export const SETTING_COLUMNS: readonly XlsxColumn<SettingRow>[] = [
  { header: 'Setting', width: 30, value: (r) => r.setting },
  { header: 'Value', width: 60, value: (r) => r.value },
];

/** Sends a report as a file; generic in its rows, so each report keeps its own column types. */
export type ReportSender<R> = <T>(file: {
  name: string;
  sheet: string;
  columns: readonly XlsxColumn<T>[];
  rows: readonly T[];
}) => Promise<R>;

export type BillReportsService = ReturnType<typeof createBillReportsService>;

/**
 * What operations read about runs (issue 15 §2–§3): the differences between a live run and its forecast, the
 * payouts of locked bills by payee (billed, or in proportion to what was collected), and a run's four audit
 * reports (payable summary per household, bill data per account, exceptions, the settings snapshot).
 */
export const createBillReportsService = (deps: { db: Db; today: FirmToday }) => {
  const { db, today } = deps;

  const runOrThrow = async (id: string) => {
    const run = await billRunOf(db, id);
    if (!run) throw notFound(BILL_RUN_MESSAGES.notFound);
    return run;
  };

  /** The newest completed forecast of the live run's period. */
  const forecastFor = async (run: { periodStart: string; periodEnd: string }) => {
    const [row] = rowsOf<{ id: string; number: number }>(
      await db.execute(sql`select id, number from bill_runs
        where kind = 'FORECAST_BILL' and status = 'completed'
          and period_start = ${run.periodStart}::date and period_end = ${run.periodEnd}::date
        order by created_at desc, number desc limit 1`),
    );
    return row ?? null;
  };

  const differences = async (
    runId: string,
    query: BillDifferencesQuery,
  ): Promise<{ rows: BillDifference[]; total: number; summary: BillDifferencesSummary }> => {
    const run = await runOrThrow(runId);
    if (run.kind !== 'LIVE_BILL') throw badRequest(BILL_RUN_MESSAGES.notLive);
    const forecast = await forecastFor(run);
    const forecastId = forecast?.id ?? '00000000-0000-0000-0000-000000000000';
    const joined = sql`
      with l as (select household_id, id, amount, billable_value from bills
                 where run_id = ${runId}::uuid and status not in ('VOIDED', 'PULLED')),
           f as (select household_id, id, amount, billable_value from bills where run_id = ${forecastId}::uuid),
           j as (select coalesce(l.household_id, f.household_id) as hid, l.id as lid, l.amount as la,
                   l.billable_value as lv, f.id as fid, f.amount as fa, f.billable_value as fv,
                   coalesce(l.amount, 0) - coalesce(f.amount, 0) as change
                 from l full join f on f.household_id = l.household_id)`;
    const filter = query.changedOnly ? sql`where j.change <> 0 or j.lid is null or j.fid is null` : sql``;
    const order =
      query.sortBy === 'household'
        ? sql`lower(h.name) ${query.order === 'ASC' ? sql`asc` : sql`desc`}, h.id`
        : sql`abs(j.change) ${query.order === 'ASC' ? sql`asc` : sql`desc`}, lower(h.name), h.id`;
    const rows = rowsOf<{
      hid: string;
      name: string;
      lid: string | null;
      la: string | null;
      lv: string | null;
      fid: string | null;
      fa: string | null;
      fv: string | null;
      change: string;
      lx: Explanation | null;
      fx: Explanation | null;
    }>(
      await db.execute(sql`${joined}
        select j.hid, h.name, j.lid, j.la::text as la, j.lv::text as lv, j.fid, j.fa::text as fa, j.fv::text as fv,
          j.change::numeric(20,2)::text as change, lb.explanation as lx, fb.explanation as fx
        from j join households h on h.id = j.hid
        left join bills lb on lb.id = j.lid left join bills fb on fb.id = j.fid
        ${filter}
        order by ${order}
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`),
    );
    const [totals] = rowsOf<{ total: number; changed: number; ft: string; lt: string }>(
      await db.execute(sql`${joined}
        select count(*) filter (where ${query.changedOnly ? sql`j.change <> 0 or j.lid is null or j.fid is null` : sql`true`})::int as total,
          count(*) filter (where j.change <> 0 or j.lid is null or j.fid is null)::int as changed,
          coalesce(sum(j.fa), 0)::numeric(20,2)::text as ft, coalesce(sum(j.la), 0)::numeric(20,2)::text as lt
        from j`),
    );
    return {
      total: totals?.total ?? 0,
      summary: {
        forecastRun: forecast,
        forecastTotal: totals?.ft ?? '0.00',
        liveTotal: totals?.lt ?? '0.00',
        changed: totals?.changed ?? 0,
      },
      rows: rows.map((r) => ({
        clientId: r.hid,
        household: r.name,
        forecast:
          r.fid && forecast
            ? {
                billId: r.fid,
                runNumber: forecast.number,
                amount: r.fa ?? '0.00',
                billableValue: r.fv ?? '0.00',
              }
            : null,
        live: r.lid ? { billId: r.lid, amount: r.la ?? '0.00', billableValue: r.lv ?? '0.00' } : null,
        change: r.change,
        ...changeCauses(r.fx, r.lx),
      })),
    };
  };

  /** Per payee, what the locked (and exported) live bills of bills ending in the range give them. */
  const payouts = async (query: PayoutsQuery): Promise<PayeePayout[]> => {
    if (query.from > query.to) throw badRequest('Please enter a valid date range.');
    return rowsOf<PayeePayout & { payeeId: string | null; payeeName: string }>(
      await db.execute(sql`
        select p.payee_user_id as "payeeId", coalesce(u.full_name, case when p.type = 'FIRM' then 'The firm' else '' end) as "payeeName",
          p.type, count(distinct p.bill_id)::int as bills,
          sum(p.amount)::numeric(20,2)::text as billed,
          sum(case when b.amount = 0 then 0 else round(p.amount * least(b.collected, b.amount) / b.amount, 2) end)::numeric(20,2)::text as collected
        from bill_payouts p join bills b on b.id = p.bill_id
        left join users u on u.id = p.payee_user_id
        where b.kind = 'LIVE_BILL' and b.status in ('LOCKED', 'EXPORTED')
          and b.period_end between ${query.from}::date and ${query.to}::date
        group by 1, 2, 3
        order by sum(p.amount) desc, 2`),
    ).map(({ payeeId, payeeName, ...row }) => ({ ...row, payee: { id: payeeId, fullName: payeeName } }));
  };

  const payableRows = async (runId: string): Promise<PayableRow[]> =>
    rowsOf<PayableRow>(
      await db.execute(sql`
        select b.bill_no as "billNo", h.name as household, b.status, b.period_start::text as "periodStart",
          b.period_end::text as "periodEnd",
          (select count(*)::int from bill_accounts x where x.bill_id = b.id) as accounts,
          b.billable_value::text as "billableValue",
          coalesce((select sum(x.amount) from bill_accounts x where x.bill_id = b.id), 0)::numeric(20,2)::text as fee,
          coalesce((select sum(l.amount) from bill_lines l where l.bill_id = b.id), 0)::numeric(20,2)::text as lines,
          b.amount::text as amount, b.collected::text as collected,
          (case when b.status in ('VOIDED', 'PULLED') then 0 else b.amount - b.collected end)::numeric(20,2)::text as balance
        from bills b join households h on h.id = b.household_id
        where b.run_id = ${runId}::uuid
        order by lower(h.name), b.bill_no`),
    );

  const billDataRows = async (runId: string): Promise<BillDataRow[]> => {
    const rows = rowsOf<{
      billNo: number;
      household: string;
      explanation: Explanation;
      custodians: Record<string, { c: string; l: string }>;
    }>(
      await db.execute(sql`
        select b.bill_no as "billNo", h.name as household, b.explanation,
          (select json_object_agg(a.id, json_build_object('c', a.custodian, 'l', a.custodian_number_last4))
             from bill_accounts x join accounts a on a.id = x.account_id where x.bill_id = b.id) as custodians
        from bills b join households h on h.id = b.household_id
        where b.run_id = ${runId}::uuid
        order by lower(h.name), b.bill_no`),
    );
    return rows.flatMap((r) =>
      r.explanation.accountLines.map((a) => ({
        billNo: r.billNo,
        household: r.household,
        registrationName: a.registrationName,
        custodian: r.custodians?.[a.accountId]?.c ?? '',
        accountNumber: r.custodians?.[a.accountId] ? `…${r.custodians[a.accountId]!.l}` : '',
        timing: a.timing,
        value: a.value,
        excluded: a.excluded,
        billableValue: a.billableValue,
        openDays: a.openDays,
        periodDays: a.periodDays,
        fee: a.amount,
        payMethod: a.payMethod,
        paidBy: a.paidBy.registrationName,
      })),
    );
  };

  const exceptionRows = async (runId: string): Promise<ExceptionRow[]> => {
    const units = rowsOf<{
      household: string;
      outcome: BillUnitOutcome;
      reasons: { code: string; message: string }[];
    }>(
      await db.execute(sql`
        select h.name as household, u.outcome, u.reasons from bill_run_units u join households h on h.id = u.household_id
        where u.run_id = ${runId}::uuid and (u.outcome <> 'BILLED' or jsonb_array_length(u.reasons) > 0)
        order by lower(h.name)`),
    );
    const extras = rowsOf<{ household: string; lines: Explanation['extraLines'] }>(
      await db.execute(sql`
        select h.name as household, b.explanation -> 'extraLines' as lines from bills b join households h on h.id = b.household_id
        where b.run_id = ${runId}::uuid and jsonb_array_length(coalesce(b.explanation -> 'extraLines', '[]'::jsonb)) > 0
        order by lower(h.name)`),
    );
    const { findings } = await runChecksOf(db, runId, today());
    return [
      ...units.flatMap((u) =>
        (u.reasons.length > 0 ? u.reasons : [{ code: u.outcome, message: '' }]).map((reason) => ({
          household: u.household,
          kind: BILL_UNIT_OUTCOME_LABELS[u.outcome],
          detail: reason.message,
        })),
      ),
      ...extras.flatMap((e) =>
        (e.lines ?? []).map((l) => ({
          household: e.household,
          kind: BILL_EXTRA_KIND_LABELS[l.kind],
          detail: `${l.registrationName}: ${l.description} (${formatMoney(l.amount)})`,
        })),
      ),
      ...findings.map((f) => ({
        household: f.household,
        kind: BILL_CHECK_LABELS[f.code as BillCheckCode],
        detail: `${f.message}${f.override ? ` Overridden by ${f.override.by}: ${f.override.reason}` : ''}`,
      })),
    ];
  };

  const settingRows = async (runId: string): Promise<SettingRow[]> => {
    const [row] = rowsOf<{
      number: number;
      kind: string;
      scope: string;
      period: string;
      periodStart: string;
      periodEnd: string;
      valuationDate: string;
      proration: string;
      settings: Record<string, unknown>;
    }>(
      await db.execute(sql`select number, kind, scope, period, period_start::text as "periodStart",
          period_end::text as "periodEnd", valuation_date::text as "valuationDate", proration, settings
        from bill_runs where id = ${runId}::uuid`),
    );
    if (!row) return [];
    const { settings, ...rest } = row;
    return [
      ...Object.entries(rest).map(([setting, value]) => ({ setting, value: String(value) })),
      ...Object.entries(settings).map(([setting, value]) => ({
        setting,
        value: value === null ? '' : String(value),
      })),
    ];
  };

  return {
    differences,
    payouts,
    /** One of the run's four reports, handed to `send` with its columns (one call, typed per report). */
    async report<R>(runId: string, report: BillRunReport, send: ReportSender<R>): Promise<R> {
      const run = await runOrThrow(runId);
      const name = `bill-run-${run.number}-${report}`;
      switch (report) {
        case 'payable-summary':
          return send({
            name,
            sheet: 'Payable summary',
            columns: PAYABLE_COLUMNS,
            rows: await payableRows(runId),
          });
        case 'bill-data':
          return send({
            name,
            sheet: 'Bill data',
            columns: BILL_DATA_COLUMNS,
            rows: await billDataRows(runId),
          });
        case 'exceptions':
          return send({
            name,
            sheet: 'Exceptions',
            columns: EXCEPTION_COLUMNS,
            rows: await exceptionRows(runId),
          });
        case 'settings':
          return send({ name, sheet: 'Settings', columns: SETTING_COLUMNS, rows: await settingRows(runId) });
      }
    },
  };
};
