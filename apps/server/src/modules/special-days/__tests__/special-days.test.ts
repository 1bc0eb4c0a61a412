import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { households, members, specialDates } from '../../../db/schema/index.ts';
import { DEMO_ADMIN } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { insertHousehold, insertUserWithGrants } from '../../../../test/factories.ts';

let t: TestContext;
let admin: string;
let stone: { clientId: string; memberIds: string[] };

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  // Today in the firm (New York): Wednesday, Dec 2, 2026. The week runs Nov 30 to Dec 6.
  t.clock.startAt(new Date('2026-12-02T17:00:00Z'));
  admin = (await t.signIn()).token;
  stone = await insertHousehold(t.db, {
    members: [
      { firstName: 'Alice', lastName: 'Stone', dateOfBirth: '1980-12-04' },
      { firstName: 'Bob', lastName: 'Stone', dateOfBirth: '1979-12-20' },
      { firstName: 'Newborn', lastName: 'Stone', dateOfBirth: '2026-12-01' },
      { firstName: 'Late', lastName: 'Stone', dateOfBirth: '1950-12-03' },
    ],
  });
  const [alice, bob, , late] = stone.memberIds;
  await t.db.update(members).set({ deceased: true }).where(eq(members.id, late!));
  await t.db.insert(specialDates).values([
    { householdId: stone.clientId, memberId: bob!, dateType: 'Birthday', date: '1979-12-20' },
    {
      householdId: stone.clientId,
      memberId: alice!,
      dateType: 'Anniversary',
      date: '2005-11-15',
      description: 'Wedding',
    },
  ]);
  await insertHousehold(t.db, {
    members: [{ firstName: 'Lena', lastName: 'Leap', dateOfBirth: '2000-02-29' }],
  });
  const draft = await insertHousehold(t.db, {
    members: [{ firstName: 'Drafty', lastName: 'Dee', dateOfBirth: '1990-12-02' }],
  });
  await t.db.update(households).set({ draft: true }).where(eq(households.id, draft.clientId));
});
afterAll(() => t.close());

type Day = {
  key: string;
  dateType: string;
  occursOn: string;
  years: number;
  ageLabel: string | null;
  member: { fullName: string };
};
const list = async (query: string, token = admin) => {
  const res = await t.json('GET', `/api/special-days?limit=100${query}`, undefined, token);
  expect(res.status).toBe(200);
  return res.body.result as { from: string; to: string; items: Day[] };
};
const brief = (items: Day[]) =>
  items.map((d) => [d.member.fullName, d.dateType, d.occursOn, d.years, d.ageLabel]);

describe('special days', () => {
  it('lists the birthdays of the week with the age they turn', async () => {
    const week = await list('&duration=THIS_WEEK');
    expect([week.from, week.to]).toEqual(['2026-11-30', '2026-12-06']);
    expect(brief(week.items)).toEqual([['Alice Stone', 'Birthday', '2026-12-04', 46, 'Turning 46']]);
  });

  it('lists a member with a Birthday special date once, by that date (THIS_MONTH is the default)', async () => {
    const month = await list('');
    expect(brief(month.items)).toEqual([
      ['Alice Stone', 'Birthday', '2026-12-04', 46, 'Turning 46'],
      ['Bob Stone', 'Birthday', '2026-12-20', 47, 'Turning 47'],
    ]);
    expect(month.items[1]?.key).toMatch(/^special-date:/);
  });

  it('lists anniversaries with the years they mark, in the quarter and the year', async () => {
    const quarter = await list('&duration=THIS_QUARTER');
    expect(brief(quarter.items)).toEqual([
      ['Alice Stone', 'Anniversary', '2026-11-15', 21, null],
      ['Alice Stone', 'Birthday', '2026-12-04', 46, 'Turning 46'],
      ['Bob Stone', 'Birthday', '2026-12-20', 47, 'Turning 47'],
    ]);
    const year = await list('&duration=THIS_YEAR');
    expect(brief(year.items)[0]).toEqual(['Lena Leap', 'Birthday', '2026-02-28', 26, 'Turned 26']);
    expect(year.items).toHaveLength(4);
    const household = await list(`&duration=THIS_YEAR&clientId=${stone.clientId}`);
    expect(household.items).toHaveLength(3);
  });

  it('pages by day: page after page of one holds the whole list, in order, with the same total', async () => {
    const many = await insertHousehold(t.db, {
      members: [
        { firstName: 'Ann', lastName: 'Pager', dateOfBirth: '1970-12-10' },
        { firstName: 'Ben', lastName: 'Pager', dateOfBirth: '1985-12-10' },
        { firstName: 'Cal', lastName: 'Pager', dateOfBirth: '1990-12-15' },
        { firstName: 'Dee', lastName: 'Pager', dateOfBirth: '1960-12-31' },
        // Born this month: no birthday yet.
        { firstName: 'Eve', lastName: 'Pager', dateOfBirth: '2026-12-20' },
      ],
    });
    await t.db.insert(specialDates).values([
      // On a day of the period itself: listed (its first day), unlike a birthday.
      {
        householdId: many.clientId,
        memberId: many.memberIds[0]!,
        dateType: 'Anniversary',
        date: '2026-12-25',
      },
      // After the period: not yet.
      {
        householdId: many.clientId,
        memberId: many.memberIds[1]!,
        dateType: 'Anniversary',
        date: '2027-12-01',
      },
    ]);
    for (const duration of ['THIS_MONTH', 'THIS_YEAR', 'THIS_WEEK']) {
      const whole = await t.json('GET', `/api/special-days?duration=${duration}&limit=100`, undefined, admin);
      const items = whole.body.result.items as Day[];
      expect(whole.body.totalResults).toBe(items.length);
      const paged: Day[] = [];
      for (let page = 1; page <= items.length + 1; page += 1) {
        const res = await t.json(
          'GET',
          `/api/special-days?duration=${duration}&limit=1&page=${page}`,
          undefined,
          admin,
        );
        expect(res.body.totalResults).toBe(items.length);
        paged.push(...(res.body.result.items as Day[]));
      }
      expect(paged.map((d) => d.key)).toEqual(items.map((d) => d.key));
    }
    const month = (await list('&duration=THIS_MONTH')).items.filter((d) =>
      d.member.fullName.endsWith('Pager'),
    );
    expect(brief(month)).toEqual([
      ['Ann Pager', 'Birthday', '2026-12-10', 56, 'Turning 56'],
      ['Ben Pager', 'Birthday', '2026-12-10', 41, 'Turning 41'],
      ['Cal Pager', 'Birthday', '2026-12-15', 36, 'Turning 36'],
      ['Ann Pager', 'Anniversary', '2026-12-25', 0, null],
      ['Dee Pager', 'Birthday', '2026-12-31', 66, 'Turning 66'],
    ]);
  });

  it('puts a Feb 29 birthday on Feb 28 in a common year and on Feb 29 in a leap year', async () => {
    t.clock.advanceTo(new Date('2027-02-10T17:00:00Z'));
    admin = (await t.signIn()).token;
    expect(brief((await list('')).items)).toEqual([
      ['Lena Leap', 'Birthday', '2027-02-28', 27, 'Turning 27'],
    ]);
    t.clock.advanceTo(new Date('2028-02-10T17:00:00Z'));
    admin = (await t.signIn()).token;
    expect(brief((await list('')).items)).toEqual([
      ['Lena Leap', 'Birthday', '2028-02-29', 28, 'Turning 28'],
    ]);
  });

  it('needs clients read', async () => {
    await insertUserWithGrants(t.db, 'no.clients@centric.local', { tasks: ['read'] });
    const token = (await t.signIn('no.clients@centric.local')).token;
    expect((await t.json('GET', '/api/special-days', undefined, token)).status).toBe(403);
  });
});
