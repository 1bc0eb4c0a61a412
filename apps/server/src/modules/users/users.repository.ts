import { ROLE_IDS, type UserSortKey, type UserSortOrder, type UserStatus } from '@centric/contracts';
import { and, asc, desc, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, teamMembers, teams, users } from '../../db/schema/index.ts';
import { pickableUsers } from '../../platform/pickable-users.ts';
import { likePattern } from '../../platform/sql-like.ts';

export type UserListFilter = {
  q?: string | undefined;
  status?: UserStatus | undefined;
  invitationAccepted?: boolean | undefined;
  exceptRoleId?: number | undefined;
};

export type UserListParams = UserListFilter & {
  sortBy: UserSortKey;
  order: UserSortOrder;
  limit: number;
  offset: number;
};

/** `%` and `_` typed by the user are literal characters, not wildcards. */

/** Role 3 (system) never appears in the user list (spec §6). */
const listConditions = (filter: UserListFilter): SQL | undefined =>
  and(
    ne(users.roleId, ROLE_IDS.system),
    filter.exceptRoleId !== undefined ? ne(users.roleId, filter.exceptRoleId) : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
    filter.invitationAccepted !== undefined
      ? eq(users.invitationAccepted, filter.invitationAccepted)
      : undefined,
    filter.q
      ? sql`(${users.fullName} ilike ${likePattern(filter.q)} or ${users.email} ilike ${likePattern(filter.q)})`
      : undefined,
  );

const SORT_COLUMNS = {
  fullName: users.fullName,
  email: users.email,
  role: roles.displayName,
  createdAt: users.createdAt,
  status: users.status,
} as const;

/** The newest unused set-password link of each user (an invitation while it is not accepted). */
const invitationExpiresAt = sql<Date | string | null>`(
  select max(ut.expires_at) from user_tokens ut
  where ut.user_id = users.id and ut.purpose = 'PASSWORD_RESET' and ut.used_at is null
)`;

const listColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  status: users.status,
  roleId: users.roleId,
  roleName: roles.displayName,
  invitationAccepted: users.invitationAccepted,
  mfaEnrolledAt: users.mfaEnrolledAt,
  profileImagePath: users.profileImagePath,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  invitationExpiresAt,
};

export const listUsers = async (db: Db, params: UserListParams) => {
  const where = listConditions(params);
  const column = SORT_COLUMNS[params.sortBy];
  const rows = await db
    .select(listColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(params.order === 'ASC' ? asc(column) : desc(column), asc(users.id))
    .limit(params.limit)
    .offset(params.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
};

export type UserListRow = Awaited<ReturnType<typeof listUsers>>['rows'][number];

export const teamsOfUsers = async (db: Db, userIds: string[]) => {
  if (userIds.length === 0) return new Map<string, { id: number; name: string }[]>();
  const rows = await db
    .select({ userId: teamMembers.userId, id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(inArray(teamMembers.userId, userIds))
    .orderBy(asc(teams.name));
  const byUser = new Map<string, { id: number; name: string }[]>();
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push({ id: row.id, name: row.name });
    byUser.set(row.userId, list);
  }
  return byUser;
};

export const findListedUser = async (db: Db, id: string) => {
  const [row] = await db
    .select(listColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, id), ne(users.roleId, ROLE_IDS.system)))
    .limit(1);
  return row ?? null;
};

/** Locks the user's row for the rest of the transaction and returns it. */
export const lockUser = async (db: Db, id: string) => {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row ?? null;
};

/**
 * The active administrators, locked, so that two requests cannot each remove "another" administrator and
 * leave none.
 */
export const lockActiveAdministrators = async (db: Db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, ROLE_IDS.administrator), eq(users.status, 'ACTIVE')))
    .orderBy(asc(users.id))
    .for('update');

export const emailTaken = async (db: Db, email: string) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return Boolean(row);
};

export const insertUser = async (db: Db, values: { fullName: string; email: string; roleId: number }) => {
  const [row] = await db
    .insert(users)
    .values({ ...values, status: 'ACTIVE', invitationAccepted: false })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
};

export const setUserFields = (
  db: Db,
  id: string,
  values: Partial<Pick<typeof users.$inferInsert, 'fullName' | 'roleId' | 'status'>>,
  updatedAt: Date,
) =>
  db
    .update(users)
    .set({ ...values, updatedAt })
    .where(eq(users.id, id));

export const teamIdsOfUser = async (db: Db, userId: string) =>
  (
    await db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(eq(teamMembers.userId, userId))
      .orderBy(asc(teamMembers.teamId))
  ).map((r) => r.teamId);

export const replaceUserTeams = async (db: Db, userId: string, teamIds: number[]) => {
  const keep = [...new Set(teamIds)];
  await db
    .delete(teamMembers)
    .where(
      and(eq(teamMembers.userId, userId), keep.length > 0 ? notInArray(teamMembers.teamId, keep) : undefined),
    );
  if (keep.length > 0) {
    await db
      .insert(teamMembers)
      .values(keep.map((teamId) => ({ teamId, userId })))
      .onConflictDoNothing();
  }
};

export const existingTeamIds = async (db: Db, ids: number[]) => {
  if (ids.length === 0) return [];
  return (await db.select({ id: teams.id }).from(teams).where(inArray(teams.id, ids))).map((r) => r.id);
};

export const findRole = async (db: Db, id: number) => {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  return row ?? null;
};

/** Roles a person may be given: active, never the system role. */
export const assignableRoles = (db: Db) =>
  db
    .select({ id: roles.id, role: roles.displayName })
    .from(roles)
    .where(and(eq(roles.active, true), ne(roles.id, ROLE_IDS.system)))
    .orderBy(asc(roles.displayName));

export const allTeams = (db: Db) =>
  db.select({ id: teams.id, name: teams.name }).from(teams).orderBy(asc(teams.name));

/** Active users whose name matches, for tagging (spec §7), at most `limit`. */
export const searchActiveUsers = (db: Db, params: { fullName: string; exceptIds: string[]; limit: number }) =>
  pickableUsers(
    db,
    and(
      params.fullName ? sql`${users.fullName} ilike ${likePattern(params.fullName)}` : undefined,
      params.exceptIds.length > 0 ? notInArray(users.id, params.exceptIds) : undefined,
    ),
    params.limit,
  );
