import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { households, members, users } from '../../db/schema/index.ts';

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
