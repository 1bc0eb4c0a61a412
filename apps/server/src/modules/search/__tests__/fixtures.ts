import { type Action, FEATURES, type Feature } from '@centric/contracts';
import type { Db } from '../../../db/client.ts';
import {
  households,
  memberEmails,
  memberPhones,
  members,
  passwordHistory,
  rolePermissions,
  roles,
  users,
} from '../../../db/schema/index.ts';
import { DEMO_ADMIN } from '../../../db/seed/demo.ts';
import { hashPassword } from '../../../platform/passwords.ts';

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

export type MemberFixture = {
  firstName: string;
  lastName: string;
  middleName?: string;
  nickName?: string;
  subType?: 'PRIMARY' | 'SECONDARY' | 'CHILD_OF_BOTH';
  type?: 'PERSON' | 'PET' | 'TRUST' | 'BUSINESS';
  emails?: string[];
  /** Stored as given: pass the normalised '+1XXXXXXXXXX' form, as the member routes store it. */
  phones?: string[];
};

export type HouseholdFixture = { name?: string; members: MemberFixture[] };

/**
 * Inserts a household with its members, emails and phones straight into the tables (the member routes
 * are not needed to test the search). The name defaults to "Last, First" of the first member, like a new
 * household's. Returns the ids.
 */
export const insertHousehold = async (db: Db, fixture: HouseholdFixture) => {
  const first = fixture.members[0];
  if (!first) throw new Error('a household needs a member');
  const [household] = await db
    .insert(households)
    .values({ name: fixture.name ?? `${first.lastName}, ${first.firstName}` })
    .returning({ id: households.id });
  if (!household) throw new Error('household insert returned nothing');
  const memberIds: string[] = [];
  for (const [index, m] of fixture.members.entries()) {
    const [member] = await db
      .insert(members)
      .values({
        householdId: household.id,
        type: m.type ?? 'PERSON',
        subType: m.subType ?? (index === 0 ? 'PRIMARY' : index === 1 ? 'SECONDARY' : 'CHILD_OF_BOTH'),
        displaySequence: index,
        firstName: m.firstName,
        middleName: m.middleName ?? null,
        lastName: m.lastName,
        nickName: m.nickName ?? null,
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
  }
  return { clientId: household.id, memberIds };
};

const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'Michael',
  'Linda',
  'William',
  'Elizabeth',
  'David',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
];
const LAST_NAMES = [
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Wilson',
  'Anderson',
  'Taylor',
  'Moore',
  'Martin',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
];

/**
 * Households that make the search work for its answer: realistic names that share letters and trigrams
 * with the ones the tests look for, and emails and phones of the same shapes.
 */
export const insertFillerHouseholds = async (db: Db, count: number) => {
  for (let i = 0; i < count; i += 1) {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length] ?? 'James';
    const lastName = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Brown';
    const spouse = FIRST_NAMES[(i + 5) % FIRST_NAMES.length] ?? 'Mary';
    const digits = String(7_000_000 + i * 37).padStart(7, '0');
    await insertHousehold(db, {
      members: [
        {
          firstName,
          lastName,
          emails: [`${firstName}.${lastName}${i}@example.net`.toLowerCase()],
          phones: [`+1312${digits}`],
        },
        { firstName: spouse, lastName, phones: [`+1773${digits}`] },
      ],
    });
  }
};
