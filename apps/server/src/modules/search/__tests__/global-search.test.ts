import { CLIENT_API_MESSAGES, GLOBAL_SEARCH_MAX_RESULTS } from '@centric/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { searchHouseholds, searchTermsOf } from '../search.service.ts';
import { insertHousehold, insertUserWithGrants } from '../../../../test/factories.ts';
import { insertFillerHouseholds } from './fixtures.ts';

let t: TestContext;
let admin: string;
let operations: string;
let noClients: string;
const smith = { clientId: '', primary: '', spouse: '' };
const garcia = { clientId: '', primary: '' };
const whitaker = { clientId: '', member: '' };
const nguyen = { clientId: '', member: '' };
const smithson = { clientId: '' };
const others = { smithJones: '', obrien: '' };

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  const s = await insertHousehold(t.db, {
    members: [
      {
        firstName: 'Jonathan',
        lastName: 'Smith',
        nickName: 'Jon',
        emails: ['jonathan.smith@example.com'],
        phones: ['+15550102233'],
      },
      {
        firstName: 'Margaret',
        middleName: 'Ann',
        lastName: 'Smith',
        nickName: 'Peggy',
        emails: ['peggy.s@mail.test'],
      },
      { firstName: 'Rex', lastName: 'Smith', type: 'PET' },
    ],
  });
  Object.assign(smith, { clientId: s.clientId, primary: s.memberIds[0], spouse: s.memberIds[1] });
  const g = await insertHousehold(t.db, {
    members: [
      {
        firstName: 'Maria',
        lastName: 'Garcia',
        emails: ['maria.garcia@example.org'],
        phones: ['+12125550199'],
      },
    ],
  });
  Object.assign(garcia, { clientId: g.clientId, primary: g.memberIds[0] });
  const w = await insertHousehold(t.db, {
    name: 'The Whitaker Family Trust',
    members: [{ firstName: 'Robert', lastName: 'Whitaker', type: 'TRUST' }],
  });
  Object.assign(whitaker, { clientId: w.clientId, member: w.memberIds[0] });
  const n = await insertHousehold(t.db, {
    members: [{ firstName: 'Thi', lastName: 'Nguyen', nickName: 'Tina' }],
  });
  Object.assign(nguyen, { clientId: n.clientId, member: n.memberIds[0] });
  const so = await insertHousehold(t.db, { members: [{ firstName: 'Ann', lastName: 'Smithson' }] });
  smithson.clientId = so.clientId;
  others.smithJones = (
    await insertHousehold(t.db, { members: [{ firstName: 'Ann', lastName: 'Smith-Jones' }] })
  ).clientId;
  others.obrien = (
    await insertHousehold(t.db, { members: [{ firstName: 'Liam', lastName: "O'Brien" }] })
  ).clientId;
  await insertFillerHouseholds(t.db, 60);
  await insertUserWithGrants(t.db, 'no.clients@centric.local', {
    dashboard: ['read'],
    otherProfessionals: ['read'],
  });

  admin = (await t.signIn()).token;
  operations = (await t.signIn(DEMO_USERS[4].email)).token;
  noClients = (await t.signIn('no.clients@centric.local')).token;
});
afterAll(() => t.close());

const search = (searchText: unknown, token = admin) =>
  t.json('POST', '/api/globalSearch', searchText === undefined ? {} : { searchText }, token);

describe('POST /api/globalSearch', () => {
  it('finds a member by exact name: the household, the member and what matched', async () => {
    const res = await search('Jonathan Smith');
    expect(res.status).toBe(200);
    expect(res.body.statusCode).toBe(200);
    expect(res.body.message).toBe('Success');
    expect(res.body.result[0]).toEqual({
      resultType: 'client',
      clientId: smith.clientId,
      accountId: null,
      title: 'Smith, Jonathan',
      subtitle: 'Jonathan Smith (Jon)',
      memberId: smith.primary,
    });
  });

  it('gives one row per household, the best match of it', async () => {
    const res = await search('smith');
    const ids = res.body.result.map((r: { clientId: string }) => r.clientId);
    expect(ids.filter((id: string) => id === smith.clientId)).toHaveLength(1);
    // A whole-word match ranks above a word that only starts with the text.
    expect(ids.indexOf(smith.clientId)).toBeLessThan(ids.indexOf(smithson.clientId));
    expect(ids.indexOf(smithson.clientId)).toBeGreaterThan(-1);
    // The primary member is the best of equal matches.
    expect(res.body.result[0].memberId).toBe(smith.primary);
  });

  it('finds a member by nickname', async () => {
    const res = await search('peggy');
    expect(res.body.result[0]).toMatchObject({
      clientId: smith.clientId,
      memberId: smith.spouse,
      subtitle: 'Margaret Ann Smith (Peggy)',
    });
    expect((await search('Tina')).body.result[0]).toMatchObject({
      clientId: nguyen.clientId,
      memberId: nguyen.member,
    });
  });

  it('finds names with typos', async () => {
    for (const text of ['Jonathn Smiht', 'jonathan smiht', 'Smiht Jonathon']) {
      const res = await search(text);
      expect(res.body.result[0], text).toMatchObject({ clientId: smith.clientId, memberId: smith.primary });
    }
    expect((await search('Garcai')).body.result[0]).toMatchObject({ clientId: garcia.clientId });
    expect((await search('Margret')).body.result[0]).toMatchObject({ memberId: smith.spouse });
  });

  it('finds each part of a double name, and names with apostrophes', async () => {
    const ids = async (text: string) =>
      (await search(text)).body.result.map((r: { clientId: string }) => r.clientId);
    expect(await ids('jones')).toContain(others.smithJones);
    expect(await ids('Ann Smith-Jones')).toEqual([others.smithJones]);
    expect((await ids("o'brien"))[0]).toBe(others.obrien);
    expect((await ids('liam o')).includes(others.obrien)).toBe(true);
  });

  it('finds a household by its own name, with typos too, without a member', async () => {
    for (const text of ['Whitaker Family', 'family trust', 'Whitakr Famly']) {
      const res = await search(text);
      expect(res.body.result[0], text).toEqual({
        resultType: 'client',
        clientId: whitaker.clientId,
        accountId: null,
        title: 'The Whitaker Family Trust',
        subtitle: null,
        memberId: null,
      });
    }
  });

  it('finds by a fragment of an email', async () => {
    for (const text of ['maria.garc', 'MARIA.GARCIA@EXAMPLE.ORG', 'garcia@example']) {
      const res = await search(text);
      expect(res.body.result[0], text).toMatchObject({
        clientId: garcia.clientId,
        memberId: garcia.primary,
        subtitle: 'maria.garcia@example.org',
      });
    }
    expect((await search('peggy.s@')).body.result[0]).toMatchObject({ memberId: smith.spouse });
  });

  it('finds by phone digits in any format', async () => {
    for (const text of [
      '(555) 010-2233',
      '5550102233',
      '0102233',
      '+1 555 010 2233',
      '555.010.2233',
      '15550102233',
    ]) {
      const res = await search(text);
      expect(res.body.result[0], text).toMatchObject({
        clientId: smith.clientId,
        memberId: smith.primary,
        subtitle: '+1 (555) 010-2233',
      });
    }
    expect((await search('212-555-0199')).body.result[0]).toMatchObject({ clientId: garcia.clientId });
  });

  it('works from 1 and 2 characters (word starts)', async () => {
    const one = await search('w');
    expect(one.status).toBe(200);
    expect(one.body.result.length).toBeGreaterThan(0);
    expect(one.body.result.length).toBeLessThanOrEqual(GLOBAL_SEARCH_MAX_RESULTS);
    const two = await search('ng');
    expect(two.body.result.map((r: { clientId: string }) => r.clientId)).toContain(nguyen.clientId);
    const wh = await search('Wh');
    expect(wh.body.result.map((r: { clientId: string }) => r.clientId)).toContain(whitaker.clientId);
  });

  it('returns at most GLOBAL_SEARCH_MAX_RESULTS households', async () => {
    const res = await search('j');
    expect(res.body.result).toHaveLength(GLOBAL_SEARCH_MAX_RESULTS);
    expect(new Set(res.body.result.map((r: { clientId: string }) => r.clientId)).size).toBe(
      GLOBAL_SEARCH_MAX_RESULTS,
    );
  });

  it('says so when nothing is found', async () => {
    for (const text of ['qqqzzzxx', '%', '_%_', '987654321']) {
      const res = await search(text);
      expect(res.status, text).toBe(200);
      expect(res.body, text).toEqual({
        statusCode: 200,
        message: CLIENT_API_MESSAGES.searchEmpty,
        result: [],
      });
    }
  });

  it('finds no households for a role without clients read', async () => {
    const res = await search('Jonathan Smith', noClients);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ statusCode: 200, message: CLIENT_API_MESSAGES.searchEmpty, result: [] });
    // Any role with clients read finds them.
    expect((await search('Jonathan Smith', operations)).body.result[0].clientId).toBe(smith.clientId);
  });

  it('refuses bad bodies with the contract messages', async () => {
    const cases: [unknown, string][] = [
      [{}, CLIENT_API_MESSAGES.searchTextRequired],
      [{ searchText: '' }, CLIENT_API_MESSAGES.searchTextRequired],
      [{ searchText: '   ' }, CLIENT_API_MESSAGES.searchTextRequired],
      [{ searchText: 'x'.repeat(101) }, CLIENT_API_MESSAGES.searchTextMax],
      [{ searchText: 42 }, CLIENT_API_MESSAGES.searchTextRequired],
    ];
    for (const [body, message] of cases) {
      const res = await t.json('POST', '/api/globalSearch', body, admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    const malformed = await t.json('POST', '/api/globalSearch', '{"searchText":', admin);
    expect(malformed.status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const res = await t.json('POST', '/api/globalSearch', { searchText: 'smith' });
    expect(res.status).toBe(401);
  });
});

describe('searchHouseholds (the reusable search)', () => {
  it('takes a limit and says what matched', async () => {
    const hits = await searchHouseholds(t.db, 'smith', { limit: 2 });
    expect(hits).toHaveLength(2);
    expect(hits[0]).toMatchObject({ clientId: smith.clientId, matched: 'member', memberId: smith.primary });
    const byPhone = await searchHouseholds(t.db, '0102233');
    expect(byPhone[0]).toMatchObject({ matched: 'phone', subtitle: '+1 (555) 010-2233' });
    const byEmail = await searchHouseholds(t.db, 'maria.garcia@');
    expect(byEmail[0]).toMatchObject({ matched: 'email', subtitle: 'maria.garcia@example.org' });
  });

  it('reads words, email fragments and phone digits out of the text', () => {
    expect(searchTermsOf('  Smith,  John ')).toEqual({
      text: 'smith, john',
      tokens: ['smith', 'john'],
      emailFragment: null,
      phoneDigits: null,
    });
    expect(searchTermsOf('(555) 010-2233')).toMatchObject({ tokens: [], phoneDigits: '5550102233' });
    expect(searchTermsOf('J.Smith@Example.com')).toMatchObject({ emailFragment: 'j.smith@example.com' });
    expect(searchTermsOf('12')).toBeNull();
    expect(searchTermsOf('   ')).toBeNull();
  });
});
