import { createHash, createHmac } from 'node:crypto';
import { asc, desc, gt, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditKeyOf, loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { Clock } from './clock.ts';

/** Who did it and from where: taken from the request, or given by a job or the command line. */
export type AuditContext = {
  actorId: string | null;
  actorEmail: string | null;
  requestId: string | null;
  ip: string | null;
};

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

export const GENESIS_HASH = '0'.repeat(64);
/** One chain, one writer at a time: the advisory lock is held until the writing transaction ends. */
const AUDIT_CHAIN_LOCK = 7_200_204;

export const auditContextOf = (request: FastifyRequest): AuditContext => ({
  actorId: request.session?.user.id ?? null,
  actorEmail: request.session?.user.email ?? null,
  requestId: request.id,
  ip: request.ip,
});

export const systemAuditContext = (label: string): AuditContext => ({
  actorId: null,
  actorEmail: label,
  requestId: null,
  ip: null,
});

const SECRET_KEYS =
  /^(password|passwordHash|newPassword|oldPassword|mfaSecret|secret|token|accessToken|tokenHash|codeVerifier|clientSecret)$/i;
const IDENTITY_KEYS = /^(identityNumber|ssn|tin|ein|driverLicenseNum|accountNumber|routingNumber)$/i;

const mask = (value: unknown) => {
  const text = String(value ?? '');
  return text.length <= 4 ? '****' : `${'*'.repeat(Math.min(text.length - 4, 8))}${text.slice(-4)}`;
};

/**
 * What may enter the trail: JSON values only (dates as ISO strings), secrets left out, identity numbers
 * masked to their last four characters.
 */
export const sanitizeForAudit = (value: unknown): unknown => {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(sanitizeForAudit);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || SECRET_KEYS.test(key)) continue;
    out[key] = IDENTITY_KEYS.test(key) && v !== null ? mask(v) : sanitizeForAudit(v);
  }
  return out;
};

/** Only the fields that changed, before and after (for UPDATE rows). */
export const changedFields = (before: Record<string, unknown>, after: Record<string, unknown>) => {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'updatedAt') continue;
    const x = JSON.stringify(sanitizeForAudit(before[key]) ?? null);
    const y = JSON.stringify(sanitizeForAudit(after[key]) ?? null);
    if (x !== y) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a, changed: Object.keys(a).length > 0 };
};

/** JSON with object keys sorted at every depth: the same value always gives the same text. */
export const canonicalJson = (value: unknown): string => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
};

type HashedFields = {
  occurredAt: Date;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
  ip: string | null;
  prevHash: string;
};

/** What a row's hash or MAC covers: its fields and the previous row's hash, as canonical JSON. */
const chainedText = (row: HashedFields) =>
  canonicalJson({
    occurredAt: row.occurredAt.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    requestId: row.requestId,
    ip: row.ip,
    prevHash: row.prevHash,
  });

/** The plain SHA-256 of the rows written before the chain was keyed (anyone can recompute it). */
export const auditRowHash = (row: HashedFields) =>
  createHash('sha256').update(chainedText(row)).digest('hex');

/** HMAC-SHA-256 under the installation's audit key: what every row carries since the chain was keyed. */
export const auditRowMac = (key: Buffer, row: HashedFields) =>
  createHmac('sha256', key).update(chainedText(row)).digest('hex');

let installationKey: Buffer | null = null;

/**
 * The audit key this process chains with (AUDIT_KEY or DATA_DIR/audit.key, never the database): the audit
 * module sets it when the app is built, from the app's configuration. A command-line tool that writes a row
 * without building the app (npm run create-admin) gets the key of the configuration in its environment.
 */
export const useAuditKey = (key: Buffer) => {
  installationKey = key;
};

const currentAuditKey = () => {
  installationKey ??= auditKeyOf(loadConfig());
  return installationKey;
};

/**
 * Appends one row to the trail, chained to the previous one. Call it with the transaction that makes the
 * change, so that the change and its record commit together or not at all.
 */
export type WriteAudit = (db: Db, context: AuditContext, entry: AuditEntry) => Promise<void>;

/**
 * The trail's writer on the app's clock: a row's time is the clock's when its turn in the chain comes
 * (after the chain lock), so times follow the chain's order. Services make theirs from the clock they get.
 */
export const auditWriter =
  (clock: Clock): WriteAudit =>
  (db, context, entry) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
      const [last] = await tx
        .select({ hash: auditLog.hash })
        .from(auditLog)
        .orderBy(desc(auditLog.id))
        .limit(1);
      const row: HashedFields = {
        occurredAt: clock.now(),
        actorId: context.actorId,
        actorEmail: context.actorEmail,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
        before: (sanitizeForAudit(entry.before) as object | undefined) ?? null,
        after: (sanitizeForAudit(entry.after) as object | undefined) ?? null,
        requestId: context.requestId,
        ip: context.ip,
        prevHash: last?.hash ?? GENESIS_HASH,
      };
      await tx.insert(auditLog).values({ ...row, hash: auditRowMac(currentAuditKey(), row) });
    });

/** The newest row of the chain (sequence 0 and the genesis hash while the trail is empty). */
export const auditChainHead = async (db: Db) => {
  const [last] = await db
    .select({ id: auditLog.id, hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  return { seq: last?.id ?? 0, hash: last?.hash ?? GENESIS_HASH };
};

/**
 * The first sequence of the keyed chain: every row from it on must carry its MAC. Walks back from the head
 * to the newest row that does not (a row of the plain chain from before the upgrade), so an installation
 * that upgrades keys from its next row, and one that has always been keyed from its first.
 */
export const keyedChainStart = async (db: Db, key: Buffer, batchSize = 1000): Promise<number> => {
  let before = Number.MAX_SAFE_INTEGER;
  let oldestKeyed: number | null = null;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(lt(auditLog.id, before))
      .orderBy(desc(auditLog.id))
      .limit(batchSize);
    for (const row of rows) {
      if (auditRowMac(key, row) !== row.hash) return oldestKeyed ?? row.id + 1;
      oldestKeyed = row.id;
    }
    if (rows.length < batchSize) return oldestKeyed ?? 1;
    before = rows[rows.length - 1]!.id;
  }
};

/** A signed record, kept outside the database, of the chain's head at a moment (platform/audit-checkpoints.ts). */
export type ChainCheckpoint = {
  /** The newest row's sequence number (its id) then; 0 for an empty trail. */
  seq: number;
  /** That row's MAC. */
  head: string;
  at: string;
  /** The first sequence of the keyed chain (rows before it carry the plain hash of before the upgrade). */
  macFrom: number;
};

export type ChainFindingKind = 'rewritten' | 'missing' | 'forged' | 'checkpoint';
/** One thing the check found: its kind, the row it names (and the last row of a run of the same kind). */
export type ChainFinding = { kind: ChainFindingKind; id: number; throughId: number | null; message: string };

export type ChainVerification =
  | { ok: true; checked: number; findings: []; checkpoints: number; lastCheckpoint: ChainCheckpoint | null }
  | {
      ok: false;
      checked: number;
      findings: ChainFinding[];
      checkpoints: number;
      lastCheckpoint: ChainCheckpoint | null;
      firstBadId: number;
      reason: string;
    };

type Row = typeof auditLog.$inferSelect;

/** At most this many findings are listed (a rewrite usually fails a run of rows, which counts as one). */
const MAX_FINDINGS = 50;

/**
 * Walks the whole chain in order, with the installation's key and the checkpoints kept outside the database,
 * and names what it finds:
 * - a row rewritten: its content no longer matches its MAC, or its hash was recomputed without the key
 *   (a plain SHA-256 where the keyed chain requires the MAC), or, with the key stolen, a checkpointed row
 *   whose MAC is not the one the checkpoint holds;
 * - rows missing: a row not chained to the row before it, or a checkpoint naming a row that is gone
 *   (the tail was removed);
 * - a forged row: one after the last checkpoint whose hash is not its MAC.
 * Rows after the last checkpoint are only as safe as the key: a thief of the key can rewrite those.
 */
export const verifyAuditChain = async (
  db: Db,
  options: { key: Buffer; checkpoints?: readonly ChainCheckpoint[]; findings?: readonly ChainFinding[] },
  batchSize = 1000,
): Promise<ChainVerification> => {
  const { key } = options;
  const checkpoints = [...(options.checkpoints ?? [])].sort((a, b) => a.seq - b.seq);
  const lastCheckpoint = checkpoints.length > 0 ? checkpoints[checkpoints.length - 1]! : null;
  const lastAnchored = lastCheckpoint?.seq ?? 0;
  const macFrom = checkpoints.length > 0 ? Math.min(...checkpoints.map((c) => c.macFrom)) : null;
  const findings: ChainFinding[] = [...(options.findings ?? [])];
  let omitted = 0;
  /** Adds a finding, or extends the previous one when it is of the same kind and reaches this row. */
  const note = (kind: ChainFindingKind, id: number, message: string, extendFrom: number | null) => {
    const last = findings[findings.length - 1];
    if (last && last.kind === kind && extendFrom !== null && (last.throughId ?? last.id) >= extendFrom) {
      if (id > (last.throughId ?? last.id)) last.throughId = id;
      return;
    }
    if (findings.length >= MAX_FINDINGS) omitted += 1;
    else findings.push({ kind, id, throughId: null, message });
  };

  let next = 0;
  let prevHash = GENESIS_HASH;
  let prevId = 0;
  let keyed = false;
  let lastGoodCheckpoint = 0;
  let checked = 0;
  /** The checkpoints up to `seq`, against the row at `seq` (null when the walk has passed it: gone). */
  const settleCheckpoints = (upTo: number, row: { id: number; hash: string } | null) => {
    for (; next < checkpoints.length && checkpoints[next]!.seq <= upTo; next += 1) {
      const cp = checkpoints[next]!;
      if (cp.seq === 0) continue;
      if (row && row.id === cp.seq) {
        if (row.hash === cp.head) lastGoodCheckpoint = cp.seq;
        else {
          note(
            'rewritten',
            cp.seq,
            `Rows after sequence ${lastGoodCheckpoint} up to ${cp.seq} were rewritten: row ${cp.seq} no longer has the MAC checkpointed at ${cp.at}.`,
            cp.seq,
          );
        }
      } else {
        note(
          'missing',
          prevId,
          `Rows missing after sequence ${prevId}: the checkpoint at ${cp.at} names row ${cp.seq}, which is gone.`,
          prevId,
        );
      }
    }
  };

  /**
   * A row that fails its MAC waits for the next one: when a later row's valid MAC chains over it, or a
   * checkpoint covers it, it existed then and was rewritten since; otherwise it may have been forged.
   */
  let pending: { row: Row; why: string; prevId: number } | null = null;
  const settlePending = (next: { row: Row; keyed: boolean } | null) => {
    if (!pending) return;
    const { row, why } = pending;
    const chainedOver = next !== null && next.keyed && next.row.prevHash === row.hash;
    if (chainedOver || row.id <= lastAnchored) {
      note('rewritten', row.id, `Row ${row.id} was rewritten: ${why}.`, pending.prevId);
    } else {
      note('forged', row.id, `Row ${row.id} is forged: ${why}.`, pending.prevId);
    }
    settleCheckpoints(row.id, row);
    pending = null;
  };

  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, prevId))
      .orderBy(asc(auditLog.id))
      .limit(batchSize);
    if (rows.length === 0) break;
    for (const row of rows) {
      const hasMac = auditRowMac(key, row) === row.hash;
      settlePending({ row, keyed: hasMac });
      settleCheckpoints(row.id - 1, null);
      if (row.prevHash !== prevHash) {
        note(
          'missing',
          row.id,
          `Rows missing between sequence ${prevId} and ${row.id}: row ${row.id} is not chained to the row before it (rows were removed, inserted or rewritten).`,
          null,
        );
      }
      if (hasMac) keyed = true;
      const plain = !hasMac && auditRowHash(row) === row.hash;
      const legacy = plain && !keyed && (macFrom === null || row.id < macFrom);
      if (hasMac || legacy) settleCheckpoints(row.id, row);
      else {
        const why = plain
          ? 'its hash was recomputed without the key (a plain SHA-256 where the chain requires its MAC)'
          : 'its content does not match its MAC';
        pending = { row, why, prevId };
      }
      prevHash = row.hash;
      prevId = row.id;
      checked += 1;
    }
  }
  settlePending(null);
  settleCheckpoints(Number.MAX_SAFE_INTEGER, null);

  for (const finding of findings) {
    if (finding.throughId !== null && finding.throughId !== finding.id) {
      finding.message += ` The rows after it up to ${finding.throughId} fail the same way.`;
    }
  }
  const summary = { checked, checkpoints: checkpoints.length, lastCheckpoint };
  const [first] = findings;
  if (!first) return { ok: true, findings: [], ...summary };
  if (omitted > 0) {
    findings.push({ kind: first.kind, id: prevId, throughId: null, message: `${omitted} more findings.` });
  }
  return { ok: false, findings, ...summary, firstBadId: first.id, reason: first.message };
};
