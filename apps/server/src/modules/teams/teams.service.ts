import {
  type createTeamBodySchema,
  type Team,
  TEAM_MESSAGES,
  type updateTeamBodySchema,
} from '@centric/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { changedFields, auditWriter, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { answerDbRefusals } from '../../platform/pg-errors.ts';
import type { FileStorage } from '../../platform/files.ts';
import { profileImageUrl } from '../profile/profile.service.ts';
import {
  deleteTeamRow,
  findTeam,
  insertTeam,
  joinableUserIds,
  listTeams,
  lockTeam,
  memberIdsOfTeam,
  membersOfTeams,
  replaceTeamMembers,
  teamNameTaken,
  updateTeamRow,
  type TeamRow,
} from './teams.repository.ts';

export const teamLogoUrl = (team: Pick<TeamRow, 'id' | 'logoPath' | 'updatedAt'>) =>
  team.logoPath ? `/api/team-logo/${team.id}?v=${team.updatedAt.getTime()}` : null;

const logoKey = (teamId: number) => `team-logos/${teamId}`;

export const createTeamsService = (deps: { db: Db; files: FileStorage; clock: Clock }) => {
  const { db, files, clock } = deps;
  const writeAudit = auditWriter(clock);

  const toTeams = async (rows: TeamRow[]): Promise<Team[]> => {
    const members = await membersOfTeams(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      location: row.location,
      emailAlias: row.emailAlias,
      logoUrl: teamLogoUrl(row),
      members: members
        .filter((m) => m.teamId === row.id)
        .map((m) => ({
          id: m.id,
          fullName: m.fullName,
          email: m.email,
          status: m.status,
          profileImageUrl: profileImageUrl(m),
        })),
      createdAt: row.createdAt.toISOString(),
    }));
  };

  const get = async (id: number) => {
    const row = await findTeam(db, id);
    if (!row) throw notFound(TEAM_MESSAGES.notFound);
    const [team] = await toTeams([row]);
    if (!team) throw notFound(TEAM_MESSAGES.notFound);
    return team;
  };

  /** New members must be active people (not the system role); members already in the team may stay. */
  const assertJoinable = async (tx: Db, ids: string[], current: string[] = []) => {
    const added = [...new Set(ids)].filter((id) => !current.includes(id));
    if ((await joinableUserIds(tx, added)).length !== added.length) {
      throw fieldError('memberIds', TEAM_MESSAGES.memberNotFound);
    }
  };

  const withDuplicateName = <T>(work: () => Promise<T>) =>
    answerDbRefusals(work, { unique: () => conflict(TEAM_MESSAGES.duplicate) });

  return {
    get,

    async list(filter: { q?: string | undefined }) {
      return toTeams(await listTeams(db, filter));
    },

    async create(body: z.output<typeof createTeamBodySchema>, context: AuditContext) {
      const memberIds = [...new Set(body.memberIds ?? [])].sort();
      const id = await withDuplicateName(() =>
        db.transaction(async (tx) => {
          if (await teamNameTaken(tx, body.name)) throw conflict(TEAM_MESSAGES.duplicate);
          await assertJoinable(tx, memberIds);
          const team = await insertTeam(tx, {
            name: body.name,
            location: body.location ?? '',
            emailAlias: body.emailAlias ?? '',
          });
          await replaceTeamMembers(tx, team.id, memberIds);
          await writeAudit(tx, context, {
            action: 'CREATE',
            entity: 'team',
            entityId: team.id,
            after: { name: team.name, location: team.location, emailAlias: team.emailAlias, memberIds },
          });
          return team.id;
        }),
      );
      return get(id);
    },

    async update(id: number, body: z.output<typeof updateTeamBodySchema>, context: AuditContext) {
      await withDuplicateName(() =>
        db.transaction(async (tx) => {
          const team = await lockTeam(tx, id);
          if (!team) throw notFound(TEAM_MESSAGES.notFound);
          if (body.name !== undefined && (await teamNameTaken(tx, body.name, id))) {
            throw conflict(TEAM_MESSAGES.duplicate);
          }
          const currentMembers = await memberIdsOfTeam(tx, id);
          if (body.memberIds) await assertJoinable(tx, body.memberIds, currentMembers);
          const before = {
            name: team.name,
            location: team.location,
            emailAlias: team.emailAlias,
            memberIds: currentMembers,
          };
          const after = {
            name: body.name ?? team.name,
            location: body.location ?? team.location,
            emailAlias: body.emailAlias ?? team.emailAlias,
            memberIds: body.memberIds ? [...new Set(body.memberIds)].sort() : currentMembers,
          };
          const diff = changedFields(before, after);
          if (!diff.changed) return;
          await updateTeamRow(
            tx,
            id,
            { name: after.name, location: after.location, emailAlias: after.emailAlias },
            clock.now(),
          );
          if (body.memberIds) await replaceTeamMembers(tx, id, after.memberIds);
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'team',
            entityId: id,
            before: diff.before,
            after: diff.after,
          });
        }),
      );
      return get(id);
    },

    async remove(id: number, context: AuditContext) {
      const removed = await db.transaction(async (tx) => {
        const team = await lockTeam(tx, id);
        if (!team) throw notFound(TEAM_MESSAGES.notFound);
        const memberIds = await memberIdsOfTeam(tx, id);
        await deleteTeamRow(tx, id);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'team',
          entityId: id,
          before: {
            name: team.name,
            location: team.location,
            emailAlias: team.emailAlias,
            memberIds,
            hadLogo: team.logoPath !== null,
          },
        });
        return team;
      });
      if (removed.logoPath) await files.remove(removed.logoPath);
    },

    /** Stores a logo whose type was already checked by its content. */
    async setLogo(id: number, data: Buffer, type: string, context: AuditContext) {
      const team = await findTeam(db, id);
      if (!team) throw notFound(TEAM_MESSAGES.notFound);
      const key = logoKey(id);
      await files.put(key, data);
      await db.transaction(async (tx) => {
        await updateTeamRow(tx, id, { logoPath: key }, clock.now());
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'team',
          entityId: id,
          before: { logo: team.logoPath ? 'present' : null },
          after: { logo: { type, bytes: data.length } },
        });
      });
      const updated = await findTeam(db, id);
      return { logoUrl: (updated && teamLogoUrl(updated)) ?? '' };
    },

    async removeLogo(id: number, context: AuditContext) {
      const team = await findTeam(db, id);
      if (!team) throw notFound(TEAM_MESSAGES.notFound);
      if (!team.logoPath) throw notFound(TEAM_MESSAGES.noLogo);
      const path = team.logoPath;
      await db.transaction(async (tx) => {
        await updateTeamRow(tx, id, { logoPath: null }, clock.now());
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'team',
          entityId: id,
          before: { logo: 'present' },
          after: { logo: null },
        });
      });
      await files.remove(path);
    },

    async logo(id: number) {
      const team = await findTeam(db, id);
      const data = team?.logoPath ? await files.get(team.logoPath) : null;
      if (!data) throw notFound(TEAM_MESSAGES.noLogo);
      return data;
    },
  };
};

export type TeamsService = ReturnType<typeof createTeamsService>;
