import {
  ADVISOR_ROLE_LABELS,
  ADVISOR_ROLES,
  type AdvisorRole,
  CLIENT_API_MESSAGES,
  type ClientDetail,
  type ClientListItem,
  type ClientListQuery,
  type ClientStatus,
  type InfluencerTier,
  type MemberAvatar,
  type ReviewStatus,
  SERVICE_FLAG_KEYS,
  type ServiceFlags,
  type updateClientBodySchema,
  type updateClientTeamBodySchema,
  type UserRef,
} from '@centric/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { changedFields, auditWriter, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { fieldError, notFound, validationError } from '../../platform/errors.ts';
import { lockHousehold } from '../../platform/households.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import type { FileStorage } from '../../platform/files.ts';
import { profileImageUrl } from '../profile/profile.service.ts';
import { clientsCsv, clientsXlsx } from './clients-export.ts';
import {
  advisorsOf,
  assignableUserIds,
  type ClientListFilter,
  countHouseholds,
  existingProfessionalIds,
  findHousehold,
  findMemberOfHousehold,
  householdNameOf,
  type HouseholdRow,
  introductionsOf,
  isMemberProfileImage,
  listHouseholds,
  primaryContacts,
  professionalIdsOf,
  professionalNameOf,
  professionalsOf,
  replaceProfessionalLinks,
  setHouseholdFields,
  setMemberProfileImage,
  setTeamRole,
  teamUserIds,
} from './clients.repository.ts';
import {
  loadMemberAvatars,
  loadMemberDetail,
  loadMemberDetails,
  loadMilestones,
  loadRelationships,
  loadSpecialDates,
} from './member-read.ts';
import { createImageCache, memberImageKey } from './profile-images.ts';

type UpdateClientBody = z.output<typeof updateClientBodySchema>;
type UpdateTeamBody = z.output<typeof updateClientTeamBodySchema>;

export type ClientsExportFile = { format: 'csv'; csv: string } | { format: 'xlsx'; data: Buffer };

/** The most rows one export carries (a large firm's every household). */
export const CLIENT_EXPORT_MAX_ROWS = 100_000;
/** Households whose list columns are looked up together while exporting. */
const EXPORT_CHUNK = 1000;

const servicesOf = (row: HouseholdRow): ServiceFlags => ({
  financialLifeManagement: row.financialLifeManagement,
  riskManagement: row.riskManagement,
  assetManagement: row.assetManagement,
  legacyPlanning: row.legacyPlanning,
  privateFund: row.privateFund,
});

const userRefOf = (user: {
  id: string;
  fullName: string;
  profileImagePath: string | null;
  updatedAt: Date;
}): UserRef => ({ id: user.id, fullName: user.fullName, profileImageUrl: profileImageUrl(user) });

/** The household's own fields as the audit trail records them. */
const auditedFields = (row: HouseholdRow) => ({
  name: row.name,
  status: row.status,
  reviewStatus: row.reviewStatus,
  rating: row.rating,
  influencerTier: row.influencerTier,
  ...servicesOf(row),
  nextFollowUp: row.nextFollowUp,
  tagIndex: row.tagIndex,
  introducedByClientId: row.introducedByClientId,
  introducedByProfessionalId: row.introducedByProfessionalId,
});

export const createClientsService = (deps: {
  db: Db;
  files: FileStorage;
  today: FirmToday;
  clock: Clock;
  /** Called in the transaction of each change to a household (the missing-information alert). */
  householdChanged?: (tx: Db, clientId: string) => Promise<void>;
}) => {
  const { db, files, today, clock } = deps;
  const writeAudit = auditWriter(clock);
  /** A transaction that changes a household, its missing-information alert brought up to date in it. */
  const inHousehold = (clientId: string, work: (tx: Db) => Promise<void>) =>
    db.transaction(async (tx) => {
      await work(tx);
      await deps.householdChanged?.(tx, clientId);
    });
  const imageCache = createImageCache();

  const filterOf = (query: ClientListQuery, userId: string): ClientListFilter => ({
    view: query.view,
    rating: query.rating,
    services: query.services,
    influencer: query.influencer,
    status: query.status,
    search: query.search,
    userId,
  });

  /** The list columns of some households: avatars, primary contact and Wealth Advisor 1, in three queries. */
  const toListItems = async (rows: readonly HouseholdRow[]): Promise<ClientListItem[]> => {
    const ids = rows.map((r) => r.id);
    const [avatars, contacts, advisors] = await Promise.all([
      loadMemberAvatars(db, ids),
      primaryContacts(db, ids),
      advisorsOf(db, ids, 'WEALTH_ADVISOR_1'),
    ]);
    const advisorOf = new Map(advisors.map((a) => [a.householdId, userRefOf(a)]));
    return rows.map((row) => {
      const contact = contacts.get(row.id);
      return {
        clientId: row.id,
        name: row.name,
        status: row.status as ClientStatus,
        reviewStatus: (row.reviewStatus ?? null) as ReviewStatus | null,
        rating: row.rating,
        influencerTier: row.influencerTier as InfluencerTier,
        services: servicesOf(row),
        nextFollowUp: row.nextFollowUp,
        tagIndex: row.tagIndex,
        primaryEmail: contact?.email ?? null,
        primaryPhone: contact?.phone ?? null,
        city: contact?.city ?? null,
        state: contact?.state ?? null,
        wealthAdvisor: advisorOf.get(row.id) ?? null,
        members: avatars.get(row.id) ?? ([] as MemberAvatar[]),
        createdAt: row.createdAt.toISOString(),
      };
    });
  };

  const detail = async (clientId: string): Promise<ClientDetail> => {
    const row = await findHousehold(db, clientId);
    if (!row) throw notFound(CLIENT_API_MESSAGES.householdNotFound);
    const [
      members,
      team,
      specialDates,
      milestones,
      relationships,
      introducedBy,
      introductions,
      professionals,
    ] = await Promise.all([
      loadMemberDetails(db, clientId, today()),
      advisorsOf(db, [clientId]),
      loadSpecialDates(db, clientId),
      loadMilestones(db, clientId),
      loadRelationships(db, clientId),
      row.introducedByClientId
        ? householdNameOf(db, row.introducedByClientId).then((h) =>
            h ? { kind: 'client' as const, id: h.id, name: h.name } : null,
          )
        : row.introducedByProfessionalId
          ? professionalNameOf(db, row.introducedByProfessionalId).then((p) =>
              p ? { kind: 'professional' as const, id: p.id, name: p.name } : null,
            )
          : Promise.resolve(null),
      introductionsOf(db, clientId),
      professionalsOf(db, clientId),
    ]);
    const rank = (role: string) => ADVISOR_ROLES.indexOf(role as AdvisorRole);
    return {
      clientId: row.id,
      name: row.name,
      status: row.status as ClientStatus,
      reviewStatus: (row.reviewStatus ?? null) as ReviewStatus | null,
      rating: row.rating,
      influencerTier: row.influencerTier as InfluencerTier,
      services: servicesOf(row),
      nextFollowUp: row.nextFollowUp,
      tagIndex: row.tagIndex,
      createdAt: row.createdAt.toISOString(),
      members,
      team: team
        .filter((a) => rank(a.role) >= 0)
        .sort((a, b) => rank(a.role) - rank(b.role))
        .map((a) => ({
          role: a.role as AdvisorRole,
          title: ADVISOR_ROLE_LABELS[a.role as AdvisorRole],
          user: userRefOf(a),
        })),
      specialDates,
      milestones,
      relationships,
      introducedBy,
      introductions: introductions.map((i) => ({ ...i, status: i.status as ClientStatus })),
      otherProfessionals: professionals.map(({ professional: p, stateName }) => ({
        id: p.id,
        type: p.type,
        fullName: p.fullName,
        phoneNumber: p.phoneNumber,
        address: p.address,
        city: p.city,
        stateId: p.stateId,
        state: stateName,
        zip: p.zip,
        email: p.email,
        note: p.note,
        createdAt: p.createdAt.toISOString(),
      })),
    };
  };

  /** 404 unless the household exists and the member belongs to it. */
  const assertMember = async (clientId: string, memberId: string) => {
    if (!(await findHousehold(db, clientId))) throw notFound(CLIENT_API_MESSAGES.householdNotFound);
    if (!(await findMemberOfHousehold(db, clientId, memberId))) {
      throw notFound(CLIENT_API_MESSAGES.memberNotFound);
    }
  };

  return {
    detail,
    assertMember,

    async list(query: ClientListQuery, userId: string) {
      const filter = filterOf(query, userId);
      const offset = (query.page - 1) * query.limit;
      // A page past any possible row (beyond a safe integer offset) is empty.
      if (!Number.isSafeInteger(offset)) return { items: [], total: await countHouseholds(db, filter) };
      const [rows, total] = await Promise.all([
        listHouseholds(db, filter, query, { limit: query.limit, offset }),
        countHouseholds(db, filter),
      ]);
      return { items: await toListItems(rows), total };
    },

    /**
     * Every matching household (up to CLIENT_EXPORT_MAX_ROWS) in the list's order as CSV or XLSX; the
     * export is recorded in the audit trail with its filters and row count.
     */
    async export(query: ClientListQuery, userId: string, format: 'csv' | 'xlsx', context: AuditContext) {
      const filter = filterOf(query, userId);
      const [rows, total] = await Promise.all([
        listHouseholds(db, filter, query, { limit: CLIENT_EXPORT_MAX_ROWS, offset: 0 }),
        countHouseholds(db, filter),
      ]);
      const items: ClientListItem[] = [];
      for (let i = 0; i < rows.length; i += EXPORT_CHUNK) {
        items.push(...(await toListItems(rows.slice(i, i + EXPORT_CHUNK))));
      }
      const file: ClientsExportFile =
        format === 'csv'
          ? { format, csv: clientsCsv(items) }
          : { format, data: await clientsXlsx(items, clock.now()) };
      const { format: _format, page: _page, limit: _limit, ...filters } = query;
      await writeAudit(db, context, {
        action: 'EXPORT',
        entity: 'household',
        after: { format, filters, rows: items.length, total },
      });
      return file;
    },

    async update(clientId: string, body: UpdateClientBody, context: AuditContext) {
      await inHousehold(clientId, async (tx) => {
        const row = await lockHousehold(tx, clientId);
        const values: Partial<typeof row> = {};
        if (body.name !== undefined) values.name = body.name;
        if (body.status !== undefined) values.status = body.status;
        if (body.reviewStatus !== undefined) values.reviewStatus = body.reviewStatus;
        if (body.rating !== undefined) values.rating = body.rating;
        if (body.influencerTier !== undefined) values.influencerTier = body.influencerTier;
        if (body.nextFollowUp !== undefined) values.nextFollowUp = body.nextFollowUp;
        if (body.tagIndex !== undefined) values.tagIndex = body.tagIndex;
        for (const key of SERVICE_FLAG_KEYS) {
          const flag = body.services?.[key];
          if (flag !== undefined) values[key] = flag;
        }
        // A household is introduced by one household or one professional: naming one clears the other.
        if (body.introducedByClientId !== undefined) {
          const introducer = body.introducedByClientId;
          if (introducer !== null) {
            if (introducer === clientId) {
              throw fieldError('introducedByClientId', CLIENT_API_MESSAGES.introducedBySelf);
            }
            if (!(await householdNameOf(tx, introducer))) {
              throw fieldError('introducedByClientId', CLIENT_API_MESSAGES.householdNotFound);
            }
            values.introducedByProfessionalId = null;
          }
          values.introducedByClientId = introducer;
        }
        if (body.introducedByProfessionalId !== undefined) {
          const introducer = body.introducedByProfessionalId;
          if (introducer !== null) {
            if (!(await professionalNameOf(tx, introducer))) {
              throw fieldError('introducedByProfessionalId', CLIENT_API_MESSAGES.professionalNotFound);
            }
            values.introducedByClientId = null;
          }
          values.introducedByProfessionalId = introducer;
        }
        const diff = changedFields(auditedFields(row), auditedFields({ ...row, ...values }));
        if (!diff.changed) return;
        await setHouseholdFields(tx, clientId, values, clock.now());
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'household',
          entityId: clientId,
          before: diff.before,
          after: diff.after,
        });
      });
      return detail(clientId);
    },

    /** One active user (never the system role) or nobody per advisor role; roles not named stay. */
    async updateTeam(clientId: string, body: UpdateTeamBody, context: AuditContext) {
      await inHousehold(clientId, async (tx) => {
        await lockHousehold(tx, clientId);
        const given = ADVISOR_ROLES.filter((role) => body[role] !== undefined).map(
          (role) => [role, body[role] ?? null] as const,
        );
        const wanted = given.map(([, userId]) => userId).filter((id): id is string => id !== null);
        const assignable = await assignableUserIds(tx, wanted);
        const refused = given.filter(([, userId]) => userId !== null && !assignable.has(userId));
        if (refused.length > 0) {
          throw validationError(
            refused.map(([role]) => ({ path: [role], message: CLIENT_API_MESSAGES.advisorNotAssignable })),
          );
        }
        const before = await teamUserIds(tx, clientId);
        const after = { ...before, ...Object.fromEntries(given) };
        const diff = changedFields(before, after);
        if (!diff.changed) return;
        for (const [role, userId] of given) {
          if (before[role] !== userId) await setTeamRole(tx, clientId, role, userId, clock.now());
        }
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'household_team',
          entityId: clientId,
          before: diff.before,
          after: diff.after,
        });
      });
      return detail(clientId);
    },

    /** Replaces the household's links to other professionals; every id must exist. */
    async linkProfessionals(clientId: string, professionalIds: readonly string[], context: AuditContext) {
      const wanted = [...new Set(professionalIds)].sort();
      await db.transaction(async (tx) => {
        await lockHousehold(tx, clientId);
        const existing = new Set(await existingProfessionalIds(tx, wanted));
        const unknown = wanted.filter((id) => !existing.has(id));
        if (unknown.length > 0) {
          throw validationError(
            professionalIds
              .map((id, i) => ({ id, i }))
              .filter(({ id }) => !existing.has(id))
              .map(({ i }) => ({
                path: ['professionalIds', i],
                message: CLIENT_API_MESSAGES.professionalNotFound,
              })),
          );
        }
        const before = await professionalIdsOf(tx, clientId);
        if (JSON.stringify(before) === JSON.stringify(wanted)) return;
        await replaceProfessionalLinks(tx, clientId, wanted);
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'household_professionals',
          entityId: clientId,
          before: { professionalIds: before },
          after: { professionalIds: wanted },
        });
      });
      return detail(clientId);
    },

    /**
     * Stores a member's new profile image under a new name, points the member at it, and removes the old
     * file once the change is committed.
     */
    async setProfileImage(
      clientId: string,
      memberId: string,
      image: { data: Buffer; type: 'image/jpeg' | 'image/png' },
      context: AuditContext,
    ) {
      const key = memberImageKey(memberId, image.type);
      await assertMember(clientId, memberId);
      await files.put(key, image.data);
      let previous: string | null;
      try {
        previous = await db.transaction(async (tx) => {
          await lockHousehold(tx, clientId);
          const member = await findMemberOfHousehold(tx, clientId, memberId);
          if (!member) throw notFound(CLIENT_API_MESSAGES.memberNotFound);
          await setMemberProfileImage(tx, memberId, key, clock.now());
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'member',
            entityId: memberId,
            before: { profileImage: member.profileImagePath ? 'set' : 'none' },
            after: { profileImage: `replaced (${image.type}, ${image.data.length} bytes)` },
          });
          return member.profileImagePath;
        });
      } catch (err) {
        await files.remove(key).catch(() => undefined);
        throw err;
      }
      if (previous && previous !== key) {
        imageCache.delete(previous);
        await files.remove(previous).catch(() => undefined);
      }
      const member = await loadMemberDetail(db, clientId, memberId, today());
      if (!member) throw notFound(CLIENT_API_MESSAGES.memberNotFound);
      return member;
    },

    /** A profile image by its stored path: only a path some member refers to; the disk read is cached. */
    async profileImage(path: string) {
      if (!(await isMemberProfileImage(db, path))) throw notFound('No profile image.');
      const cached = imageCache.get(path);
      if (cached) return cached;
      let data: Buffer | null;
      try {
        data = await files.get(path);
      } catch {
        // A path the storage refuses (it is not a safe key) is no image.
        throw notFound('No profile image.');
      }
      if (!data) throw notFound('No profile image.');
      imageCache.set(path, data);
      return data;
    },

    /** For tests and diagnostics: how many images the cache holds. */
    get cachedImages() {
      return imageCache.size;
    },
  };
};

export type ClientsService = ReturnType<typeof createClientsService>;
