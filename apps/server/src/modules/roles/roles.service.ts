import {
  ADMIN_PROTECTED_CELLS,
  type createRoleBodySchema,
  FEATURES,
  type Feature,
  type Role,
  ROLE_IDS,
  ROLE_MESSAGES,
  type RolePermissionRow,
  type RolePermissions,
  type updateRoleBodySchema,
} from '@centric/contracts';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { changedFields, auditWriter, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { answerDbRefusals } from '../../platform/pg-errors.ts';
import {
  activeUsersWithRole,
  findRoleWithCount,
  insertRole,
  isSystemRoleId,
  listRoles,
  lockRole,
  permissionRows,
  replacePermissions,
  roleNameTaken,
  updateRoleRow,
  type RoleListRow,
} from './roles.repository.ts';

const toRole = (row: RoleListRow): Role => ({
  id: row.id,
  role: row.role,
  displayName: row.displayName,
  description: row.description,
  active: row.active,
  editable: !isSystemRoleId(row.id),
  userCount: Number(row.userCount),
  createdAt: row.createdAt.toISOString(),
});

/** A stable key for a new role from its name: "Compliance Officer" -> COMPLIANCE_OFFICER. */
export const roleKeyOf = (name: string) => {
  const key = name
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);
  return key || `ROLE_${randomBytes(4).toString('hex').toUpperCase()}`;
};

/** Every feature in registry order, denied unless a stored row says otherwise. */
const completeMatrix = (
  rows: ReadonlyArray<
    RolePermissionRow | { feature: string; read: boolean; write: boolean; delete: boolean }
  >,
) => {
  const byFeature = new Map(rows.map((r) => [r.feature, r]));
  return FEATURES.map((feature: Feature): RolePermissionRow => {
    const row = byFeature.get(feature);
    return { feature, read: row?.read ?? false, write: row?.write ?? false, delete: row?.delete ?? false };
  });
};

/** The matrix as one object per feature, the shape the audit trail compares. */
const matrixObject = (rows: readonly RolePermissionRow[]) =>
  Object.fromEntries(rows.map((r) => [r.feature, { read: r.read, write: r.write, delete: r.delete }]));

export const createRolesService = (deps: { db: Db; clock: Clock }) => {
  const { db, clock } = deps;
  const writeAudit = auditWriter(clock);

  const get = async (id: number) => {
    const row = await findRoleWithCount(db, id);
    if (!row) throw notFound(ROLE_MESSAGES.notFound);
    return toRole(row);
  };

  const lockEditable = async (tx: Db, id: number) => {
    const role = await lockRole(tx, id);
    if (!role) throw notFound(ROLE_MESSAGES.notFound);
    if (isSystemRoleId(role.id)) throw badRequest(ROLE_MESSAGES.systemRole);
    return role;
  };

  const permissions = async (id: number): Promise<RolePermissions> => {
    const role = await findRoleWithCount(db, id);
    if (!role) throw notFound(ROLE_MESSAGES.notFound);
    return {
      roleId: role.id,
      editable: !isSystemRoleId(role.id),
      permissions: completeMatrix(await permissionRows(db, role.id)),
    };
  };

  return {
    get,

    async list(filter: { active?: boolean | undefined }) {
      return (await listRoles(db, filter)).map(toRole);
    },

    /** A new role starts with nothing allowed: a complete matrix of false rows. */
    async create(body: z.output<typeof createRoleBodySchema>, context: AuditContext) {
      const key = roleKeyOf(body.role_name);
      const id = await answerDbRefusals(
        () =>
          db.transaction(async (tx) => {
            if (await roleNameTaken(tx, { displayName: body.role_name, key }))
              throw conflict(ROLE_MESSAGES.duplicate);
            const role = await insertRole(tx, {
              role: key,
              displayName: body.role_name,
              description: body.description ?? '',
            });
            const matrix = completeMatrix([]);
            await replacePermissions(tx, role.id, matrix);
            await writeAudit(tx, context, {
              action: 'CREATE',
              entity: 'role',
              entityId: role.id,
              after: {
                role: role.role,
                displayName: role.displayName,
                description: role.description,
                active: true,
              },
            });
            await writeAudit(tx, context, {
              action: 'CREATE',
              entity: 'rolePermission',
              entityId: role.id,
              after: matrixObject(matrix),
            });
            return role.id;
          }),
        { unique: () => conflict(ROLE_MESSAGES.duplicate) },
      );
      return get(id);
    },

    async update(id: number, body: z.output<typeof updateRoleBodySchema>, context: AuditContext) {
      await db.transaction(async (tx) => {
        const role = await lockEditable(tx, id);
        if (body.active === false && role.active) {
          if (role.id === ROLE_IDS.administrator) throw badRequest(ROLE_MESSAGES.administratorInactive);
          if ((await activeUsersWithRole(tx, role.id)) > 0) throw conflict(ROLE_MESSAGES.inUse);
        }
        if (
          body.role_name !== undefined &&
          (await roleNameTaken(tx, { displayName: body.role_name, exceptId: role.id }))
        ) {
          throw conflict(ROLE_MESSAGES.duplicate);
        }
        const before = { displayName: role.displayName, description: role.description, active: role.active };
        const after = {
          displayName: body.role_name ?? role.displayName,
          description: body.description ?? role.description,
          active: body.active ?? role.active,
        };
        const diff = changedFields(before, after);
        if (!diff.changed) return;
        await updateRoleRow(tx, role.id, after, clock.now());
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'role',
          entityId: role.id,
          before: diff.before,
          after: diff.after,
        });
      });
      return get(id);
    },

    permissions,

    /**
     * Replaces the whole matrix (validated complete, write/delete only with read, by the contract). The
     * administrator role keeps read and write on Users and Roles; the system role is not edited here.
     */
    async savePermissions(id: number, rows: readonly RolePermissionRow[], context: AuditContext) {
      await db.transaction(async (tx) => {
        const role = await lockEditable(tx, id);
        if (role.id === ROLE_IDS.administrator) {
          const lost = ADMIN_PROTECTED_CELLS.some(
            (cell) => !rows.find((r) => r.feature === cell.feature)?.[cell.action],
          );
          if (lost) throw badRequest(ROLE_MESSAGES.administratorProtected);
        }
        const before = completeMatrix(await permissionRows(tx, role.id));
        const after = completeMatrix(rows);
        const diff = changedFields(matrixObject(before), matrixObject(after));
        if (!diff.changed) return;
        await replacePermissions(tx, role.id, after);
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'rolePermission',
          entityId: role.id,
          before: matrixObject(before),
          after: matrixObject(after),
        });
      });
      return permissions(id);
    },
  };
};

export type RolesService = ReturnType<typeof createRolesService>;
