import { randomUUID } from 'node:crypto';
import {
  addDays,
  combineInterestsOf,
  LEAD_STATUSES,
  PROSPECT_ACTIVITY_TYPES,
  PROSPECT_INTERESTS,
  type ProspectInterest,
  ROLE_IDS,
} from '@centric/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  households,
  masterDataItems,
  notes,
  prospectActivities,
  prospects,
  recordLinks,
  users,
} from '../schema/index.ts';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, STREET_NAMES } from './demo-clients-values.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * The demo's prospects (issue 17 §4): a few hundred leads in every lead status and status, each with one to six
 * activities over the last year and some with notes, worked by the demo's wealth advisors and business
 * developers; most active ones were reached in the last month, some lapsed (the first sweep alerts their
 * business developers), a few converted this year into a demo household: as a conversion leaves them
 * (decision 0022), their activities and notes belong to that household. Seeded once.
 */

const COUNT = 300;

const BUSINESS_NAMES = [
  'Harbor Logistics',
  'Pinecrest Dental',
  'Summit Roofing',
  'Bluewater Labs',
  'Redwood Family Trust',
  'Oakline Partners',
  'Granite Bay Trust',
  'Northgate Foods',
] as const;

const NOTE_TEXTS = [
  'Referred by a current client; wants a second opinion on the 401(k) rollover.',
  'Selling the business next year: liquidity event planning.',
  'Asked for our fee schedule and a sample financial plan.',
  'Spouse joins the next meeting; interested in legacy planning for the children.',
  'Concerned about concentration in employer stock.',
  'Follow up after tax season.',
] as const;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const seedDemoProspects = async (db: Db, options: { today: string }) => {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(prospects);
  if (Number(existing?.n ?? 0) > 0) return { prospects: 0 };
  const next = seededRandom(17);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;

  const staff = await db
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        inArray(users.roleId, [ROLE_IDS.wealthAdvisor, ROLE_IDS.businessDeveloper]),
      ),
    )
    .orderBy(asc(users.email));
  const advisors = staff.filter((u) => u.roleId === ROLE_IDS.wealthAdvisor).map((u) => u.id);
  const developers = staff.filter((u) => u.roleId === ROLE_IDS.businessDeveloper).map((u) => u.id);
  if (advisors.length === 0) return { prospects: 0 };
  const items = await db
    .select({ id: masterDataItems.id, type: masterDataItems.type })
    .from(masterDataItems)
    .where(inArray(masterDataItems.type, ['sources', 'states', 'gender']))
    .orderBy(asc(masterDataItems.id));
  const ofType = (type: string) => items.filter((i) => i.type === type).map((i) => i.id);
  const sources = ofType('sources');
  const states = ofType('states');
  if (sources.length === 0) return { prospects: 0 };
  const homes = await db
    .select({ id: households.id })
    .from(households)
    .where(eq(households.draft, false))
    .orderBy(asc(households.unitNumber))
    .limit(12);

  const rows: (typeof prospects.$inferInsert)[] = [];
  const activityRows: (typeof prospectActivities.$inferInsert)[] = [];
  const noteRows: (typeof notes.$inferInsert)[] = [];
  const linkRows: (typeof recordLinks.$inferInsert)[] = [];
  for (let i = 0; i < COUNT; i++) {
    const id = randomUUID();
    const business = i % 15 === 7;
    const first = pick(next() < 0.5 ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const name = business ? `${pick(BUSINESS_NAMES)} ${i}`.slice(0, 30) : null;
    const roll = next();
    const converted = i % 25 === 3 && homes.length > 0;
    const activityStatus = converted ? 'CONVERTED' : roll < 0.85 ? 'ACTIVE' : 'INACTIVE';
    const interests: Partial<Record<ProspectInterest, string>> = {};
    for (const key of PROSPECT_INTERESTS) {
      if (key === 'assetManagement' || next() < 0.3)
        interests[key] = String(Math.round((50_000 + next() * 4_950_000) / 1000) * 1000);
    }
    // Most active prospects were reached in the last month; about one in six has lapsed past 30 days.
    const lastGap =
      activityStatus === 'ACTIVE' && next() < 0.83 ? Math.floor(next() * 29) : 30 + Math.floor(next() * 200);
    const activities = 1 + Math.floor(next() * 6);
    const home = converted ? pick(homes).id : null;
    let day = addDays(options.today, -lastGap);
    let lastActivity = day;
    for (let a = 0; a < activities; a++) {
      activityRows.push({
        prospectId: id,
        activityType: pick(PROSPECT_ACTIVITY_TYPES),
        activityDate: day,
        minutes: 5 + Math.floor(next() * 12) * 5,
        householdId: home,
      });
      if (a === 0) lastActivity = day;
      day = addDays(day, -(7 + Math.floor(next() * 40)));
      if (day < addDays(options.today, -365)) break;
    }
    const advisor = pick(advisors);
    const createdAt = new Date(`${day}T15:00:00Z`);
    rows.push({
      id,
      type: business ? (name?.includes('Trust') ? 'TRUST' : 'BUSINESS') : 'PERSON',
      name,
      firstName: business ? null : first,
      lastName: business ? null : last,
      displayName: business ? (name ?? '') : `${first} ${last}`,
      leadStatus: pick(LEAD_STATUSES),
      activityStatus,
      wealthAdvisorId: advisor,
      businessDeveloperId: developers.length > 0 && next() < 0.8 ? pick(developers) : null,
      ...interests,
      combineInterests: combineInterestsOf(interests),
      addressLine1: `${100 + Math.floor(next() * 9800)} ${pick(STREET_NAMES)} St`.slice(0, 50),
      stateId: states.length > 0 ? pick(states) : null,
      sourceId: pick(sources),
      phone: `+1212555${String(1000 + i).slice(-4)}`,
      email: business ? `info${i}@example.com` : `${first}.${last}.${i}@example.com`.toLowerCase(),
      lastActivityDate: lastActivity,
      convertedAt: converted
        ? new Date(`${addDays(options.today, -Math.floor(next() * 80))}T15:00:00Z`)
        : null,
      convertedHouseholdId: home,
      createdBy: advisor,
      createdAt,
      updatedAt: createdAt,
    });
    if (converted || next() < 0.4) {
      const noteId = randomUUID();
      const text = pick(NOTE_TEXTS);
      const at = new Date(`${lastActivity}T16:00:00Z`);
      noteRows.push({
        id: noteId,
        bodyHtml: `<p>${escapeHtml(text)}</p>`,
        bodyText: text,
        type: 'PROSPECTS',
        authorId: advisor,
        createdAt: at,
        updatedAt: at,
      });
      // A converted prospect's note moved to its household with it.
      linkRows.push(
        home
          ? { subjectKind: 'note', subjectId: noteId, recordKind: 'household', recordId: home }
          : { subjectKind: 'note', subjectId: noteId, recordKind: 'prospect', recordId: id },
      );
    }
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 100) await tx.insert(prospects).values(rows.slice(i, i + 100));
    for (let i = 0; i < activityRows.length; i += 200)
      await tx.insert(prospectActivities).values(activityRows.slice(i, i + 200));
    if (noteRows.length > 0) await tx.insert(notes).values(noteRows);
    if (linkRows.length > 0) await tx.insert(recordLinks).values(linkRows);
  });
  return { prospects: rows.length, activities: activityRows.length, notes: noteRows.length };
};
