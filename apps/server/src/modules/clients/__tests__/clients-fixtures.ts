import type { AdvisorRole, InfluencerTier, MemberSubType, MemberType } from '@centric/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  householdAdvisors,
  households,
  masterDataItems,
  memberAddresses,
  memberEmails,
  memberPhones,
  members,
  users,
} from '../../../db/schema/index.ts';

/** Households for the clients tests, inserted straight into the database (the create API has its own tests). */

export type FixtureMember = {
  firstName: string;
  lastName: string;
  nickName?: string;
  type?: MemberType;
  subType?: MemberSubType | null;
  email?: string;
  phone?: string;
  city?: string;
  stateAbbreviation?: string;
  profileImagePath?: string;
};

export type FixtureHousehold = {
  name: string;
  status?: 'ACTIVE' | 'INACTIVE' | 'CONVERTED';
  rating?: number;
  influencerTier?: InfluencerTier;
  services?: Partial<
    Record<
      'financialLifeManagement' | 'riskManagement' | 'assetManagement' | 'legacyPlanning' | 'privateFund',
      boolean
    >
  >;
  nextFollowUp?: string | null;
  createdAt?: Date;
  members?: FixtureMember[];
  advisors?: Partial<Record<AdvisorRole, string>>;
};

export const stateIdByAbbreviation = async (db: Db, abbreviation: string) => {
  const [row] = await db
    .select({ id: masterDataItems.id })
    .from(masterDataItems)
    .where(and(eq(masterDataItems.type, 'states'), eq(masterDataItems.abbreviation, abbreviation)))
    .limit(1);
  return row?.id ?? null;
};

export const userIdByEmail = async (db: Db, email: string) => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

export const createHousehold = async (db: Db, spec: FixtureHousehold) => {
  const [household] = await db
    .insert(households)
    .values({
      name: spec.name,
      status: spec.status ?? 'ACTIVE',
      rating: spec.rating ?? 0,
      influencerTier: spec.influencerTier ?? 'NO_STATUS',
      nextFollowUp: spec.nextFollowUp ?? null,
      ...spec.services,
      ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
    })
    .returning();
  if (!household) throw new Error('household not inserted');
  const memberIds: string[] = [];
  for (const [i, m] of (spec.members ?? []).entries()) {
    const [member] = await db
      .insert(members)
      .values({
        householdId: household.id,
        type: m.type ?? 'PERSON',
        subType: m.subType === undefined ? (i === 0 ? 'PRIMARY' : null) : m.subType,
        displaySequence: i,
        firstName: m.firstName,
        lastName: m.lastName,
        nickName: m.nickName ?? null,
        dateOfBirth: '1970-01-01',
        profileImagePath: m.profileImagePath ?? null,
      })
      .returning({ id: members.id });
    if (!member) throw new Error('member not inserted');
    memberIds.push(member.id);
    if (m.email) {
      await db
        .insert(memberEmails)
        .values({ memberId: member.id, email: m.email, type: 'Personal', isPrimary: true });
    }
    if (m.phone) {
      await db
        .insert(memberPhones)
        .values({ memberId: member.id, phone: m.phone, type: 'Mobile', isPrimary: true });
    }
    if (m.city !== undefined || m.stateAbbreviation) {
      await db.insert(memberAddresses).values({
        memberId: member.id,
        addressLine1: '1 Main Street',
        city: m.city ?? '',
        stateId: m.stateAbbreviation ? await stateIdByAbbreviation(db, m.stateAbbreviation) : null,
        zip: '10001',
        country: 'United States',
        type: 'Home',
        isPrimary: true,
      });
    }
  }
  for (const [role, userId] of Object.entries(spec.advisors ?? {})) {
    await db.insert(householdAdvisors).values({ householdId: household.id, role, userId });
  }
  return { id: household.id, memberIds };
};
