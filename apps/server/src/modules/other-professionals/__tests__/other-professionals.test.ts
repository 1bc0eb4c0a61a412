import { CLIENT_API_MESSAGES, CLIENT_MESSAGES } from '@centric/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  householdProfessionals,
  masterDataItems,
  otherProfessionals,
} from '../../../db/schema/index.ts';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { insertHousehold, insertUserWithGrants } from '../../../../test/factories.ts';

let t: TestContext;
let admin: string;
let developer: string; // Business Developer: otherProfessionals read + write
let operations: string; // Operations: otherProfessionals read
let nobody: string; // no otherProfessionals permission at all
const state = { newYork: 0, texas: 0, notAState: 0, retired: 0 };
const household = { a: '', b: '', c: '' };

const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  const stateId = async (name: string) => {
    const [row] = await t.db
      .select({ id: masterDataItems.id })
      .from(masterDataItems)
      .where(and(eq(masterDataItems.type, 'states'), eq(masterDataItems.name, name)));
    if (!row) throw new Error(`no state ${name}`);
    return row.id;
  };
  state.newYork = await stateId('New York');
  state.texas = await stateId('Texas');
  const [other] = await t.db
    .select({ id: masterDataItems.id })
    .from(masterDataItems)
    .where(ne(masterDataItems.type, 'states'))
    .limit(1);
  state.notAState = other!.id;
  state.retired = await stateId('Vermont');
  await t.db.update(masterDataItems).set({ active: false }).where(eq(masterDataItems.id, state.retired));

  household.a = (
    await insertHousehold(t.db, { members: [{ firstName: 'Ada', lastName: 'Lovelace' }] })
  ).clientId;
  household.b = (
    await insertHousehold(t.db, { members: [{ firstName: 'Alan', lastName: 'Turing' }] })
  ).clientId;
  household.c = (
    await insertHousehold(t.db, { members: [{ firstName: 'Grace', lastName: 'Hopper' }] })
  ).clientId;
  await insertUserWithGrants(t.db, 'no.professionals@centric.local', { clients: ['read'] });

  admin = (await t.signIn()).token;
  developer = (await t.signIn(DEMO_USERS[3].email)).token;
  operations = (await t.signIn(DEMO_USERS[4].email)).token;
  nobody = (await t.signIn('no.professionals@centric.local')).token;
});
afterAll(() => t.close());

const valid = (overrides: Record<string, unknown> = {}) => ({
  type: 'Attorney',
  fullName: 'Eleanor Vance',
  phoneNumber: '(212) 555-0123',
  address: '1 Liberty Plaza',
  city: 'New York',
  stateId: state.newYork,
  zip: '10006',
  email: 'eleanor.vance@lawfirm.test',
  note: 'Estate planning for the Lovelace family.',
  ...overrides,
});

const create = (body: unknown, token = admin) => t.json('POST', '/api/other-professionals', body, token);

const auditRows = (id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(sql`${auditLog.entity} like 'other_professional%'`, eq(auditLog.entityId, id)))
    .orderBy(asc(auditLog.id));

describe('other professionals CRUD', () => {
  it('adds a professional (normalised phone, state name), reads it, and audits the creation', async () => {
    const res = await create(valid({ fullName: '  Eleanor Vance ', zip: ' 10006 ' }));
    expect(res.status).toBe(201);
    expect(res.body.statusCode).toBe(201);
    expect(res.body.message).toBe(CLIENT_API_MESSAGES.professionalAdded);
    const item = res.body.result;
    expect(item).toMatchObject({
      type: 'Attorney',
      fullName: 'Eleanor Vance',
      phoneNumber: '+12125550123',
      address: '1 Liberty Plaza',
      city: 'New York',
      stateId: state.newYork,
      state: 'New York',
      zip: '10006',
      email: 'eleanor.vance@lawfirm.test',
      note: 'Estate planning for the Lovelace family.',
      households: [],
    });
    expect(item.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(item.createdAt))).toBe(false);

    const read = await t.json('GET', `/api/other-professionals/${item.id}`, undefined, admin);
    expect(read.status).toBe(200);
    expect(read.body.result).toEqual(item);

    const [row] = await auditRows(item.id);
    expect(row).toMatchObject({
      action: 'CREATE',
      entity: 'other_professional',
      actorEmail: DEMO_ADMIN.email,
    });
    expect(row?.after).toMatchObject({ fullName: 'Eleanor Vance', phoneNumber: '+12125550123' });
  });

  it('keeps optional fields empty as null', async () => {
    const res = await create({
      type: 'CPA',
      fullName: 'Tom Baker',
      stateId: state.texas,
      phoneNumber: '',
      zip: '',
      email: '',
    });
    expect(res.status).toBe(201);
    expect(res.body.result).toMatchObject({
      phoneNumber: null,
      address: null,
      city: null,
      state: 'Texas',
      zip: null,
      email: null,
      note: null,
    });
  });

  it('changes a professional and audits only what changed', async () => {
    const created = (await create(valid({ fullName: 'Harold Finch', email: 'harold@finch.test' }))).body
      .result;
    const res = await t.json(
      'PUT',
      `/api/other-professionals/${created.id}`,
      valid({
        fullName: 'Harold Finch',
        email: 'harold@finch.test',
        city: 'Austin',
        stateId: state.texas,
        phoneNumber: '512 555 0100',
      }),
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CLIENT_API_MESSAGES.professionalUpdated);
    expect(res.body.result).toMatchObject({
      city: 'Austin',
      stateId: state.texas,
      state: 'Texas',
      phoneNumber: '+15125550100',
    });
    const rows = await auditRows(created.id);
    expect(rows.map((r) => r.action)).toEqual(['CREATE', 'UPDATE']);
    expect(rows[1]?.before).toEqual({
      city: 'New York',
      stateId: state.newYork,
      phoneNumber: '+12125550123',
    });
    expect(rows[1]?.after).toEqual({ city: 'Austin', stateId: state.texas, phoneNumber: '+15125550100' });

    // The same values again change nothing and write no row.
    const again = await t.json(
      'PUT',
      `/api/other-professionals/${created.id}`,
      valid({
        fullName: 'Harold Finch',
        email: 'harold@finch.test',
        city: 'Austin',
        stateId: state.texas,
        phoneNumber: '+1 512 555 0100',
      }),
      admin,
    );
    expect(again.status).toBe(200);
    expect(await auditRows(created.id)).toHaveLength(2);
  });

  it('links households (replacing the links), shows them by name, and refuses unknown households', async () => {
    const created = (await create(valid({ fullName: 'Links Person' }))).body.result;
    const url = `/api/other-professionals/${created.id}/households`;
    const linked = await t.json('PUT', url, { clientIds: [household.b, household.a, household.a] }, admin);
    expect(linked.status).toBe(200);
    expect(linked.body.message).toBe(CLIENT_API_MESSAGES.professionalUpdated);
    expect(linked.body.result.households).toEqual([
      { clientId: household.a, name: 'Lovelace, Ada' },
      { clientId: household.b, name: 'Turing, Alan' },
    ]);

    const replaced = await t.json('PUT', url, { clientIds: [household.c] }, admin);
    expect(replaced.body.result.households).toEqual([{ clientId: household.c, name: 'Hopper, Grace' }]);

    const unknown = await t.json('PUT', url, { clientIds: [household.a, MISSING] }, admin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(CLIENT_API_MESSAGES.householdNotFound);
    expect(unknown.body.errors).toEqual([
      { field: 'clientIds.1', message: CLIENT_API_MESSAGES.householdNotFound },
    ]);
    // Nothing changed.
    const after = await t.json('GET', `/api/other-professionals/${created.id}`, undefined, admin);
    expect(after.body.result.households).toEqual([{ clientId: household.c, name: 'Hopper, Grace' }]);

    const bad = await t.json('PUT', url, { clientIds: ['not-a-uuid'] }, admin);
    expect(bad.status).toBe(400);

    const rows = await auditRows(created.id);
    expect(rows.filter((r) => r.entity === 'other_professional_households').map((r) => r.after)).toEqual([
      { clientIds: [household.a, household.b].sort() },
      { clientIds: [household.c] },
    ]);

    const cleared = await t.json('PUT', url, { clientIds: [] }, admin);
    expect(cleared.body.result.households).toEqual([]);
  });

  it('deletes a professional with its links, and audits what it was', async () => {
    const created = (await create(valid({ fullName: 'Gone Soon' }))).body.result;
    await t.json(
      'PUT',
      `/api/other-professionals/${created.id}/households`,
      { clientIds: [household.a] },
      admin,
    );
    const res = await t.json('DELETE', `/api/other-professionals/${created.id}`, undefined, admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      statusCode: 200,
      message: CLIENT_API_MESSAGES.professionalDeleted,
      result: null,
    });
    const links = await t.db
      .select()
      .from(householdProfessionals)
      .where(eq(householdProfessionals.professionalId, created.id));
    expect(links).toHaveLength(0);
    const gone = await t.json('GET', `/api/other-professionals/${created.id}`, undefined, admin);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(CLIENT_API_MESSAGES.professionalNotFound);
    const rows = await auditRows(created.id);
    const deleted = rows.find((r) => r.action === 'DELETE');
    expect(deleted?.before).toMatchObject({ fullName: 'Gone Soon', clientIds: [household.a] });
  });

  it('answers 404 for a professional that does not exist', async () => {
    const base = `/api/other-professionals/${MISSING}`;
    for (const [method, url, body] of [
      ['GET', base, undefined],
      ['PUT', base, valid()],
      ['DELETE', base, undefined],
      ['PUT', `${base}/households`, { clientIds: [] }],
    ] as const) {
      const res = await t.json(method, url, body, admin);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.message).toBe(CLIENT_API_MESSAGES.professionalNotFound);
    }
    const badId = await t.json('GET', '/api/other-professionals/not-a-uuid', undefined, admin);
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe(CLIENT_API_MESSAGES.professionalNotFound);
  });
});

describe('validation (spec §5 Contact)', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['fullName missing', { fullName: undefined }, 'fullName', CLIENT_MESSAGES.required],
    ['fullName empty', { fullName: '' }, 'fullName', CLIENT_MESSAGES.required],
    ['fullName only spaces', { fullName: '    ' }, 'fullName', CLIENT_MESSAGES.nameOnlySpaces],
    ['fullName 2 characters', { fullName: 'Al' }, 'fullName', CLIENT_MESSAGES.fullNameLength],
    ['fullName 76 characters', { fullName: 'A'.repeat(76) }, 'fullName', CLIENT_MESSAGES.fullNameLength],
    ['type missing', { type: undefined }, 'type', CLIENT_MESSAGES.required],
    ['type only spaces', { type: '   ' }, 'type', CLIENT_MESSAGES.required],
    ['email too short', { email: 'a@' }, 'email', CLIENT_MESSAGES.emailMin],
    ['email invalid', { email: 'not-an-email' }, 'email', CLIENT_MESSAGES.emailInvalid],
    ['email 256 characters', { email: `${'a'.repeat(244)}@example.com` }, 'email', CLIENT_MESSAGES.emailMax],
    ['note 151 characters', { note: 'n'.repeat(151) }, 'note', CLIENT_MESSAGES.noteMax],
    ['address 51 characters', { address: 'a'.repeat(51) }, 'address', CLIENT_MESSAGES.contactAddressMax],
    ['city 51 characters', { city: 'c'.repeat(51) }, 'city', CLIENT_MESSAGES.contactCityMax],
    ['state missing', { stateId: undefined }, 'stateId', CLIENT_MESSAGES.required],
    ['state not a number', { stateId: 'NY' }, 'stateId', CLIENT_MESSAGES.required],
    ['zip 3 digits', { zip: '123' }, 'zip', CLIENT_MESSAGES.zipInvalid],
    ['zip 6 digits', { zip: '123456' }, 'zip', CLIENT_MESSAGES.zipInvalid],
    ['zip letters', { zip: '12a45' }, 'zip', CLIENT_MESSAGES.zipInvalid],
    ['phone too short', { phoneNumber: '555-0123' }, 'phoneNumber', CLIENT_MESSAGES.phoneInvalid],
  ];

  it.each(cases)('%s is refused', async (_label, overrides, field, message) => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(otherProfessionals);
    const res = await create(valid(overrides));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors?.[0]).toEqual({ field, message });
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(otherProfessionals);
    expect(Number(after[0]?.n)).toBe(Number(before[0]?.n));
  });

  it('accepts the limits themselves', async () => {
    const res = await create(
      valid({
        fullName: 'Ann',
        zip: '1234',
        note: 'n'.repeat(150),
        address: 'a'.repeat(50),
        city: 'c'.repeat(50),
        email: 'a@b.co',
      }),
    );
    expect(res.status).toBe(201);
    const long = await create(valid({ fullName: 'F'.repeat(75) }));
    expect(long.status).toBe(201);
  });

  it('requires the state to be an item of the states list', async () => {
    for (const stateId of [state.notAState, 999_999, state.retired]) {
      const res = await create(valid({ stateId }));
      expect(res.status, String(stateId)).toBe(400);
      expect(res.body.message).toBe(CLIENT_MESSAGES.invalidOption);
      expect(res.body.errors).toEqual([{ field: 'stateId', message: CLIENT_MESSAGES.invalidOption }]);
    }
  });

  it('lets a professional keep a state that was retired since', async () => {
    const created = (await create(valid({ fullName: 'Old State' }))).body.result;
    await t.db
      .update(otherProfessionals)
      .set({ stateId: state.retired })
      .where(eq(otherProfessionals.id, created.id));
    const res = await t.json(
      'PUT',
      `/api/other-professionals/${created.id}`,
      valid({ fullName: 'Old State', stateId: state.retired, note: 'still in Vermont' }),
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ state: 'Vermont', note: 'still in Vermont' });
  });
});

describe('the list', () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await t.db.delete(otherProfessionals);
    const people: [string, string, string | null, string | null][] = [
      ['Zoe Carter', 'CPA', 'Boston', 'zoe@carter-cpa.test'],
      ['Adam Brooks', 'Attorney', 'Austin', 'adam.brooks@law.test'],
      ['Mia Chen', 'Banker', null, 'mia.chen@bank.test'],
      ['Liam O_Neil', 'Attorney', 'Chicago', null],
      ['Noah 100% Trust', 'Trustee', 'Denver', 'noah@trust.test'],
    ];
    for (const [fullName, type, city, email] of people) {
      const res = await create({ fullName, type, city, email, stateId: state.newYork });
      ids[fullName] = res.body.result.id;
    }
    await t.json(
      'PUT',
      `/api/other-professionals/${ids['Mia Chen']}/households`,
      { clientIds: [household.a] },
      admin,
    );
    await t.json(
      'PUT',
      `/api/other-professionals/${ids['Adam Brooks']}/households`,
      { clientIds: [household.a, household.b] },
      admin,
    );
  });

  const list = async (query = '', token = admin) => {
    const res = await t.json('GET', `/api/other-professionals${query}`, undefined, token);
    expect(res.status, query).toBe(200);
    return {
      names: (res.body.result as { fullName: string }[]).map((r) => r.fullName),
      total: res.body.totalResults,
      body: res.body,
    };
  };

  it('sorts by full name by default, pages, and counts every match', async () => {
    expect(await list()).toMatchObject({
      names: ['Adam Brooks', 'Liam O_Neil', 'Mia Chen', 'Noah 100% Trust', 'Zoe Carter'],
      total: 5,
    });
    expect(await list('?limit=2&page=2')).toMatchObject({ names: ['Mia Chen', 'Noah 100% Trust'], total: 5 });
    expect((await list('?limit=2&page=4')).names).toEqual([]);
  });

  it('sorts by type, city and creation, both ways', async () => {
    expect((await list('?sortBy=type&order=ASC')).names).toEqual([
      'Adam Brooks',
      'Liam O_Neil',
      'Mia Chen',
      'Zoe Carter',
      'Noah 100% Trust',
    ]);
    expect((await list('?sortBy=city&order=DESC')).names).toEqual([
      'Mia Chen',
      'Noah 100% Trust',
      'Liam O_Neil',
      'Zoe Carter',
      'Adam Brooks',
    ]);
    expect((await list('?sortBy=createdAt&order=DESC')).names[0]).toBe('Noah 100% Trust');
  });

  it('searches names (any case), emails and types; % and _ are plain characters', async () => {
    expect((await list('?search=CHEN')).names).toEqual(['Mia Chen']);
    expect((await list('?search=carter-cpa')).names).toEqual(['Zoe Carter']);
    expect((await list('?search=attorney')).names).toEqual(['Adam Brooks', 'Liam O_Neil']);
    expect((await list(`?search=${encodeURIComponent('100%')}`)).names).toEqual(['Noah 100% Trust']);
    expect((await list('?search=_')).names).toEqual(['Liam O_Neil']);
    expect(await list('?search=nobody-like-this')).toMatchObject({ names: [], total: 0 });
  });

  it('filters by type and by linked household', async () => {
    expect((await list('?type=attorney')).names).toEqual(['Adam Brooks', 'Liam O_Neil']);
    expect(await list(`?clientId=${household.a}`)).toMatchObject({
      names: ['Adam Brooks', 'Mia Chen'],
      total: 2,
    });
    expect((await list(`?clientId=${household.b}&search=adam`)).names).toEqual(['Adam Brooks']);
    const adam = (await list(`?clientId=${household.b}`)).body.result[0];
    expect(adam.households).toEqual([
      { clientId: household.a, name: 'Lovelace, Ada' },
      { clientId: household.b, name: 'Turing, Alan' },
    ]);
  });

  it('refuses bad list parameters', async () => {
    for (const query of [
      '?limit=101',
      '?page=0',
      '?sortBy=email',
      '?order=UP',
      '?clientId=nope',
      `?search=${'s'.repeat(101)}`,
    ]) {
      const res = await t.json('GET', `/api/other-professionals${query}`, undefined, admin);
      expect(res.status, query).toBe(400);
    }
  });
});

describe('permissions', () => {
  it('needs otherProfessionals read to list and read', async () => {
    expect((await t.json('GET', '/api/other-professionals', undefined, nobody)).status).toBe(403);
    expect((await t.json('GET', `/api/other-professionals/${MISSING}`, undefined, nobody)).status).toBe(403);
    expect((await t.json('GET', '/api/other-professionals', undefined, operations)).status).toBe(200);
  });

  it('needs write to add, change and link, and delete to delete; a refused call changes nothing', async () => {
    const created = (await create(valid({ fullName: 'Guarded Person' }))).body.result;
    const count = async () =>
      Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(otherProfessionals))[0]?.n);
    const before = await count();

    expect((await create(valid(), operations)).status).toBe(403);
    expect((await t.json('PUT', `/api/other-professionals/${created.id}`, valid(), operations)).status).toBe(
      403,
    );
    expect(
      (
        await t.json(
          'PUT',
          `/api/other-professionals/${created.id}/households`,
          { clientIds: [household.a] },
          operations,
        )
      ).status,
    ).toBe(403);
    expect(
      (await t.json('DELETE', `/api/other-professionals/${created.id}`, undefined, developer)).status,
    ).toBe(403);
    expect((await t.json('DELETE', `/api/other-professionals/${created.id}`, undefined, nobody)).status).toBe(
      403,
    );
    expect(await count()).toBe(before);
    const unchanged = await t.json('GET', `/api/other-professionals/${created.id}`, undefined, admin);
    expect(unchanged.body.result).toEqual(created);

    // Read + write (Business Developer) may add and change.
    const added = await create(valid({ fullName: 'By Developer' }), developer);
    expect(added.status).toBe(201);
    const changed = await t.json(
      'PUT',
      `/api/other-professionals/${added.body.result.id}`,
      valid({ fullName: 'By Developer', note: 'changed' }),
      developer,
    );
    expect(changed.status).toBe(200);
  });
});
