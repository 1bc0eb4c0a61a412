import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordHistory, users, userTokens } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type UserTokenPurpose = (typeof userTokens.$inferSelect)['purpose'];

export const findUserByEmail = async (db: Db, email: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
};

export const findUserById = async (db: Db, id: string) => {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
};

export const updateUser = (
  db: Db,
  id: string,
  values: Omit<Partial<typeof users.$inferInsert>, 'updatedAt'>,
  updatedAt: Date,
) =>
  db
    .update(users)
    .set({ ...values, updatedAt })
    .where(eq(users.id, id));

/** The hashes of the user's last `count` passwords, newest first (the current one included). */
export const recentPasswordHashes = async (db: Db, userId: string, count: number) => {
  const rows = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt))
    .limit(count);
  return rows.map((r) => r.hash);
};

export const addPasswordHistory = (db: Db, userId: string, passwordHash: string) =>
  db.insert(passwordHistory).values({ userId, passwordHash });

export const insertUserToken = (
  db: Db,
  values: { userId: string; purpose: UserTokenPurpose; tokenHash: string; expiresAt: Date },
) => db.insert(userTokens).values(values);

/** Marks every unused token of this purpose as used (at `at`), so that only the newest link works. */
export const retireUserTokens = (db: Db, userId: string, purpose: UserTokenPurpose, at: Date) =>
  db
    .update(userTokens)
    .set({ usedAt: at })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));

/**
 * Consumes a token live at `at` atomically: a token can be used once, even by two requests at the same
 * instant.
 */
export const consumeUserToken = async (db: Db, tokenHash: string, purpose: UserTokenPurpose, at: Date) => {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, at),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row ?? null;
};

/**
 * An unused token of this purpose: `live` (not expired yet) or, to tell an expired invitation from a wrong
 * link, `expired`.
 */
export const findUnusedUserToken = async (
  db: Db,
  tokenHash: string,
  purpose: UserTokenPurpose,
  state: 'live' | 'expired',
  now: Date,
) => {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        state === 'live' ? gt(userTokens.expiresAt, now) : lte(userTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
};
