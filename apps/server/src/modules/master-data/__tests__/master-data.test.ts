import { MASTER_DATA_LEGACY_LISTS, MASTER_DATA_LISTS } from '@centric/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../../db/seed/demo.ts';
import { ensureMasterData } from '../../../db/seed/master-data.ts';
import { US_STATES } from '../../../db/seed/master-data-values.ts';
import { auditLog, masterDataItems } from '../../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { TINY_PNG as PNG, putFile } from '../../../../test/uploads.ts';

let t: TestContext;
let admin: string;
let advisor: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = (await t.signIn()).token;
  advisor = (await t.signIn(DEMO_USERS[1].email)).token;
});
afterAll(() => t.close());

type Item = { id: number; name: string; [key: string]: unknown };

const get = (url: string, token = admin) => t.json('GET', url, undefined, token);
const names = (items: Item[]) => items.map((i) => i.name);
const byName = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase());

const itemNamed = async (type: string, name: string) => {
  const [row] = await t.db
    .select()
    .from(masterDataItems)
    .where(and(eq(masterDataItems.type, type), eq(masterDataItems.name, name)));
  if (!row) throw new Error(`${type} ${name} not seeded`);
  return row;
};

const auditRows = (entityId: string | number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'masterData'), eq(auditLog.entityId, String(entityId))))
    .orderBy(auditLog.id);

const upload = (url: string, filename: string, data: Buffer, token = admin) =>
  putFile(t, { url, token, filename, data });

describe('seed', () => {
  it('has the 50 states, DC and 5 territories under the United States, and leaves edited lists alone', async () => {
    const us = await itemNamed('country', 'United States');
    const states = await get(`/api/master-data/states?parentId=${us.id}&limit=100`);
    expect(states.body.totalResults).toBe(56);
    expect(US_STATES).toHaveLength(56);
    expect(states.body.result.find((s: Item) => s.name === 'Puerto Rico')).toMatchObject({
      abbreviation: 'PR',
      parentId: us.id,
      parentName: 'United States',
    });
    const religions = await t.json('POST', '/api/getReligiousAffiliations', {}, admin);
    const judaism = religions.body.result.find((r: Item) => r.name === 'Judaism');
    expect(judaism.subItems.map((s: Item) => s.name)).toEqual([
      'Conservative',
      'Orthodox',
      'Reconstructionist',
      'Reform',
    ]);

    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(masterDataItems);
    await t.db
      .delete(masterDataItems)
      .where(and(eq(masterDataItems.type, 'gender'), eq(masterDataItems.name, 'Non-binary')));
    await ensureMasterData(t.db);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(masterDataItems);
    expect(after[0]!.n).toBe(before[0]!.n - 1);
    await t.db.insert(masterDataItems).values({ type: 'gender', name: 'Non-binary' });
  });
});

describe('GET /api/master-data/:type', () => {
  it('pages with totalResults, sorts by name by default, and sorts by any column both ways', async () => {
    const page1 = await get('/api/master-data/country?limit=10');
    expect(page1.status).toBe(200);
    expect(page1.body.result).toHaveLength(10);
    const total = page1.body.totalResults ?? 0;
    expect(total).toBeGreaterThanOrEqual(50);
    const all = await get('/api/master-data/country?limit=100');
    const sorted = [...names(all.body.result)].sort(byName);
    expect(names(all.body.result)).toEqual(sorted);
    const page2 = await get('/api/master-data/country?limit=10&page=2');
    expect(names(page2.body.result)).toEqual(sorted.slice(10, 20));

    const desc = await get('/api/master-data/country?limit=100&sortBy=name&order=DESC');
    expect(names(desc.body.result)).toEqual([...sorted].reverse());
    const byAbbreviation = await get('/api/master-data/country?limit=100&sortBy=abbreviation&order=asc');
    const abbreviations = byAbbreviation.body.result.map((c: Item) => c.abbreviation as string);
    expect(abbreviations).toEqual([...abbreviations].sort(byName));

    const beyond = await get(`/api/master-data/country?limit=10&page=${Math.ceil(total / 10) + 1}`);
    expect(beyond.body.result).toEqual([]);
    expect(beyond.body.totalResults).toBe(total);
  });

  it('searches by name, case-insensitively, with % and _ taken literally', async () => {
    const res = await get('/api/master-data/states?q=new&limit=100');
    expect(names(res.body.result)).toEqual(['New Hampshire', 'New Jersey', 'New Mexico', 'New York']);
    expect(res.body.totalResults).toBe(4);
    const percent = await get(`/api/master-data/states?q=${encodeURIComponent('%')}`);
    expect(percent.body.totalResults).toBe(0);
  });

  it('sorts age ranges and account objectives by creation by default', async () => {
    const ranges = await get('/api/master-data/age-range?limit=100');
    expect(names(ranges.body.result).slice(0, 3)).toEqual(['Under 25', '25-34', '35-44']);
    const objectives = await get('/api/master-data/account-objective?limit=100');
    expect(names(objectives.body.result)[0]).toBe('Capital Preservation');
  });

  it('refuses an unknown list, a bad sort key and a limit over 100', async () => {
    expect((await get('/api/master-data/planets')).status).toBe(400);
    expect((await get('/api/master-data/gender?sortBy=password')).status).toBe(400);
    expect((await get('/api/master-data/gender?limit=101')).status).toBe(400);
    expect((await get('/api/master-data/gender?order=sideways')).status).toBe(400);
  });

  it('exports CSV (search applied) and records the export in the audit trail', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/master-data/states?format=csv&q=new',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="states.csv"');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Id,Name,Abbreviation,Country,Created at');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^\d+,New Hampshire,NH,United States,/);
    const rows = await auditRows('states');
    expect(rows.at(-1)).toMatchObject({
      action: 'EXPORT',
      after: expect.objectContaining({ rows: 4, q: 'new' }),
    });
  });
});

describe('permissions', () => {
  it('lets an advisor read every list but refuses writes with 403, changing nothing', async () => {
    expect((await get('/api/master-data/gender', advisor)).status).toBe(200);
    expect((await t.json('POST', '/api/getGender', {}, advisor)).status).toBe(200);
    expect((await get('/api/sysconfig', advisor)).status).toBe(200);
    const male = await itemNamed('gender', 'Male');
    const countBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(masterDataItems);

    const attempts = [
      await t.json('POST', '/api/master-data/gender', { name: 'Advisor gender' }, advisor),
      await t.json('POST', '/api/addGender', { name: 'Advisor gender' }, advisor),
      await t.json('PATCH', `/api/master-data/gender/${male.id}`, { name: 'Changed' }, advisor),
      await t.json('DELETE', `/api/master-data/gender/${male.id}`, undefined, advisor),
      await t.json('PUT', '/api/sysconfig', { ssnMasking: false }, advisor),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You do not have permission to view this page.');
    }
    const countAfter = await t.db.select({ n: sql<number>`count(*)::int` }).from(masterDataItems);
    expect(countAfter).toEqual(countBefore);
    expect((await itemNamed('gender', 'Male')).name).toBe('Male');
    expect((await get('/api/sysconfig', advisor)).body.result).toEqual({
      ssnMasking: true,
      largeWithdrawalAmount: '100000.00',
      largeWithdrawalPercent: 25,
    });
  });

  it('refuses every call without a session', async () => {
    expect((await t.json('GET', '/api/master-data/gender')).status).toBe(401);
    expect((await t.json('POST', '/api/getGender', {})).status).toBe(401);
    expect((await t.json('GET', '/api/receivableProviderList')).status).toBe(401);
  });
});

describe('create, update, delete with the audit trail', () => {
  it('writes CREATE, UPDATE (changed fields only) and DELETE rows', async () => {
    const created = await t.json(
      'POST',
      '/api/master-data/marketing-segment',
      { name: 'Young Professionals', description: 'Early-career high earners.' },
      admin,
    );
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Value added successfully.');
    const id = created.body.result.id;

    const updated = await t.json(
      'PATCH',
      `/api/master-data/marketing-segment/${id}`,
      { description: 'HENRYs.' },
      admin,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.result).toMatchObject({ name: 'Young Professionals', description: 'HENRYs.' });

    const unchanged = await t.json(
      'PATCH',
      `/api/master-data/marketing-segment/${id}`,
      { description: 'HENRYs.' },
      admin,
    );
    expect(unchanged.status).toBe(200);

    const removed = await t.json('DELETE', `/api/master-data/marketing-segment/${id}`, undefined, admin);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Value deleted successfully.');
    expect((await get(`/api/master-data/marketing-segment/${id}`)).status).toBe(404);

    const rows = await auditRows(id);
    expect(rows.map((r) => r.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    expect(rows[0]!.after).toMatchObject({ name: 'Young Professionals', type: 'marketing-segment' });
    expect(rows[1]!.before).toEqual({ description: 'Early-career high earners.' });
    expect(rows[1]!.after).toEqual({ description: 'HENRYs.' });
    expect(rows[2]!.before).toMatchObject({ name: 'Young Professionals' });
    expect(rows.every((r) => r.actorEmail === 'admin@centric.local')).toBe(true);
  });

  it('answers 404 for a value of another list', async () => {
    const male = await itemNamed('gender', 'Male');
    expect((await t.json('PATCH', `/api/master-data/sources/${male.id}`, { name: 'x' }, admin)).status).toBe(
      404,
    );
    expect((await t.json('DELETE', `/api/master-data/sources/${male.id}`, undefined, admin)).status).toBe(
      404,
    );
  });
});

describe('sub-items and values in use', () => {
  it('lists, adds, renames and deletes sub-religions of one religion', async () => {
    const islam = await itemNamed('religious-affiliations', 'Islam');
    const base = `/api/master-data/religious-affiliations/${islam.id}/items`;
    const list = await get(base);
    expect(names(list.body.result)).toEqual(['Shia', 'Sufi', 'Sunni']);

    const added = await t.json('POST', base, { name: 'Ahmadiyya' }, admin);
    expect(added.status).toBe(201);
    expect(added.body.result).toMatchObject({
      type: 'sub-religions',
      parentId: islam.id,
      parentName: 'Islam',
    });
    // The same name under another religion is fine; under the same one it is a duplicate.
    const judaism = await itemNamed('religious-affiliations', 'Judaism');
    expect(
      (
        await t.json(
          'POST',
          `/api/master-data/religious-affiliations/${judaism.id}/items`,
          { name: 'Sunni' },
          admin,
        )
      ).status,
    ).toBe(201);
    const dup = await t.json('POST', base, { name: 'sunni' }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Sub-religion "sunni" already exists.');
    const spaces = await t.json('POST', base, { name: '  ' }, admin);
    expect(spaces.body.message).toBe('Name cannot contain only spaces.');

    const renamed = await t.json('PATCH', `${base}/${added.body.result.id}`, { name: 'Ahmadi' }, admin);
    expect(renamed.body.result.name).toBe('Ahmadi');
    // A sub-item is reachable only through its own parent.
    expect(
      (
        await t.json(
          'PATCH',
          `/api/master-data/religious-affiliations/${judaism.id}/items/${added.body.result.id}`,
          { name: 'x' },
          admin,
        )
      ).status,
    ).toBe(404);
    expect((await get('/api/master-data/gender/1/items')).status).toBe(404);

    const parentRow = (await get(`/api/master-data/religious-affiliations?q=islam`)).body.result[0];
    expect(parentRow.subItemCount).toBe(4);
    expect((await t.json('DELETE', `${base}/${added.body.result.id}`, undefined, admin)).status).toBe(200);
  });

  it('refuses to delete a value in use and says where it is used', async () => {
    const islam = await itemNamed('religious-affiliations', 'Islam');
    const refused = await t.json(
      'DELETE',
      `/api/master-data/religious-affiliations/${islam.id}`,
      undefined,
      admin,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This value is used by 3 sub-religions.');

    const us = await itemNamed('country', 'United States');
    const country = await t.json('DELETE', `/api/master-data/country/${us.id}`, undefined, admin);
    expect(country.status).toBe(409);
    expect(country.body.message).toBe('This value is used by 56 states.');
    expect((await get(`/api/master-data/country/${us.id}`)).status).toBe(200);
    expect((await auditRows(us.id)).filter((r) => r.action === 'DELETE')).toEqual([]);

    const retired = await itemNamed('industry', 'Retired');
    const job = await t.json(
      'POST',
      `/api/master-data/industry/${retired.id}/items`,
      { name: 'Volunteer' },
      admin,
    );
    const one = await t.json('DELETE', `/api/master-data/industry/${retired.id}`, undefined, admin);
    expect(one.body.message).toBe('This value is used by 1 industry job.');
    await t.json(
      'DELETE',
      `/api/master-data/industry/${retired.id}/items/${job.body.result.id}`,
      undefined,
      admin,
    );
    expect((await t.json('DELETE', `/api/master-data/industry/${retired.id}`, undefined, admin)).status).toBe(
      200,
    );
  });
});

describe('images', () => {
  it('accepts a png for a provider, serves it, and checks size and type by content', async () => {
    const provider = await itemNamed('providers', 'MetLife');
    const url = `/api/master-data/providers/${provider.id}/image`;
    const res = await upload(url, 'logo.png', PNG);
    expect(res.statusCode).toBe(200);
    const imageUrl = res.json().result.imageUrl as string;
    expect(imageUrl).toMatch(new RegExp(`^/api/master-data-image/${provider.id}\\?v=\\d+$`));
    const image = await t.app.inject({
      method: 'GET',
      url: imageUrl,
      headers: { authorization: `Bearer ${advisor}` },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const tooLarge = await upload(url, 'big.png', Buffer.concat([PNG, Buffer.alloc(512 * 1024)]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('The file is greater than 512kb');
    const exactly = await upload(
      url,
      'edge.png',
      Buffer.concat([PNG, Buffer.alloc(512 * 1024 - PNG.length)]),
    );
    expect(exactly.statusCode).toBe(200);

    const fake = await upload(url, 'fake.png', Buffer.from('GIF89a not really a png'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('File format accepted only .jpg, .jpeg, .png up to 512 KB');
    const wrongName = await upload(url, 'logo.gif', PNG);
    expect(wrongName.statusCode).toBe(415);

    const noImages = await upload(
      `/api/master-data/gender/${(await itemNamed('gender', 'Male')).id}/image`,
      'a.png',
      PNG,
    );
    expect(noImages.statusCode).toBe(400);
    const denied = await upload(url, 'logo.png', PNG, advisor);
    expect(denied.statusCode).toBe(403);

    const audit = await auditRows(provider.id);
    expect(audit.filter((r) => r.action === 'UPDATE')).toHaveLength(2);

    const removed = await t.json('DELETE', url, undefined, admin);
    expect(removed.body.result.imageUrl).toBeNull();
    expect(
      (await t.app.inject({ method: 'GET', url: imageUrl, headers: { authorization: `Bearer ${admin}` } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('legacy calls of spec §7', () => {
  it.each(MASTER_DATA_LEGACY_LISTS.map((l) => [l.list, l] as const))(
    'POST /api/%s lists everything in the spec order, and sortBy/order change it',
    async (_name, legacy) => {
      const spec = MASTER_DATA_LISTS[legacy.type];
      const res = await t.json('POST', `/api/${legacy.list}`, {}, admin);
      expect(res.status).toBe(200);
      const items: Item[] = res.body.result;
      expect(items.length).toBeGreaterThan(2);
      expect(res.body.totalResults).toBe(items.length);
      if (spec.defaultSort.sortBy === 'name') {
        expect(names(items)).toEqual([...names(items)].sort(byName));
      } else {
        const created = items.map((i) => i.createdAt as string);
        expect(created).toEqual([...created].sort());
        const ids = items.map((i) => i.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
      }
      const desc = await t.json('POST', `/api/${legacy.list}`, { sortBy: 'name', order: 'DESC' }, admin);
      expect(names(desc.body.result)).toEqual([...names(items)].sort(byName).reverse());
      // No body at all is fine too.
      const bare = await t.app.inject({
        method: 'POST',
        url: `/api/${legacy.list}`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(bare.statusCode).toBe(200);
    },
  );

  it('lists states with their country, and industries with their jobs', async () => {
    const states = await t.json('POST', '/api/statesType', { sortBy: 'name', order: 'ASC' }, admin);
    expect(states.body.result[0]).toMatchObject({
      name: 'Alabama',
      abbreviation: 'AL',
      parentName: 'United States',
    });
    const industries = await t.json('POST', '/api/getIndustry', {}, admin);
    const legal = industries.body.result.find((i: Item) => i.name === 'Legal');
    expect(legal.subItems.map((j: Item) => j.name)).toEqual(['Attorney', 'Judge', 'Paralegal']);
  });

  it('adds through the add call with the same rules', async () => {
    const added = await t.json('POST', '/api/addSources', { name: 'Podcast' }, admin);
    expect(added.status).toBe(201);
    expect(added.body.result).toMatchObject({ type: 'sources', name: 'Podcast' });
    expect((await t.json('POST', '/api/addSources', { name: 'PODCAST' }, admin)).status).toBe(409);
    expect(
      (await t.json('POST', '/api/addAgeRange', { name: 'Bad', minAge: 5, maxAge: 1 }, admin)).body.message,
    ).toBe('Max age must be greater than min age.');
    const sources = await t.json('POST', '/api/getSources', {}, admin);
    expect(names(sources.body.result)).toContain('Podcast');
  });

  it('GET /api/receivableProviderList answers the providers sorted by name', async () => {
    await t.json('POST', '/api/master-data/providers', { name: 'aaa Mutual' }, admin);
    const res = await get('/api/receivableProviderList', advisor);
    expect(res.status).toBe(200);
    const list = names(res.body.result);
    expect(list[0]).toBe('aaa Mutual');
    expect(list).toEqual([...list].sort(byName));
    expect(list).toContain('Prudential');
  });
});

describe('sysconfig', () => {
  it('answers the settings as an object and lets an administrator change them, audited', async () => {
    const initial = await get('/api/sysconfig');
    expect(initial.body.result).toEqual({
      ssnMasking: true,
      largeWithdrawalAmount: '100000.00',
      largeWithdrawalPercent: 25,
    });
    const changed = await t.json('PUT', '/api/sysconfig', { ssnMasking: false }, admin);
    expect(changed.status).toBe(200);
    expect(changed.body.result).toEqual({
      ssnMasking: false,
      largeWithdrawalAmount: '100000.00',
      largeWithdrawalPercent: 25,
    });
    expect((await get('/api/sysconfig', advisor)).body.result).toEqual({
      ssnMasking: false,
      largeWithdrawalAmount: '100000.00',
      largeWithdrawalPercent: 25,
    });
    expect((await t.json('PUT', '/api/sysconfig', { ssnMasking: 'no' }, admin)).status).toBe(400);
    expect((await t.json('PUT', '/api/sysconfig', { unknownKey: 1 }, admin)).status).toBe(400);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'systemSettings'))
      .orderBy(auditLog.id);
    expect(row).toMatchObject({
      action: 'UPDATE',
      before: { ssnMasking: true },
      after: { ssnMasking: false },
    });
    await t.json('PUT', '/api/sysconfig', { ssnMasking: true }, admin);
  });

  it('keeps the large withdrawal thresholds of transaction alerts', async () => {
    const changed = await t.json(
      'PUT',
      '/api/sysconfig',
      { largeWithdrawalAmount: '50000', largeWithdrawalPercent: 10 },
      admin,
    );
    expect(changed.body.result).toMatchObject({
      largeWithdrawalAmount: '50000.00',
      largeWithdrawalPercent: 10,
    });
    for (const body of [
      { largeWithdrawalAmount: '0' },
      { largeWithdrawalAmount: '1000000000.01' },
      { largeWithdrawalAmount: 'lots' },
      { largeWithdrawalPercent: 0 },
      { largeWithdrawalPercent: 101 },
      { largeWithdrawalPercent: 12.5 },
    ]) {
      expect((await t.json('PUT', '/api/sysconfig', body, admin)).status).toBe(400);
    }
    await t.json(
      'PUT',
      '/api/sysconfig',
      { largeWithdrawalAmount: '100000', largeWithdrawalPercent: 25 },
      admin,
    );
  });
});
