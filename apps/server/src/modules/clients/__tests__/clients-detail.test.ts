import { CLIENT_API_MESSAGES, FEATURES } from '@centric/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  householdAdvisors,
  households,
  memberRelationships,
  milestones,
  otherProfessionals,
  passwordHistory,
  rolePermissions,
  roles,
  specialDates,
  users,
} from '../../../db/schema/index.ts';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { createHousehold, stateIdByAbbreviation, userIdByEmail } from './clients-fixtures.ts';

/** GET/PATCH /api/clients/:clientId, the team, linked professionals, and who may do what. */

let t: TestContext;
let admin: string;
let advisor: string;
let developer: string;
let nobody: string;
let userIds: Record<'olivia' | 'marcus' | 'daniel' | 'system' | 'inactive', string>;
let hollis: { id: string; memberIds: string[] };
let introducer: string;
let professionals: { attorney: string; cpa: string };

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  admin = (await t.signIn()).token;
  advisor = (await t.signIn(DEMO_USERS[1].email)).token;
  developer = (await t.signIn(DEMO_USERS[3].email)).token;

  // A role that may do nothing with clients, and a user in it.
  const [role] = await t.db
    .insert(roles)
    .values({ role: 'NO_CLIENTS', displayName: 'No clients' })
    .returning({ id: roles.id });
  await t.db.insert(rolePermissions).values(
    FEATURES.map((feature) => ({
      roleId: role!.id,
      feature,
      read: feature !== 'clients',
      write: false,
      delete: false,
    })),
  );
  const passwordHash = await hashPassword(DEMO_ADMIN.password);
  const [nobodyUser] = await t.db
    .insert(users)
    .values({ email: 'noclients@centric.local', fullName: 'No Clients', roleId: role!.id, passwordHash })
    .returning({ id: users.id });
  await t.db.insert(passwordHistory).values({ userId: nobodyUser!.id, passwordHash });
  nobody = (await t.signIn('noclients@centric.local')).token;

  const [inactive] = await t.db
    .insert(users)
    .values({ email: 'gone@centric.local', fullName: 'Gone Away', roleId: 2, status: 'INACTIVE' })
    .returning({ id: users.id });
  userIds = {
    olivia: await userIdByEmail(t.db, DEMO_USERS[1].email),
    marcus: await userIdByEmail(t.db, DEMO_USERS[2].email),
    daniel: await userIdByEmail(t.db, DEMO_USERS[4].email),
    system: await userIdByEmail(t.db, 'integrations@centric.local'),
    inactive: inactive!.id,
  };

  hollis = await createHousehold(t.db, {
    name: 'Hollis, Grace',
    rating: 4,
    influencerTier: 'SILVER',
    services: { assetManagement: true },
    nextFollowUp: '2026-02-01',
    members: [
      { firstName: 'Grace', lastName: 'Hollis', email: 'grace.hollis@example.test', city: 'Boston' },
      { firstName: 'Henry', lastName: 'Hollis', subType: 'SPOUSE' },
      { firstName: 'Rex', lastName: 'Hollis', type: 'PET', subType: null },
    ],
    advisors: { SOLICITOR: userIds.daniel, WEALTH_ADVISOR_1: userIds.olivia },
  });
  introducer = (
    await createHousehold(t.db, {
      name: 'Iverson, Ian',
      members: [{ firstName: 'Ian', lastName: 'Iverson' }],
    })
  ).id;
  const [grace, henry] = hollis.memberIds as [string, string];
  await t.db.insert(specialDates).values({
    householdId: hollis.id,
    memberId: grace,
    dateType: 'Anniversary',
    date: '2001-06-15',
    description: 'Wedding',
  });
  await t.db
    .insert(milestones)
    .values({ householdId: hollis.id, memberId: grace, fullName: 'Lily Hollis', dob: '2024-03-03' });
  await t.db
    .insert(memberRelationships)
    .values({ householdId: hollis.id, memberId: henry, relation: 'Husband', relativeId: grace });
  const nyId = await stateIdByAbbreviation(t.db, 'NY');
  const [attorney, cpa] = await t.db
    .insert(otherProfessionals)
    .values([
      { type: 'Attorney', fullName: 'Zoe Attorney', city: 'Albany', stateId: nyId, email: 'zoe@law.test' },
      { type: 'CPA', fullName: 'Adam Counts', phoneNumber: '+19997770199' },
    ])
    .returning({ id: otherProfessionals.id });
  professionals = { attorney: attorney!.id, cpa: cpa!.id };
});
afterAll(() => t.close());

const auditRows = (entity: string, entityId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));

const get = (clientId: string, token = admin) => t.json('GET', `/api/clients/${clientId}`, undefined, token);
const patch = (clientId: string, body: unknown, token = admin) =>
  t.json('PATCH', `/api/clients/${clientId}`, body, token);
const putTeam = (clientId: string, body: unknown, token = admin) =>
  t.json('PUT', `/api/clients/${clientId}/team`, body, token);
const putProfessionals = (clientId: string, body: unknown, token = admin) =>
  t.json('PUT', `/api/clients/${clientId}/other-professionals`, body, token);

describe('GET /api/clients/:clientId', () => {
  it('answers the household with members, team, dates, milestones and relationships', async () => {
    const res = await get(hollis.id);
    expect(res.status).toBe(200);
    const detail = res.body.result;
    expect(detail).toMatchObject({
      clientId: hollis.id,
      name: 'Hollis, Grace',
      status: 'ACTIVE',
      rating: 4,
      influencerTier: 'SILVER',
      nextFollowUp: '2026-02-01',
      services: { assetManagement: true, financialLifeManagement: false },
      introducedBy: null,
      introductions: [],
      otherProfessionals: [],
    });
    expect(detail.members.map((m: { fullName: string }) => m.fullName)).toEqual([
      'Grace Hollis',
      'Henry Hollis',
      'Rex Hollis',
    ]);
    expect(detail.members[0].emailAddresses[0].email).toBe('grace.hollis@example.test');
    expect(detail.team).toEqual([
      {
        role: 'WEALTH_ADVISOR_1',
        title: 'Wealth Advisor 1',
        user: { id: userIds.olivia, fullName: 'Olivia Bennett', profileImageUrl: null },
      },
      {
        role: 'SOLICITOR',
        title: 'Solicitor',
        user: { id: userIds.daniel, fullName: 'Daniel Kim', profileImageUrl: null },
      },
    ]);
    expect(detail.specialDates).toEqual([
      expect.objectContaining({ fullName: 'Grace Hollis', dateType: 'Anniversary', date: '2001-06-15' }),
    ]);
    expect(detail.milestones).toEqual([
      expect.objectContaining({ fullName: 'Lily Hollis', memberName: 'Grace Hollis' }),
    ]);
    expect(detail.relationships).toEqual([
      expect.objectContaining({
        memberName: 'Henry Hollis',
        relation: 'Husband',
        relativeName: 'Grace Hollis',
      }),
    ]);
    expect(JSON.stringify(detail)).not.toMatch(/identityNumberSealed|passwordHash/);
  });

  it('answers 404 for an unknown household and 400 for a malformed id', async () => {
    const unknown = await get(UNKNOWN_ID);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(CLIENT_API_MESSAGES.householdNotFound);
    const malformed = await get('not-a-uuid');
    expect(malformed.status).toBe(400);
  });
});

describe('PATCH /api/clients/:clientId', () => {
  it('changes only the given fields and records before and after of what changed', async () => {
    const res = await patch(hollis.id, {
      rating: 5,
      services: { riskManagement: true },
      nextFollowUp: null,
      reviewStatus: 'READY',
      status: 'ACTIVE',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CLIENT_API_MESSAGES.householdUpdated);
    expect(res.body.result).toMatchObject({
      name: 'Hollis, Grace',
      rating: 5,
      reviewStatus: 'READY',
      nextFollowUp: null,
      influencerTier: 'SILVER',
      services: { assetManagement: true, riskManagement: true, privateFund: false },
    });
    const [row] = await auditRows('household', hollis.id);
    expect(row).toMatchObject({ action: 'UPDATE', actorEmail: DEMO_ADMIN.email });
    expect(row!.before).toEqual({
      rating: 4,
      riskManagement: false,
      nextFollowUp: '2026-02-01',
      reviewStatus: null,
    });
    expect(row!.after).toEqual({
      rating: 5,
      riskManagement: true,
      nextFollowUp: null,
      reviewStatus: 'READY',
    });
  });

  it('writes no audit row when nothing changes', async () => {
    const before = (await auditRows('household', hollis.id)).length;
    const res = await patch(hollis.id, { rating: 5 });
    expect(res.status).toBe(200);
    expect(await patch(hollis.id, {})).toMatchObject({ status: 200 });
    expect((await auditRows('household', hollis.id)).length).toBe(before);
  });

  it('sets the introducer (a household or a professional, never both) and lists introductions', async () => {
    const byClient = await patch(hollis.id, { introducedByClientId: introducer });
    expect(byClient.status).toBe(200);
    expect(byClient.body.result.introducedBy).toEqual({
      kind: 'client',
      id: introducer,
      name: 'Iverson, Ian',
    });
    const introducing = await get(introducer);
    expect(introducing.body.result.introductions).toEqual([
      { clientId: hollis.id, name: 'Hollis, Grace', status: 'ACTIVE' },
    ]);
    const byProfessional = await patch(hollis.id, { introducedByProfessionalId: professionals.attorney });
    expect(byProfessional.body.result.introducedBy).toEqual({
      kind: 'professional',
      id: professionals.attorney,
      name: 'Zoe Attorney',
    });
    const [row] = await t.db.select().from(households).where(eq(households.id, hollis.id));
    expect(row).toMatchObject({
      introducedByClientId: null,
      introducedByProfessionalId: professionals.attorney,
    });
    expect((await get(introducer)).body.result.introductions).toEqual([]);
    const cleared = await patch(hollis.id, { introducedByProfessionalId: null });
    expect(cleared.body.result.introducedBy).toBeNull();
  });

  it.each([
    [{ introducedByClientId: 'SELF' }, CLIENT_API_MESSAGES.introducedBySelf, 'introducedByClientId'],
    [{ introducedByClientId: UNKNOWN_ID }, CLIENT_API_MESSAGES.householdNotFound, 'introducedByClientId'],
    [
      { introducedByProfessionalId: UNKNOWN_ID },
      CLIENT_API_MESSAGES.professionalNotFound,
      'introducedByProfessionalId',
    ],
    [
      { introducedByClientId: UNKNOWN_ID, introducedByProfessionalId: UNKNOWN_ID },
      'A household is introduced by a household or by a professional, not both.',
      'introducedByProfessionalId',
    ],
    [{ rating: 6 }, 'Rating ranges from 0 to 5.', 'rating'],
    [{ rating: 2.5 }, null, 'rating'],
    [{ name: '   ' }, 'Required', 'name'],
    [{ name: 'Nul\u0000Name' }, 'Text cannot contain the NUL character.', 'name'],
    [{ name: 'x'.repeat(121) }, 'Household name can be up to 120 characters.', 'name'],
    [{ status: 'GONE' }, null, 'status'],
    [{ influencerTier: 'PLATINUM' }, null, 'influencerTier'],
    [{ nextFollowUp: '2026-02-30' }, 'Enter a valid Date', 'nextFollowUp'],
    [{ nextFollowUp: '02/01/2026' }, 'Enter a valid Date', 'nextFollowUp'],
    [{ tagIndex: 8 }, null, 'tagIndex'],
    [{ services: { privateFund: 'yes' } }, null, 'services.privateFund'],
    [{ introducedByClientId: 'nope' }, CLIENT_API_MESSAGES.householdNotFound, 'introducedByClientId'],
  ])('refuses %j with 400', async (body, message, field) => {
    const payload = JSON.parse(JSON.stringify(body).replace('"SELF"', JSON.stringify(hollis.id)));
    const res = await patch(hollis.id, payload);
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
    expect(res.body.errors?.[0]?.field).toBe(field);
  });

  it('refuses a body that is not JSON and an unknown household', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/clients/${hollis.id}`,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: '{"rating":',
    });
    expect(res.statusCode).toBe(400);
    const unknown = await patch(UNKNOWN_ID, { rating: 1 });
    expect(unknown.status).toBe(404);
  });
});

describe('PUT /api/clients/:clientId/team', () => {
  it('sets and removes advisors per role, leaving roles not named, and records it', async () => {
    const res = await putTeam(hollis.id, { WEALTH_ADVISOR_2: userIds.marcus, SOLICITOR: null });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CLIENT_API_MESSAGES.teamUpdated);
    expect(
      res.body.result.team.map((m: { role: string; user: { id: string } }) => [m.role, m.user.id]),
    ).toEqual([
      ['WEALTH_ADVISOR_1', userIds.olivia],
      ['WEALTH_ADVISOR_2', userIds.marcus],
    ]);
    const [row] = await auditRows('household_team', hollis.id);
    expect(row!.before).toEqual({ WEALTH_ADVISOR_2: null, SOLICITOR: userIds.daniel });
    expect(row!.after).toEqual({ WEALTH_ADVISOR_2: userIds.marcus, SOLICITOR: null });
    const swap = await putTeam(hollis.id, {
      WEALTH_ADVISOR_1: userIds.marcus,
      FINANCIAL_PLANNER: userIds.olivia,
    });
    expect(swap.body.result.team.map((m: { title: string }) => m.title)).toEqual([
      'Wealth Advisor 1',
      'Wealth Advisor 2',
      'Financial Planner',
    ]);
    const advisors = await t.db
      .select()
      .from(householdAdvisors)
      .where(eq(householdAdvisors.householdId, hollis.id));
    expect(advisors).toHaveLength(3);
  });

  it.each([
    ['an inactive user', 'inactive'],
    ['the system user (role 3)', 'system'],
    ['an unknown user', 'unknown'],
  ] as const)('refuses %s with 400', async (_label, who) => {
    const id = who === 'unknown' ? UNKNOWN_ID : userIds[who];
    const before = await t.db
      .select()
      .from(householdAdvisors)
      .where(eq(householdAdvisors.householdId, hollis.id));
    const res = await putTeam(hollis.id, { WEALTH_ADVISOR_1: userIds.olivia, BUSINESS_DEVELOPER: id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CLIENT_API_MESSAGES.advisorNotAssignable);
    expect(res.body.errors).toEqual([
      { field: 'BUSINESS_DEVELOPER', message: CLIENT_API_MESSAGES.advisorNotAssignable },
    ]);
    const after = await t.db
      .select()
      .from(householdAdvisors)
      .where(eq(householdAdvisors.householdId, hollis.id));
    expect(after).toEqual(before);
  });

  it('refuses malformed ids with 400 and an unknown household with 404', async () => {
    expect((await putTeam(hollis.id, { SOLICITOR: 'nobody' })).status).toBe(400);
    expect((await putTeam(hollis.id, { SOLICITOR: 42 })).status).toBe(400);
    expect((await putTeam(UNKNOWN_ID, { SOLICITOR: null })).status).toBe(404);
  });
});

describe('PUT /api/clients/:clientId/other-professionals', () => {
  it('replaces the links, lists them by name with their state, and records it', async () => {
    const res = await putProfessionals(hollis.id, {
      professionalIds: [professionals.attorney, professionals.cpa, professionals.cpa],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CLIENT_API_MESSAGES.professionalsLinked);
    expect(res.body.result.otherProfessionals).toEqual([
      expect.objectContaining({
        id: professionals.cpa,
        fullName: 'Adam Counts',
        phoneNumber: '+19997770199',
        state: null,
      }),
      expect.objectContaining({
        id: professionals.attorney,
        fullName: 'Zoe Attorney',
        type: 'Attorney',
        city: 'Albany',
        state: 'New York',
        email: 'zoe@law.test',
      }),
    ]);
    const [row] = await auditRows('household_professionals', hollis.id);
    expect(row!.before).toEqual({ professionalIds: [] });
    expect((row!.after as { professionalIds: string[] }).professionalIds).toHaveLength(2);
    const narrowed = await putProfessionals(hollis.id, { professionalIds: [professionals.cpa] });
    expect(narrowed.body.result.otherProfessionals.map((p: { id: string }) => p.id)).toEqual([
      professionals.cpa,
    ]);
    const none = await putProfessionals(hollis.id, { professionalIds: [] });
    expect(none.body.result.otherProfessionals).toEqual([]);
  });

  it('refuses unknown or malformed ids with 400 and changes nothing', async () => {
    await putProfessionals(hollis.id, { professionalIds: [professionals.attorney] });
    const unknown = await putProfessionals(hollis.id, { professionalIds: [professionals.cpa, UNKNOWN_ID] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(CLIENT_API_MESSAGES.professionalNotFound);
    expect(unknown.body.errors).toEqual([
      { field: 'professionalIds.1', message: CLIENT_API_MESSAGES.professionalNotFound },
    ]);
    expect((await putProfessionals(hollis.id, { professionalIds: ['x'] })).status).toBe(400);
    expect((await putProfessionals(hollis.id, {})).status).toBe(400);
    const detail = await get(hollis.id);
    expect(detail.body.result.otherProfessionals.map((p: { id: string }) => p.id)).toEqual([
      professionals.attorney,
    ]);
    expect((await putProfessionals(UNKNOWN_ID, { professionalIds: [] })).status).toBe(404);
  });
});

describe('permissions', () => {
  it('lets a role with clients read (business developer) read but not change', async () => {
    expect((await t.json('GET', '/api/clients', undefined, developer)).status).toBe(200);
    expect((await get(hollis.id, developer)).status).toBe(200);
    expect((await patch(hollis.id, { rating: 1 }, developer)).status).toBe(403);
    expect((await putTeam(hollis.id, { SOLICITOR: null }, developer)).status).toBe(403);
    expect((await putProfessionals(hollis.id, { professionalIds: [] }, developer)).status).toBe(403);
    const [row] = await t.db.select().from(households).where(eq(households.id, hollis.id));
    expect(row!.rating).toBe(5);
  });

  it('lets a wealth advisor change households', async () => {
    expect((await patch(hollis.id, { tagIndex: 3 }, advisor)).status).toBe(200);
  });

  it('refuses every households route to a role without clients read, and to nobody signed in', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/clients'],
      ['GET', '/api/clients?format=csv'],
      ['GET', `/api/clients/${hollis.id}`],
      [
        'GET',
        `/api/clients/profile-image?profileUrl=${encodeURIComponent(`members/${hollis.memberIds[0]}/x.png`)}`,
      ],
      ['PATCH', `/api/clients/${hollis.id}`, { rating: 1 }],
      ['PUT', `/api/clients/${hollis.id}/team`, { SOLICITOR: null }],
      ['PUT', `/api/clients/${hollis.id}/other-professionals`, { professionalIds: [] }],
    ];
    for (const [method, url, body] of calls) {
      const refused = await t.json(method as 'GET', url, body, nobody);
      expect(refused.status, `${method} ${url}`).toBe(403);
      const anonymous = await t.json(method as 'GET', url, body);
      expect(anonymous.status, `${method} ${url}`).toBe(401);
    }
  });
});
