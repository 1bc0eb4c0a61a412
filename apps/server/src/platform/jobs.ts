import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import type { Clock } from './clock.ts';

/**
 * Durable jobs (decision 0015). A job is a row; the runner claims one at a time (`FOR UPDATE SKIP LOCKED`, so
 * two instances, or two workers of one, never take the same), runs up to `concurrency` jobs at once, and runs
 * each job's handler's steps, each in its own transaction together with the job's progress and checkpoint
 * (`state`). A crash loses at most the steps under way, which were never committed; the lease then runs out
 * and the job is claimed again from its last checkpoint. A step that fails is retried from its checkpoint, up
 * to MAX_ATTEMPTS claims, then the job is FAILED with the error.
 */

export type JobRow = typeof jobs.$inferSelect;
export type JobStatus = 'QUEUED' | 'RUNNING' | 'WAITING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';

export type StepResult = {
  done: number;
  total: number;
  state: unknown;
  /** The phase is over: SUCCEEDED, or WAITING for a person (a preview to confirm), with what it found. */
  finished?: { status: 'SUCCEEDED' | 'WAITING'; result: unknown };
};

export type JobHandler = {
  /** One step of the job's current phase, in `tx` (which also commits the returned progress and state). */
  step: (tx: Db, job: JobRow) => Promise<StepResult>;
  /** After the job SUCCEEDED (committed): let go of what it no longer needs (its stored file). */
  succeeded?: (job: JobRow) => Promise<void>;
};

export const MAX_ATTEMPTS = 3;
/** Jobs a process runs at once, by database: PGlite has a single connection. */
export const JOB_CONCURRENCY = { postgres: 2, pglite: 1 } as const;
const LEASE_MS = 5 * 60_000;
const POLL_MS = 1_000;
const ERROR_MAX = 1_000;

export type JobRunner = ReturnType<typeof createJobRunner>;

export const createJobRunner = (deps: {
  db: Db;
  clock: Clock;
  handlers: Readonly<Record<string, JobHandler>>;
  onError?: (error: unknown, job: JobRow) => void;
  /** How long a claim holds a job without a step committing (default 5 minutes); a crash waits it out. */
  leaseMs?: number;
  /**
   * Jobs run at once (default 1), each step in a transaction of its own: more than one only on a database
   * with a pool of connections (PostgreSQL; PGlite has one connection, on which they would only queue).
   */
  concurrency?: number;
}) => {
  const { db, clock, handlers } = deps;
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const leaseEnd = () => new Date(clock.now().getTime() + leaseMs);
  const concurrency = Math.max(1, Math.floor(deps.concurrency ?? 1));

  const enqueue = async (
    tx: Db,
    job: { kind: string; phase: string; payload?: unknown; createdBy?: string | null },
  ): Promise<JobRow> => {
    if (!handlers[job.kind]) throw new Error(`no job handler for ${job.kind}`);
    const [row] = await tx
      .insert(jobs)
      .values({
        kind: job.kind,
        phase: job.phase,
        payload: job.payload ?? {},
        createdBy: job.createdBy ?? null,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning();
    return row as JobRow;
  };

  /** The next runnable job (queued, or running with its lease run out), claimed with a new lease. */
  const claim = async (): Promise<JobRow | null> => {
    const now = clock.now().toISOString();
    const [row] = rowsOf<{ id: string }>(
      await db.execute(sql`update jobs set status = 'RUNNING', attempts = attempts + 1,
          locked_until = ${leaseEnd().toISOString()}::timestamptz, updated_at = ${now}::timestamptz
        where id = (
          select id from jobs
          where status = 'QUEUED' or (status = 'RUNNING' and locked_until < ${now}::timestamptz)
          order by created_at, id
          for update skip locked
          limit 1
        )
        returning id`),
    );
    if (!row) return null;
    const [job] = await db.select().from(jobs).where(eq(jobs.id, row.id));
    return job ?? null;
  };

  const fail = async (job: JobRow, error: unknown) => {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
    const final = job.attempts >= MAX_ATTEMPTS;
    await db
      .update(jobs)
      .set({
        status: final ? 'FAILED' : 'QUEUED',
        error: message,
        lockedUntil: null,
        updatedAt: clock.now(),
        ...(final ? { finishedAt: clock.now() } : {}),
      })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'RUNNING')));
  };

  /** Runs a claimed job's steps until its phase ends, it is cancelled, or a step fails. */
  const run = async (claimed: JobRow) => {
    const handler = handlers[claimed.kind];
    if (!handler) {
      await fail({ ...claimed, attempts: MAX_ATTEMPTS }, new Error(`no job handler for ${claimed.kind}`));
      return;
    }
    let succeeded: JobRow | null = null;
    try {
      for (;;) {
        const finished = await db.transaction(async (tx) => {
          const [job] = await tx.select().from(jobs).where(eq(jobs.id, claimed.id)).for('update');
          if (!job || job.status !== 'RUNNING') return true;
          const step = await handler.step(tx, job);
          if (step.finished?.status === 'SUCCEEDED') succeeded = job;
          await tx
            .update(jobs)
            .set({
              progressDone: step.done,
              progressTotal: step.total,
              state: step.state ?? {},
              lockedUntil: step.finished ? null : leaseEnd(),
              updatedAt: clock.now(),
              ...(step.finished
                ? {
                    status: step.finished.status,
                    result: step.finished.result ?? null,
                    error: null,
                    ...(step.finished.status === 'SUCCEEDED' ? { finishedAt: clock.now() } : {}),
                  }
                : {}),
            })
            .where(eq(jobs.id, job.id));
          return Boolean(step.finished);
        });
        if (finished) {
          if (succeeded)
            await handler.succeeded?.(succeeded).catch((error: unknown) => deps.onError?.(error, claimed));
          return;
        }
        if (stopping) {
          // Closing: the job goes back to the queue at its checkpoint, for the next start (or instance).
          await db
            .update(jobs)
            .set({ status: 'QUEUED', lockedUntil: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
            .where(and(eq(jobs.id, claimed.id), eq(jobs.status, 'RUNNING')));
          return;
        }
      }
    } catch (error) {
      deps.onError?.(error, claimed);
      await fail(claimed, error);
    }
  };

  let stopping = false;
  let draining: Promise<number> | null = null;
  /**
   * Runs jobs until none is runnable; how many were run. One drain at a time per process, which runs up to
   * `concurrency` jobs at once (a bill run's two parts, decision 0016): each worker claims the next job when
   * its own is over, and the drain ends when every worker finds none.
   */
  const drain = (): Promise<number> => {
    if (draining) return draining;
    draining = (async () => {
      let count = 0;
      const worker = async () => {
        for (let job = stopping ? null : await claim(); job; job = stopping ? null : await claim()) {
          await run(job);
          count += 1;
        }
      };
      try {
        await Promise.all(Array.from({ length: concurrency }, () => worker()));
      } finally {
        draining = null;
      }
      return count;
    })();
    return draining;
  };

  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  const poll = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      drain()
        .catch(() => undefined)
        .finally(poll);
    }, POLL_MS);
    timer.unref();
  };

  return {
    enqueue,
    drain,
    /** Starts the work now rather than at the next poll (after a request queued a job). */
    kick: () => {
      if (!stopped) void drain().catch(() => undefined);
    },
    start() {
      stopped = false;
      stopping = false;
      poll();
    },
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      await draining;
    },
    find: async (conn: Db, id: string) => (await conn.select().from(jobs).where(eq(jobs.id, id)))[0] ?? null,
    /** Queues a waiting job's next phase (a confirmed preview); false when it is not waiting. */
    async continueWith(tx: Db, id: string, phase: string) {
      const rows = await tx
        .update(jobs)
        .set({
          status: 'QUEUED',
          phase,
          state: {},
          progressDone: 0,
          progressTotal: 0,
          updatedAt: clock.now(),
        })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'WAITING')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },
    async cancel(tx: Db, id: string) {
      const rows = await tx
        .update(jobs)
        .set({ status: 'CANCELLED', lockedUntil: null, updatedAt: clock.now(), finishedAt: clock.now() })
        .where(and(eq(jobs.id, id), sql`${jobs.status} in ('QUEUED', 'RUNNING', 'WAITING')`))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },
  };
};
