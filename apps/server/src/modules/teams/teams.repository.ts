import { ROLE_IDS } from '@centric/contracts';
import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams, users } from '../../db/schema/index.ts';
import { likePattern } from '../../platform/sql-like.ts';

export type TeamRow = typeof teams.$inferSelect;

export const listTeams = (db: Db, filter: { q?: string | undefined }) =>
  db
    .select()
    .from(teams)
    .where(filter.q ? sql`${teams.name} ilike ${likePattern(filter.q)}` : undefined)
    .orderBy(asc(teams.name));

export const findTeam = async (db: Db, id: number) => {
  const [row] = await db.select().from(teams).where(eq(teams.id, id)).limit(1);
  return row ?? null;
};

export const lockTeam = async (db: Db, id: number) => {
  const [row] = await db.select().from(teams).where(eq(teams.id, id)).for('update').limit(1);
  return row ?? null;
};

export const teamNameTaken = async (db: Db, name: string, exceptId?: number) => {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        sql`lower(${teams.name}) = ${name.toLowerCase()}`,
        exceptId !== undefined ? ne(teams.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
};

export const membersOfTeams = async (db: Db, teamIds: number[]) => {
  if (teamIds.length === 0) return [];
  return db
    .select({
      teamId: teamMembers.teamId,
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      status: users.status,
      profileImagePath: users.profileImagePath,
      updatedAt: users.updatedAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(inArray(teamMembers.teamId, teamIds))
    .orderBy(asc(users.fullName), asc(users.id));
};

export const memberIdsOfTeam = async (db: Db, teamId: number) =>
  (
    await db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, teamId))
      .orderBy(asc(teamMembers.userId))
  ).map((r) => r.userId);

/** Of these ids, the users that may join a team: active and not the system role. */
export const joinableUserIds = async (db: Db, ids: string[]) => {
  if (ids.length === 0) return [];
  return (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.status, 'ACTIVE'), ne(users.roleId, ROLE_IDS.system)))
  ).map((r) => r.id);
};

export const insertTeam = async (db: Db, values: { name: string; location: string; emailAlias: string }) => {
  const [row] = await db.insert(teams).values(values).returning();
  if (!row) throw new Error('team insert returned nothing');
  return row;
};

export const updateTeamRow = (
  db: Db,
  id: number,
  values: Partial<Pick<typeof teams.$inferInsert, 'name' | 'location' | 'emailAlias' | 'logoPath'>>,
  updatedAt: Date,
) =>
  db
    .update(teams)
    .set({ ...values, updatedAt })
    .where(eq(teams.id, id));

export const deleteTeamRow = (db: Db, id: number) => db.delete(teams).where(eq(teams.id, id));

export const replaceTeamMembers = async (db: Db, teamId: number, userIds: string[]) => {
  const keep = [...new Set(userIds)];
  await db
    .delete(teamMembers)
    .where(
      and(eq(teamMembers.teamId, teamId), keep.length > 0 ? notInArray(teamMembers.userId, keep) : undefined),
    );
  if (keep.length > 0) {
    await db
      .insert(teamMembers)
      .values(keep.map((userId) => ({ teamId, userId })))
      .onConflictDoNothing();
  }
};
