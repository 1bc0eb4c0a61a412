import { createHash } from 'node:crypto';
import type { ImportJob } from '@centric/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs, users } from '../db/schema/index.ts';
import { type AuditContext, auditWriter } from './audit.ts';
import type { Clock } from './clock.ts';
import { conflict, notFound } from './errors.ts';
import { importFileText } from './csv-import.ts';
import type { FileStorage } from './files.ts';
import type { JobRow, JobRunner } from './jobs.ts';

/**
 * What every file import run as a job shares (positions files, carrier statements): the job as the API shows
 * it (status, progress, report), the list of a kind's imports, queueing the preview of a stored file,
 * confirming it (APPLY), and cancelling it (its file removed), each audited under the import's entity.
 */

/** A long list in parts of `size` (an import reads and writes a file's lines a batch at a time). */
export const chunks = <T>(items: readonly T[], size: number) => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** A file import's job payload: at least the file's name and where it is stored. */
export type ImportPayload = { fileName: string; fileKey: string };

/** The SHA-256 of an uploaded file, kept in its job's payload so that a step reads the very file checked. */
export const fileDigest = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * The text of an import's stored file, as a step reads it (again after a restart): the file must still be the
 * one uploaded (its digest), else the step fails with `changed`; `open` unseals a file stored sealed.
 */
export const readStoredImport = async (
  files: Pick<FileStorage, 'get'>,
  payload: ImportPayload & { sha256: string },
  messages: { fileFormat: string; fileChanged: string },
  open: (stored: Buffer) => Buffer | null = (stored) => stored,
): Promise<string> => {
  const stored = await files.get(payload.fileKey);
  const data = stored ? open(stored) : null;
  if (!data || fileDigest(data) !== payload.sha256) throw new Error(messages.fileChanged);
  return importFileText(data, messages.fileFormat);
};

export type ImportJobMessages = { notFound: string; notWaiting: string; notCancellable: string };

export const createImportJobs = <Report>(deps: {
  db: Db;
  clock: Clock;
  files: Pick<FileStorage, 'remove'>;
  jobs: Pick<JobRunner, 'enqueue' | 'kick' | 'continueWith' | 'cancel'>;
  kind: string;
  entity: string;
  messages: ImportJobMessages;
}) => {
  const { db, clock, files, jobs: runner, kind, entity, messages } = deps;
  const writeAudit = auditWriter(clock);

  const toJob = (
    row: JobRow & { creatorName?: string | null },
  ): Omit<ImportJob, 'report'> & {
    report: Report | null;
  } => ({
    id: row.id,
    status: row.status as ImportJob['status'],
    phase: row.phase,
    progressDone: row.progressDone,
    progressTotal: row.progressTotal,
    fileName: (row.payload as ImportPayload).fileName,
    error: row.error,
    report: (row.result as Report | null) ?? null,
    createdBy: row.createdBy && row.creatorName ? { id: row.createdBy, fullName: row.creatorName } : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  });

  const load = async (conn: Db, id: string) => {
    const [row] = await conn
      .select({ job: jobs, creatorName: users.fullName })
      .from(jobs)
      .leftJoin(users, eq(users.id, jobs.createdBy))
      .where(and(eq(jobs.id, id), eq(jobs.kind, kind)));
    if (!row) throw notFound(messages.notFound);
    return toJob({ ...row.job, creatorName: row.creatorName });
  };

  return {
    get: (id: string) => load(db, id),

    async list(page: { page: number; limit: number }) {
      const where = eq(jobs.kind, kind);
      const [rows, [count]] = await Promise.all([
        db
          .select({ job: jobs, creatorName: users.fullName })
          .from(jobs)
          .leftJoin(users, eq(users.id, jobs.createdBy))
          .where(where)
          .orderBy(desc(jobs.createdAt), desc(jobs.id))
          .limit(page.limit)
          .offset((page.page - 1) * page.limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(where),
      ]);
      return {
        items: rows.map((r) => toJob({ ...r.job, creatorName: r.creatorName })),
        total: count?.n ?? 0,
      };
    },

    /** Queues the preview of a stored file (audited as a CREATE with `audit`); answers the job. */
    async enqueue<P extends ImportPayload>(
      payload: P,
      context: AuditContext,
      audit: Record<string, unknown>,
    ) {
      const id = await db.transaction(async (tx) => {
        const row = await runner.enqueue(tx, { kind, phase: 'PREVIEW', payload, createdBy: context.actorId });
        await writeAudit(tx, context, { action: 'CREATE', entity, entityId: row.id, after: audit });
        return row.id;
      });
      runner.kick();
      return load(db, id);
    },

    /**
     * Confirms a previewed import: its APPLY phase is queued (409 unless it waits). The user's `choices` (what
     * to do with the duplicates a preview flagged) join the job's payload, which the APPLY steps read.
     */
    async apply(id: string, context: AuditContext, choices?: Record<string, unknown>) {
      await db.transaction(async (tx) => {
        await load(tx, id);
        if (!(await runner.continueWith(tx, id, 'APPLY'))) throw conflict(messages.notWaiting);
        if (choices) {
          await tx
            .update(jobs)
            .set({ payload: sql`${jobs.payload} || ${JSON.stringify(choices)}::jsonb` })
            .where(eq(jobs.id, id));
        }
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity,
          entityId: id,
          after: { phase: 'APPLY', ...choices },
        });
      });
      runner.kick();
      return load(db, id);
    },

    /** Cancels an import that has not finished; its stored file goes (it is never read again). */
    async cancel(id: string, context: AuditContext) {
      const fileKey = await db.transaction(async (tx) => {
        await load(tx, id);
        if (!(await runner.cancel(tx, id))) throw conflict(messages.notCancellable);
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity,
          entityId: id,
          after: { status: 'CANCELLED' },
        });
        const [row] = await tx.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.id, id));
        return (row?.payload as ImportPayload | undefined)?.fileKey;
      });
      if (fileKey) await files.remove(fileKey);
      return load(db, id);
    },
  };
};
