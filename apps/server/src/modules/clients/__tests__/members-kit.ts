import { type MasterDataStoredType, ROLE_IDS } from '@centric/contracts';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { masterDataItems } from '../../../db/schema/index.ts';
import { DEMO_USERS } from '../../../db/seed/demo.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

/** Shared helpers of the members, entries and drafts tests (households created through the API). */

export type Ids = Record<
  | 'gender'
  | 'marriageStatus'
  | 'state'
  | 'state2'
  | 'interest'
  | 'employmentStatus'
  | 'employmentStatus2'
  | 'sexualOrientation'
  | 'politicalParty'
  | 'religion'
  | 'subReligion'
  | 'otherReligion'
  | 'industry'
  | 'industryJob'
  | 'otherIndustry',
  number
>;

const idsOf = async (db: Db, type: MasterDataStoredType) => {
  const rows = await db
    .select({ id: masterDataItems.id, parentId: masterDataItems.parentId })
    .from(masterDataItems)
    .where(eq(masterDataItems.type, type))
    .orderBy(asc(masterDataItems.id));
  if (rows.length === 0) throw new Error(`no master data of type ${type}`);
  return rows;
};

const must = (value: number | undefined, what: string) => {
  if (value === undefined) throw new Error(`no ${what}`);
  return value;
};

export const loadIds = async (db: Db): Promise<Ids> => {
  const [sub] = await db
    .select({ id: masterDataItems.id, parentId: masterDataItems.parentId })
    .from(masterDataItems)
    .where(and(eq(masterDataItems.type, 'sub-religions'), isNotNull(masterDataItems.parentId)))
    .limit(1);
  const [job] = await db
    .select({ id: masterDataItems.id, parentId: masterDataItems.parentId })
    .from(masterDataItems)
    .where(and(eq(masterDataItems.type, 'industry-jobs'), isNotNull(masterDataItems.parentId)))
    .limit(1);
  if (!sub?.parentId || !job?.parentId) throw new Error('no sub-religion or industry job');
  const religions = await idsOf(db, 'religious-affiliations');
  const industries = await idsOf(db, 'industry');
  const states = await idsOf(db, 'states');
  const statuses = await idsOf(db, 'employment-status');
  return {
    gender: must((await idsOf(db, 'gender'))[0]?.id, 'gender'),
    marriageStatus: must((await idsOf(db, 'marriage-status'))[0]?.id, 'marriage status'),
    state: must(states[0]?.id, 'state'),
    state2: must(states[1]?.id, 'state'),
    interest: must((await idsOf(db, 'specific-interest'))[0]?.id, 'interest'),
    employmentStatus: must(statuses[0]?.id, 'employment status'),
    employmentStatus2: must(statuses[1]?.id, 'employment status'),
    sexualOrientation: must((await idsOf(db, 'sexual-orientation'))[0]?.id, 'sexual orientation'),
    politicalParty: must((await idsOf(db, 'political-party'))[0]?.id, 'political party'),
    religion: sub.parentId,
    subReligion: sub.id,
    otherReligion: must(religions.find((r) => r.id !== sub.parentId)?.id, 'religion'),
    industry: job.parentId,
    industryJob: job.id,
    otherIndustry: must(industries.find((r) => r.id !== job.parentId)?.id, 'industry'),
  };
};

let phoneCounter = 0;
/** A phone number (as typed, 10 digits) that no other test uses. */
export const freshPhone = () => {
  phoneCounter += 1;
  const n = 3000000 + ((Date.now() + phoneCounter * 7919 + Math.floor(Math.random() * 1e6)) % 6999999);
  return `617${String(n).padStart(7, '0')}`;
};
export const normalized = (typed: string) => `+1${typed}`;

export type Kit = {
  t: TestContext;
  token: string;
  ids: Ids;
  /** A basic step of a person (PRIMARY unless told otherwise). */
  basic: (over?: Record<string, unknown>) => Record<string, unknown>;
  /** A complete contact step for a primary member (one phone, one email, one address). */
  contact: (over?: Record<string, unknown>) => Record<string, unknown>;
  createHousehold: (over?: Record<string, unknown>) => Promise<{ clientId: string; memberId: string }>;
  addMember: (clientId: string, over?: Record<string, unknown>) => Promise<{ id: string }>;
  step: (
    clientId: string,
    memberId: string,
    step: string,
    body: unknown,
    token?: string,
  ) => ReturnType<TestContext['json']>;
};

export const makeKit = async (t: TestContext, token: string): Promise<Kit> => {
  const ids = await loadIds(t.db);
  const basic = (over: Record<string, unknown> = {}) => ({
    type: 'PERSON',
    subType: 'PRIMARY',
    firstName: 'Ada',
    lastName: 'Lovelace',
    date: '1980-12-10',
    gender: ids.gender,
    marriageStatus: ids.marriageStatus,
    ...over,
  });
  const contact = (over: Record<string, unknown> = {}) => ({
    type: 'PERSON',
    subType: 'PRIMARY',
    phoneNumbers: [{ phone: freshPhone(), type: 'Mobile', isPrimary: true }],
    emailAddresses: [{ email: 'ada@example.com', type: 'Personal', isPrimary: true }],
    addresses: [
      {
        addressLine1: '1 Main St',
        city: 'Boston',
        stateId: ids.state,
        zip: '02110',
        type: 'Home',
        isPrimary: true,
      },
    ],
    ...over,
  });
  return {
    t,
    token,
    ids,
    basic,
    contact,
    async createHousehold(over = {}) {
      const res = await t.json('POST', '/api/clients', basic(over), token);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.result as { clientId: string; memberId: string };
    },
    async addMember(clientId, over = {}) {
      const res = await t.json(
        'POST',
        `/api/clients/${clientId}/members`,
        basic({ subType: 'CHILD_OF_BOTH', firstName: 'Child', date: '2015-03-04', ...over }),
        token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.result as { id: string };
    },
    step: (clientId, memberId, step, body, as = token) =>
      t.json('PUT', `/api/clients/${clientId}/members/${memberId}/steps/${step}`, body, as),
  };
};

const demoUserOf = (roleId: number) => {
  const user = DEMO_USERS.find((u) => u.roleId === roleId);
  if (!user) throw new Error(`no demo user of role ${roleId}`);
  return user.email;
};

/**
 * The seeded demo users these tests act as besides the administrator: a business developer (may not write
 * or delete households) and an operations user (may not delete them).
 */
const KIT_USERS = {
  businessDeveloper: demoUserOf(ROLE_IDS.businessDeveloper),
  operations: demoUserOf(ROLE_IDS.operations),
};
export type KitUser = keyof typeof KIT_USERS;

/** The kit of a test file, with a token for each other demo user the file asked for. */
export type OpenKit<U extends KitUser = never> = Kit & { tokens: Record<U, string> };

/**
 * The setup of a members, entries or drafts test file: the real app on a fresh copy of the seeded database
 * (the harness), the kit acting as the administrator, and the other demo users the file names signed in.
 */
export const openKit = async <U extends KitUser = never>(...others: U[]): Promise<OpenKit<U>> => {
  const t = await createTestContext();
  const kit = await makeKit(t, (await t.signIn()).token);
  const tokens = {} as Record<U, string>;
  for (const user of others) tokens[user] = (await t.signIn(KIT_USERS[user])).token;
  return { ...kit, tokens };
};

/** A refused request: its status, its message, and that message on the field. */
export const expectFieldError = (
  res: Awaited<ReturnType<TestContext['json']>>,
  message: string,
  field: string,
  status = 400,
) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.message).toBe(message);
  expect(res.body.errors).toContainEqual({ field, message });
};

/** The first error message and its field, for compact assertions. */
export const firstError = (res: {
  body: { message: string; errors?: { field: string; message: string }[] };
}) => ({
  message: res.body.message,
  field: res.body.errors?.[0]?.field,
});
