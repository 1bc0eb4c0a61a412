import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ssoIdentities, ssoLoginStates } from '../../db/schema/index.ts';

/** How long a sign-in may take between the redirect to the provider and the callback. */
export const SSO_STATE_LIFETIME_MINUTES = 10;

const stateCutoff = sql`now() - make_interval(mins => ${SSO_STATE_LIFETIME_MINUTES})`;

export const insertLoginState = (db: Db, values: { state: string; nonce: string; codeVerifier: string }) =>
  db.insert(ssoLoginStates).values(values);

/** Forgets the states of sign-ins that were never completed. */
export const deleteExpiredLoginStates = (db: Db) =>
  db.delete(ssoLoginStates).where(lt(ssoLoginStates.createdAt, stateCutoff));

/**
 * Takes a state out of the table (once: a second callback with the same state finds nothing); null when
 * unknown or older than the lifetime (judged by the database clock).
 */
export const consumeLoginState = async (db: Db, state: string) => {
  const [row] = await db
    .delete(ssoLoginStates)
    .where(eq(ssoLoginStates.state, state))
    .returning({
      nonce: ssoLoginStates.nonce,
      codeVerifier: ssoLoginStates.codeVerifier,
      live: sql<boolean>`${ssoLoginStates.createdAt} > ${stateCutoff}`,
    });
  return row && row.live === true ? { nonce: row.nonce, codeVerifier: row.codeVerifier } : null;
};

export const findSsoIdentity = async (db: Db, issuer: string, subject: string) => {
  const [row] = await db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)))
    .limit(1);
  return row ?? null;
};

/** Whether the user already has an identity at this issuer (under another subject). */
export const userHasSsoIdentity = async (db: Db, issuer: string, userId: string) => {
  const [row] = await db
    .select({ subject: ssoIdentities.subject })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.userId, userId)))
    .limit(1);
  return row !== undefined;
};

/** Links a subject to a user; if two first sign-ins race, the first link wins. Returns the linked user. */
export const linkSsoIdentity = async (
  db: Db,
  values: { issuer: string; subject: string; userId: string },
) => {
  await db.insert(ssoIdentities).values(values).onConflictDoNothing();
  return findSsoIdentity(db, values.issuer, values.subject);
};
