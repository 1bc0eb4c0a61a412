import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { households, memberEmails, memberPhones, members } from '../../../db/schema/index.ts';
import { DEMO_ADMIN } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { createHousehold } from './clients-fixtures.ts';

/**
 * The clients list searches one document per household (its name, members' names and nicknames, emails
 * and phones), kept current by triggers in the transaction of every write (migration 0007).
 */

let t: TestContext;
let admin: string;
let household: { id: string; memberIds: string[] };
let other: { id: string; memberIds: string[] };

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  admin = (await t.signIn()).token;
  household = await createHousehold(t.db, {
    name: 'Vrbdoc Household',
    members: [
      {
        firstName: 'Ilse',
        lastName: 'Vrbdoc',
        nickName: 'Izzy',
        email: 'ilse.vrbdoc@mail.test',
        phone: '+19995550142',
      },
      { firstName: 'Otto', lastName: 'Vrbdoc', subType: 'SECONDARY' },
    ],
  });
  other = await createHousehold(t.db, {
    name: 'Qzmoved Household',
    members: [{ firstName: 'Pia', lastName: 'Qzmoved' }],
  });
});
afterAll(() => t.close());

const search = async (text: string) => {
  const res = await t.json(
    'GET',
    `/api/clients?search=${encodeURIComponent(text)}&limit=100`,
    undefined,
    admin,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.totalResults).toBe(res.body.result.length);
  return res.body.result.map((r: { clientId: string }) => r.clientId) as string[];
};

describe('the household search document', () => {
  it('finds a household by name, member name, nickname, email and phone in any format', async () => {
    for (const text of [
      'vrbdoc household',
      'Otto',
      'izzy',
      'ILSE.VRBDOC@',
      '(999) 555-0142',
      '999.555.0142',
      '+1 999 555 0142',
      '5550142',
    ]) {
      expect(await search(text), text).toEqual([household.id]);
    }
  });

  it('never matches across two fields of the document', async () => {
    // The household name ends in 'household' and the first member starts with 'ilse'.
    expect(await search('household ilse')).toEqual([]);
    expect(await search('household\nilse')).toEqual([]);
  });

  it('follows renames, new and removed contacts, moved and removed members in the same transaction', async () => {
    const [ilse, otto] = household.memberIds as [string, string];
    await t.db.update(members).set({ firstName: 'Ottokar' }).where(eq(members.id, otto));
    expect(await search('ottokar')).toEqual([household.id]);

    await t.db.delete(memberEmails).where(eq(memberEmails.memberId, ilse));
    expect(await search('ilse.vrbdoc@')).toEqual([]);
    await t.db.insert(memberEmails).values([
      { memberId: ilse, email: 'First.New@Mail.Test', type: 'Personal', isPrimary: true, position: 0 },
      { memberId: ilse, email: 'second.new@mail.test', type: 'Work', isPrimary: false, position: 1 },
    ]);
    expect(await search('first.new@mail')).toEqual([household.id]);
    expect(await search('second.new@mail')).toEqual([household.id]);

    await t.db.update(memberPhones).set({ phone: '+19995550199' }).where(eq(memberPhones.memberId, ilse));
    expect(await search('555-0142')).toEqual([]);
    expect(await search('555-0199')).toEqual([household.id]);

    await t.db.update(households).set({ name: 'Renamed Vrbdoc' }).where(eq(households.id, household.id));
    expect(await search('renamed vrbdoc')).toEqual([household.id]);
    expect(await search('vrbdoc household')).toEqual([]);

    await t.db.update(members).set({ householdId: other.id }).where(eq(members.id, otto));
    expect(await search('ottokar')).toEqual([other.id]);
    await t.db.delete(members).where(eq(members.id, otto));
    expect(await search('ottokar')).toEqual([]);
    expect(await search('qzmoved')).toEqual([other.id]);
  });

  it('is, for every household, what its rows say (the backfill and the triggers agree)', async () => {
    const stale = await t.db.execute(
      sql`select id from households where search_document <> household_search_document(id, name)`,
    );
    expect((stale as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
