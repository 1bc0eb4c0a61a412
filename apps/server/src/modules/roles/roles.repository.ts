import { ROLE_IDS, type RolePermissionRow } from '@centric/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rolePermissions, roles, users } from '../../db/schema/index.ts';

export type RoleRow = typeof roles.$inferSelect;

/** Users holding the role (all statuses; the system role's service accounts included). */
// Spelled out with aliases: drizzle leaves column names unqualified in a one-table select.
const userCount = sql<number>`(select count(*)::int from users u where u.role_id = roles.id)`;

export const listRoles = (db: Db, filter: { active?: boolean | undefined }) =>
  db
    .select({
      id: roles.id,
      role: roles.role,
      displayName: roles.displayName,
      description: roles.description,
      active: roles.active,
      createdAt: roles.createdAt,
      userCount,
    })
    .from(roles)
    .where(filter.active === undefined ? undefined : eq(roles.active, filter.active))
    .orderBy(asc(roles.id));

export type RoleListRow = Awaited<ReturnType<typeof listRoles>>[number];

export const findRoleWithCount = async (db: Db, id: number) => {
  const [row] = await db
    .select({
      id: roles.id,
      role: roles.role,
      displayName: roles.displayName,
      description: roles.description,
      active: roles.active,
      createdAt: roles.createdAt,
      userCount,
    })
    .from(roles)
    .where(eq(roles.id, id))
    .limit(1);
  return row ?? null;
};

export const lockRole = async (db: Db, id: number) => {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).for('update').limit(1);
  return row ?? null;
};

/** Another role already called this (case-insensitive), or with this key. */
export const roleNameTaken = async (
  db: Db,
  params: { displayName: string; key?: string; exceptId?: number },
) => {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        params.key
          ? sql`(lower(${roles.displayName}) = ${params.displayName.toLowerCase()} or ${roles.role} = ${params.key})`
          : sql`lower(${roles.displayName}) = ${params.displayName.toLowerCase()}`,
        params.exceptId !== undefined ? ne(roles.id, params.exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
};

export const insertRole = async (
  db: Db,
  values: { role: string; displayName: string; description: string },
) => {
  const [row] = await db.insert(roles).values(values).returning();
  if (!row) throw new Error('role insert returned nothing');
  return row;
};

export const updateRoleRow = (
  db: Db,
  id: number,
  values: Partial<Pick<typeof roles.$inferInsert, 'displayName' | 'description' | 'active'>>,
  updatedAt: Date,
) =>
  db
    .update(roles)
    .set({ ...values, updatedAt })
    .where(eq(roles.id, id));

export const activeUsersWithRole = async (db: Db, roleId: number) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.roleId, roleId), eq(users.status, 'ACTIVE')));
  return Number(row?.n ?? 0);
};

export const permissionRows = (db: Db, roleId: number) =>
  db
    .select({
      feature: rolePermissions.feature,
      read: rolePermissions.read,
      write: rolePermissions.write,
      delete: rolePermissions.delete,
    })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));

/** Replaces the role's whole matrix (one row per feature). */
export const replacePermissions = async (db: Db, roleId: number, rows: readonly RolePermissionRow[]) => {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (rows.length > 0) {
    await db.insert(rolePermissions).values(rows.map((r) => ({ roleId, ...r })));
  }
};

export const isSystemRoleId = (id: number) => id === ROLE_IDS.system;
