import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';

export const findUserWithRole = async (db: Db, id: string) => {
  const [row] = await db
    .select({ user: users, role: { id: roles.id, role: roles.displayName } })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
};

/** What the profile image of a user is made of: where its file is, and when the user last changed. */
export const findProfileImage = async (db: Db, id: string) => {
  const [row] = await db
    .select({ id: users.id, profileImagePath: users.profileImagePath, updatedAt: users.updatedAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
};

export const setProfileImagePath = (db: Db, id: string, profileImagePath: string, at: Date) =>
  db.update(users).set({ profileImagePath, updatedAt: at }).where(eq(users.id, id));
