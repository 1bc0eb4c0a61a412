import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { jobs, systemSettings } from '../../db/schema/index.ts';
import { createTestContext, type TestContext, testDatabaseKind } from '../../../test/harness.ts';
import { createJobRunner, type JobRow, MAX_ATTEMPTS } from '../jobs.ts';

/**
 * The durable job runner: steps committed with their checkpoint, resumed after a failure or a crash
 * (an expired lease) without doing a step twice. Each test step writes one row keyed by its job and step
 * number, so a step done twice would fail on the key, and a lost step would be missing.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  // The app's own runner knows no test kinds: only this test's runners take the jobs here.
  await t.app.services.jobs.stop();
});
afterAll(() => t.close());

const STEPS = 5;
let failOnce = new Set<string>();

const counting = {
  step: async (tx: Db, job: JobRow) => {
    const next = ((job.state as { next?: number }).next ?? 0) + 1;
    await tx.insert(systemSettings).values({ key: `jobtest:${job.id}:${next}`, value: next });
    const marker = `${job.id}:${next}`;
    if (failOnce.has(marker)) {
      failOnce.delete(marker);
      throw new Error(`step ${next} failed`);
    }
    return next < STEPS
      ? { done: next, total: STEPS, state: { next } }
      : {
          done: next,
          total: STEPS,
          state: { next },
          finished: { status: 'SUCCEEDED' as const, result: { steps: next } },
        };
  },
};

/** Steps under way at once, and the most there were (the concurrent runner's test). */
let inFlight = 0;
let mostInFlight = 0;

const runner = (concurrency = 1) =>
  createJobRunner({
    db: t.db,
    clock: t.clock,
    concurrency,
    handlers: {
      counting,
      overlapping: {
        step: async (tx: Db, job: JobRow) => {
          inFlight += 1;
          mostInFlight = Math.max(mostInFlight, inFlight);
          try {
            const result = await counting.step(tx, job);
            await new Promise((resolve) => setTimeout(resolve, 20));
            return result;
          } finally {
            inFlight -= 1;
          }
        },
      },
      broken: {
        step: async () => {
          throw new Error('always broken');
        },
      },
    },
  });

const stepsOf = async (id: string) =>
  (
    await t.db
      .select()
      .from(systemSettings)
      .where(like(systemSettings.key, `jobtest:${id}:%`))
  ).length;
const jobOf = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0] as JobRow;

describe('durable jobs', () => {
  it('run every step once, with progress, and finish with their result', async () => {
    const jobsRunner = runner();
    const job = await jobsRunner.enqueue(t.db, { kind: 'counting', phase: 'COUNT' });
    expect(await jobsRunner.drain()).toBe(1);
    expect(await jobOf(job.id)).toMatchObject({
      status: 'SUCCEEDED',
      progressDone: STEPS,
      progressTotal: STEPS,
      result: { steps: STEPS },
      attempts: 1,
    });
    expect(await stepsOf(job.id)).toBe(STEPS);
  });

  it('retry a failed step from the last checkpoint, never repeating a committed one', async () => {
    const jobsRunner = runner();
    const job = await jobsRunner.enqueue(t.db, { kind: 'counting', phase: 'COUNT' });
    failOnce = new Set([`${job.id}:3`]);
    await jobsRunner.drain();
    expect(await jobOf(job.id)).toMatchObject({ status: 'SUCCEEDED', attempts: 2, error: null });
    expect(await stepsOf(job.id)).toBe(STEPS);
  });

  it('resume a job whose runner died (its lease ran out) from its checkpoint', async () => {
    const jobsRunner = runner();
    const job = await jobsRunner.enqueue(t.db, { kind: 'counting', phase: 'COUNT' });
    // A runner took it, committed two steps and died: RUNNING with its lease in the past.
    for (const n of [1, 2])
      await t.db.insert(systemSettings).values({ key: `jobtest:${job.id}:${n}`, value: n });
    await t.db
      .update(jobs)
      .set({
        status: 'RUNNING',
        attempts: 1,
        state: { next: 2 },
        lockedUntil: new Date(t.clock.now().getTime() - 1),
      })
      .where(eq(jobs.id, job.id));
    await jobsRunner.drain();
    expect(await jobOf(job.id)).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
    expect(await stepsOf(job.id)).toBe(STEPS);
  });

  it('leave a job with a live lease to the runner that holds it', async () => {
    const jobsRunner = runner();
    const job = await jobsRunner.enqueue(t.db, { kind: 'counting', phase: 'COUNT' });
    await t.db
      .update(jobs)
      .set({ status: 'RUNNING', lockedUntil: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(jobs.id, job.id));
    expect(await jobsRunner.drain()).toBe(0);
    expect(await stepsOf(job.id)).toBe(0);
    await t.db.update(jobs).set({ status: 'CANCELLED' }).where(eq(jobs.id, job.id));
  });

  // PGlite has one connection: the app runs one job at a time there (JOB_CONCURRENCY).
  it.runIf(testDatabaseKind() === 'postgres')(
    'run two jobs at once, each step in its own transaction, every step once',
    async () => {
      const jobsRunner = runner(2);
      const queued = [
        await jobsRunner.enqueue(t.db, { kind: 'overlapping', phase: 'COUNT' }),
        await jobsRunner.enqueue(t.db, { kind: 'overlapping', phase: 'COUNT' }),
        await jobsRunner.enqueue(t.db, { kind: 'overlapping', phase: 'COUNT' }),
      ];
      mostInFlight = 0;
      expect(await jobsRunner.drain()).toBe(3);
      expect(mostInFlight).toBe(2);
      for (const job of queued) {
        expect(await jobOf(job.id)).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
        expect(await stepsOf(job.id)).toBe(STEPS);
      }
    },
  );

  it(`fail a job after ${MAX_ATTEMPTS} attempts with its error, and do not run cancelled ones`, async () => {
    const jobsRunner = runner();
    const broken = await jobsRunner.enqueue(t.db, { kind: 'broken', phase: 'X' });
    await jobsRunner.drain();
    expect(await jobOf(broken.id)).toMatchObject({
      status: 'FAILED',
      attempts: MAX_ATTEMPTS,
      error: 'always broken',
    });
    const cancelled = await jobsRunner.enqueue(t.db, { kind: 'counting', phase: 'COUNT' });
    expect(await jobsRunner.cancel(t.db, cancelled.id)).toBe(true);
    expect(await jobsRunner.drain()).toBe(0);
    expect(await stepsOf(cancelled.id)).toBe(0);
    expect(await jobsRunner.cancel(t.db, cancelled.id)).toBe(false);
  });
});
