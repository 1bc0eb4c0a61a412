import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { addDays, todayIn } from '@centric/contracts';
import type { Db } from '../db/client.ts';
import {
  auditChainHead,
  canonicalJson,
  keyedChainStart,
  verifyAuditChain,
  type ChainCheckpoint,
  type ChainFinding,
} from './audit.ts';
import { createClockTimer } from './clock-timer.ts';
import type { Clock } from './clock.ts';

/**
 * Checkpoints of the audit chain's head, kept outside the database: one JSON line each, appended and
 * fsync'd, signed with a key derived from the audit key. A checkpoint is written when the app first starts
 * with the keyed chain, every AUDIT_CHECKPOINT_MINUTES (on the clock's multiples of it) and at each end of
 * the firm's day. The verifier holds the chain to them, so removing the tail or rewriting rows (even with
 * the key, stolen later) is caught back to the last checkpoint.
 */
export type CheckpointLine = ChainCheckpoint & {
  v: 1;
  /** The schedule's slot this line fills (its interval's start; the first line: the moment it was written). */
  slot: string;
  reason: 'start' | 'interval' | 'day-end';
  /** The firm's days (yyyy-MM-dd) whose end this line anchors; more than one after the app was down. */
  daysEnded: string[];
  sig: string;
};

type UnsignedLine = Omit<CheckpointLine, 'sig'>;

/** The signing key: derived from the audit key, so a row's MAC can never pass for a checkpoint's signature. */
const signingKey = (key: Buffer) => createHmac('sha256', key).update('centric audit checkpoint v1').digest();

const signatureOf = (key: Buffer, line: UnsignedLine) =>
  createHmac('sha256', signingKey(key)).update(canonicalJson(line)).digest('hex');

const isSigned = (key: Buffer, line: CheckpointLine) => {
  const { sig, ...rest } = line;
  const expected = Buffer.from(signatureOf(key, rest), 'hex');
  const given = Buffer.from(typeof sig === 'string' ? sig : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

const parseLine = (text: string): CheckpointLine | null => {
  try {
    const value = JSON.parse(text) as CheckpointLine;
    return value && value.v === 1 && Number.isSafeInteger(value.seq) && typeof value.head === 'string'
      ? value
      : null;
  } catch {
    return null;
  }
};

/** Appends one line and makes it durable (the file's data, and the folder's entry when the file is new). */
const appendDurably = (file: string, text: string) => {
  const created = !existsSync(file);
  mkdirSync(path.dirname(file), { recursive: true });
  const fd = openSync(file, 'a', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  if (created) {
    const dir = openSync(path.dirname(file), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  }
};

/** One stored checkpoint as text, with how a finding names it. */
export type StoredCheckpoint = {
  /** "Line 3 of the checkpoint file", "The checkpoint object audit/2026-11-24T17:15:00.000Z.json". */
  label: string;
  text: string;
  /** A write cut short (the file's last line without its newline): not a finding. */
  torn: boolean;
};

/**
 * Where the checkpoints are kept, outside the database: a file in the data directory by default, an
 * S3-compatible object store when configured (`audit-checkpoint-object-store.ts`).
 */
export type CheckpointStore = {
  /** The file's path or the store's s3://bucket/prefix, for messages and the screen. */
  where: string;
  /** Keeps one checkpoint durably; answers once it is stored. */
  append: (line: CheckpointLine) => Promise<void>;
  /** Every stored checkpoint, oldest first. */
  all: () => Promise<StoredCheckpoint[]>;
  /** The newest few stored checkpoints, newest first: enough to find the last well-signed one. */
  newest: () => Promise<string[]>;
};

/** The checkpoint file: one JSON line each, appended and fsync'd. */
export const fileCheckpointStore = (file: string): CheckpointStore => ({
  where: file,
  append: async (line) => appendDurably(file, `${JSON.stringify(line)}\n`),
  all: async () => {
    if (!existsSync(file)) return [];
    const lines = readFileSync(file, 'utf8').split('\n');
    return lines.map((text, index) => ({
      label: `Line ${index + 1} of the checkpoint file`,
      text,
      torn: index === lines.length - 1,
    }));
  },
  // The file grows by a line every few minutes: its last 64 KiB hold the newest lines.
  newest: async () => {
    if (!existsSync(file)) return [];
    const size = statSync(file).size;
    const length = Math.min(size, 64 * 1024);
    const buffer = Buffer.alloc(length);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, buffer, 0, length, size - length);
    } finally {
      closeSync(fd);
    }
    const lines = buffer.toString('utf8').split('\n');
    return (length < size ? lines.slice(1) : lines).reverse();
  },
});

/** The signed line a checkpoint's text holds, or null. */
export const signedCheckpoint = (text: string, key: Buffer) => {
  const line = parseLine(text);
  return line && isSigned(key, line) ? line : null;
};

/** Every checkpoint in the store, and what is wrong with any of them (unsigned, unreadable, out of order). */
export const readCheckpoints = async (store: CheckpointStore, key: Buffer) => {
  const checkpoints: CheckpointLine[] = [];
  const findings: ChainFinding[] = [];
  for (const { label, text, torn } of await store.all()) {
    if (text.trim() === '') continue;
    const line = parseLine(text);
    const previous = checkpoints[checkpoints.length - 1];
    let problem: string | null = null;
    if (!line) problem = torn ? null : 'is not a checkpoint';
    else if (!isSigned(key, line)) problem = "is not signed with this installation's audit key";
    else if (previous && line.seq < previous.seq) problem = `goes back from sequence ${previous.seq}`;
    if (line && !problem) checkpoints.push(line);
    else if (problem) {
      findings.push({
        kind: 'checkpoint',
        id: line?.seq ?? 0,
        throughId: null,
        message: `${label} ${problem}: the checkpoints were edited.`,
      });
    }
  }
  return { checkpoints, findings };
};

/** The newest well-signed checkpoint in the store. */
export const lastCheckpoint = async (store: CheckpointStore, key: Buffer): Promise<CheckpointLine | null> => {
  for (const text of await store.newest()) {
    const line = signedCheckpoint(text, key);
    if (line) return line;
  }
  return null;
};

/** The chain checked against the key and the checkpoints: what `npm run audit:verify` and the screen run. */
export const verifyAuditTrail = async (db: Db, options: { key: Buffer; store: CheckpointStore }) => {
  const { checkpoints, findings } = await readCheckpoints(options.store, options.key);
  return verifyAuditChain(db, { key: options.key, checkpoints, findings });
};

/** One writer per checkpoint store in this process: two schedulers on one store never write one slot twice. */
const storeQueues = new Map<string, Promise<unknown>>();
const serialized = <T>(where: string, work: () => Promise<T>): Promise<T> => {
  const run = (storeQueues.get(where) ?? Promise.resolve()).then(work, work);
  storeQueues.set(
    where,
    run.catch(() => undefined),
  );
  return run;
};

/** The firm's days from `from` up to the day before `to` (yyyy-MM-dd): the days that ended in between. */
const daysEndedBetween = (from: string, to: string) => {
  const days: string[] = [];
  for (let day = from; day < to; day = addDays(day, 1)) days.push(day);
  return days;
};

export type CheckpointScheduler = ReturnType<typeof createCheckpointScheduler>;

/**
 * Writes the checkpoints on the app's clock. Durable across restarts: what is due is worked out from the
 * file's last line, so a restart within a slot writes nothing again, and a slot (or a day's end) missed
 * while the app was down is written at the next start, once, naming the days it anchors.
 */
export const createCheckpointScheduler = (deps: {
  db: Db;
  key: Buffer;
  store: CheckpointStore;
  clock: Clock;
  timeZone: string;
  intervalMinutes: number;
  onError?: (error: unknown) => void;
}) => {
  const { db, key, store, clock, timeZone } = deps;
  const intervalMs = deps.intervalMinutes * 60_000;
  const slotOf = (at: Date) => new Date(Math.floor(at.getTime() / intervalMs) * intervalMs);

  /** Writes the checkpoint that is due now, if one is; answers it (or null). */
  const tick = () =>
    serialized(store.where, async (): Promise<CheckpointLine | null> => {
      const now = clock.now();
      const last = await lastCheckpoint(store, key);
      let reason: CheckpointLine['reason'] = 'start';
      let daysEnded: string[] = [];
      if (last) {
        daysEnded = daysEndedBetween(todayIn(timeZone, new Date(last.at)), todayIn(timeZone, now));
        const intervalDue = slotOf(now).getTime() > Date.parse(last.slot);
        if (!intervalDue && daysEnded.length === 0) return null;
        reason = daysEnded.length > 0 ? 'day-end' : 'interval';
      }
      const head = await auditChainHead(db);
      const unsigned: UnsignedLine = {
        v: 1,
        seq: head.seq,
        head: head.hash,
        at: now.toISOString(),
        slot: (last ? slotOf(now) : now).toISOString(),
        reason,
        daysEnded,
        macFrom: last?.macFrom ?? (await keyedChainStart(db, key)),
      };
      const line: CheckpointLine = { ...unsigned, sig: signatureOf(key, unsigned) };
      await store.append(line);
      return line;
    });

  const timer = createClockTimer({ clock, intervalMs, tick, onError: deps.onError });

  return {
    tick,
    /** The first checkpoint (or the one missed while down) now, then each when due. */
    async start() {
      await tick().catch((error: unknown) => deps.onError?.(error));
      timer.start();
    },
    async stop() {
      timer.stop();
      await (storeQueues.get(store.where) ?? Promise.resolve());
    },
  };
};
