import { CLIENT_API_MESSAGES, todayIn } from '@centric/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/index.ts';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { nextUtcTimeOfDay } from '../../../../test/test-clock.ts';
import { createHousehold, userIdByEmail } from './clients-fixtures.ts';

/**
 * GET /api/clients: filters, search, sort, paging, view Mine and the CSV/XLSX exports. Every household of
 * these tests carries the token "Zyxq" in its name, so that searching it leaves other data out.
 */

let t: TestContext;
let admin: string;
let olivia: string;
const ids: Record<string, string> = {};

const OLIVIA = DEMO_USERS[1].email;

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  admin = (await t.signIn()).token;
  olivia = (await t.signIn(OLIVIA)).token;
  const oliviaId = await userIdByEmail(t.db, OLIVIA);
  const marcusId = await userIdByEmail(t.db, DEMO_USERS[2].email);
  const day = 24 * 60 * 60 * 1000;
  ids.adams = (
    await createHousehold(t.db, {
      name: 'Zyxq Adams',
      rating: 5,
      influencerTier: 'GOLD',
      services: { financialLifeManagement: true },
      nextFollowUp: '2026-01-10',
      createdAt: new Date(Date.now() - 5 * day),
      members: [
        {
          firstName: 'Alice',
          lastName: 'Adams',
          nickName: 'Ally',
          email: 'alice.adams@zyxq.test',
          phone: '+19997770101',
          city: 'Albany',
          stateAbbreviation: 'NY',
        },
        { firstName: 'Tomzork', lastName: 'Adams', subType: 'SECONDARY' },
      ],
      advisors: { WEALTH_ADVISOR_1: oliviaId },
    })
  ).id;
  ids.baker = (
    await createHousehold(t.db, {
      name: 'Zyxq Baker',
      status: 'INACTIVE',
      rating: 3,
      influencerTier: 'SILVER',
      services: { riskManagement: true, privateFund: true },
      createdAt: new Date(Date.now() - 4 * day),
      members: [{ firstName: 'Bruno', lastName: 'Baker', nickName: 'Qwopz' }],
      advisors: { WEALTH_ADVISOR_2: oliviaId },
    })
  ).id;
  ids.carter = (
    await createHousehold(t.db, {
      name: 'Zyxq Carter',
      status: 'CONVERTED',
      rating: 0,
      influencerTier: 'BRONZE',
      nextFollowUp: '2026-01-10',
      createdAt: new Date(Date.now() - 3 * day),
      members: [{ firstName: 'Cara', lastName: 'Carter', email: 'cara.pqlk@example.test' }],
    })
  ).id;
  ids.dalton = (
    await createHousehold(t.db, {
      name: 'Zyxq Dalton',
      rating: 1,
      services: { legacyPlanning: true },
      nextFollowUp: '2025-12-01',
      createdAt: new Date(Date.now() - 2 * day),
      members: [{ firstName: 'Dan', lastName: 'Dalton' }],
      advisors: { WEALTH_ADVISOR_1: marcusId },
    })
  ).id;
  ids.evans = (
    await createHousehold(t.db, {
      name: 'Zyxq 100% Evans',
      rating: 4,
      influencerTier: 'GOLD',
      services: { assetManagement: true },
      createdAt: new Date(Date.now() - 1 * day),
      members: [{ firstName: 'Eve', lastName: 'Evans' }],
    })
  ).id;
});
afterAll(() => t.close());

type ListBody = { result: any[]; totalResults?: number };

const list = async (query: string, token = admin) => {
  const res = await t.json('GET', `/api/clients?${query}`, undefined, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ListBody;
};

/** The names the list answers for the Zyxq households with these extra parameters (all on one page). */
const names = async (query = '', token = admin) => {
  const body = await list(`search=zyxq&limit=100${query ? `&${query}` : ''}`, token);
  expect(body.totalResults).toBe(body.result.length);
  return body.result.map((r) => r.name);
};

describe('GET /api/clients', () => {
  it('answers the defaults: page 1 of 10, every household counted, next follow-up ascending with empty dates last', async () => {
    const body = await list('');
    const [count] = await t.db
      .execute<{ n: number }>(sql`select count(*)::int as n from households`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(body.totalResults).toBe(count!.n);
    expect(body.result.length).toBe(Math.min(10, count!.n));
    const dates = body.result.map((r) => r.nextFollowUp as string | null);
    const firstNull = dates.indexOf(null);
    if (firstNull >= 0) expect(dates.slice(firstNull).every((d) => d === null)).toBe(true);
    const set = dates.filter((d): d is string => d !== null);
    expect(set).toEqual([...set].sort());
  });

  it('sorts by the default keys: next follow-up, then name, with empty dates last', async () => {
    expect(await names()).toEqual([
      'Zyxq Dalton',
      'Zyxq Adams',
      'Zyxq Carter',
      'Zyxq 100% Evans',
      'Zyxq Baker',
    ]);
  });

  it('answers the list columns: primary contact, city and state, Wealth Advisor 1, avatars and services', async () => {
    const body = await list('search=zyxq%20adams');
    expect(body.totalResults).toBe(1);
    const item = body.result[0];
    expect(item).toMatchObject({
      clientId: ids.adams,
      name: 'Zyxq Adams',
      status: 'ACTIVE',
      reviewStatus: null,
      rating: 5,
      influencerTier: 'GOLD',
      nextFollowUp: '2026-01-10',
      services: {
        financialLifeManagement: true,
        riskManagement: false,
        assetManagement: false,
        legacyPlanning: false,
        privateFund: false,
      },
      primaryEmail: 'alice.adams@zyxq.test',
      primaryPhone: '+19997770101',
      city: 'Albany',
      state: 'NY',
      wealthAdvisor: { fullName: 'Olivia Bennett', profileImageUrl: null },
    });
    expect(item.members.map((m: { fullName: string; subType: string }) => [m.fullName, m.subType])).toEqual([
      ['Alice Adams', 'PRIMARY'],
      ['Tomzork Adams', 'SECONDARY'],
    ]);
    const baker = (await list('search=zyxq%20baker')).result[0];
    expect(baker).toMatchObject({ primaryEmail: null, primaryPhone: null, city: null, state: null });
    expect(baker.wealthAdvisor).toBeNull();
  });

  it('sorts by up to three keys in either direction, with empty follow-ups last both ways', async () => {
    expect(await names('sortBy=rating&order=DESC')).toEqual([
      'Zyxq Adams',
      'Zyxq 100% Evans',
      'Zyxq Baker',
      'Zyxq Dalton',
      'Zyxq Carter',
    ]);
    expect(await names('sortBy=nextFollowUp,name&order=DESC,ASC')).toEqual([
      'Zyxq Adams',
      'Zyxq Carter',
      'Zyxq Dalton',
      'Zyxq 100% Evans',
      'Zyxq Baker',
    ]);
    expect(await names('sortBy=nextFollowUp,name&order=DESC,DESC')).toEqual([
      'Zyxq Carter',
      'Zyxq Adams',
      'Zyxq Dalton',
      'Zyxq Baker',
      'Zyxq 100% Evans',
    ]);
    expect(await names('sortBy=influencerTier,name&order=DESC,ASC')).toEqual([
      'Zyxq 100% Evans',
      'Zyxq Adams',
      'Zyxq Baker',
      'Zyxq Carter',
      'Zyxq Dalton',
    ]);
    expect(await names('sortBy=status,rating,name&order=ASC,ASC,ASC')).toEqual([
      'Zyxq Dalton',
      'Zyxq 100% Evans',
      'Zyxq Adams',
      'Zyxq Carter',
      'Zyxq Baker',
    ]);
    expect(await names('sortBy=createdAt&order=DESC')).toEqual([
      'Zyxq 100% Evans',
      'Zyxq Dalton',
      'Zyxq Carter',
      'Zyxq Baker',
      'Zyxq Adams',
    ]);
  });

  it('pages with a stable order and the total of every match', async () => {
    const all = await names();
    const pages = [];
    for (const page of [1, 2, 3]) {
      const body = await list(`search=zyxq&limit=2&page=${page}`);
      expect(body.totalResults).toBe(5);
      pages.push(...body.result.map((r) => r.name));
    }
    expect(pages).toEqual(all);
    const beyond = await list('search=zyxq&limit=2&page=4');
    expect(beyond.result).toEqual([]);
    expect(beyond.totalResults).toBe(5);
    const farBeyond = await list('search=zyxq&limit=100&page=9000000000000000');
    expect(farBeyond.result).toEqual([]);
    expect(farBeyond.totalResults).toBe(5);
    expect((await list('search=zyxq&limit=100&page=90000000000000')).result).toEqual([]);
    const huge = await t.json('GET', '/api/clients?page=100000000000000000000', undefined, admin);
    expect(huge.status).toBe(400);
  });

  it('filters by rating, influencer tier and status; an empty selection selects nothing', async () => {
    expect(await names('rating=5,4')).toEqual(['Zyxq Adams', 'Zyxq 100% Evans']);
    expect(await names('rating=')).toEqual([]);
    expect(await names('influencer=gold')).toEqual(['Zyxq Adams', 'Zyxq 100% Evans']);
    expect(await names('influencer=noStatus')).toEqual(['Zyxq Dalton']);
    expect(await names('influencer=bronze,silver')).toEqual(['Zyxq Carter', 'Zyxq Baker']);
    expect(await names('influencer=')).toEqual([]);
    expect(await names('status=INACTIVE')).toEqual(['Zyxq Baker']);
    expect(await names('status=ACTIVE,CONVERTED')).toHaveLength(4);
    expect(await names('status=')).toHaveLength(5);
    expect(await names('rating=0,1,3&influencer=silver,bronze&status=CONVERTED')).toEqual(['Zyxq Carter']);
  });

  it('filters by services: any selected flag, or none for noService; all six is no restriction', async () => {
    expect(await names('services=noService')).toEqual(['Zyxq Carter']);
    expect(await names('services=riskManagement')).toEqual(['Zyxq Baker']);
    expect(await names('services=privateFund,legacyPlanning')).toEqual(['Zyxq Dalton', 'Zyxq Baker']);
    expect(await names('services=financialLifeManagement,noService')).toEqual(['Zyxq Adams', 'Zyxq Carter']);
    expect(
      await names(
        'services=financialLifeManagement,riskManagement,assetManagement,legacyPlanning,privateFund,noService',
      ),
    ).toHaveLength(5);
    expect(
      await names(
        'services=financialLifeManagement,riskManagement,assetManagement,legacyPlanning,privateFund',
      ),
    ).toHaveLength(4);
    expect(await names('services=')).toEqual([]);
  });

  it('searches household names, member names, nicknames and primary emails, case-insensitively', async () => {
    const search = async (text: string) =>
      (await list(`search=${encodeURIComponent(text)}&limit=100`)).result.map((r) => r.clientId);
    expect(await search('TOMZORK')).toEqual([ids.adams]);
    expect(await search('qwopz')).toEqual([ids.baker]);
    expect(await search('Cara.PQLK@')).toEqual([ids.carter]);
    expect(await search('alice.adams@zyxq')).toEqual([ids.adams]);
    expect(await search('zyxq carter')).toEqual([ids.carter]);
    // % and _ are literal characters, not wildcards.
    expect(await search('0% e')).toEqual([ids.evans]);
    expect(await search('q_a')).toEqual([]);
    expect(await search('zyxq%adams')).toEqual([]);
    expect(await search('nothing-like-this-zz')).toEqual([]);
  });

  it('view Mine lists the households where the signed-in user is on the team', async () => {
    expect(await names('view=Mine', olivia)).toEqual(['Zyxq Adams', 'Zyxq Baker']);
    expect(await names('view=Mine')).toEqual([]);
    expect(await names('view=Default', olivia)).toHaveLength(5);
  });

  it.each([
    ['sortBy=password', "sortBy: unknown value 'password'."],
    ['sortBy=name,rating,status,createdAt', 'sortBy takes at most 3 keys.'],
    ['order=UP', "order: unknown value 'UP'."],
    ['rating=9', "rating: unknown value '9'."],
    ['services=gold', "services: unknown value 'gold'."],
    ['influencer=platinum', "influencer: unknown value 'platinum'."],
    ['status=GONE', "status: unknown value 'GONE'."],
    ['limit=101', 'limit can be at most 100.'],
    ['limit=0', 'limit must be 1 or more.'],
    ['page=0', 'page must be 1 or more.'],
    ['page=abc', null],
    ['view=Everyone', null],
    ['format=pdf', null],
    [`search=${'x'.repeat(101)}`, CLIENT_API_MESSAGES.searchTextMax],
  ])('refuses %s with 400', async (query, message) => {
    const res = await t.json('GET', `/api/clients?${query}`, undefined, admin);
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
  });
});

describe('GET /api/clients?format=csv|xlsx', () => {
  const exportRows = () =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'household'), eq(auditLog.action, 'EXPORT')))
      .orderBy(desc(auditLog.id));

  it('exports every matching household (not only the page) as CSV, in the list order, and records it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/clients?format=csv&search=zyxq&sortBy=rating&order=DESC&limit=1&page=1',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Household,Status,Rating,Influencer tier,Services,Next follow-up,Primary email,Primary phone,City,State,Wealth Advisor,Members',
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(
      "Zyxq Adams,Active,5,Gold,Financial Life Management,01/10/2026,alice.adams@zyxq.test,'+1 (999) 777-0101,Albany,NY,Olivia Bennett,Alice Adams; Tomzork Adams",
    );
    expect(lines[3]).toBe('Zyxq Baker,Inactive,3,Silver,Risk Management; Private Fund,,,,,,,Bruno Baker');
    expect(lines[5]).toBe(
      'Zyxq Carter,Converted,0,Bronze,No Service,01/10/2026,cara.pqlk@example.test,,,,,Cara Carter',
    );
    const [audit] = await exportRows();
    expect(audit).toMatchObject({ action: 'EXPORT', entity: 'household', actorEmail: DEMO_ADMIN.email });
    expect(audit!.after).toMatchObject({ format: 'csv', rows: 5, total: 5 });
    expect((audit!.after as { filters: { search: string } }).filters.search).toBe('zyxq');
  });

  it('exports the same rows as XLSX with a bold header row, widths and real dates', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/clients?format=xlsx&search=zyxq&services=noService,financialLifeManagement',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="clients-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Households');
    expect(sheet).toBeDefined();
    expect(sheet!.rowCount).toBe(3);
    const header = sheet!.getRow(1);
    expect(header.getCell(1).value).toBe('Household');
    expect(header.getCell(12).value).toBe('Members');
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet!.getColumn(1).width).toBeGreaterThanOrEqual(20);
    const adams = sheet!.getRow(2);
    expect(adams.getCell(1).value).toBe('Zyxq Adams');
    expect(adams.getCell(3).value).toBe(5);
    expect(adams.getCell(6).value).toEqual(new Date('2026-01-10T00:00:00Z'));
    expect(adams.getCell(6).numFmt).toBe('mm/dd/yyyy');
    expect(adams.getCell(8).value).toBe('+1 (999) 777-0101');
    expect(adams.getCell(11).value).toBe('Olivia Bennett');
    expect(sheet!.getRow(3).getCell(1).value).toBe('Zyxq Carter');
    expect(sheet!.getRow(3).getCell(5).value).toBe('No Service');
    const [audit] = await exportRows();
    expect(audit!.after).toMatchObject({ format: 'xlsx', rows: 2, total: 2 });
  });

  it('exports with view Mine for the signed-in user', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/clients?format=csv&search=zyxq&view=Mine',
      headers: { authorization: `Bearer ${olivia}` },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['Zyxq Adams', 'Zyxq Baker']);
  });

  it("names the files with the firm's date and stamps the workbook with the app's clock", async () => {
    // 02:30 UTC is 21:30 or 22:30 the evening before in New York: the file is named after that evening's day.
    t.clock.advanceTo(nextUtcTimeOfDay(t.clock.now(), 2, 30));
    const now = t.clock.now();
    const firmDay = todayIn(t.config.FIRM_TIME_ZONE, now);
    expect(firmDay).not.toBe(now.toISOString().slice(0, 10));
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/clients?format=${format}&search=zyxq`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="clients-${firmDay}.${format}"`);
      if (format === 'xlsx') {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        expect(Math.abs(workbook.created.getTime() - now.getTime())).toBeLessThan(60_000);
      }
    }
  });
});
