import { AUTH_MESSAGES, todayIn, USER_MESSAGES } from '@centric/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, teams, users } from '../../../db/schema/index.ts';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';

let t: TestContext;
let admin: string;
let adminId: string;
let advisor: string;
let teamA: number;
let teamB: number;

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  const signedIn = await t.signIn();
  admin = signedIn.token;
  adminId = signedIn.user.id;
  advisor = (await t.signIn(DEMO_USERS[1].email)).token;
  const rows = await t.db
    .insert(teams)
    .values([{ name: 'North' }, { name: 'South' }])
    .returning({ id: teams.id });
  teamA = rows[0]!.id;
  teamB = rows[1]!.id;
});
afterAll(() => t.close());

const auditRows = (entity: string, entityId?: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), entityId ? eq(auditLog.entityId, entityId) : undefined))
    .orderBy(desc(auditLog.id));

const invitationLink = (email: string) => {
  const link = t.smtp.linkTo(email, /http:\/\/centric\.test\/reset-password\?[^\s"<]+/);
  const url = new URL(link.replaceAll('&amp;', '&'));
  return {
    email: url.searchParams.get('email') ?? '',
    token: rememberSecret(url.searchParams.get('token') ?? ''),
  };
};

const addUser = (body: Record<string, unknown>, token = admin) => t.json('POST', '/api/users', body, token);

describe('GET /api/users', () => {
  it('lists users with paging and totalResults, leaving out the system role', async () => {
    const res = await t.json('GET', '/api/users?limit=3&page=1&sortBy=fullName&order=ASC', undefined, admin);
    expect(res.status).toBe(200);
    expect(res.body.result).toHaveLength(3);
    const all = await t.json('GET', '/api/users?limit=100', undefined, admin);
    expect(res.body.totalResults).toBe(all.body.result.length);
    const emails = all.body.result.map((u: { email: string }) => u.email);
    expect(emails).not.toContain('integrations@centric.local');
    expect(emails).toContain(DEMO_ADMIN.email);
    const names = res.body.result.map((u: { fullName: string }) => u.fullName);
    expect(names).toEqual([...names].sort());
    const page2 = await t.json(
      'GET',
      '/api/users?limit=3&page=2&sortBy=fullName&order=ASC',
      undefined,
      admin,
    );
    expect(page2.body.result[0].fullName >= names[2]).toBe(true);
    expect(JSON.stringify(all.body)).not.toMatch(/passwordHash|mfaSecret/);
  });

  it('searches by name or email, filters by status, sorts by role, and honours exceptRoleId', async () => {
    const byName = await t.json('GET', '/api/users?q=olivia', undefined, admin);
    expect(byName.body.result.map((u: { email: string }) => u.email)).toEqual([DEMO_USERS[1].email]);
    const byEmail = await t.json('GET', '/api/users?q=PRIYA.SHAH%40', undefined, admin);
    expect(byEmail.body.totalResults).toBe(1);
    const wildcard = await t.json('GET', '/api/users?q=%25', undefined, admin);
    expect(wildcard.body.totalResults).toBe(0);
    const inactive = await t.json('GET', '/api/users?status=INACTIVE', undefined, admin);
    expect(inactive.body.result.every((u: { status: string }) => u.status === 'INACTIVE')).toBe(true);
    const byRole = await t.json('GET', '/api/users?sortBy=role&order=ASC&limit=100', undefined, admin);
    const roleNames = byRole.body.result.map((u: { role: { role: string } }) => u.role.role);
    expect(roleNames).toEqual([...roleNames].sort());
    const noAdvisors = await t.json('GET', '/api/users?exceptRoleId=2&limit=100', undefined, admin);
    expect(noAdvisors.body.result.some((u: { role: { id: number } }) => u.role.id === 2)).toBe(false);
  });

  it.each([
    ['limit=101', 'limit must be between 1 and 100.'],
    ['page=0', 'page must be 1 or more.'],
    ['sortBy=password', 'sortBy must be one of fullName, email, role, createdAt, status.'],
    ['order=UP', 'order must be ASC or DESC.'],
    ['status=GONE', 'status must be ACTIVE or INACTIVE.'],
    ['format=xml', 'format must be json or csv.'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await t.json('GET', `/api/users?${query}`, undefined, admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('exports the matching users as CSV and records the export', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users?format=csv&status=ACTIVE&sortBy=email&order=ASC',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const firmDay = todayIn(t.config.FIRM_TIME_ZONE, t.clock.now());
    expect(res.headers['content-disposition']).toBe(`attachment; filename="users-${firmDay}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Full name,Email,Role,Teams,Status,Invitation,MFA,Created at');
    expect(res.body).toContain(DEMO_ADMIN.email);
    expect(res.body).not.toContain('integrations@centric.local');
    const [exported] = await auditRows('user');
    expect(exported).toMatchObject({ action: 'EXPORT', actorEmail: DEMO_ADMIN.email });
    expect(exported!.after).toMatchObject({ format: 'csv', rows: lines.length - 1 });
  });

  it('needs a signed-in user with users:read', async () => {
    expect((await t.json('GET', '/api/users')).status).toBe(401);
    expect((await t.json('GET', '/api/users', undefined, advisor)).status).toBe(200);
  });
});

describe('POST /api/users (Add user) and the invitation', () => {
  it('adds an ACTIVE user without a password, with teams, and mails the invitation', async () => {
    const res = await addUser({
      fullName: '  Nora Quinn ',
      email: 'Nora.Quinn@Centric.local',
      roleId: 2,
      teamIds: [teamA, teamB, teamA],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('New user added.');
    expect(res.body.result).toMatchObject({
      fullName: 'Nora Quinn',
      email: 'nora.quinn@centric.local',
      status: 'ACTIVE',
      role: { id: 2, role: 'Wealth Advisor' },
      invitationAccepted: false,
      invitationStatus: 'PENDING',
      mfaEnrolled: false,
    });
    expect(res.body.result.teams.map((x: { name: string }) => x.name)).toEqual(['North', 'South']);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'nora.quinn@centric.local'));
    expect(row?.passwordHash).toBeNull();
    expect(t.smtp.received.at(-1)?.to).toEqual(['nora.quinn@centric.local']);
    expect(t.smtp.received.at(-1)?.text).toContain('You are invited to Centric');
    const audit = await auditRows('user', row!.id);
    expect(audit.map((a) => a.action).sort()).toEqual(['CREATE', 'INVITE']);
    expect(audit.find((a) => a.action === 'CREATE')?.after).toMatchObject({
      email: 'nora.quinn@centric.local',
      roleId: 2,
      teamIds: [teamA, teamB],
    });
  });

  it('refuses a duplicate email (any case) with 409', async () => {
    const res = await addUser({ fullName: 'Copy', email: DEMO_USERS[2].email.toUpperCase(), roleId: 2 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(USER_MESSAGES.duplicateEmail);
  });

  it.each([
    [{}, 'Please fill all required field'],
    [{ fullName: '   ', email: 'a@b.co', roleId: 2 }, 'Please fill all required field'],
    [{ fullName: 'A', email: '', roleId: 2 }, 'Please fill all required field'],
    [{ fullName: 'A', email: 'a@b.co' }, 'Please fill all required field'],
    [{ fullName: 'A', email: 'not-an-email', roleId: 2 }, 'Please enter a valid email address.'],
    [{ fullName: 'A'.repeat(121), email: 'a@b.co', roleId: 2 }, USER_MESSAGES.fullNameMax],
    [{ fullName: 'A', email: 'a@b.co', roleId: 'two' }, 'Please fill all required field'],
    [{ fullName: 'A', email: 'a@b.co', roleId: 3 }, USER_MESSAGES.roleNotAssignable],
    [{ fullName: 'A', email: 'a@b.co', roleId: 999 }, USER_MESSAGES.roleNotAssignable],
    [{ fullName: 'A', email: 'a@b.co', roleId: 2, teamIds: [99999] }, USER_MESSAGES.teamNotFound],
    [{ fullName: 'A', email: 'a@b.co', roleId: 2, teamIds: 'x' }, USER_MESSAGES.teamNotFound],
  ])('refuses %j with 400 and its message', async (body, message) => {
    const res = await addUser(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await t.db.select().from(users).where(eq(users.email, 'a@b.co'))).length).toBe(0);
  });

  it('refuses a Wealth Advisor (users:read only) with 403, and nothing is created', async () => {
    const res = await addUser({ fullName: 'Sneaky', email: 'sneaky@centric.local', roleId: 1 }, advisor);
    expect(res.status).toBe(403);
    expect((await t.db.select().from(users).where(eq(users.email, 'sneaky@centric.local'))).length).toBe(0);
  });

  it('accepting the invitation sets the password, and then login works', async () => {
    await addUser({ fullName: 'Ivy Accept', email: 'ivy.accept@centric.local', roleId: 4 });
    const link = invitationLink('ivy.accept@centric.local');
    const res = await t.json('POST', '/api/resetPassword', {
      ...link,
      password: rememberSecret('Ivy#Accept12'),
    });
    expect(res.status).toBe(200);
    const login = await t.json('POST', '/api/login', {
      email: 'ivy.accept@centric.local',
      password: 'Ivy#Accept12',
    });
    expect(login.status).toBe(200);
    const listed = await t.json('GET', '/api/users?q=ivy.accept', undefined, admin);
    expect(listed.body.result[0]).toMatchObject({ invitationAccepted: true, invitationStatus: 'ACCEPTED' });
    const resend = await t.json(
      'POST',
      `/api/users/${listed.body.result[0].id}/invitation`,
      undefined,
      admin,
    );
    expect(resend.status).toBe(409);
    expect(resend.body.message).toBe(USER_MESSAGES.invitationAlreadyAccepted);
  });

  it('an expired invitation answers "Contact your admin to get updated invite." and a resend works', async () => {
    const created = await addUser({ fullName: 'Eli Late', email: 'eli.late@centric.local', roleId: 2 });
    const id: string = created.body.result.id;
    const stale = invitationLink('eli.late@centric.local');
    // A second before the app's "now" (the test clock).
    const expiredAt = new Date(t.clock.now().getTime() - 1000).toISOString();
    await t.db.execute(
      sql`update user_tokens set expires_at = ${expiredAt}::timestamptz where user_id = ${id} and used_at is null`,
    );
    const listed = await t.json('GET', '/api/users?q=eli.late', undefined, admin);
    expect(listed.body.result[0].invitationStatus).toBe('EXPIRED');

    const expired = await t.json('POST', '/api/resetPassword', { ...stale, password: 'Eli#Late1234' });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('Contact your admin to get updated invite.');
    expect(expired.body.message).toBe(AUTH_MESSAGES.inviteExpired);
    // A made-up token is still just a mismatch.
    const wrong = await t.json('POST', '/api/resetPassword', {
      email: stale.email,
      token: 'x'.repeat(43),
      password: 'Eli#Late1234',
    });
    expect(wrong.body.message).toBe('token or email mismatched');

    const resend = await t.json('POST', `/api/users/${id}/invitation`, undefined, admin);
    expect(resend.status).toBe(200);
    expect(resend.body.message).toBe(USER_MESSAGES.invitationSent);
    expect(resend.body.result.invitationStatus).toBe('PENDING');
    const fresh = invitationLink('eli.late@centric.local');
    expect(fresh.token).not.toBe(stale.token);
    const accepted = await t.json('POST', '/api/resetPassword', {
      ...fresh,
      password: rememberSecret('Eli#Late1234'),
    });
    expect(accepted.status).toBe(200);
    const audit = await auditRows('user', id);
    expect(audit.filter((a) => a.action === 'INVITE')).toHaveLength(2);
  });

  it('resend needs users:write and an existing, listed user', async () => {
    const target = (await t.json('GET', '/api/users?q=eli.late', undefined, admin)).body.result[0].id;
    expect((await t.json('POST', `/api/users/${target}/invitation`, undefined, advisor)).status).toBe(403);
    const missing = await t.json(
      'POST',
      '/api/users/00000000-0000-4000-8000-000000000000/invitation',
      undefined,
      admin,
    );
    expect(missing.status).toBe(404);
    expect((await t.json('POST', '/api/users/not-a-uuid/invitation', undefined, admin)).status).toBe(400);
  });
});

describe('PATCH /api/users/:id', () => {
  it('changes name, role and teams, and records only what changed', async () => {
    const created = await addUser({ fullName: 'Pat Change', email: 'pat.change@centric.local', roleId: 2 });
    const id: string = created.body.result.id;
    const res = await t.json('PATCH', `/api/users/${id}`, { roleId: 5, teamIds: [teamB] }, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(USER_MESSAGES.updated);
    expect(res.body.result).toMatchObject({ role: { id: 5 }, teams: [{ id: teamB, name: 'South' }] });
    const [update] = (await auditRows('user', id)).filter((a) => a.action === 'UPDATE');
    expect(update?.before).toEqual({ roleId: 2, teamIds: [] });
    expect(update?.after).toEqual({ roleId: 5, teamIds: [teamB] });

    const renamed = await t.json(
      'PATCH',
      `/api/users/${id}`,
      { fullName: 'Pat Changed', teamIds: [] },
      admin,
    );
    expect(renamed.body.result).toMatchObject({ fullName: 'Pat Changed', teams: [] });
  });

  it('refuses bad input with 400, and a Wealth Advisor with 403 (nothing changes)', async () => {
    const target = (await t.json('GET', '/api/users?q=pat.change', undefined, admin)).body.result[0];
    expect((await t.json('PATCH', `/api/users/${target.id}`, {}, admin)).body.message).toBe(
      USER_MESSAGES.nothingToUpdate,
    );
    expect((await t.json('PATCH', `/api/users/${target.id}`, { roleId: 3 }, admin)).body.message).toBe(
      USER_MESSAGES.roleNotAssignable,
    );
    const denied = await t.json('PATCH', `/api/users/${target.id}`, { fullName: 'Hacked' }, advisor);
    expect(denied.status).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.fullName).toBe('Pat Changed');
  });

  it('the system user is not visible here', async () => {
    const [system] = await t.db.select().from(users).where(eq(users.email, 'integrations@centric.local'));
    const res = await t.json('PATCH', `/api/users/${system!.id}`, { fullName: 'X' }, admin);
    expect(res.status).toBe(404);
  });
});

describe('deactivation', () => {
  it('revokes a live session at once, and reactivation lets the user sign in again', async () => {
    const created = await addUser({ fullName: 'Dee Active', email: 'dee.active@centric.local', roleId: 2 });
    const id: string = created.body.result.id;
    await t.json('POST', '/api/resetPassword', {
      ...invitationLink('dee.active@centric.local'),
      password: rememberSecret('Dee#Active12'),
    });
    const { token } = await t.signIn('dee.active@centric.local', 'Dee#Active12');
    expect((await t.json('GET', '/api/waprofile', undefined, token)).status).toBe(200);

    const res = await t.json('POST', `/api/users/${id}/deactivate`, undefined, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(USER_MESSAGES.deactivated);
    expect(res.body.result.status).toBe('INACTIVE');
    expect((await t.json('GET', '/api/waprofile', undefined, token)).status).toBe(401);
    const revoked = await t.db.execute(
      sql`select count(*)::int as n from sessions where user_id = ${id} and revoked_at is null`,
    );
    expect(Number((revoked as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(0);
    expect(
      (await t.json('POST', '/api/login', { email: 'dee.active@centric.local', password: 'Dee#Active12' }))
        .status,
    ).toBe(401);
    const again = await t.json('POST', `/api/users/${id}/deactivate`, undefined, admin);
    expect(again.status).toBe(409);

    const back = await t.json('POST', `/api/users/${id}/reactivate`, undefined, admin);
    expect(back.status).toBe(200);
    expect(back.body.result.status).toBe('ACTIVE');
    expect(
      (await t.json('POST', '/api/login', { email: 'dee.active@centric.local', password: 'Dee#Active12' }))
        .status,
    ).toBe(200);
    const actions = (await auditRows('user', id)).map((a) => a.action);
    expect(actions).toContain('DEACTIVATE');
    expect(actions).toContain('REACTIVATE');
  });

  it('you cannot deactivate yourself', async () => {
    const res = await t.json('POST', `/api/users/${adminId}/deactivate`, undefined, admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(USER_MESSAGES.cannotDeactivateSelf);
  });

  it('the last active administrator cannot be deactivated or lose role 1', async () => {
    // The demo data has a second administrator; for this test the signed-in one is the only one.
    await t.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.email, 'jordan.hayes@centric.local'));
    const second = await addUser({
      fullName: 'Second Admin',
      email: 'second.admin@centric.local',
      roleId: 1,
    });
    const secondId: string = second.body.result.id;
    // With two administrators, the other one may lose the role ...
    const demoted = await t.json('PATCH', `/api/users/${secondId}`, { roleId: 2 }, admin);
    expect(demoted.status).toBe(200);
    // ... but the only one left may not (an administrator acting through another admin account).
    await t.json('PATCH', `/api/users/${secondId}`, { roleId: 1 }, admin);
    await t.json('POST', `/api/users/${secondId}/deactivate`, undefined, admin);
    const lastRole = await t.json('PATCH', `/api/users/${adminId}`, { roleId: 2 }, admin);
    expect(lastRole.status).toBe(400);
    expect(lastRole.body.message).toBe(USER_MESSAGES.lastAdministrator);
    const [me] = await t.db.select().from(users).where(eq(users.id, adminId));
    expect(me?.roleId).toBe(1);
    // Reactivated, the second administrator may be deactivated by the first, not the other way to zero.
    await t.json('POST', `/api/users/${secondId}/reactivate`, undefined, admin);
    expect((await t.json('PATCH', `/api/users/${adminId}`, { roleId: 1 }, admin)).status).toBe(200);
  });

  it('needs users:delete', async () => {
    const target = (await t.json('GET', '/api/users?q=pat.change', undefined, admin)).body.result[0];
    expect((await t.json('POST', `/api/users/${target.id}/deactivate`, undefined, advisor)).status).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.status).toBe('ACTIVE');
  });
});

describe('GET /api/users/options and /api/users/search', () => {
  it('options list assignable roles (never the system role) and teams', async () => {
    const res = await t.json('GET', '/api/users/options', undefined, advisor);
    expect(res.status).toBe(200);
    expect(res.body.result.roles.map((r: { id: number }) => r.id)).not.toContain(3);
    expect(res.body.result.roles.map((r: { id: number }) => r.id)).toContain(1);
    expect(res.body.result.teams.map((x: { name: string }) => x.name)).toEqual(['North', 'South']);
  });

  it('search finds active users by name, at most 10, leaving out exceptUsersId', async () => {
    for (let i = 0; i < 11; i += 1) {
      await t.db
        .insert(users)
        .values({ email: `tag${i}@centric.local`, fullName: `Tagged Person ${i}`, roleId: 2 });
    }
    const res = await t.json('GET', '/api/users/search?fullName=tagged', undefined, advisor);
    expect(res.status).toBe(200);
    expect(res.body.result).toHaveLength(10);
    expect(Object.keys(res.body.result[0]).sort()).toEqual(['email', 'fullName', 'id', 'profileImageUrl']);
    const except = JSON.stringify(res.body.result.slice(0, 9).map((u: { id: string }) => u.id));
    const rest = await t.json(
      'GET',
      `/api/users/search?fullName=tagged&exceptUsersId=${encodeURIComponent(except)}`,
      undefined,
      advisor,
    );
    expect(rest.body.result).toHaveLength(2);
    const system = await t.json('GET', '/api/users/search?fullName=Integration', undefined, advisor);
    expect(system.body.result).toHaveLength(0);
    const bad = await t.json('GET', '/api/users/search?fullName=a&exceptUsersId=[1,2]', undefined, advisor);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(USER_MESSAGES.exceptUsersId);
    expect((await t.json('GET', '/api/users/search?fullName=a')).status).toBe(401);
  });

  it('search leaves out inactive users', async () => {
    const [row] = await t.db.select().from(users).where(eq(users.email, 'tag0@centric.local'));
    await t.json('POST', `/api/users/${row!.id}/deactivate`, undefined, admin);
    const res = await t.json('GET', '/api/users/search?fullName=Tagged%20Person%200', undefined, advisor);
    expect(res.body.result).toHaveLength(0);
  });
});
