import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, todayIn } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCheckpointFileOf, auditKeyOf } from '../../../config.ts';
import { auditLog } from '../../../db/schema/index.ts';
import {
  auditRowHash,
  auditRowMac,
  auditWriter,
  GENESIS_HASH,
  systemAuditContext,
  type WriteAudit,
} from '../../../platform/audit.ts';
import {
  createCheckpointScheduler,
  fileCheckpointStore,
  readCheckpoints,
  verifyAuditTrail,
} from '../../../platform/audit-checkpoints.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { clearOfDayEnd } from '../../../../test/test-clock.ts';

/**
 * What an insider with the database (and later the key) can do to the trail, and what the verifier says.
 * Every test starts from a trail of its own: the previous test's forgeries are in the past of this one's
 * checkpoint file, so each test keeps its own file and checks only what it did.
 */
let t: TestContext;
let key: Buffer;
let writeAudit: WriteAudit;
beforeAll(async () => {
  t = await createTestContext();
  key = auditKeyOf(t.config);
  writeAudit = auditWriter(t.clock);
});
afterAll(() => t.close());

type Row = typeof auditLog.$inferSelect;
const rows = async (): Promise<Row[]> => t.db.select().from(auditLog).orderBy(auditLog.id);

/** Runs statements with the append-only trigger off, as the database's owner (or a superuser) could. */
const asOwner = async (work: () => Promise<unknown>) => {
  await t.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
  try {
    await work();
  } finally {
    await t.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
  }
};

/** Rewrites rows from `from` on with the hashes `hashOf` gives, each linked to the one before it. */
const rechain = async (from: number, hashOf: (row: Row) => string) => {
  const all = await rows();
  let prevHash = all.filter((r) => r.id < from).at(-1)?.hash ?? GENESIS_HASH;
  await asOwner(async () => {
    for (const row of all.filter((r) => r.id >= from)) {
      const hash = hashOf({ ...row, prevHash });
      await t.db.execute(
        sql`update audit_log set prev_hash = ${prevHash}, hash = ${hash} where id = ${row.id}`,
      );
      prevHash = hash;
    }
  });
};

const writeRows = async (count: number, label: string) => {
  for (let i = 0; i < count; i += 1) {
    await writeAudit(t.db, systemAuditContext('test'), {
      action: 'UPDATE',
      entity: 'probe',
      entityId: `${label}-${i}`,
      after: { i },
    });
  }
};

let files = 0;
/**
 * A checkpoint file (the test's own unless given) and a scheduler writing to it on the test's clock, as
 * the app's does (a restarted app is another scheduler on the same file).
 */
const checkpointsIn = (
  file = path.join(t.config.DATA_DIR, `checkpoints-${(files += 1)}.jsonl`),
  context: TestContext = t,
) => {
  const scheduler = () =>
    createCheckpointScheduler({
      db: context.db,
      key,
      store: fileCheckpointStore(file),
      clock: context.clock,
      timeZone: context.config.FIRM_TIME_ZONE,
      intervalMinutes: 15,
    });
  return {
    file,
    scheduler: scheduler(),
    restart: scheduler,
    verify: () => verifyAuditTrail(context.db, { key, store: fileCheckpointStore(file) }),
  };
};

const MINUTE = 60_000;

describe('the keyed chain', () => {
  it('rows carry their HMAC under the audit key, which is not in the database', async () => {
    await writeRows(3, 'keyed');
    const last = (await rows()).at(-1)!;
    expect(last.hash).toBe(auditRowMac(key, last));
    expect(last.hash).not.toBe(auditRowHash(last));
    const keyText = key.toString('hex');
    const dump = JSON.stringify(await t.db.execute(sql`select * from audit_log`));
    expect(dump).not.toContain(keyText);
    expect(readFileSync(path.join(t.config.DATA_DIR, 'audit.key'), 'utf8').trim()).toBe(
      key.toString('base64'),
    );
    const { verify } = checkpointsIn();
    expect(await verify()).toMatchObject({ ok: true, findings: [] });
  });

  it('the app checkpoints the head when it starts, in the data directory', async () => {
    const { checkpoints, findings } = await readCheckpoints(
      fileCheckpointStore(auditCheckpointFileOf(t.config)),
      key,
    );
    expect(findings).toEqual([]);
    expect(checkpoints[0]).toMatchObject({ reason: 'start', seq: 0, head: GENESIS_HASH, macFrom: 1 });
  });
});

describe('forgeries the verifier names', () => {
  it('a row rewritten with plain hashes recomputed, the tail deleted and a forged row appended', async () => {
    // The app's own checkpoint file, so that the screen's check below holds the chain to the same.
    const { scheduler, verify } = checkpointsIn(auditCheckpointFileOf(t.config));
    // Any day end or interval since the app's start checkpoint is written first: the one below is an interval.
    clearOfDayEnd(t.clock, t.config.FIRM_TIME_ZONE);
    await scheduler.tick();
    const admin = await t.signIn();
    await writeRows(8, 'forgery');
    t.clock.advance(15 * MINUTE);
    const checkpoint = await scheduler.tick();
    expect(checkpoint).toMatchObject({ reason: 'interval' });
    expect(await verify()).toMatchObject({ ok: true });

    const all = await rows();
    const checkpointed = checkpoint!.seq;
    expect(checkpointed).toBe(all.at(-1)!.id);
    const rewritten = all.at(-6)!.id;
    const keptTail = all.at(-3)!.id;

    // 1. Change a row and recompute the plain SHA-256 chain from it to the end (what verified before).
    await asOwner(() =>
      t.db.execute(
        sql`update audit_log set actor_email = 'someone.else@centric.local' where id = ${rewritten}`,
      ),
    );
    await rechain(rewritten, auditRowHash);
    // 2. Delete the tail.
    await asOwner(() => t.db.execute(sql`delete from audit_log where id > ${keptTail}`));
    // 3. Append a forged row, chained to the new last row with a plain hash.
    const tail = (await rows()).at(-1)!;
    const forged = {
      occurredAt: t.clock.now(),
      actorId: null,
      actorEmail: 'ceo@centric.local',
      action: 'UPDATE',
      entity: 'probe',
      entityId: 'forged',
      before: null,
      after: { approved: true },
      requestId: null,
      ip: null,
      prevHash: tail.hash,
    };
    const [inserted] = await t.db
      .insert(auditLog)
      .values({ ...forged, hash: auditRowHash(forged) })
      .returning({ id: auditLog.id });

    const result = await verify();
    expect(result.ok).toBe(false);
    expect(result.findings).toEqual([
      {
        kind: 'rewritten',
        id: rewritten,
        throughId: keptTail,
        message: expect.stringMatching(
          new RegExp(`^Row ${rewritten} was rewritten: its hash was recomputed without the key`),
        ),
      },
      {
        kind: 'missing',
        id: keptTail,
        throughId: null,
        message: expect.stringContaining(
          `Rows missing after sequence ${keptTail}: the checkpoint at ${checkpoint!.at} names row ${checkpointed}, which is gone.`,
        ),
      },
      {
        kind: 'forged',
        id: inserted!.id,
        throughId: null,
        message: `Row ${inserted!.id} is forged: its hash was recomputed without the key (a plain SHA-256 where the chain requires its MAC).`,
      },
    ]);

    // The screen's check says the same (the app's checkpoint file; checking writes no row).
    const screen = await t.json('GET', '/api/audit-logs/verify', undefined, admin.token);
    expect(screen.status).toBe(200);
    expect(screen.body.result).toMatchObject({ ok: false, firstBadId: rewritten });
    expect(screen.body.message).toContain(`Row ${rewritten} was rewritten`);
    expect(screen.body.message).toContain(`Row ${inserted!.id} is forged`);
  });

  it('with the key stolen afterwards: rows rewritten before the last checkpoint, MACs and all', async () => {
    const { scheduler, verify } = checkpointsIn();
    // This test's trail starts after the previous test's forgeries: its checkpoints anchor from here.
    const from = (await rows()).at(-1)!.id;
    await writeRows(6, 'stolen');
    t.clock.advance(15 * MINUTE);
    const checkpoint = (await scheduler.tick())!;
    const all = (await rows()).filter((r) => r.id > from);
    const victim = all[2]!.id;
    await asOwner(() =>
      t.db.execute(sql`update audit_log set after = '{"i": 99}'::jsonb where id = ${victim}`),
    );
    await rechain(victim, (row) => auditRowMac(key, row));

    const findings = (await verify()).findings.filter((f) => f.id > from);
    expect(findings).toEqual([
      {
        kind: 'rewritten',
        id: checkpoint.seq,
        throughId: null,
        message: expect.stringContaining(
          `up to ${checkpoint.seq} were rewritten: row ${checkpoint.seq} no longer has the MAC checkpointed at ${checkpoint.at}.`,
        ),
      },
    ]);
  });

  it('an edited checkpoint file is named', async () => {
    const { file, scheduler, verify } = checkpointsIn();
    await scheduler.tick();
    const [line] = readFileSync(file, 'utf8').trim().split('\n');
    const edited = { ...JSON.parse(line!), seq: 1 };
    appendFileSync(file, `${JSON.stringify(edited)}\n`);
    const { findings } = await verify();
    expect(findings).toContainEqual({
      kind: 'checkpoint',
      id: 1,
      throughId: null,
      message:
        "Line 2 of the checkpoint file is not signed with this installation's audit key: the checkpoints were edited.",
    });
  });
});

describe('checkpoints on a schedule that survives restarts', () => {
  it('one per interval and one at the end of each firm day, none twice, none lost while down', async () => {
    const { file, scheduler, restart } = checkpointsIn();
    const start = await scheduler.tick();
    expect(start).toMatchObject({ reason: 'start', daysEnded: [] });
    expect(await scheduler.tick()).toBeNull();

    // A restart within the same interval writes nothing again.
    const restarted = restart();
    expect(await restarted.tick()).toBeNull();

    t.clock.advance(15 * MINUTE);
    const [a, b] = await Promise.all([scheduler.tick(), restarted.tick()]);
    expect([a, b].filter(Boolean)).toHaveLength(1);

    // Down for two days: at the next start, one checkpoint names the days whose end it anchors.
    const zone = t.config.FIRM_TIME_ZONE;
    const lastDay = todayIn(zone, t.clock.now());
    t.clock.advance(2 * 24 * 60 * MINUTE + 5 * MINUTE);
    const caughtUp = await restarted.tick();
    expect(caughtUp).toMatchObject({ reason: 'day-end' });
    const daysEnded = [lastDay];
    while (addDays(daysEnded.at(-1)!, 1) < todayIn(zone, t.clock.now())) {
      daysEnded.push(addDays(daysEnded.at(-1)!, 1));
    }
    expect(daysEnded.length).toBeGreaterThanOrEqual(2);
    expect(caughtUp!.daysEnded).toEqual(daysEnded);
    expect(await scheduler.tick()).toBeNull();

    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(3);
    expect((await readCheckpoints(fileCheckpointStore(file), key)).findings).toEqual([]);
  });

  it('start() writes the first checkpoint at once; stop() leaves no timer behind', async () => {
    const { file, scheduler } = checkpointsIn();
    await scheduler.start();
    await scheduler.stop();
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1);
  });
});

describe('upgrading a trail written before the chain was keyed', () => {
  /** A fresh database (no row yet) on the same audit key: the previous version's plain rows come first. */
  let u: TestContext;
  beforeAll(async () => {
    u = await createTestContext({ AUDIT_KEY: key.toString('hex') });
  });
  afterAll(() => u.close());

  it('keeps the plain rows before the first checkpoint, and requires the MAC from there on', async () => {
    const { scheduler, verify } = checkpointsIn(path.join(u.config.DATA_DIR, 'upgrade.jsonl'), u);
    let prevHash = GENESIS_HASH;
    for (const entityId of ['old-1', 'old-2']) {
      const row = {
        occurredAt: u.clock.now(),
        actorId: null,
        actorEmail: 'legacy@centric.local',
        action: 'UPDATE',
        entity: 'probe',
        entityId,
        before: null,
        after: null,
        requestId: null,
        ip: null,
        prevHash,
      };
      prevHash = auditRowHash(row);
      await u.db.insert(auditLog).values({ ...row, hash: prevHash });
    }
    const lastPlain = (await u.db.select().from(auditLog).orderBy(auditLog.id)).at(-1)!;
    const first = (await scheduler.tick())!;
    expect(first).toMatchObject({ reason: 'start', seq: lastPlain.id, macFrom: lastPlain.id + 1 });
    await auditWriter(u.clock)(u.db, systemAuditContext('test'), { action: 'UPDATE', entity: 'probe' });
    expect(await verify()).toMatchObject({ ok: true, checked: 3, findings: [] });

    // The keyed row recomputed as plain (to pass for the old chain) is named.
    const keyedRow = (await u.db.select().from(auditLog).orderBy(auditLog.id)).at(-1)!;
    await u.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
    await u.db.execute(sql`update audit_log set hash = ${auditRowHash(keyedRow)} where id = ${keyedRow.id}`);
    await u.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
    expect((await verify()).findings).toEqual([expect.objectContaining({ kind: 'forged', id: keyedRow.id })]);
  });
});
