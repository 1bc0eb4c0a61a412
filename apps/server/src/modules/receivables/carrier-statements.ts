import { createHash } from 'node:crypto';
import { centsOf, formatCents } from '@centric/billing';
import {
  dayNumber,
  parseIsoDate,
  STATEMENT_IMPORT_MAX_LINES,
  STATEMENT_MESSAGES,
  STATEMENT_POLICY_MAX,
  STATEMENT_REFUSED_SHOWN,
  type StatementFlag,
  type StatementFlagCounts,
  type StatementLineKind,
  type StatementMapping,
  type StatementReport,
} from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import type { Alerts } from '../../platform/alerts.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { readCsvTable, readImportDate } from '../../platform/csv-import.ts';
import { badRequest } from '../../platform/errors.ts';
import { chunks } from '../../platform/import-jobs.ts';
import { timed } from '../../platform/step-profile.ts';
import { pastDueCause } from './receivables.service.ts';

/**
 * Carrier statement reconciliation (issue 16 §2, decision 0019), the part the import job and the demo seed
 * share: a statement's lines read with the provider's column mapping; each new line matched on the provider
 * and the policy or contract number (upper-cased), then to the nearest expected payment by date not paid by
 * another line; flagged against it to the cent; the expected payments of the statement's period that no line
 * paid flagged unpaid. Lines are read and matched in batches (a query per batch, never per line), so a
 * 50,000-line statement is a few dozen queries.
 */

/** The statement import's job kind (carrier-statements.service.ts runs it). */
export const CARRIER_STATEMENT_JOB = 'carrier-statement-import';

/** A line of the statement, read. `key` identifies it per provider (policy, date, kind, amount, occurrence). */
export type StatementLine = {
  line: number;
  policy: string;
  date: string;
  /** The amount paid (a chargeback's amount taken back), positive. */
  amount: string;
  kind: StatementLineKind;
  key: string;
};

export type ReadStatement = {
  rows: number;
  lines: StatementLine[];
  refused: StatementReport['refused'];
  refusedCount: number;
};

/** What a line was matched to and how it is flagged; `difference` is the amount in question (0 when matched). */
export type MatchedLine = StatementLine & {
  receivableId: string | null;
  paymentId: string | null;
  expected: string | null;
  flag: StatementFlag;
  difference: string;
};

export const LOOKUP_CHUNK = 5_000;

export const emptyFlagCounts = (): StatementFlagCounts => ({
  MATCHED: 0,
  SHORT_PAID: 0,
  OVERPAID: 0,
  UNPAID: 0,
  UNKNOWN: 0,
  CHARGEBACK: 0,
});

/** The words carriers write for a line's kind. */
const KIND_WORDS: readonly [RegExp, StatementLineKind][] = [
  [/^(new business|new|nb|first year|first-year|fy|initial)$/, 'NEW_BUSINESS'],
  [/^(renewal|renewals|ren|rn|trail|trails|renewal commission)$/, 'RENEWAL'],
  [/^(chargeback|charge back|charge-back|cb|clawback|claw back|reversal|debit)$/, 'CHARGEBACK'],
];

const kindOf = (raw: string): StatementLineKind | null => {
  const word = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  return KIND_WORDS.find(([pattern]) => pattern.test(word))?.[1] ?? null;
};

/** '$1,234.50', '-12.00', '(12.00)', '12.00-' as cents and a sign; null when it is not an amount. */
export const readStatementAmount = (raw: string): { cents: bigint; negative: boolean } | null => {
  let text = raw.trim().replace(/[$,\s]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.endsWith('-')) {
    negative = !negative;
    text = text.slice(0, -1);
  }
  text = text.replace(/^\$/, '');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  const cents = centsOf(text);
  return cents === undefined ? null : { cents, negative };
};

/** The header's columns the mapping names, or 400 naming those the file lacks. */
const tableOf = (text: string, mapping: StatementMapping) => {
  const names = {
    policy: [mapping.policyColumn.toLowerCase()],
    date: [mapping.dateColumn.toLowerCase()],
    amount: [mapping.amountColumn.toLowerCase()],
    kind: mapping.kindColumn ? [mapping.kindColumn.toLowerCase()] : [],
  };
  const table = readCsvTable(text, names);
  const missing = (
    [
      ['policy', mapping.policyColumn],
      ['date', mapping.dateColumn],
      ['amount', mapping.amountColumn],
      ['kind', mapping.kindColumn],
    ] as const
  )
    .filter(([key, name]) => name && table.at[key] < 0)
    .map(([, name]) => `"${name}"`);
  if (missing.length > 0) throw badRequest(STATEMENT_MESSAGES.columnMissing(missing.join(', ')));
  if (table.records.length === 0) throw badRequest(STATEMENT_MESSAGES.fileEmpty);
  if (table.records.length > STATEMENT_IMPORT_MAX_LINES) throw badRequest(STATEMENT_MESSAGES.tooManyLines);
  return table;
};

/** Checks the file's header against the mapping (the upload refuses a file that does not fit at once). */
export const checkStatementHeader = (text: string, mapping: StatementMapping) => {
  tableOf(text, mapping);
};

/**
 * The statement's lines: each with its policy (upper-cased), payment date (not after today), amount (a
 * negative amount is a chargeback) and kind (the kind column's word; without one, renewal); refused lines
 * with their reason. Two equal lines in one file are two lines (their occurrence tells them apart).
 */
export const readStatement = (text: string, mapping: StatementMapping, today: string): ReadStatement => {
  const { records, cell } = tableOf(text, mapping);
  const lines: StatementLine[] = [];
  const refused: StatementReport['refused'] = [];
  let refusedCount = 0;
  const occurrences = new Map<string, number>();
  for (const record of records) {
    const policy = cell(record, 'policy').toUpperCase().replace(/\s+/g, ' ');
    const refuse = (message: string) => {
      refusedCount += 1;
      if (refused.length < STATEMENT_REFUSED_SHOWN)
        refused.push({
          line: record.line,
          policyNumber: policy.slice(0, STATEMENT_POLICY_MAX) || null,
          message,
        });
    };
    if (!policy) {
      refuse(STATEMENT_MESSAGES.policyMissing);
      continue;
    }
    if (policy.length > STATEMENT_POLICY_MAX) {
      refuse(STATEMENT_MESSAGES.policyTooLong);
      continue;
    }
    const date = readImportDate(cell(record, 'date'));
    if (date === null) {
      refuse(STATEMENT_MESSAGES.dateInvalid);
      continue;
    }
    if (date > today) {
      refuse(STATEMENT_MESSAGES.dateFuture);
      continue;
    }
    const amount = readStatementAmount(cell(record, 'amount'));
    if (amount === null) {
      refuse(STATEMENT_MESSAGES.amountInvalid);
      continue;
    }
    if (amount.cents === 0n) {
      refuse(STATEMENT_MESSAGES.amountZero);
      continue;
    }
    const word = cell(record, 'kind');
    const named = word === '' ? null : kindOf(word);
    if (word !== '' && named === null) {
      refuse(STATEMENT_MESSAGES.kindInvalid);
      continue;
    }
    const kind: StatementLineKind = amount.negative ? 'CHARGEBACK' : (named ?? 'RENEWAL');
    const base = `${policy}|${date}|${kind}|${amount.cents}`;
    const occurrence = (occurrences.get(base) ?? 0) + 1;
    occurrences.set(base, occurrence);
    lines.push({
      line: record.line,
      policy,
      date,
      amount: formatCents(amount.cents),
      kind,
      key: createHash('sha256').update(`${base}|${occurrence}`).digest('hex'),
    });
  }
  // Matched in this order: by policy, then date, so a policy's earliest lines take its earliest payments.
  lines.sort((a, b) =>
    a.policy !== b.policy
      ? a.policy < b.policy
        ? -1
        : 1
      : a.date !== b.date
        ? a.date < b.date
          ? -1
          : 1
        : a.line - b.line,
  );
  return { rows: records.length, lines, refused, refusedCount };
};

const textArray = (values: readonly string[]) => sql`${JSON.stringify(values)}::jsonb`;

/** The lines of `lines` the provider's earlier statements already have (by key). */
export const knownLineKeys = async (db: Db, providerId: number, lines: readonly StatementLine[]) => {
  const known = new Set<string>();
  for (const part of chunks(lines, LOOKUP_CHUNK)) {
    const rows = rowsOf<{ line_key: string }>(
      await timed('known line keys', () =>
        db.execute(sql`select line_key from carrier_statement_lines
        where provider_id = ${providerId}
          and line_key in (select jsonb_array_elements_text(${textArray(part.map((l) => l.key))}))`),
      ),
    );
    for (const row of rows) known.add(row.line_key);
  }
  return known;
};

type Candidate = {
  id: string;
  receivableId: string;
  dueDate: string;
  /** The due date as a day number (days since 1970-01-01), for distances. */
  day: number;
  amount: string;
  state: string;
  /** Paid by a line of an earlier statement (or of this one, once matched). */
  taken: boolean;
};

const dayOf = (date: string) => dayNumber(parseIsoDate(date)!);

/**
 * The candidate due nearest to `day` of those `usable` (ties: the earlier due date, then the first listed),
 * in one pass: a policy has up to 120 payments, and a statement 50,000 lines.
 */
const nearest = (day: number, candidates: readonly Candidate[], usable: (c: Candidate) => boolean) => {
  let best: Candidate | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    if (!usable(c)) continue;
    const distance = Math.abs(c.day - day);
    if (distance < bestDistance || (distance === bestDistance && c.dueDate < best!.dueDate)) {
      best = c;
      bestDistance = distance;
    }
  }
  return best;
};

/**
 * Matches lines (sorted by policy and date) to the provider's book: the receivables with the policy number,
 * then the nearest payment by date that no line paid and is not written off (ties: the earlier). Paid to the
 * cent: MATCHED; less: SHORT_PAID; more: OVERPAID. A chargeback is tied to the nearest payment of its
 * receivable (whose splits it takes back from). No receivable or no payment left: UNKNOWN.
 */
export const matchLines = async (
  db: Db,
  providerId: number,
  lines: readonly StatementLine[],
): Promise<MatchedLine[]> => {
  const policies = [...new Set(lines.map((l) => l.policy))];
  const receivablesOf = new Map<string, string[]>();
  const paymentsOf = new Map<string, Candidate[]>();
  for (const part of chunks(policies, LOOKUP_CHUNK)) {
    const rows = rowsOf<Omit<Candidate, 'day'> & { policy: string }>(
      await timed("the policies' payments", () =>
        db.execute(sql`
        select upper(r.policy_number) as policy, r.id as "receivableId", p.id, p.due_date::text as "dueDate",
          p.amount::text as amount, p.state,
          exists (select 1 from carrier_statement_lines l
            where l.payment_id = p.id and l.flag in ('MATCHED', 'SHORT_PAID', 'OVERPAID')) as taken
        from receivables r
          left join receivable_payments p on p.receivable_id = r.id and p.sequence is not null
        where r.provider_id = ${providerId}
          and upper(r.policy_number) in (select jsonb_array_elements_text(${textArray(part)}))
        order by r.id, p.due_date`),
      ),
    );
    for (const row of rows) {
      const ids = receivablesOf.get(row.policy);
      if (!ids) receivablesOf.set(row.policy, [row.receivableId]);
      else if (!ids.includes(row.receivableId)) ids.push(row.receivableId);
      if (!row.id) continue;
      const payment = { ...row, day: dayOf(row.dueDate) };
      const list = paymentsOf.get(row.policy);
      if (list) list.push(payment);
      else paymentsOf.set(row.policy, [payment]);
    }
  }
  return lines.map((line): MatchedLine => {
    const receivableIds = receivablesOf.get(line.policy) ?? [];
    const candidates = paymentsOf.get(line.policy) ?? [];
    const unknown = {
      ...line,
      receivableId: receivableIds[0] ?? null,
      paymentId: null,
      expected: null,
      flag: 'UNKNOWN' as const,
      difference: line.amount,
    };
    if (receivableIds.length === 0) return unknown;
    const day = dayOf(line.date);
    if (line.kind === 'CHARGEBACK') {
      const tied = nearest(day, candidates, () => true);
      return {
        ...line,
        receivableId: tied?.receivableId ?? receivableIds[0] ?? null,
        paymentId: tied?.id ?? null,
        expected: null,
        flag: 'CHARGEBACK',
        difference: line.amount,
      };
    }
    const payment = nearest(day, candidates, (c) => !c.taken && c.state !== 'WRITTEN_OFF');
    if (!payment) return unknown;
    payment.taken = true;
    const paid = centsOf(line.amount) ?? 0n;
    const expected = centsOf(payment.amount) ?? 0n;
    return {
      ...line,
      receivableId: payment.receivableId,
      paymentId: payment.id,
      expected: formatCents(expected),
      flag: paid === expected ? 'MATCHED' : paid < expected ? 'SHORT_PAID' : 'OVERPAID',
      difference: formatCents(paid > expected ? paid - expected : expected - paid),
    };
  });
};

/** The statement's period: its paying lines' first and last dates (a file of chargebacks only has none). */
export const periodOf = (lines: readonly StatementLine[]) => {
  const dates = lines.filter((l) => l.kind !== 'CHARGEBACK').map((l) => l.date);
  if (dates.length === 0) return { from: null, to: null };
  return { from: dates.reduce((a, b) => (a < b ? a : b)), to: dates.reduce((a, b) => (a > b ? a : b)) };
};

/**
 * The provider's expected payments due in the period that no line paid (nor `alsoPaid`, the payments this
 * statement's new lines pay) and that no statement flagged unpaid yet.
 */
const unpaidWhere = (providerId: number, from: string, to: string, alsoPaid: readonly string[]) => sql`
  from receivable_payments p join receivables r on r.id = p.receivable_id
  where r.provider_id = ${providerId} and p.state = 'EXPECTED' and p.sequence is not null
    and p.due_date between ${from}::date and ${to}::date
    and not exists (select 1 from carrier_statement_lines l where l.payment_id = p.id
      and l.flag in ('MATCHED', 'SHORT_PAID', 'OVERPAID', 'UNPAID'))
    ${alsoPaid.length > 0 ? sql`and p.id::text not in (select jsonb_array_elements_text(${textArray(alsoPaid)}))` : sql``}`;

export const countUnpaid = async (
  db: Db,
  providerId: number,
  period: { from: string | null; to: string | null },
  alsoPaid: readonly string[],
) => {
  const { from, to } = period;
  if (!from || !to) return 0;
  const [row] = rowsOf<{ n: number }>(
    await timed('count the unpaid', () =>
      db.execute(sql`select count(*)::int as n ${unpaidWhere(providerId, from, to, alsoPaid)}`),
    ),
  );
  return Number(row?.n ?? 0);
};

/** The preview's counts: the new lines by flag, and the payments the statement leaves unpaid. */
export const previewCounts = async (db: Db, providerId: number, read: ReadStatement) => {
  const known = await knownLineKeys(db, providerId, read.lines);
  const fresh = read.lines.filter((l) => !known.has(l.key));
  const matched = await matchLines(db, providerId, fresh);
  const flags = emptyFlagCounts();
  for (const line of matched) flags[line.flag] += 1;
  const paid = matched.flatMap((l) => (l.paymentId && l.flag !== 'CHARGEBACK' ? [l.paymentId] : []));
  flags.UNPAID = await countUnpaid(db, providerId, periodOf(read.lines), paid);
  return { alreadyImported: read.lines.length - fresh.length, flags };
};

/** The statement of this provider and file (made once: the same file again is the same statement). */
export const statementFor = async (
  tx: Db,
  values: {
    providerId: number;
    sha256: string;
    fileName: string;
    jobId: string | null;
    period: { from: string | null; to: string | null };
    createdBy: string | null;
  },
) => {
  await tx.execute(sql`insert into carrier_statements (provider_id, sha256, file_name, job_id, date_from, date_to, created_by)
    values (${values.providerId}, ${values.sha256}, ${values.fileName.slice(0, 200)}, ${values.jobId},
      ${values.period.from}::date, ${values.period.to}::date, ${values.createdBy})
    on conflict (provider_id, sha256) do nothing`);
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(
      sql`select id from carrier_statements where provider_id = ${values.providerId} and sha256 = ${values.sha256}`,
    ),
  );
  if (!row) throw new Error('The statement could not be stored.');
  return row.id;
};

/**
 * Imports a batch of lines into the statement: the lines not imported before, matched against the book as it
 * is now (earlier batches included), written set-wise; the payments they pay marked received on the line's
 * date with its amount (a payment already received keeps its receipt), their past-due alerts resolved, and an
 * open unpaid flag of such a payment dropped (it is paid now). Answers the batch's counts by flag.
 */
export const importLines = async (
  tx: Db,
  deps: { alerts: Pick<Alerts, 'resolveAlerts'>; now: Date },
  statement: { id: string; providerId: number; actorId: string | null },
  lines: readonly StatementLine[],
) => {
  const counts = emptyFlagCounts();
  const known = await knownLineKeys(tx, statement.providerId, lines);
  const fresh = lines.filter((l) => !known.has(l.key));
  if (fresh.length === 0) return counts;
  const matched = await matchLines(tx, statement.providerId, fresh);
  for (const line of matched) counts[line.flag] += 1;
  const rows = matched.map((l) => ({
    line_no: l.line,
    line_key: l.key,
    policy_number: l.policy,
    payment_date: l.date,
    kind: l.kind,
    amount: l.amount,
    expected: l.expected,
    difference: l.difference,
    flag: l.flag,
    receivable_id: l.receivableId,
    payment_id: l.paymentId,
  }));
  await timed('insert the lines', () =>
    tx.execute(sql`insert into carrier_statement_lines (statement_id, provider_id, line_no, line_key,
      policy_number, payment_date, kind, amount, expected, difference, flag, receivable_id, payment_id)
    select ${statement.id}, ${statement.providerId}, x.line_no, x.line_key, x.policy_number, x.payment_date, x.kind,
      x.amount, x.expected, x.difference, x.flag, x.receivable_id, x.payment_id
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(line_no int, line_key text, policy_number text,
      payment_date date, kind text, amount numeric, expected numeric, difference numeric, flag text,
      receivable_id uuid, payment_id uuid)`),
  );
  const paid = matched.filter((l) => l.paymentId && l.flag !== 'CHARGEBACK' && l.flag !== 'UNKNOWN');
  if (paid.length > 0) {
    const receipts = JSON.stringify(paid.map((l) => ({ id: l.paymentId, d: l.date, a: l.amount })));
    const received = rowsOf<{ id: string }>(
      await timed('mark the payments received', () =>
        tx.execute(sql`update receivable_payments p set state = 'RECEIVED', received_date = x.d,
          amount_received = x.a, updated_by = ${statement.actorId}, updated_at = ${deps.now.toISOString()}::timestamptz
        from jsonb_to_recordset(${receipts}::jsonb) as x(id uuid, d date, a numeric)
        where p.id = x.id and p.state = 'EXPECTED'
        returning p.id`),
      ),
    );
    await timed('drop their unpaid flags', () =>
      tx.execute(sql`delete from carrier_statement_lines l
      where l.flag = 'UNPAID' and (l.resolution is null or l.resolution = 'DISPUTED')
        and l.payment_id::text in (select jsonb_array_elements_text(${textArray(paid.map((l) => l.paymentId as string))}))`),
    );
    if (received.length > 0)
      await timed('resolve their past-due alerts', () =>
        deps.alerts.resolveAlerts(
          tx,
          received.map((r) => pastDueCause(r.id)),
        ),
      );
  }
  return counts;
};

/** Flags the provider's expected payments of the period that no line paid (once per payment). */
export const flagUnpaid = async (
  tx: Db,
  statement: { id: string; providerId: number },
  period: { from: string | null; to: string | null },
) => {
  const { from, to } = period;
  if (!from || !to) return 0;
  const rows = rowsOf<{ id: string }>(
    await timed('flag the unpaid', () =>
      tx.execute(sql`insert into carrier_statement_lines (statement_id, provider_id, policy_number,
        payment_date, expected, difference, flag, receivable_id, payment_id)
      select ${statement.id}, ${statement.providerId}, coalesce(upper(r.policy_number), ''), p.due_date, p.amount,
        p.amount, 'UNPAID', r.id, p.id
      ${unpaidWhere(statement.providerId, from, to, [])}
      on conflict do nothing
      returning id`),
    ),
  );
  return rows.length;
};

export const addCounts = (a: StatementFlagCounts, b: StatementFlagCounts): StatementFlagCounts => ({
  MATCHED: a.MATCHED + b.MATCHED,
  SHORT_PAID: a.SHORT_PAID + b.SHORT_PAID,
  OVERPAID: a.OVERPAID + b.OVERPAID,
  UNPAID: a.UNPAID + b.UNPAID,
  UNKNOWN: a.UNKNOWN + b.UNKNOWN,
  CHARGEBACK: a.CHARGEBACK + b.CHARGEBACK,
});

/**
 * The whole import at once, in one transaction (the demo seed; the job does the same in steps): the
 * statement, its lines in batches, the unpaid payments; recorded as a finished import (so the statements list
 * shows it with its report) and audited as one IMPORT.
 */
export const importStatementNow = async (
  db: Db,
  deps: { alerts: Pick<Alerts, 'resolveAlerts'>; clock: Clock },
  input: {
    providerId: number;
    fileName: string;
    data: Buffer;
    mapping: StatementMapping;
    today: string;
    context: AuditContext;
  },
) =>
  db.transaction(async (tx) => {
    const read = readStatement(input.data.toString('utf8'), input.mapping, input.today);
    const period = periodOf(read.lines);
    const sha256 = createHash('sha256').update(input.data).digest('hex');
    const preview = await previewCounts(tx, input.providerId, read);
    const statementId = await statementFor(tx, {
      providerId: input.providerId,
      sha256,
      fileName: input.fileName,
      jobId: null,
      period,
      createdBy: input.context.actorId,
    });
    let counts = emptyFlagCounts();
    const statement = { id: statementId, providerId: input.providerId, actorId: input.context.actorId };
    const now = deps.clock.now();
    for (const part of chunks(read.lines, LOOKUP_CHUNK)) {
      counts = addCounts(counts, await importLines(tx, { alerts: deps.alerts, now }, statement, part));
    }
    counts.UNPAID = await flagUnpaid(tx, statement, period);
    const [provider] = rowsOf<{ name: string }>(
      await tx.execute(sql`select name from master_data_items where id = ${input.providerId}`),
    );
    const report: StatementReport = {
      fileName: input.fileName,
      provider: { id: input.providerId, name: provider?.name ?? '' },
      rows: read.rows,
      accepted: read.lines.length,
      refusedCount: read.refusedCount,
      refused: read.refused,
      alreadyImported: preview.alreadyImported,
      dateFrom: period.from,
      dateTo: period.to,
      flags: preview.flags,
      applied: counts,
    };
    await tx.execute(sql`insert into jobs (kind, phase, status, payload, result, progress_done, progress_total,
        created_by, created_at, updated_at, finished_at)
      values (${CARRIER_STATEMENT_JOB}, 'APPLY', 'SUCCEEDED',
        ${JSON.stringify({ fileName: input.fileName, fileKey: '', sha256, providerId: input.providerId, mapping: input.mapping })}::jsonb,
        ${JSON.stringify(report)}::jsonb, ${read.lines.length}, ${read.lines.length}, ${input.context.actorId},
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`);
    await auditWriter(deps.clock)(tx, input.context, {
      action: 'IMPORT',
      entity: 'carrierStatement',
      entityId: statementId,
      after: {
        fileName: input.fileName,
        providerId: input.providerId,
        rows: read.rows,
        refused: read.refusedCount,
      },
    });
    return { statementId, counts, read };
  });
