import {
  ageLabel,
  type AddressType,
  type EmailType,
  type MemberAvatar,
  type MemberDetail,
  type MemberSubType,
  type MemberType,
  type MilestoneItem,
  type PhoneType,
  type RelationshipItem,
  type SpecialDateItem,
  type SpecialDateType,
  sortMembersForDisplay,
} from '@centric/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, inTurn } from '../../db/client.ts';
import {
  masterDataItems,
  memberAddresses,
  memberEmails,
  memberEmploymentStatuses,
  memberInterests,
  memberPhones,
  memberRelationships,
  members,
  milestones,
  specialDates,
} from '../../db/schema/index.ts';
import { groupBy } from '../../platform/group-by.ts';

/**
 * Read side of members and household entries, shared by the household detail (clients.*) and the member
 * routes (members.*). Lists are loaded in one query per table for all members at once (no N+1), and the
 * identity number is only ever shown as its stored last four characters: reads never decrypt.
 */

export type MemberRow = typeof members.$inferSelect;

/** The URL the web loads a member's profile image from (served by the profile-image route). */
export const profileImageUrlOf = (path: string | null): string | null =>
  path ? `/api/clients/profile-image?profileUrl=${encodeURIComponent(path)}` : null;

/** "First [Middle] Last [Suffix]". */
export const memberFullName = (m: {
  firstName: string;
  middleName?: string | null;
  lastName: string;
  suffix?: string | null;
}): string =>
  [m.firstName, m.middleName, m.lastName, m.suffix]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part.length > 0)
    .join(' ');

/** '***-**-1234' for a person's SSN, '*******1234' for a business or trust TIN; null when none is stored. */
export const maskIdentityNumber = (type: MemberType, last4: string | null): string | null => {
  if (!last4) return null;
  return type === 'PERSON' ? `***-**-${last4}` : `*******${last4}`;
};

const genderItem = alias(masterDataItems, 'gender_item');
const marriageItem = alias(masterDataItems, 'marriage_item');
const industryItem = alias(masterDataItems, 'industry_item');

/** The members of some households with the names of their gender, marriage status and industry. */
const memberRowsWithNames = (db: Db, where: ReturnType<typeof eq>) =>
  db
    .select({
      member: members,
      genderName: genderItem.name,
      marriageStatusName: marriageItem.name,
      industryName: industryItem.name,
    })
    .from(members)
    .leftJoin(genderItem, eq(genderItem.id, members.genderId))
    .leftJoin(marriageItem, eq(marriageItem.id, members.marriageStatusId))
    .leftJoin(industryItem, eq(industryItem.id, members.industryId))
    .where(where)
    .orderBy(asc(members.displaySequence), asc(members.createdAt), asc(members.id));

type MemberNames = {
  genderName: string | null;
  marriageStatusName: string | null;
  industryName: string | null;
};

/**
 * Builds the details of the given rows (already in the order wanted), loading their lists one after another
 * (the caller may be in a transaction: one connection).
 */
export const buildMemberDetails = async (
  db: Db,
  rows: readonly { member: MemberRow; names: MemberNames }[],
  today: string,
): Promise<MemberDetail[]> => {
  const ids = rows.map((r) => r.member.id);
  if (ids.length === 0) return [];
  const [phones, emails, addresses, interests, statuses] = await inTurn(
    () =>
      db
        .select()
        .from(memberPhones)
        .where(inArray(memberPhones.memberId, ids))
        .orderBy(asc(memberPhones.position), asc(memberPhones.id)),
    () =>
      db
        .select()
        .from(memberEmails)
        .where(inArray(memberEmails.memberId, ids))
        .orderBy(asc(memberEmails.position), asc(memberEmails.id)),
    () =>
      db
        .select({
          address: memberAddresses,
          stateName: masterDataItems.name,
          stateAbbreviation: masterDataItems.abbreviation,
        })
        .from(memberAddresses)
        .leftJoin(masterDataItems, eq(masterDataItems.id, memberAddresses.stateId))
        .where(inArray(memberAddresses.memberId, ids))
        .orderBy(asc(memberAddresses.position), asc(memberAddresses.id)),
    () =>
      db
        .select()
        .from(memberInterests)
        .where(inArray(memberInterests.memberId, ids))
        .orderBy(asc(memberInterests.interestId)),
    () =>
      db
        .select()
        .from(memberEmploymentStatuses)
        .where(inArray(memberEmploymentStatuses.memberId, ids))
        .orderBy(asc(memberEmploymentStatuses.statusId)),
  );
  const phonesOf = groupBy(phones, (p) => p.memberId);
  const emailsOf = groupBy(emails, (e) => e.memberId);
  const addressesOf = groupBy(addresses, (a) => a.address.memberId);
  const interestsOf = groupBy(interests, (i) => i.memberId);
  const statusesOf = groupBy(statuses, (s) => s.memberId);

  return rows.map(({ member: m, names }) => ({
    id: m.id,
    clientId: m.householdId,
    type: m.type as MemberType,
    subType: (m.subType ?? null) as MemberSubType | null,
    displaySequence: m.displaySequence,
    completedSteps: m.completedSteps,
    firstName: m.firstName,
    middleName: m.middleName,
    lastName: m.lastName,
    nickName: m.nickName,
    suffix: m.suffix,
    fullName: memberFullName(m),
    profileImageUrl: profileImageUrlOf(m.profileImagePath),
    date: m.dateOfBirth,
    ageLabel: m.dateOfBirth ? ageLabel(m.dateOfBirth, today) : null,
    gender: m.genderId,
    genderName: names.genderName,
    marriageStatus: m.marriageStatusId,
    marriageStatusName: names.marriageStatusName,
    sexualOrientation: m.sexualOrientationId,
    politicalParty: m.politicalPartyId,
    religion: m.religionId,
    parentReligion: m.parentReligionId,
    interests: (interestsOf.get(m.id) ?? []).map((i) => i.interestId),
    riskScore: m.riskScore,
    annualIncome: m.annualIncome,
    linkedinUrl: m.linkedinUrl,
    identityNumberMasked: maskIdentityNumber(m.type as MemberType, m.identityNumberLast4),
    hasIdentityNumber: m.identityNumberSealed !== null,
    driverLicenseNum: m.driverLicenseNum,
    driverLicenseState: m.driverLicenseStateId,
    employer: m.employer,
    jobTitle: m.jobTitle,
    employmentStatus: (statusesOf.get(m.id) ?? []).map((s) => s.statusId),
    industry: m.industryId,
    industryName: names.industryName,
    parentIndustry: m.parentIndustryId,
    deceased: m.deceased,
    deceasedDate: m.deceasedDate,
    phoneNumbers: (phonesOf.get(m.id) ?? []).map((p) => ({
      id: p.id,
      phone: p.phone,
      type: p.type as PhoneType,
      isPrimary: p.isPrimary,
      linkedToPrimary: p.linkedToPrimary,
    })),
    emailAddresses: (emailsOf.get(m.id) ?? []).map((e) => ({
      id: e.id,
      email: e.email,
      type: e.type as EmailType,
      isPrimary: e.isPrimary,
      linkedToPrimary: e.linkedToPrimary,
    })),
    addresses: (addressesOf.get(m.id) ?? []).map(({ address: a, stateName, stateAbbreviation }) => ({
      id: a.id,
      addressLine1: a.addressLine1,
      addressLine2: a.addressLine2,
      addressLine3: a.addressLine3,
      city: a.city,
      stateId: a.stateId,
      state:
        a.stateId !== null && stateName !== null
          ? { id: a.stateId, name: stateName, abbrevation: stateAbbreviation }
          : null,
      zip: a.zip,
      country: a.country,
      type: (a.type ?? null) as AddressType | null,
      isPrimary: a.isPrimary,
      linkedToPrimary: a.linkedToPrimary,
    })),
  }));
};

const toNamed = (r: { member: MemberRow } & MemberNames) => ({
  member: r.member,
  subType: (r.member.subType ?? null) as MemberSubType | null,
  displaySequence: r.member.displaySequence,
  names: { genderName: r.genderName, marriageStatusName: r.marriageStatusName, industryName: r.industryName },
});

/** Every member of a household, primary first, secondary second, then by displaySequence. */
export const loadMemberDetails = async (db: Db, clientId: string, today: string): Promise<MemberDetail[]> => {
  const rows = await memberRowsWithNames(db, eq(members.householdId, clientId));
  return buildMemberDetails(db, sortMembersForDisplay(rows.map(toNamed)), today);
};

/** One member's details, or null when it is not a member of that household. */
export const loadMemberDetail = async (
  db: Db,
  clientId: string,
  memberId: string,
  today: string,
): Promise<MemberDetail | null> => {
  const rows = await memberRowsWithNames(db, eq(members.id, memberId));
  const row = rows[0];
  if (!row || row.member.householdId !== clientId) return null;
  const [detail] = await buildMemberDetails(db, [toNamed(row)], today);
  return detail ?? null;
};

/** The avatar group of many households in one query, each in display order. */
export const loadMemberAvatars = async (
  db: Db,
  clientIds: readonly string[],
): Promise<Map<string, MemberAvatar[]>> => {
  const out = new Map<string, MemberAvatar[]>();
  const ids = [...new Set(clientIds)];
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      id: members.id,
      householdId: members.householdId,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      suffix: members.suffix,
      type: members.type,
      subType: members.subType,
      displaySequence: members.displaySequence,
      profileImagePath: members.profileImagePath,
    })
    .from(members)
    .where(inArray(members.householdId, ids))
    .orderBy(asc(members.displaySequence), asc(members.createdAt), asc(members.id));
  const typed = rows.map((r) => ({ ...r, subType: (r.subType ?? null) as MemberSubType | null }));
  for (const [householdId, list] of groupBy(typed, (r) => r.householdId)) {
    out.set(
      householdId,
      sortMembersForDisplay(list).map((r) => ({
        id: r.id,
        fullName: memberFullName(r),
        firstName: r.firstName,
        lastName: r.lastName,
        type: r.type as MemberType,
        subType: r.subType,
        profileImageUrl: profileImageUrlOf(r.profileImagePath),
      })),
    );
  }
  return out;
};

/** The members of a household in display order: their rank and name, for ordering and naming entries. */
const memberIndex = async (db: Db, clientId: string) => {
  const rows = await db
    .select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      suffix: members.suffix,
      subType: members.subType,
      displaySequence: members.displaySequence,
      dateOfBirth: members.dateOfBirth,
    })
    .from(members)
    .where(eq(members.householdId, clientId))
    .orderBy(asc(members.displaySequence), asc(members.createdAt), asc(members.id));
  const ordered = sortMembersForDisplay(
    rows.map((r) => ({ ...r, subType: (r.subType ?? null) as MemberSubType | null })),
  );
  return new Map(
    ordered.map((r, rank) => [r.id, { rank, fullName: memberFullName(r), dob: r.dateOfBirth }] as const),
  );
};

const rankOf = (index: Map<string, { rank: number }>, id: string) =>
  index.get(id)?.rank ?? Number.MAX_SAFE_INTEGER;

/** Special dates of a household, in calendar order (month and day), then by member and date type. */
export const loadSpecialDates = async (db: Db, clientId: string): Promise<SpecialDateItem[]> => {
  const [index, rows] = await inTurn(
    () => memberIndex(db, clientId),
    () =>
      db
        .select()
        .from(specialDates)
        .where(eq(specialDates.householdId, clientId))
        .orderBy(asc(specialDates.createdAt), asc(specialDates.id)),
  );
  return rows
    .map((r) => ({ row: r, monthDay: r.date.slice(5) }))
    .sort(
      (a, b) =>
        (a.monthDay < b.monthDay ? -1 : a.monthDay > b.monthDay ? 1 : 0) ||
        rankOf(index, a.row.memberId) - rankOf(index, b.row.memberId) ||
        (a.row.dateType < b.row.dateType ? -1 : a.row.dateType > b.row.dateType ? 1 : 0),
    )
    .map(({ row }) => ({
      id: row.id,
      memberId: row.memberId,
      fullName: index.get(row.memberId)?.fullName ?? '',
      dob: index.get(row.memberId)?.dob ?? null,
      dateType: row.dateType as SpecialDateType,
      date: row.date,
      description: row.description,
    }));
};

/** Milestones of a household, by date of birth, then member. */
export const loadMilestones = async (db: Db, clientId: string): Promise<MilestoneItem[]> => {
  const [index, rows] = await inTurn(
    () => memberIndex(db, clientId),
    () =>
      db
        .select()
        .from(milestones)
        .where(eq(milestones.householdId, clientId))
        .orderBy(asc(milestones.dob), asc(milestones.createdAt), asc(milestones.id)),
  );
  return rows.map((row) => ({
    id: row.id,
    memberId: row.memberId,
    memberName: index.get(row.memberId)?.fullName ?? '',
    fullName: row.fullName,
    description: row.description,
    dob: row.dob,
  }));
};

/** Relationships of a household, by member in display order, then as they were added. */
export const loadRelationships = async (db: Db, clientId: string): Promise<RelationshipItem[]> => {
  const [index, rows] = await Promise.all([
    memberIndex(db, clientId),
    db
      .select()
      .from(memberRelationships)
      .where(eq(memberRelationships.householdId, clientId))
      .orderBy(asc(memberRelationships.createdAt), asc(memberRelationships.id)),
  ]);
  return rows
    .map((row, order) => ({ row, order }))
    .sort(
      (a, b) =>
        rankOf(index, a.row.memberId) - rankOf(index, b.row.memberId) ||
        rankOf(index, a.row.relativeId) - rankOf(index, b.row.relativeId) ||
        a.order - b.order,
    )
    .map(({ row }) => ({
      id: row.id,
      memberId: row.memberId,
      memberName: index.get(row.memberId)?.fullName ?? '',
      relation: row.relation,
      relativeId: row.relativeId,
      relativeName: index.get(row.relativeId)?.fullName ?? '',
    }));
};
