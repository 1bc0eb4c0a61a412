import {
  type Action,
  type AdvisorRole,
  FEATURES,
  type Feature,
  type InfluencerTier,
  type MemberSubType,
  type MemberType,
} from '@centric/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import type { TestContext } from './harness.ts';
import {
  householdAdvisors,
  households,
  masterDataItems,
  memberAddresses,
  memberEmails,
  memberPhones,
  members,
  passwordHistory,
  rolePermissions,
  roles,
  users,
} from '../src/db/schema/index.ts';
import { DEMO_ADMIN } from '../src/db/seed/demo.ts';
import { hashPassword } from '../src/platform/passwords.ts';

/**
 * Test data shared by the test files: households and users inserted straight into the database (their
 * create APIs have their own tests), and a valid fee schedule body to send or vary.
 */

export type HouseholdMemberFixture = {
  firstName: string;
  lastName: string;
  middleName?: string;
  nickName?: string;
  type?: MemberType;
  /** Default: the first member PRIMARY, the second SECONDARY, the others CHILD_OF_BOTH. */
  subType?: MemberSubType | null;
  dateOfBirth?: string | null;
  /** Stored as given, the first one primary. */
  emails?: string[];
  /** Stored as given (pass the normalised '+1XXXXXXXXXX' form, as the member routes store it). */
  phones?: string[];
  /** A primary home address in this city (and state, by its abbreviation). */
  city?: string;
  stateAbbreviation?: string;
  profileImagePath?: string;
};

export type HouseholdFixture = {
  /** Default: "Last, First" of the first member, like a new household's. */
  name?: string;
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
  members: HouseholdMemberFixture[];
  /** Advisor role → user id. */
  advisors?: Partial<Record<AdvisorRole, string>>;
};

const defaultSubType = (index: number): MemberSubType =>
  index === 0 ? 'PRIMARY' : index === 1 ? 'SECONDARY' : 'CHILD_OF_BOTH';

export const stateIdByAbbreviation = async (db: Db, abbreviation: string) => {
  const [row] = await db
    .select({ id: masterDataItems.id })
    .from(masterDataItems)
    .where(and(eq(masterDataItems.type, 'states'), eq(masterDataItems.abbreviation, abbreviation)))
    .limit(1);
  return row?.id ?? null;
};

/** A master data item's id by its type and name (a receivable product, a provider …). */
export const masterDataId = async (db: Db, type: string, name: string) => {
  const [row] = await db
    .select({ id: masterDataItems.id })
    .from(masterDataItems)
    .where(and(eq(masterDataItems.type, type), eq(masterDataItems.name, name)));
  if (!row) throw new Error(`no ${type} ${name}`);
  return row.id;
};

export const userIdByEmail = async (db: Db, email: string) => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

/** Inserts a household with its members, their emails, phones and addresses, and its advisors. */
export const insertHousehold = async (db: Db, fixture: HouseholdFixture) => {
  const first = fixture.members[0];
  if (!fixture.name && !first) throw new Error('a household needs a name or a member');
  const [household] = await db
    .insert(households)
    .values({
      name: fixture.name ?? `${first?.lastName}, ${first?.firstName}`,
      ...(fixture.status ? { status: fixture.status } : {}),
      ...(fixture.rating !== undefined ? { rating: fixture.rating } : {}),
      ...(fixture.influencerTier ? { influencerTier: fixture.influencerTier } : {}),
      ...(fixture.nextFollowUp !== undefined ? { nextFollowUp: fixture.nextFollowUp } : {}),
      ...fixture.services,
      ...(fixture.createdAt ? { createdAt: fixture.createdAt } : {}),
    })
    .returning({ id: households.id });
  if (!household) throw new Error('household insert returned nothing');
  const memberIds: string[] = [];
  for (const [index, m] of fixture.members.entries()) {
    const [member] = await db
      .insert(members)
      .values({
        householdId: household.id,
        type: m.type ?? 'PERSON',
        subType: m.subType === undefined ? defaultSubType(index) : m.subType,
        displaySequence: index,
        firstName: m.firstName,
        middleName: m.middleName ?? null,
        lastName: m.lastName,
        nickName: m.nickName ?? null,
        dateOfBirth: m.dateOfBirth ?? null,
        profileImagePath: m.profileImagePath ?? null,
      })
      .returning({ id: members.id });
    if (!member) throw new Error('member insert returned nothing');
    memberIds.push(member.id);
    for (const [position, email] of (m.emails ?? []).entries()) {
      await db
        .insert(memberEmails)
        .values({ memberId: member.id, email, type: 'Personal', isPrimary: position === 0, position });
    }
    for (const [position, phone] of (m.phones ?? []).entries()) {
      await db
        .insert(memberPhones)
        .values({ memberId: member.id, phone, type: 'Mobile', isPrimary: position === 0, position });
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
  for (const [role, userId] of Object.entries(fixture.advisors ?? {})) {
    await db.insert(householdAdvisors).values({ householdId: household.id, role, userId });
  }
  return { clientId: household.id, memberIds };
};

/**
 * A role allowing exactly `grants` (every other feature denied) and an active user in it with the demo
 * password, ready for `signIn(email)`.
 */
export const insertUserWithGrants = async (
  db: Db,
  email: string,
  grants: Partial<Record<Feature, readonly Action[]>>,
) => {
  const [role] = await db
    .insert(roles)
    .values({ role: email.split('@')[0]!.toUpperCase().replace(/\W/g, '_'), displayName: `Role of ${email}` })
    .returning({ id: roles.id });
  if (!role) throw new Error('role insert returned nothing');
  await db.insert(rolePermissions).values(
    FEATURES.map((feature) => {
      const actions = grants[feature] ?? [];
      return {
        roleId: role.id,
        feature,
        read: actions.includes('read'),
        write: actions.includes('write'),
        delete: actions.includes('delete'),
      };
    }),
  );
  const passwordHash = await hashPassword(DEMO_ADMIN.password);
  const [user] = await db
    .insert(users)
    .values({ email, fullName: `Test ${email.split('@')[0]}`, roleId: role.id, passwordHash })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned nothing');
  await db.insert(passwordHistory).values({ userId: user.id, passwordHash });
  return { roleId: role.id, userId: user.id };
};

/** The top of the last tier: the engine's ceiling. */
export const FEE_CEILING = '10000000000';

/** A valid fee schedule body (three percentage tiers, breakpoints at 500k and 2M), with overrides. */
/** A real ABA routing number (JPMorgan Chase). */
export const VALID_ROUTING = '021000021';

/** An ACH bank account as POST /api/billing/households/:clientId/ach-accounts takes it. */
export const achAccountInput = (overrides: Record<string, unknown> = {}) => ({
  achAccountType: 'CHECKING',
  accountNumber: '000123456789',
  routingNumber: VALID_ROUTING,
  firstName: 'Nora',
  lastName: 'Billing',
  billingAddressLine1: '1 Main Street',
  billingAddressLine2: null,
  city: 'Boston',
  state: 'MA',
  country: 'United States',
  emailAddress: 'nora@example.com',
  phoneNumber: '(617) 555-0100',
  zip: '02110',
  ...overrides,
});

export const feeScheduleInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Standard AUM',
  type: 'PERCENTAGE',
  structure: 'TIERED',
  description: 'Breakpoints at 500k and 2M',
  annualMinimum: null,
  tiers: [
    { minimum: '0', maximum: '500000', rate: '100' },
    { minimum: '500000', maximum: '2000000', rate: '75' },
    { minimum: '2000000', maximum: FEE_CEILING, rate: '50' },
  ],
  ...overrides,
});

let custodianSequence = 0;

/**
 * An open account owned by one member, opened through the API (POST /api/clients/:clientId/accounts, so the
 * accounts' checks and listeners run) with the first registration type and a fresh custodian number; its id.
 */
export const openAccountThroughApi = async (
  t: Pick<TestContext, 'db' | 'json'>,
  fixture: { clientId: string; memberId: string; registrationName: string; token: string },
) => {
  custodianSequence += 1;
  const [type] = await t.db
    .select({ id: masterDataItems.id })
    .from(masterDataItems)
    .where(eq(masterDataItems.type, 'registration-type'))
    .limit(1);
  const res = await t.json(
    'POST',
    `/api/clients/${fixture.clientId}/accounts`,
    {
      registrationName: fixture.registrationName,
      registrationTypeId: type?.id,
      custodian: 'Schwab',
      custodianNumber: `FAC-${process.pid}-${custodianSequence}`,
      startDate: '2026-01-02',
      owners: [{ memberId: fixture.memberId, role: 'OWNER' }],
    },
    fixture.token,
  );
  if (res.status !== 201) throw new Error(`account not opened: ${res.status} ${res.body.message}`);
  return (res.body.result as { id: string }).id;
};
