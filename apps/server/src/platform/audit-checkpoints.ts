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

/** Every checkpoint in the file, and what is wrong with any line (unsigned, unreadable, out of order). */
export const readCheckpoints = (file: string, key: Buffer) => {
  const checkpoints: CheckpointLine[] = [];
  const findings: ChainFinding[] = [];
  if (!existsSync(file)) return { checkpoints, findings };
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((text, index) => {
    if (text.trim() === '') return;
    const line = parseLine(text);
    const torn = index === lines.length - 1; // a last line without its newline: a write cut short
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
        message: `Line ${index + 1} of the checkpoint file ${problem}: the file was edited.`,
      });
    }
  });
  return { checkpoints, findings };
};

/** The newest well-signed checkpoint, read from the end of the file (it grows by a line every few minutes). */
export const lastCheckpoint = (file: string, key: Buffer): CheckpointLine | null => {
  if (!existsSync(file)) return null;
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
  for (let i = lines.length - 1; i >= (length < size ? 1 : 0); i -= 1) {
    const line = parseLine(lines[i]!);
    if (line && isSigned(key, line)) return line;
  }
  return null;
};

/** The chain checked against the key and the checkpoint file: what `npm run audit:verify` and the screen run. */
export const verifyAuditTrail = (db: Db, options: { key: Buffer; file: string }) => {
  const { checkpoints, findings } = readCheckpoints(options.file, options.key);
  return verifyAuditChain(db, { key: options.key, checkpoints, findings });
};

/** One writer per checkpoint file in this process: two schedulers on one file never write one slot twice. */
const fileQueues = new Map<string, Promise<unknown>>();
const serialized = <T>(file: string, work: () => Promise<T>): Promise<T> => {
  const run = (fileQueues.get(file) ?? Promise.resolve()).then(work, work);
  fileQueues.set(
    file,
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

/** How often the scheduler looks at the clock at most: a clock moved by hand, or a sleep, is seen soon. */
const MAX_WAIT_MS = 60_000;

export type CheckpointScheduler = ReturnType<typeof createCheckpointScheduler>;

/**
 * Writes the checkpoints on the app's clock. Durable across restarts: what is due is worked out from the
 * file's last line, so a restart within a slot writes nothing again, and a slot (or a day's end) missed
 * while the app was down is written at the next start, once, naming the days it anchors.
 */
export const createCheckpointScheduler = (deps: {
  db: Db;
  key: Buffer;
  file: string;
  clock: Clock;
  timeZone: string;
  intervalMinutes: number;
  onError?: (error: unknown) => void;
}) => {
  const { db, key, file, clock, timeZone } = deps;
  const intervalMs = deps.intervalMinutes * 60_000;
  const slotOf = (at: Date) => new Date(Math.floor(at.getTime() / intervalMs) * intervalMs);
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  /** Writes the checkpoint that is due now, if one is; answers it (or null). */
  const tick = () =>
    serialized(file, async (): Promise<CheckpointLine | null> => {
      const now = clock.now();
      const last = lastCheckpoint(file, key);
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
      appendDurably(file, `${JSON.stringify(line)}\n`);
      return line;
    });

  const schedule = () => {
    if (stopped) return;
    const now = clock.now().getTime();
    const wait = Math.min(slotOf(new Date(now)).getTime() + intervalMs - now, MAX_WAIT_MS);
    timer = setTimeout(
      () => {
        tick()
          .catch((error: unknown) => deps.onError?.(error))
          .finally(schedule);
      },
      Math.max(wait, 0),
    );
    timer.unref();
  };

  return {
    tick,
    /** The first checkpoint (or the one missed while down) now, then each when due. */
    async start() {
      stopped = false;
      await tick().catch((error: unknown) => deps.onError?.(error));
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await (fileQueues.get(file) ?? Promise.resolve());
    },
  };
};
