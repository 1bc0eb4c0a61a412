import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  households,
  memberAddresses,
  memberEmails,
  memberPhones,
  members,
  users,
} from '../../db/schema/index.ts';

/** Every draft household with its primary member's progress and who started it, newest first. */
export const listDrafts = (db: Db) =>
  db
    .select({
      clientId: households.id,
      name: households.name,
      memberId: members.id,
      completedSteps: members.completedSteps,
      createdAt: households.createdAt,
      createdBy: users.fullName,
    })
    .from(households)
    .leftJoin(members, and(eq(members.householdId, households.id), eq(members.subType, 'PRIMARY')))
    .leftJoin(users, eq(users.id, households.createdBy))
    .where(eq(households.draft, true))
    .orderBy(desc(households.createdAt), desc(households.id));

/** The profile images of a household's members (their files go when the household does). */
export const memberImagePaths = async (db: Db, householdId: string) =>
  (
    await db
      .select({ path: members.profileImagePath })
      .from(members)
      .where(eq(members.householdId, householdId))
  ).flatMap((r) => (r.path ? [r.path] : []));

/** Deletes a household; its members, contacts, dates and links go with it (foreign keys cascade). */
export const deleteHousehold = (db: Db, id: string) => db.delete(households).where(eq(households.id, id));

/** A draft becomes a household like any other: listed, searched, exported. */
export const publishHousehold = (db: Db, id: string) =>
  db
    .update(households)
    .set({ draft: false })
    .where(and(eq(households.id, id), eq(households.draft, true)));

/**
 * Whether a member has what the wizard's contact step requires of a primary (a phone, an email and an
 * address): a household is published only then, even when its later steps were saved out of order.
 */
export const hasPrimaryContacts = async (db: Db, memberId: string) => {
  const [phone] = await db
    .select({ id: memberPhones.id })
    .from(memberPhones)
    .where(eq(memberPhones.memberId, memberId))
    .limit(1);
  const [email] = await db
    .select({ id: memberEmails.id })
    .from(memberEmails)
    .where(eq(memberEmails.memberId, memberId))
    .limit(1);
  const [address] = await db
    .select({ id: memberAddresses.id })
    .from(memberAddresses)
    .where(eq(memberAddresses.memberId, memberId))
    .limit(1);
  return Boolean(phone && email && address);
};
