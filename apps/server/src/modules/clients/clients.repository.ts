import {
  ADVISOR_ROLES,
  type AdvisorRole,
  CLIENT_STATUSES,
  type ClientListQuery,
  type ClientSortKey,
  INFLUENCER_FILTER_TIERS,
  INFLUENCER_TIERS,
  ROLE_IDS,
  SERVICE_FLAG_KEYS,
} from '@centric/contracts';
import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  householdAdvisors,
  householdProfessionals,
  households,
  masterDataItems,
  memberAddresses,
  members,
  otherProfessionals,
  users,
} from '../../db/schema/index.ts';
import { phoneDigitsOf } from '../../platform/phone-text.ts';
import { likePattern } from '../../platform/sql-like.ts';

export type HouseholdRow = typeof households.$inferSelect;

/** What the household list filters on (the parsed query without paging, sorting and format). */
export type ClientListFilter = Pick<
  ClientListQuery,
  'view' | 'rating' | 'services' | 'influencer' | 'status' | 'search'
> & { userId: string };

export type ClientListSort = Pick<ClientListQuery, 'sortBy' | 'order'>;

const NONE = sql`false`;

/** The column's value is one of the selected ones; no restriction when every value is selected. */
const inSelection = <T extends string | number>(
  column: typeof households.rating | typeof households.status | typeof households.influencerTier,
  selected: readonly T[],
  all: readonly T[],
): SQL | undefined => {
  if (all.every((value) => selected.includes(value))) return undefined;
  if (selected.length === 0) return NONE;
  return inArray(column, [...selected]);
};

/**
 * Services: a household matches when it has any of the selected service flags, or none at all when
 * 'noService' is selected. All six selected: no restriction; none selected: no rows.
 */
const servicesCondition = (services: ClientListFilter['services']): SQL | undefined => {
  if (services.length === SERVICE_FLAG_KEYS.length + 1) return undefined;
  if (services.length === 0) return NONE;
  const parts: SQL[] = SERVICE_FLAG_KEYS.filter((key) => services.includes(key)).map((key) =>
    eq(households[key], true),
  );
  if (services.includes('noService')) {
    const none = and(...SERVICE_FLAG_KEYS.map((key) => eq(households[key], false)));
    if (none) parts.push(none);
  }
  return or(...parts);
};

/**
 * Search: the household's search document contains the text, case-insensitively (its name, its members'
 * names and nicknames, their emails and phones; kept by triggers, migration 0007), or, for a text typed as a
 * phone number in any format, its digits. One indexed predicate on the household (one trigram index), so the
 * page and the count read only the matching households. The document's lines are its fields: a text with a
 * line break is inside none of them.
 */
const searchCondition = (search: string): SQL | undefined => {
  const text = search.trim();
  if (text.length === 0) return undefined;
  if (text.includes('\n')) return NONE;
  const digits = phoneDigitsOf(text);
  const texts = digits !== null && digits !== text ? [text, digits] : [text];
  return or(
    ...texts.map((t) => sql`${households.searchDocument} like lower(${likePattern(t.toLowerCase())})`),
  );
};

export const listConditions = (filter: ClientListFilter): SQL | undefined =>
  and(
    // A draft (a wizard not finished, decision 13) is listed only under Drafts.
    eq(households.draft, false),
    filter.view === 'Mine'
      ? sql`exists (select 1 from household_advisors ha where ha.household_id = ${households.id} and ha.user_id = ${filter.userId})`
      : undefined,
    inSelection(households.rating, filter.rating, [0, 1, 2, 3, 4, 5]),
    inSelection(
      households.influencerTier,
      filter.influencer.map((f) => INFLUENCER_FILTER_TIERS[f]),
      INFLUENCER_TIERS,
    ),
    // No status selected means every status (the filter is optional).
    filter.status.length > 0 ? inSelection(households.status, filter.status, CLIENT_STATUSES) : undefined,
    servicesCondition(filter.services),
    searchCondition(filter.search),
  );

/** Influencer tiers sort by rank: no status lowest, gold highest (ascending = lowest first, like rating). */
const tierRank = sql`(case ${households.influencerTier} when 'GOLD' then 3 when 'SILVER' then 2 when 'BRONZE' then 1 else 0 end)`;

const SORT_EXPRESSIONS: Readonly<Record<ClientSortKey, SQL>> = {
  nextFollowUp: sql`${households.nextFollowUp}`,
  name: sql`${households.name}`,
  rating: sql`${households.rating}`,
  status: sql`${households.status}`,
  influencerTier: tierRank,
  createdAt: sql`${households.createdAt}`,
};

/** Up to three keys as asked (next follow-up with empty dates last either way), then the id for stable pages. */
export const listOrder = (sort: ClientListSort): SQL[] => [
  ...sort.sortBy.map((key, i) => {
    const direction = sort.order[i] === 'DESC' ? sql`desc` : sql`asc`;
    return key === 'nextFollowUp'
      ? sql`${SORT_EXPRESSIONS[key]} ${direction} nulls last`
      : sql`${SORT_EXPRESSIONS[key]} ${direction}`;
  }),
  asc(households.id),
];

/** One page of households (all of them when limit is null) in the asked order. */
export const listHouseholds = (
  db: Db,
  filter: ClientListFilter,
  sort: ClientListSort,
  page: { limit: number | null; offset: number },
) => {
  const query = db
    .select()
    .from(households)
    .where(listConditions(filter))
    .orderBy(...listOrder(sort))
    .offset(page.offset);
  return page.limit === null ? query : query.limit(page.limit);
};

export const countHouseholds = async (db: Db, filter: ClientListFilter) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(households)
    .where(listConditions(filter));
  return Number(row?.n ?? 0);
};

export type PrimaryContact = {
  email: string | null;
  phone: string | null;
  city: string | null;
  state: string | null;
};

/** The primary member's primary email, phone and address (city, state abbreviation) of each household. */
export const primaryContacts = async (db: Db, householdIds: readonly string[]) => {
  const out = new Map<string, PrimaryContact>();
  if (householdIds.length === 0) return out;
  const ids = [...householdIds];
  const [contactRows, addressRows] = await Promise.all([
    db
      .select({
        householdId: members.householdId,
        email: sql<
          string | null
        >`(select e.email from member_emails e where e.member_id = "members"."id" and e.is_primary limit 1)`,
        phone: sql<
          string | null
        >`(select p.phone from member_phones p where p.member_id = "members"."id" and p.is_primary limit 1)`,
      })
      .from(members)
      .where(and(inArray(members.householdId, ids), eq(members.subType, 'PRIMARY'))),
    db
      .select({
        householdId: members.householdId,
        city: memberAddresses.city,
        stateName: masterDataItems.name,
        stateAbbreviation: masterDataItems.abbreviation,
      })
      .from(memberAddresses)
      .innerJoin(members, eq(members.id, memberAddresses.memberId))
      .leftJoin(masterDataItems, eq(masterDataItems.id, memberAddresses.stateId))
      .where(
        and(
          inArray(members.householdId, ids),
          eq(members.subType, 'PRIMARY'),
          eq(memberAddresses.isPrimary, true),
        ),
      ),
  ]);
  for (const row of contactRows) {
    out.set(row.householdId, { email: row.email, phone: row.phone, city: null, state: null });
  }
  for (const row of addressRows) {
    const contact = out.get(row.householdId) ?? { email: null, phone: null, city: null, state: null };
    contact.city = row.city.trim().length > 0 ? row.city : null;
    contact.state = row.stateAbbreviation ?? row.stateName ?? null;
    out.set(row.householdId, contact);
  }
  return out;
};

export type AdvisorUserRow = {
  householdId: string;
  role: string;
  id: string;
  fullName: string;
  profileImagePath: string | null;
  updatedAt: Date;
};

/** The advisor team of households (every role, or one role), with the users' names. */
export const advisorsOf = async (
  db: Db,
  householdIds: readonly string[],
  role?: AdvisorRole,
): Promise<AdvisorUserRow[]> => {
  if (householdIds.length === 0) return [];
  return db
    .select({
      householdId: householdAdvisors.householdId,
      role: householdAdvisors.role,
      id: users.id,
      fullName: users.fullName,
      profileImagePath: users.profileImagePath,
      updatedAt: users.updatedAt,
    })
    .from(householdAdvisors)
    .innerJoin(users, eq(users.id, householdAdvisors.userId))
    .where(
      and(
        inArray(householdAdvisors.householdId, [...householdIds]),
        role ? eq(householdAdvisors.role, role) : undefined,
      ),
    );
};

export const findHousehold = async (db: Db, id: string) => {
  const [row] = await db.select().from(households).where(eq(households.id, id)).limit(1);
  return row ?? null;
};

export const setHouseholdFields = (
  db: Db,
  id: string,
  values: Omit<Partial<typeof households.$inferInsert>, 'updatedAt'>,
  updatedAt: Date,
) =>
  db
    .update(households)
    .set({ ...values, updatedAt })
    .where(eq(households.id, id));

export const householdNameOf = async (db: Db, id: string) => {
  const [row] = await db
    .select({ id: households.id, name: households.name })
    .from(households)
    .where(eq(households.id, id))
    .limit(1);
  return row ?? null;
};

export const professionalNameOf = async (db: Db, id: string) => {
  const [row] = await db
    .select({ id: otherProfessionals.id, name: otherProfessionals.fullName })
    .from(otherProfessionals)
    .where(eq(otherProfessionals.id, id))
    .limit(1);
  return row ?? null;
};

/** Households this one introduced, by name. */
export const introductionsOf = (db: Db, id: string) =>
  db
    .select({ clientId: households.id, name: households.name, status: households.status })
    .from(households)
    .where(and(eq(households.introducedByClientId, id), ne(households.id, id)))
    .orderBy(asc(households.name), asc(households.id));

/** The other professionals linked to a household, by name, with their state's name. */
export const professionalsOf = (db: Db, id: string) =>
  db
    .select({ professional: otherProfessionals, stateName: masterDataItems.name })
    .from(householdProfessionals)
    .innerJoin(otherProfessionals, eq(otherProfessionals.id, householdProfessionals.professionalId))
    .leftJoin(masterDataItems, eq(masterDataItems.id, otherProfessionals.stateId))
    .where(eq(householdProfessionals.householdId, id))
    .orderBy(asc(otherProfessionals.fullName), asc(otherProfessionals.id));

export const professionalIdsOf = async (db: Db, id: string) =>
  (
    await db
      .select({ id: householdProfessionals.professionalId })
      .from(householdProfessionals)
      .where(eq(householdProfessionals.householdId, id))
  )
    .map((r) => r.id)
    .sort();

export const existingProfessionalIds = async (db: Db, ids: readonly string[]) => {
  if (ids.length === 0) return [];
  return (
    await db
      .select({ id: otherProfessionals.id })
      .from(otherProfessionals)
      .where(inArray(otherProfessionals.id, [...ids]))
  ).map((r) => r.id);
};

export const replaceProfessionalLinks = async (db: Db, householdId: string, ids: readonly string[]) => {
  await db.delete(householdProfessionals).where(eq(householdProfessionals.householdId, householdId));
  if (ids.length > 0) {
    await db
      .insert(householdProfessionals)
      .values(ids.map((professionalId) => ({ householdId, professionalId })));
  }
};

/** The team as role → user id, in ADVISOR_ROLES order. */
export const teamUserIds = async (db: Db, householdId: string) => {
  const rows = await db
    .select({ role: householdAdvisors.role, userId: householdAdvisors.userId })
    .from(householdAdvisors)
    .where(eq(householdAdvisors.householdId, householdId));
  const byRole = new Map(rows.map((r) => [r.role, r.userId]));
  return Object.fromEntries(ADVISOR_ROLES.map((role) => [role, byRole.get(role) ?? null])) as Record<
    AdvisorRole,
    string | null
  >;
};

/** Of the given ids, those of active users who may serve a household (never the system role). */
export const assignableUserIds = async (db: Db, ids: readonly string[]) => {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.status, 'ACTIVE'), ne(users.roleId, ROLE_IDS.system)));
  return new Set(rows.map((r) => r.id));
};

/** Assigns (or clears) one advisor role of a household; `at` is when the assignment was made. */
export const setTeamRole = async (
  db: Db,
  householdId: string,
  role: AdvisorRole,
  userId: string | null,
  at: Date,
) => {
  if (userId === null) {
    await db
      .delete(householdAdvisors)
      .where(and(eq(householdAdvisors.householdId, householdId), eq(householdAdvisors.role, role)));
    return;
  }
  await db
    .insert(householdAdvisors)
    .values({ householdId, role, userId, createdAt: at })
    .onConflictDoUpdate({
      target: [householdAdvisors.householdId, householdAdvisors.role],
      set: { userId, createdAt: at },
    });
};

export const findMemberOfHousehold = async (db: Db, householdId: string, memberId: string) => {
  const [row] = await db
    .select({ id: members.id, householdId: members.householdId, profileImagePath: members.profileImagePath })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.householdId, householdId)))
    .limit(1);
  return row ?? null;
};

export const setMemberProfileImage = (db: Db, memberId: string, path: string, updatedAt: Date) =>
  db.update(members).set({ profileImagePath: path, updatedAt }).where(eq(members.id, memberId));

const MEMBER_IMAGE_PATH = /^members\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//i;

/** Whether some member's profile image is stored at this path (by the member's key when the path names it). */
export const isMemberProfileImage = async (db: Db, path: string) => {
  const memberId = MEMBER_IMAGE_PATH.exec(path)?.[1];
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(memberId ? eq(members.id, memberId) : undefined, eq(members.profileImagePath, path)))
    .limit(1);
  return row !== undefined;
};
