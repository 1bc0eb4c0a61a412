import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { hashToken, newToken } from './tokens.ts';

export type SessionKind = (typeof sessions.$inferSelect)['kind'];
export type SessionMethod = (typeof sessions.$inferSelect)['method'];

/** A token from the password step lives 10 minutes and is good only for the MFA calls. */
export const PRE_MFA_LIFETIME_MS = 10 * 60 * 1000;
/** A session is never kept longer than 30 days, however active. */
export const SESSION_MAX_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** last_used_at is written at most once a minute per session. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** A new session starting at `now` (the app's clock); returns its token. */
export const createSession = async (
  db: Db,
  params: {
    userId: string;
    kind: SessionKind;
    method: SessionMethod;
    now: Date;
    ip?: string;
    userAgent?: string;
  },
) => {
  const token = newToken();
  const lifetime = params.kind === 'PRE_MFA' ? PRE_MFA_LIFETIME_MS : SESSION_MAX_LIFETIME_MS;
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: params.userId,
    kind: params.kind,
    method: params.method,
    lastUsedAt: params.now,
    expiresAt: new Date(params.now.getTime() + lifetime),
    ip: params.ip?.slice(0, 64) ?? null,
    userAgent: params.userAgent?.slice(0, 300) ?? null,
  });
  return token;
};

export type AuthenticatedSession = {
  sessionId: string;
  kind: SessionKind;
  method: SessionMethod;
  user: { id: string; email: string; fullName: string; roleId: number };
};

/**
 * The live session of a token at the instant `at`, or null (unknown, revoked, idle too long, expired,
 * user inactive).
 */
export const findLiveSession = async (
  db: Db,
  token: string,
  idleTimeoutMs: number,
  at: Date,
): Promise<AuthenticatedSession | null> => {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      kind: sessions.kind,
      method: sessions.method,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      roleId: users.roleId,
      status: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  const now = at.getTime();
  if (!row || row.revokedAt || row.status !== 'ACTIVE') return null;
  if (row.expiresAt.getTime() <= now || row.lastUsedAt.getTime() + idleTimeoutMs <= now) return null;
  if (now - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    kind: row.kind,
    method: row.method,
    user: { id: row.userId, email: row.email, fullName: row.fullName, roleId: row.roleId },
  };
};

export const revokeSession = (db: Db, sessionId: string) =>
  db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));

/** Revokes every session of a user, but the one named in `except` (the caller's own, after a password change). */
export const revokeUserSessions = (db: Db, userId: string, except?: string) =>
  db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        except ? ne(sessions.id, except) : undefined,
      ),
    );
