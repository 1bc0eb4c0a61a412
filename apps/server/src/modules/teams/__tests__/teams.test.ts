import { TEAM_MESSAGES } from '@centric/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, teamMembers, teams, users } from '../../../db/schema/index.ts';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { TINY_PNG as PNG, putFile } from '../../../../test/uploads.ts';

let t: TestContext;
let admin: string;
let advisor: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  admin = (await t.signIn()).token;
  advisor = (await t.signIn(DEMO_USERS[1].email)).token;
  for (const u of await t.db.select().from(users)) ids[u.email] = u.id;
});
afterAll(() => t.close());

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

const upload = (teamId: number, filename: string, data: Buffer, token = admin, contentType = 'image/png') =>
  putFile(t, { url: `/api/teams/${teamId}/logo`, token, filename, data, contentType });

const auditRows = (teamId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'team'), eq(auditLog.entityId, String(teamId))))
    .orderBy(desc(auditLog.id));

const createTeam = (body: unknown, token = admin) => t.json('POST', '/api/teams', body, token);

describe('teams CRUD', () => {
  it('creates a team with members, lists and reads it, and audits the creation', async () => {
    const res = await createTeam({
      name: ' Alpha ',
      location: 'Boston',
      emailAlias: 'Alpha@Centric.local',
      memberIds: [ids[DEMO_USERS[1].email], ids[DEMO_USERS[2].email]],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(TEAM_MESSAGES.created);
    expect(res.body.result).toMatchObject({
      name: 'Alpha',
      location: 'Boston',
      emailAlias: 'alpha@centric.local',
      logoUrl: null,
    });
    expect(res.body.result.members.map((m: { fullName: string }) => m.fullName)).toEqual([
      'Marcus Reed',
      'Olivia Bennett',
    ]);
    const id: number = res.body.result.id;
    const list = await t.json('GET', '/api/teams', undefined, advisor);
    expect(list.status).toBe(200);
    expect(list.body.result.map((x: { name: string }) => x.name)).toContain('Alpha');
    expect((await t.json('GET', `/api/teams/${id}`, undefined, advisor)).body.result.name).toBe('Alpha');
    expect((await t.json('GET', '/api/teams?q=alp', undefined, admin)).body.result).toHaveLength(1);
    const [audit] = await auditRows(id);
    expect(audit).toMatchObject({ action: 'CREATE' });
    expect((audit?.after as { memberIds: string[] }).memberIds).toHaveLength(2);
  });

  it.each([
    [{}, TEAM_MESSAGES.nameRequired],
    [{ name: '   ' }, TEAM_MESSAGES.nameOnlySpaces],
    [{ name: 'x'.repeat(31) }, TEAM_MESSAGES.nameMax],
    [{ name: 'Ok', location: 'l'.repeat(31) }, TEAM_MESSAGES.locationMax],
    [{ name: 'Ok', emailAlias: 'not-an-email' }, TEAM_MESSAGES.emailAliasInvalid],
    [{ name: 'Ok', emailAlias: `${'a'.repeat(250)}@b.com` }, TEAM_MESSAGES.emailAliasMax],
    [{ name: 'Ok', memberIds: ['nope'] }, TEAM_MESSAGES.memberNotFound],
    [{ name: 'Ok', memberIds: ['00000000-0000-4000-8000-000000000000'] }, TEAM_MESSAGES.memberNotFound],
  ])('refuses %j with 400 and its message', async (body, message) => {
    const res = await createTeam(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await t.db.select().from(teams).where(eq(teams.name, 'Ok'))).length).toBe(0);
  });

  it('accepts the limits exactly, refuses a duplicate name (any case) and the system user as member', async () => {
    expect((await createTeam({ name: 'x'.repeat(30), location: 'l'.repeat(30) })).status).toBe(201);
    const dup = await createTeam({ name: 'ALPHA' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(TEAM_MESSAGES.duplicate);
    const system = await createTeam({ name: 'Bots', memberIds: [ids['integrations@centric.local']] });
    expect(system.status).toBe(400);
  });

  it('updates fields and replaces members, auditing what changed', async () => {
    const { body } = await createTeam({ name: 'Beta', memberIds: [ids[DEMO_USERS[3].email]] });
    const id: number = body.result.id;
    const res = await t.json(
      'PATCH',
      `/api/teams/${id}`,
      { location: 'Denver', memberIds: [ids[DEMO_USERS[4].email]] },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TEAM_MESSAGES.updated);
    expect(res.body.result.location).toBe('Denver');
    expect(res.body.result.members.map((m: { email: string }) => m.email)).toEqual([DEMO_USERS[4].email]);
    const [audit] = await auditRows(id);
    expect(audit).toMatchObject({
      action: 'UPDATE',
      before: { location: '', memberIds: [ids[DEMO_USERS[3].email]] },
      after: { location: 'Denver', memberIds: [ids[DEMO_USERS[4].email]] },
    });
    expect((await t.json('PATCH', `/api/teams/${id}`, {}, admin)).body.message).toBe(
      TEAM_MESSAGES.nothingToUpdate,
    );
    expect((await t.json('PATCH', `/api/teams/${id}`, { name: 'Alpha' }, admin)).status).toBe(409);
    expect((await t.json('PATCH', '/api/teams/999999', { name: 'Zeta' }, admin)).status).toBe(404);
    expect((await t.json('PATCH', '/api/teams/abc', { name: 'Zeta' }, admin)).status).toBe(400);
  });

  it('a member who was deactivated may stay, but an inactive user cannot be added', async () => {
    const { body } = await createTeam({ name: 'Gamma', memberIds: [ids[DEMO_USERS[5].email]] });
    const id: number = body.result.id;
    await t.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, ids[DEMO_USERS[5].email]!));
    const keep = await t.json(
      'PATCH',
      `/api/teams/${id}`,
      { name: 'Gamma Two', memberIds: [ids[DEMO_USERS[5].email]] },
      admin,
    );
    expect(keep.status).toBe(200);
    expect(keep.body.result.members[0].status).toBe('INACTIVE');
    const other = await createTeam({ name: 'Delta', memberIds: [ids[DEMO_USERS[5].email]] });
    expect(other.status).toBe(400);
    await t.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, ids[DEMO_USERS[5].email]!));
  });

  it('deletes a team (members go with it) and audits what it was', async () => {
    const { body } = await createTeam({ name: 'Doomed', memberIds: [ids[DEMO_USERS[1].email]] });
    const id: number = body.result.id;
    const res = await t.json('DELETE', `/api/teams/${id}`, undefined, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TEAM_MESSAGES.deleted);
    expect((await t.json('GET', `/api/teams/${id}`, undefined, admin)).status).toBe(404);
    expect(await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, id))).toHaveLength(0);
    const [audit] = await auditRows(id);
    expect(audit).toMatchObject({ action: 'DELETE', before: { name: 'Doomed' } });
    expect((await t.json('DELETE', `/api/teams/${id}`, undefined, admin)).status).toBe(404);
  });

  it('a Wealth Advisor (teams:read only) gets 403 on every write and nothing changes', async () => {
    const [alpha] = await t.db.select().from(teams).where(eq(teams.name, 'Alpha'));
    expect((await createTeam({ name: 'Rogue' }, advisor)).status).toBe(403);
    expect((await t.json('PATCH', `/api/teams/${alpha!.id}`, { name: 'Hacked' }, advisor)).status).toBe(403);
    expect((await t.json('DELETE', `/api/teams/${alpha!.id}`, undefined, advisor)).status).toBe(403);
    expect((await upload(alpha!.id, 'logo.png', PNG, advisor)).statusCode).toBe(403);
    const [after] = await t.db.select().from(teams).where(eq(teams.id, alpha!.id));
    expect(after).toMatchObject({ name: 'Alpha', logoPath: null });
    expect((await t.db.select().from(teams).where(eq(teams.name, 'Rogue'))).length).toBe(0);
  });
});

describe('team logo', () => {
  it('accepts a png or jpeg by content and serves it to signed-in users', async () => {
    const [alpha] = await t.db.select().from(teams).where(eq(teams.name, 'Alpha'));
    const res = await upload(alpha!.id, 'logo.png', PNG);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(TEAM_MESSAGES.logoUpdated);
    const url: string = res.json().result.logoUrl;
    expect(url).toMatch(new RegExp(`^/api/team-logo/${alpha!.id}\\?v=\\d+$`));
    const image = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${advisor}` } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const jpeg = await upload(alpha!.id, 'logo.jpeg', JPEG, admin, 'image/jpeg');
    expect(jpeg.statusCode).toBe(200);
    const team = await t.json('GET', `/api/teams/${alpha!.id}`, undefined, admin);
    expect(team.body.result.logoUrl).toMatch(/^\/api\/team-logo\//);
    expect((await auditRows(alpha!.id)).filter((a) => a.action === 'UPDATE').length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('refuses other types, disguised files and files over 512 KB', async () => {
    const [alpha] = await t.db.select().from(teams).where(eq(teams.name, 'Alpha'));
    const gif = await upload(alpha!.id, 'logo.gif', Buffer.from('GIF89a....'), admin, 'image/gif');
    expect(gif.statusCode).toBe(415);
    expect(gif.json().message).toBe(TEAM_MESSAGES.logoFormat);
    const fake = await upload(alpha!.id, 'logo.png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(fake.statusCode).toBe(415);
    const renamed = await upload(alpha!.id, 'logo.exe', PNG);
    expect(renamed.statusCode).toBe(415);
    const big = await upload(alpha!.id, 'big.png', Buffer.concat([PNG, Buffer.alloc(512 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(TEAM_MESSAGES.logoTooLarge);
    const notMultipart = await t.json('PUT', `/api/teams/${alpha!.id}/logo`, { file: 'x' }, admin);
    expect(notMultipart.status).toBe(415);
    expect((await upload(999999, 'logo.png', PNG)).statusCode).toBe(404);
  });

  it('removes the logo', async () => {
    const [alpha] = await t.db.select().from(teams).where(eq(teams.name, 'Alpha'));
    const res = await t.json('DELETE', `/api/teams/${alpha!.id}/logo`, undefined, admin);
    expect(res.status).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/team-logo/${alpha!.id}`,
          headers: { authorization: `Bearer ${admin}` },
        })
      ).statusCode,
    ).toBe(404);
  });
});
