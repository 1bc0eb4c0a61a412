import { createHash } from 'node:crypto';
import { asc, desc, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
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

export const auditRowHash = (row: HashedFields) =>
  createHash('sha256')
    .update(
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
      }),
    )
    .digest('hex');

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
      await tx.insert(auditLog).values({ ...row, hash: auditRowHash(row) });
    });

export type ChainVerification =
  { ok: true; checked: number } | { ok: false; checked: number; firstBadId: number; reason: string };

/** Walks the whole chain in order and names the first row whose content or link does not hold. */
export const verifyAuditChain = async (db: Db, batchSize = 1000): Promise<ChainVerification> => {
  let prevHash = GENESIS_HASH;
  let lastId = 0;
  let checked = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, lastId))
      .orderBy(asc(auditLog.id))
      .limit(batchSize);
    if (rows.length === 0) return { ok: true, checked };
    for (const row of rows) {
      if (row.prevHash !== prevHash) {
        return {
          ok: false,
          checked,
          firstBadId: row.id,
          reason: 'its link to the previous row is broken (a row was removed or inserted)',
        };
      }
      if (auditRowHash(row) !== row.hash) {
        return {
          ok: false,
          checked,
          firstBadId: row.id,
          reason: 'its content does not match its hash (the row was altered)',
        };
      }
      prevHash = row.hash;
      lastId = row.id;
      checked += 1;
    }
  }
};
