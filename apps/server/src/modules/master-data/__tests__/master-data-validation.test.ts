import {
  MASTER_DATA_LISTS,
  MASTER_DATA_TYPES,
  type MasterDataFieldKey,
  type MasterDataType,
} from '@centric/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterDataItems } from '../../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

let t: TestContext;
let token: string;
let usId: number;
beforeAll(async () => {
  t = await createTestContext();
  token = (await t.signIn()).token;
  const [us] = await t.db
    .select({ id: masterDataItems.id })
    .from(masterDataItems)
    .where(and(eq(masterDataItems.type, 'country'), eq(masterDataItems.name, 'United States')));
  usId = us!.id;
});
afterAll(() => t.close());

/** A valid value for each field kind. */
const validValue = (key: MasterDataFieldKey): unknown =>
  ({
    name: 'Test value',
    description: 'A description',
    abbreviation: 'TV',
    parentId: usId,
    minAge: 10,
    maxAge: 20,
    productType: 'LIFE_TERM',
    possibleValues: ['First', 'Second'],
  })[key];

const validBody = (type: MasterDataType, name: string) =>
  Object.fromEntries(
    MASTER_DATA_LISTS[type].fields.map((f) => [f.key, f.key === 'name' ? name : validValue(f.key)]),
  );

const count = async (type: string) => {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(masterDataItems)
    .where(eq(masterDataItems.type, type));
  return Number(row?.n);
};

const post = (type: string, body: unknown) => t.json('POST', `/api/master-data/${type}`, body, token);

describe('the description in contracts', () => {
  it('covers the 20 lists of spec §2 and the task types of issue 12, each with a label and a name field', () => {
    expect(MASTER_DATA_TYPES).toHaveLength(21);
    for (const type of MASTER_DATA_TYPES) {
      const spec = MASTER_DATA_LISTS[type];
      expect(spec.type).toBe(type);
      expect(spec.label.length).toBeGreaterThan(2);
      expect(spec.fields[0]?.key).toBe('name');
    }
  });
});

describe.each(MASTER_DATA_TYPES)('validation of %s', (type) => {
  const spec = MASTER_DATA_LISTS[type];

  it('refuses a missing name with Required, an only-spaces name and a name over 120, adding nothing', async () => {
    const before = await count(type);
    const { name: _name, ...withoutName } = validBody(type, 'x');
    const missing = await post(type, withoutName);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Required');
    expect(missing.body.errors).toContainEqual({ field: 'name', message: 'Required' });

    const empty = await post(type, validBody(type, ''));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Required');

    const spaces = await post(type, validBody(type, '    '));
    expect(spaces.status).toBe(400);
    expect(spaces.body.message).toBe('Name cannot contain only spaces.');

    const long = await post(type, validBody(type, 'n'.repeat(121)));
    expect(long.status).toBe(400);
    expect(long.body.errors).toContainEqual({ field: 'name', message: 'Name can be up to 120 characters.' });
    expect(await count(type)).toBe(before);
  });

  const others = spec.fields.filter((f) => f.key !== 'name');
  if (others.length > 0) {
    it.each(others.map((f) => [f.key, f] as const))('requires %s', async (key) => {
      const body = validBody(type, `Missing ${key}`);
      delete body[key];
      const res = await post(type, body);
      expect(res.status).toBe(400);
      expect(res.body.errors?.map((e: { field: string }) => e.field)).toContain(key);
    });
  }

  const texts = spec.fields.filter((f) => f.key === 'description' || f.key === 'abbreviation');
  if (texts.length > 0) {
    it.each(texts.map((f) => [f.key, f] as const))(
      'refuses %s made of spaces or too long',
      async (key, field) => {
        const spaces = await post(type, { ...validBody(type, `Spaces ${key}`), [key]: '   ' });
        expect(spaces.status).toBe(400);
        expect(spaces.body.errors).toContainEqual({
          field: key,
          message: `${field.label} cannot contain only spaces.`,
        });
        const long = await post(type, {
          ...validBody(type, `Long ${key}`),
          [key]: 'x'.repeat(field.max! + 1),
        });
        expect(long.status).toBe(400);
        expect(long.body.errors).toContainEqual({
          field: key,
          message: `${field.label} can be up to ${field.max} characters.`,
        });
      },
    );
  }

  if (spec.fields.some((f) => f.key === 'possibleValues')) {
    it('refuses an empty list of possible values and a value made of spaces', async () => {
      const none = await post(type, { ...validBody(type, 'No values'), possibleValues: [] });
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Add at least one possible value.');
      const spaces = await post(type, { ...validBody(type, 'Space values'), possibleValues: ['ok', '  '] });
      expect(spaces.status).toBe(400);
      expect(spaces.body.errors).toContainEqual({
        field: 'possibleValues.1',
        message: 'Possible value cannot contain only spaces.',
      });
    });
  }

  it('adds a valid value trimmed, and refuses the same name again (any case) with 409', async () => {
    const before = await count(type);
    const created = await post(type, validBody(type, `  New ${type}  `));
    expect(created.status).toBe(201);
    expect(created.body.result).toMatchObject({ type, name: `New ${type}` });
    expect(await count(type)).toBe(before + 1);

    const again = await post(type, validBody(type, `NEW ${type.toUpperCase()}`));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`${spec.singular} "NEW ${type.toUpperCase()}" already exists.`);
    expect(await count(type)).toBe(before + 1);

    const renamed = await t.json(
      'PATCH',
      `/api/master-data/${type}/${created.body.result.id}`,
      { name: '   ' },
      token,
    );
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe('Name cannot contain only spaces.');
  });
});

describe('age range', () => {
  it('needs maxAge greater than minAge, on create and on a partial update', async () => {
    const equal = await post('age-range', { name: 'Equal', minAge: 30, maxAge: 30 });
    expect(equal.status).toBe(400);
    expect(equal.body.errors).toEqual([
      { field: 'maxAge', message: 'Max age must be greater than min age.' },
    ]);
    const lower = await post('age-range', { name: 'Lower', minAge: 30, maxAge: 20 });
    expect(lower.status).toBe(400);
    const fraction = await post('age-range', { name: 'Fraction', minAge: 1.5, maxAge: 20 });
    expect(fraction.body.message).toBe('Age must be a whole number.');
    const negative = await post('age-range', { name: 'Negative', minAge: -1, maxAge: 20 });
    expect(negative.body.message).toBe('Age must be between 0 and 150.');

    const created = await post('age-range', { name: 'Thirties', minAge: 30, maxAge: 39 });
    expect(created.status).toBe(201);
    const id = created.body.result.id;
    const bad = await t.json('PATCH', `/api/master-data/age-range/${id}`, { maxAge: 29 }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Max age must be greater than min age.');
    const good = await t.json('PATCH', `/api/master-data/age-range/${id}`, { maxAge: 40 }, token);
    expect(good.status).toBe(200);
    expect(good.body.result).toMatchObject({ minAge: 30, maxAge: 40, name: 'Thirties' });
  });
});

describe('states', () => {
  it('need a country as parent', async () => {
    const gender = await t.json('POST', '/api/getGender', {}, token);
    const notACountry = gender.body.result[0].id;
    const res = await post('states', { name: 'Atlantis', abbreviation: 'AT', parentId: notACountry });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'parentId', message: 'Select a valid value.' }]);
  });
});
