import {
  type addUserBodySchema,
  type InvitationStatus,
  ROLE_IDS,
  USER_MESSAGES,
  USER_SEARCH_MAX_RESULTS,
  type updateUserBodySchema,
  type UserListItem,
  type userListQuerySchema,
  type UserSearchItem,
} from '@centric/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { changedFields, auditWriter, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { toCsv } from '../../platform/csv.ts';
import { badRequest, conflict, fieldError, notFound } from '../../platform/errors.ts';
import { answerDbRefusals } from '../../platform/pg-errors.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { profileImageUrl } from '../profile/profile.service.ts';
import {
  allTeams,
  assignableRoles,
  emailTaken,
  existingTeamIds,
  findListedUser,
  findRole,
  insertUser,
  listUsers,
  lockActiveAdministrators,
  lockUser,
  replaceUserTeams,
  searchActiveUsers,
  setUserFields,
  teamIdsOfUser,
  teamsOfUsers,
  type UserListRow,
} from './users.repository.ts';

type ListQuery = z.output<typeof userListQuerySchema>;

/** The most rows one CSV export carries. */
export const USER_EXPORT_MAX_ROWS = 10_000;

const iso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

const invitationStatusOf = (row: UserListRow, now: number): InvitationStatus => {
  if (row.invitationAccepted) return 'ACCEPTED';
  const expires = row.invitationExpiresAt === null ? null : new Date(row.invitationExpiresAt).getTime();
  return expires !== null && expires > now ? 'PENDING' : 'EXPIRED';
};

export const createUsersService = (deps: { db: Db; auth: AuthService; clock: Clock }) => {
  const { db, auth, clock } = deps;
  const writeAudit = auditWriter(clock);

  const toItems = async (rows: UserListRow[]): Promise<UserListItem[]> => {
    const now = clock.now().getTime();
    const teamsByUser = await teamsOfUsers(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      id: row.id,
      fullName: row.fullName,
      email: row.email,
      profileImageUrl: profileImageUrl(row),
      status: row.status,
      role: { id: row.roleId, role: row.roleName },
      teams: teamsByUser.get(row.id) ?? [],
      invitationAccepted: row.invitationAccepted,
      invitationStatus: invitationStatusOf(row, now),
      invitationExpiresAt: row.invitationAccepted ? null : iso(row.invitationExpiresAt),
      mfaEnrolled: row.mfaEnrolledAt !== null,
      createdAt: row.createdAt.toISOString(),
    }));
  };

  const getItem = async (id: string) => {
    const row = await findListedUser(db, id);
    if (!row) throw notFound(USER_MESSAGES.notFound);
    const [item] = await toItems([row]);
    if (!item) throw notFound(USER_MESSAGES.notFound);
    return item;
  };

  /** A role a person may hold: exists, active, not the system role. */
  const assertAssignableRole = async (tx: Db, roleId: number) => {
    const role = await findRole(tx, roleId);
    if (!role || !role.active || role.id === ROLE_IDS.system) {
      throw fieldError('roleId', USER_MESSAGES.roleNotAssignable);
    }
  };

  const assertTeamsExist = async (tx: Db, teamIds: number[]) => {
    const unique = [...new Set(teamIds)];
    if ((await existingTeamIds(tx, unique)).length !== unique.length) {
      throw fieldError('teamIds', USER_MESSAGES.teamNotFound);
    }
  };

  /** Someone must stay able to administer access: at least one other active administrator. */
  const assertNotLastAdministrator = async (tx: Db, userId: string) => {
    const admins = await lockActiveAdministrators(tx);
    if (!admins.some((a) => a.id !== userId)) throw badRequest(USER_MESSAGES.lastAdministrator);
  };

  /** A user the list shows (not the system role), locked for the transaction. */
  const lockListedUser = async (tx: Db, id: string) => {
    const user = await lockUser(tx, id);
    if (!user || user.roleId === ROLE_IDS.system) throw notFound(USER_MESSAGES.notFound);
    return user;
  };

  return {
    async list(query: ListQuery) {
      const { rows, total } = await listUsers(db, {
        ...query,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { items: await toItems(rows), total };
    },

    /** Every matching user (up to USER_EXPORT_MAX_ROWS) as CSV; the export is recorded in the audit trail. */
    async exportCsv(query: ListQuery, context: AuditContext) {
      const { rows, total } = await listUsers(db, {
        ...query,
        limit: USER_EXPORT_MAX_ROWS,
        offset: 0,
      });
      const items = await toItems(rows);
      const csv = toCsv(items, [
        { header: 'Full name', value: (u) => u.fullName },
        { header: 'Email', value: (u) => u.email },
        { header: 'Role', value: (u) => u.role.role },
        { header: 'Teams', value: (u) => u.teams.map((team) => team.name).join('; ') },
        { header: 'Status', value: (u) => u.status },
        { header: 'Invitation', value: (u) => u.invitationStatus },
        { header: 'MFA', value: (u) => (u.mfaEnrolled ? 'Enrolled' : 'Not set up') },
        { header: 'Created at', value: (u) => u.createdAt },
      ]);
      const { format: _format, ...filters } = query;
      await writeAudit(db, context, {
        action: 'EXPORT',
        entity: 'user',
        after: { format: 'csv', filters, rows: items.length, total },
      });
      return csv;
    },

    async options() {
      return { roles: await assignableRoles(db), teams: await allTeams(db) };
    },

    async search(fullName: string, exceptIds: string[]): Promise<UserSearchItem[]> {
      const rows = await searchActiveUsers(db, { fullName, exceptIds, limit: USER_SEARCH_MAX_RESULTS });
      return rows.map((r) => ({
        id: r.id,
        fullName: r.fullName,
        email: r.email,
        profileImageUrl: profileImageUrl(r),
      }));
    },

    /** Add user: an ACTIVE user without a password, then the 7-day invitation (set-password link). */
    async add(body: z.output<typeof addUserBodySchema>, context: AuditContext) {
      const teamIds = [...new Set(body.teamIds ?? [])];
      const id = await answerDbRefusals(
        () =>
          db.transaction(async (tx) => {
            await assertAssignableRole(tx, body.roleId);
            await assertTeamsExist(tx, teamIds);
            if (await emailTaken(tx, body.email)) throw conflict(USER_MESSAGES.duplicateEmail);
            const user = await insertUser(tx, {
              fullName: body.fullName,
              email: body.email,
              roleId: body.roleId,
            });
            await replaceUserTeams(tx, user.id, teamIds);
            await writeAudit(tx, context, {
              action: 'CREATE',
              entity: 'user',
              entityId: user.id,
              after: {
                fullName: user.fullName,
                email: user.email,
                roleId: user.roleId,
                status: user.status,
                teamIds,
              },
            });
            return user.id;
          }),
        { unique: () => conflict(USER_MESSAGES.duplicateEmail) },
      );
      await auth.sendInvitation(id, context);
      return getItem(id);
    },

    async update(id: string, body: z.output<typeof updateUserBodySchema>, context: AuditContext) {
      await db.transaction(async (tx) => {
        const user = await lockListedUser(tx, id);
        const beforeTeams = await teamIdsOfUser(tx, id);
        const before = { fullName: user.fullName, roleId: user.roleId, teamIds: beforeTeams };
        const after = {
          fullName: body.fullName ?? user.fullName,
          roleId: body.roleId ?? user.roleId,
          teamIds: body.teamIds ? [...new Set(body.teamIds)].sort((a, b) => a - b) : beforeTeams,
        };
        if (after.roleId !== user.roleId) {
          await assertAssignableRole(tx, after.roleId);
          if (user.roleId === ROLE_IDS.administrator && user.status === 'ACTIVE') {
            await assertNotLastAdministrator(tx, id);
          }
        }
        if (body.teamIds) await assertTeamsExist(tx, after.teamIds);
        const diff = changedFields(before, after);
        if (!diff.changed) return;
        if (before.fullName !== after.fullName || before.roleId !== after.roleId) {
          await setUserFields(tx, id, { fullName: after.fullName, roleId: after.roleId }, clock.now());
        }
        if (body.teamIds) await replaceUserTeams(tx, id, after.teamIds);
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'user',
          entityId: id,
          before: diff.before,
          after: diff.after,
        });
      });
      return getItem(id);
    },

    /** Deactivation ends every session of the user at once. */
    async deactivate(id: string, actorId: string, context: AuditContext) {
      if (id === actorId) throw badRequest(USER_MESSAGES.cannotDeactivateSelf);
      await db.transaction(async (tx) => {
        const user = await lockListedUser(tx, id);
        if (user.status === 'INACTIVE') throw conflict(USER_MESSAGES.alreadyInactive);
        if (user.roleId === ROLE_IDS.administrator) await assertNotLastAdministrator(tx, id);
        await setUserFields(tx, id, { status: 'INACTIVE' }, clock.now());
        await revokeUserSessions(tx, id);
        await writeAudit(tx, context, {
          action: 'DEACTIVATE',
          entity: 'user',
          entityId: id,
          before: { status: 'ACTIVE' },
          after: { status: 'INACTIVE', sessionsRevoked: true },
        });
      });
      return getItem(id);
    },

    async reactivate(id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        const user = await lockListedUser(tx, id);
        if (user.status === 'ACTIVE') throw conflict(USER_MESSAGES.alreadyActive);
        await setUserFields(tx, id, { status: 'ACTIVE' }, clock.now());
        await writeAudit(tx, context, {
          action: 'REACTIVATE',
          entity: 'user',
          entityId: id,
          before: { status: 'INACTIVE' },
          after: { status: 'ACTIVE' },
        });
      });
      return getItem(id);
    },

    /** A new invitation link (the older ones stop working) while the invitation is not accepted. */
    async resendInvitation(id: string, context: AuditContext) {
      const user = await findListedUser(db, id);
      if (!user) throw notFound(USER_MESSAGES.notFound);
      if (user.invitationAccepted) throw conflict(USER_MESSAGES.invitationAlreadyAccepted);
      if (user.status !== 'ACTIVE') throw badRequest(USER_MESSAGES.invitationInactiveUser);
      await auth.sendInvitation(id, context);
      return getItem(id);
    },
  };
};

export type UsersService = ReturnType<typeof createUsersService>;
