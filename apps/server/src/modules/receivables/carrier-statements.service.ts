import { timed } from '../../platform/step-profile.ts';
import { randomUUID } from 'node:crypto';
import { centsOf, formatCents } from '@centric/billing';
import {
  type ResolveDifferenceBody,
  STATEMENT_MESSAGES,
  type StatementAging,
  type StatementDifference,
  type StatementDifferencesQuery,
  type StatementMapping,
  type StatementMappingAnswer,
  type StatementReport,
} from '@centric/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { carrierStatementMappings, masterDataItems } from '../../db/schema/index.ts';
import type { Alerts } from '../../platform/alerts.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { importFileText } from '../../platform/csv-import.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { createImportJobs, fileDigest, readStoredImport } from '../../platform/import-jobs.ts';
import type { JobHandler, JobRow, JobRunner } from '../../platform/jobs.ts';
import {
  addCounts,
  CARRIER_STATEMENT_JOB,
  checkStatementHeader,
  emptyFlagCounts,
  flagUnpaid,
  importLines,
  periodOf,
  previewCounts,
  type ReadStatement,
  readStatement,
  statementFor,
} from './carrier-statements.ts';
import { pastDueCause } from './receivables.service.ts';

/**
 * Carrier statements (issue 16 §2, decision 0019): the import as a durable job in two phases (PREVIEW reads
 * the file with the provider's mapping and says what importing would flag, then WAITs; APPLY imports the new
 * lines in steps of STEP_LINES, then flags the unpaid payments), the provider's saved mapping, the differences
 * and their resolution, and the aged list of the open ones by provider.
 */

export { CARRIER_STATEMENT_JOB };
const STEP_LINES = 5_000;

type Payload = {
  fileName: string;
  fileKey: string;
  sha256: string;
  providerId: number;
  mapping: StatementMapping;
};

/** The usual names of a statement's columns, offered before a provider's first import. */
export const DEFAULT_STATEMENT_MAPPING: StatementMapping = {
  policyColumn: 'Policy Number',
  dateColumn: 'Payment Date',
  amountColumn: 'Amount',
  kindColumn: 'Kind',
};

const providerName = async (db: Db, providerId: number) => {
  const [row] = await db
    .select({ name: masterDataItems.name, active: masterDataItems.active })
    .from(masterDataItems)
    .where(and(eq(masterDataItems.id, providerId), eq(masterDataItems.type, 'providers')));
  return row ?? null;
};

/** The job's handler: made in app.ts, where the job runner is. */
export const carrierStatementHandler = (deps: {
  clock: Clock;
  today: FirmToday;
  files: FileStorage;
  alerts: Pick<Alerts, 'resolveAlerts'>;
}): JobHandler => {
  const { files, today, clock, alerts } = deps;
  const writeAudit = auditWriter(clock);
  // The file of a job read once per process; read again from the stored file after a restart.
  const reads = new Map<string, ReadStatement>();

  const readFor = async (job: JobRow) => {
    const cached = reads.get(job.id);
    if (cached) return cached;
    const payload = job.payload as Payload;
    const text = await readStoredImport(files, payload, STATEMENT_MESSAGES);
    const read = await timed('read the file', async () => readStatement(text, payload.mapping, today()));
    reads.set(job.id, read);
    return read;
  };

  return {
    succeeded: (job) => files.remove((job.payload as Payload).fileKey),
    async step(tx, job) {
      const payload = job.payload as Payload;
      if (job.phase === 'PREVIEW') {
        reads.delete(job.id);
        const read = await readFor(job);
        const { alreadyImported, flags } = await previewCounts(tx, payload.providerId, read);
        const period = periodOf(read.lines);
        const report: StatementReport = {
          fileName: payload.fileName,
          provider: {
            id: payload.providerId,
            name: (await providerName(tx, payload.providerId))?.name ?? '',
          },
          rows: read.rows,
          accepted: read.lines.length,
          refusedCount: read.refusedCount,
          refused: read.refused,
          alreadyImported,
          dateFrom: period.from,
          dateTo: period.to,
          flags,
          applied: null,
        };
        return {
          done: read.rows,
          total: read.rows,
          state: {},
          finished: { status: 'WAITING', result: report },
        };
      }
      // APPLY: the next STEP_LINES lines from the checkpoint, then the unpaid payments.
      const read = await readFor(job);
      const state = job.state as { next?: number; applied?: StatementReport['flags']; statementId?: string };
      const next = state.next ?? 0;
      const statementId =
        state.statementId ??
        (await statementFor(tx, {
          providerId: payload.providerId,
          sha256: payload.sha256,
          fileName: payload.fileName,
          jobId: job.id,
          period: periodOf(read.lines),
          createdBy: job.createdBy,
        }));
      const statement = { id: statementId, providerId: payload.providerId, actorId: job.createdBy };
      const batch = read.lines.slice(next, next + STEP_LINES);
      const applied = addCounts(
        state.applied ?? emptyFlagCounts(),
        await importLines(tx, { alerts, now: clock.now() }, statement, batch),
      );
      const done = Math.min(next + STEP_LINES, read.lines.length);
      if (done < read.lines.length) {
        return { done, total: read.lines.length, state: { next: done, applied, statementId } };
      }
      applied.UNPAID = await flagUnpaid(tx, statement, periodOf(read.lines));
      reads.delete(job.id);
      const report = { ...(job.result as StatementReport), applied };
      await writeAudit(
        tx,
        { actorId: job.createdBy, actorEmail: null, requestId: null, ip: null },
        {
          action: 'IMPORT',
          entity: 'carrierStatement',
          entityId: statementId,
          after: {
            fileName: payload.fileName,
            providerId: payload.providerId,
            rows: read.rows,
            refused: read.refusedCount,
            imported:
              applied.MATCHED + applied.SHORT_PAID + applied.OVERPAID + applied.UNKNOWN + applied.CHARGEBACK,
            unpaid: applied.UNPAID,
          },
        },
      );
      return { done, total: read.lines.length, state: {}, finished: { status: 'SUCCEEDED', result: report } };
    },
  };
};

/** A difference's row as the list reads it. */
type DifferenceRow = {
  id: string;
  providerId: number;
  providerName: string;
  flag: StatementDifference['flag'];
  kind: StatementDifference['kind'];
  policyNumber: string;
  date: string;
  amount: string | null;
  expected: string | null;
  difference: string;
  ageDays: number;
  statementId: string;
  fileName: string;
  lineNo: number | null;
  receivableId: string | null;
  product: string | null;
  householdId: string | null;
  household: string | null;
  sequence: number | null;
  resolution: StatementDifference['resolution'];
  note: string | null;
  resolvedBy: string | null;
  resolvedAt: Date | string | null;
};

const OPEN = sql`(l.resolution is null or l.resolution = 'DISPUTED')`;

const differenceOf = (row: DifferenceRow): StatementDifference => ({
  id: row.id,
  provider: { id: row.providerId, name: row.providerName },
  flag: row.flag,
  kind: row.kind,
  policyNumber: row.policyNumber,
  date: row.date,
  amount: row.amount,
  expected: row.expected,
  difference: row.difference,
  ageDays: Math.max(0, Number(row.ageDays)),
  statement: { id: row.statementId, fileName: row.fileName, lineNo: row.lineNo },
  receivable:
    row.receivableId && row.householdId
      ? {
          id: row.receivableId,
          product: row.product ?? '',
          household: { id: row.householdId, name: row.household ?? '' },
          paymentSequence: row.sequence,
        }
      : null,
  resolution: row.resolution,
  note: row.note,
  resolvedBy: row.resolvedBy,
  resolvedAt: row.resolvedAt === null ? null : new Date(row.resolvedAt).toISOString(),
});

const differenceRows = async (db: Db, today: string, where: SQL, page?: { page: number; limit: number }) =>
  rowsOf<DifferenceRow>(
    await db.execute(sql`
      select l.id, l.provider_id as "providerId", pv.name as "providerName", l.flag, l.kind,
        l.policy_number as "policyNumber", l.payment_date::text as date, l.amount::text as amount,
        l.expected::text as expected, l.difference::text as difference,
        (${today}::date - l.payment_date) as "ageDays", s.id as "statementId", s.file_name as "fileName",
        l.line_no as "lineNo", r.id as "receivableId", pr.name as product, h.id as "householdId",
        h.name as household, p.sequence, l.resolution, l.note, u.full_name as "resolvedBy",
        l.resolved_at as "resolvedAt"
      from carrier_statement_lines l
        join carrier_statements s on s.id = l.statement_id
        join master_data_items pv on pv.id = l.provider_id
        left join receivables r on r.id = l.receivable_id
        left join master_data_items pr on pr.id = r.product_id
        left join households h on h.id = r.household_id
        left join receivable_payments p on p.id = l.payment_id
        left join users u on u.id = l.resolved_by
      where ${where}
      order by l.payment_date, pv.name, l.policy_number, l.id
      ${page ? sql`limit ${page.limit} offset ${(page.page - 1) * page.limit}` : sql``}`),
  ).map(differenceOf);

export type CarrierStatementsService = ReturnType<typeof createCarrierStatementsService>;

/** Uploads and their jobs, the providers' mappings, the differences and the aged list (routes call this). */
export const createCarrierStatementsService = (deps: {
  db: Db;
  clock: Clock;
  today: FirmToday;
  files: FileStorage;
  alerts: Pick<Alerts, 'resolveAlerts'>;
  jobs: Pick<JobRunner, 'enqueue' | 'kick' | 'continueWith' | 'cancel'>;
}) => {
  const { db, clock, today, files, alerts } = deps;
  const writeAudit = auditWriter(clock);
  const imports = createImportJobs<StatementReport>({
    db,
    clock,
    files,
    jobs: deps.jobs,
    kind: CARRIER_STATEMENT_JOB,
    entity: 'carrierStatement',
    messages: STATEMENT_MESSAGES,
  });

  return {
    get: imports.get,
    list: imports.list,
    apply: imports.apply,
    cancel: imports.cancel,

    /** The provider's saved mapping, or the usual names before its first import. */
    async mapping(providerId: number): Promise<StatementMappingAnswer> {
      if (!(await providerName(db, providerId))) throw notFound(STATEMENT_MESSAGES.providerNotFound);
      const [saved] = await db
        .select()
        .from(carrierStatementMappings)
        .where(eq(carrierStatementMappings.providerId, providerId));
      return saved
        ? {
            providerId,
            policyColumn: saved.policyColumn,
            dateColumn: saved.dateColumn,
            amountColumn: saved.amountColumn,
            kindColumn: saved.kindColumn,
            saved: true,
          }
        : { providerId, ...DEFAULT_STATEMENT_MAPPING, saved: false };
    },

    /**
     * Stores the file, saves the provider's mapping and queues the preview. The header is checked against the
     * mapping here, so a file without the mapped columns is refused at once (400) rather than by the job.
     */
    async upload(
      providerId: number,
      mapping: StatementMapping,
      file: { name: string; data: Buffer },
      context: AuditContext,
    ) {
      const provider = await providerName(db, providerId);
      if (!provider?.active) throw fieldError('providerId', STATEMENT_MESSAGES.providerNotFound);
      checkStatementHeader(importFileText(file.data, STATEMENT_MESSAGES.fileFormat), mapping);
      const sha256 = fileDigest(file.data);
      const fileKey = `imports/carrier-statements/${randomUUID()}.csv`;
      await files.put(fileKey, file.data);
      await db
        .insert(carrierStatementMappings)
        .values({ providerId, ...mapping, updatedBy: context.actorId })
        .onConflictDoUpdate({
          target: carrierStatementMappings.providerId,
          set: { ...mapping, updatedBy: context.actorId, updatedAt: clock.now() },
        });
      return imports.enqueue(
        { fileName: file.name, fileKey, sha256, providerId, mapping } satisfies Payload,
        context,
        {
          fileName: file.name,
          providerId,
          ...mapping,
        },
      );
    },

    /** The differences (a matched line is none): open, resolved or all; by flag and provider. */
    async differences(query: StatementDifferencesQuery) {
      const where = sql.join(
        [
          sql`l.flag <> 'MATCHED'`,
          query.status === 'open'
            ? OPEN
            : query.status === 'resolved'
              ? sql`l.resolution in ('ACCEPTED', 'WRITTEN_OFF')`
              : sql`true`,
          query.flag ? sql`l.flag = ${query.flag}` : sql`true`,
          query.providerId ? sql`l.provider_id = ${query.providerId}` : sql`true`,
        ],
        sql` and `,
      );
      const [items, [count]] = [
        await differenceRows(db, today(), where, query),
        rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from carrier_statement_lines l where ${where}`),
        ),
      ];
      return { items, total: Number(count?.n ?? 0) };
    },

    /**
     * Resolves a difference: accept (the statement stands: nothing more is owed or taken back; an accepted
     * chargeback is taken back from the payees), write off (the firm bears it: an unpaid payment is written
     * off; a written-off chargeback is not taken back), or dispute with a note (it stays open).
     */
    async resolve(id: string, body: ResolveDifferenceBody, context: AuditContext) {
      await db.transaction(async (tx) => {
        const [line] = rowsOf<{
          flag: string;
          resolution: string | null;
          note: string | null;
          payment_id: string | null;
          receivable_id: string | null;
          policy_number: string;
        }>(
          await tx.execute(sql`select flag, resolution, note, payment_id, receivable_id, policy_number
            from carrier_statement_lines where id = ${id} for update`),
        );
        if (!line) throw notFound(STATEMENT_MESSAGES.differenceNotFound);
        if (line.flag === 'MATCHED') throw conflict(STATEMENT_MESSAGES.notADifference);
        if (line.resolution === 'ACCEPTED' || line.resolution === 'WRITTEN_OFF')
          throw conflict(STATEMENT_MESSAGES.alreadyResolved);
        const resolution = { accept: 'ACCEPTED', writeOff: 'WRITTEN_OFF', dispute: 'DISPUTED' }[body.action];
        const note = body.note ?? line.note;
        await tx.execute(sql`update carrier_statement_lines set resolution = ${resolution}, note = ${note},
            resolved_by = ${context.actorId}, resolved_at = ${clock.now().toISOString()}::timestamptz
          where id = ${id}`);
        let paymentState: string | undefined;
        if (body.action === 'writeOff' && line.flag === 'UNPAID' && line.payment_id) {
          const written = rowsOf<{ id: string }>(
            await tx.execute(sql`update receivable_payments set state = 'WRITTEN_OFF',
                note = ${note ?? 'Not paid on the carrier statement: written off.'},
                updated_by = ${context.actorId}, updated_at = ${clock.now().toISOString()}::timestamptz
              where id = ${line.payment_id} and state = 'EXPECTED' returning id`),
          );
          if (written.length > 0) {
            paymentState = 'WRITTEN_OFF';
            await alerts.resolveAlerts(tx, [pastDueCause(line.payment_id)]);
            await writeAudit(tx, context, {
              action: 'UPDATE',
              entity: 'receivable',
              entityId: line.receivable_id,
              before: { paymentId: line.payment_id, paymentState: 'EXPECTED' },
              after: { paymentId: line.payment_id, paymentState: 'WRITTEN_OFF', note },
            });
          }
        }
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'statementDifference',
          entityId: id,
          before: {
            policyNumber: line.policy_number,
            flag: line.flag,
            resolution: line.resolution,
            note: line.note,
          },
          after: {
            policyNumber: line.policy_number,
            flag: line.flag,
            resolution,
            note,
            ...(paymentState ? { paymentState } : {}),
          },
        });
      });
      const [difference] = await differenceRows(db, today(), sql`l.id = ${id}`);
      if (!difference) throw notFound(STATEMENT_MESSAGES.differenceNotFound);
      return difference;
    },

    /** The open differences by provider, aged by days since their date: 1–30 (today too), 31–60, 61–90, over 90. */
    async aging(): Promise<StatementAging> {
      const rows = rowsOf<{
        providerId: number;
        name: string;
        count: number;
        total: string;
        d1to30: string;
        d31to60: string;
        d61to90: string;
        over90: string;
      }>(
        await db.execute(sql`
          select l.provider_id as "providerId", pv.name, count(*)::int as count,
            sum(l.difference)::numeric(20,2)::text as total,
            coalesce(sum(l.difference) filter (where ${today()}::date - l.payment_date <= 30), 0)::numeric(20,2)::text as d1to30,
            coalesce(sum(l.difference) filter (where ${today()}::date - l.payment_date between 31 and 60), 0)::numeric(20,2)::text as d31to60,
            coalesce(sum(l.difference) filter (where ${today()}::date - l.payment_date between 61 and 90), 0)::numeric(20,2)::text as d61to90,
            coalesce(sum(l.difference) filter (where ${today()}::date - l.payment_date > 90), 0)::numeric(20,2)::text as over90
          from carrier_statement_lines l join master_data_items pv on pv.id = l.provider_id
          where l.flag <> 'MATCHED' and ${OPEN}
          group by l.provider_id, pv.name
          order by pv.name`),
      );
      const sum = (key: 'total' | 'd1to30' | 'd31to60' | 'd61to90' | 'over90') =>
        formatCents(rows.reduce((total, r) => total + (centsOf(r[key]) ?? 0n), 0n));
      return {
        providers: rows.map((r) => ({
          provider: { id: r.providerId, name: r.name },
          count: r.count,
          total: r.total,
          buckets: { d1to30: r.d1to30, d31to60: r.d31to60, d61to90: r.d61to90, over90: r.over90 },
        })),
        total: {
          count: rows.reduce((n, r) => n + r.count, 0),
          total: sum('total'),
          buckets: {
            d1to30: sum('d1to30'),
            d31to60: sum('d31to60'),
            d61to90: sum('d61to90'),
            over90: sum('over90'),
          },
        },
      };
    },
  };
};
