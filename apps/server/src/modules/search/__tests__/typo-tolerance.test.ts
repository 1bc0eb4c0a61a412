import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { searchHouseholds } from '../search.service.ts';
import { typoBudget, typoDistance } from '../typos.ts';
import { insertFillerHouseholds, insertHousehold } from './fixtures.ts';

/**
 * The global search tolerates typos as Meilisearch and Typesense do: one (a letter missing, extra or wrong,
 * or two neighbouring letters swapped) in a typed word of 5 letters or more, two from 9; exact and prefix
 * matches rank first. Each typed word below has exactly 5 or 9 letters.
 */

let t: TestContext;
const ids: Record<string, string> = {};

/** Households by last name (first name Ann), one member each. */
const LAST_NAMES = [
  'Zabek',
  'Kvarne',
  'Yost',
  'Quagliano',
  'Bartolomeo',
  'Wojcikow',
  'Pelton',
  'Peltonen',
  'Pelten',
] as const;

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  for (const lastName of LAST_NAMES) {
    ids[lastName] = (await insertHousehold(t.db, { members: [{ firstName: 'Ann', lastName }] })).clientId;
  }
  await insertFillerHouseholds(t.db, 30);
});
afterAll(() => t.close());

const found = async (text: string) => (await searchHouseholds(t.db, text)).map((h) => h.clientId);

describe('global search with typos', () => {
  it.each([
    ['wrong letter', 'zabok', 'Zabek'],
    ['neighbouring letters swapped', 'zbaek', 'Zabek'],
    ['letter missing', 'kvane', 'Kvarne'],
    ['extra letter', 'yoast', 'Yost'],
  ] as const)('finds one typo in a word of 5 letters: %s (%s)', async (_kind, typed, lastName) => {
    expect(typed).toHaveLength(5);
    expect(await found(typed)).toContain(ids[lastName]);
    // With a correct first name too, the household comes first, matched by its member.
    const [first] = await searchHouseholds(t.db, `Ann ${typed}`);
    expect(first).toMatchObject({ clientId: ids[lastName], matched: 'member', subtitle: `Ann ${lastName}` });
  });

  it.each([
    ['wrong letter', 'quaglianu', 'Quagliano'],
    ['neighbouring letters swapped', 'quaglaino', 'Quagliano'],
    ['letter missing', 'bartoomeo', 'Bartolomeo'],
    ['extra letter', 'wojciekow', 'Wojcikow'],
  ] as const)('finds one typo in a word of 9 letters: %s (%s)', async (_kind, typed, lastName) => {
    expect(typed).toHaveLength(9);
    expect((await searchHouseholds(t.db, typed))[0]?.clientId).toBe(ids[lastName]);
  });

  it('finds two typos in a word of 9 letters', async () => {
    for (const [typed, lastName] of [
      ['qaugliaon', 'Quagliano'], // two swaps
      ['quaglainu', 'Quagliano'], // a swap and a wrong letter
      ['bratoomeo', 'Bartolomeo'], // a swap and a letter missing
      ['wjociekow', 'Wojcikow'], // a swap and an extra letter
    ] as const) {
      expect(typed).toHaveLength(9);
      expect(await found(typed), typed).toContain(ids[lastName]);
    }
  });

  it('does not find two typos in a word of 5 to 8 letters', async () => {
    // Zabek with a swap and a wrong letter, and with two wrong letters.
    for (const typed of ['zbaok', 'zobak']) expect(await found(typed), typed).not.toContain(ids.Zabek);
    // Pelton with two swaps (6 letters), Bartolomeo with two letters missing (8 letters).
    expect(await found('pletno')).not.toContain(ids.Pelton);
    expect(await found('bartoomo')).not.toContain(ids.Bartolomeo);
  });

  it('does not find a word of 4 letters typed with a typo', async () => {
    for (const typed of ['yots', 'yist', 'yosd', 'yst']) {
      expect(await found(typed), typed).not.toContain(ids.Yost);
    }
  });

  it('ranks exact and prefix matches above typo matches', async () => {
    const hits = await searchHouseholds(t.db, 'pelton');
    const order = hits.map((h) => h.clientId);
    const exact = order.indexOf(ids.Pelton!);
    const prefix = order.indexOf(ids.Peltonen!);
    const typo = order.indexOf(ids.Pelten!);
    expect(exact).toBe(0);
    expect(prefix).toBe(1);
    expect(typo).toBeGreaterThan(prefix);
    expect(hits[typo]!.score).toBeLessThan(hits[prefix]!.score);
  });

  it('answers the typo search through POST /api/globalSearch', async () => {
    const token = (await t.signIn()).token;
    const res = await t.json('POST', '/api/globalSearch', { searchText: 'Ann Quaglaino' }, token);
    expect(res.status).toBe(200);
    expect(res.body.result[0]).toMatchObject({ clientId: ids.Quagliano, title: 'Quagliano, Ann' });
  });
});

describe('typoBudget and typoDistance', () => {
  it('allows no typo under 5 letters, one from 5, two from 9 (letters, not bytes)', () => {
    expect([1, 4, 5, 8, 9, 20].map((n) => typoBudget('a'.repeat(n)))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(typoBudget('zoë')).toBe(0);
    expect(typoBudget('josé')).toBe(0);
    expect(typoBudget('renée')).toBe(1);
  });

  it('counts missing, extra and wrong letters and neighbouring swaps as one typo each', () => {
    expect(typoDistance('smith', 'smith')).toBe(0);
    expect(typoDistance('smth', 'smith')).toBe(1);
    expect(typoDistance('smiith', 'smith')).toBe(1);
    expect(typoDistance('smyth', 'smith')).toBe(1);
    expect(typoDistance('smiht', 'smith')).toBe(1);
    expect(typoDistance('msith', 'smith')).toBe(1);
    expect(typoDistance('qaugliaon', 'quagliano')).toBe(2);
    expect(typoDistance('renee', 'renée')).toBe(1);
    expect(typoDistance('', 'abc')).toBe(3);
    expect(typoDistance('abcdef', 'badcfe')).toBe(3);
  });

  it('stops counting above the limit', () => {
    expect(typoDistance('washington', 'smith', 2)).toBe(3);
    expect(typoDistance('abcdef', 'uvwxyz', 1)).toBe(2);
    expect(typoDistance('smiht', 'smith', 1)).toBe(1);
  });
});
