import {
  addDays,
  ageLabel,
  isValidSsn,
  isValidTin,
  memberSchemaFor,
  milestoneSchema,
  otherProfessionalSchema,
  relationshipSchema,
  ROLE_IDS,
  specialDateSchema,
} from '@centric/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptionKeyOf } from '../../../config.ts';
import { createSecretBox, type SecretBox } from '../../../platform/secret-box.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import {
  householdAdvisors,
  householdProfessionals,
  households,
  masterDataItems,
  memberAddresses,
  memberEmails,
  memberEmploymentStatuses,
  memberInterests,
  memberPhones,
  memberRelationships,
  members,
  milestones,
  otherProfessionals,
  specialDates,
  users,
} from '../../schema/index.ts';
import { buildDemoClients, createRng, DEMO_HOUSEHOLD_COUNT, seedDemoClients } from '../demo-clients.ts';
import * as V from '../demo-clients-values.ts';
import { DEMO_USERS } from '../demo.ts';
import { groupBy } from '../../../platform/group-by.ts';

const TODAY = '2026-03-15';
let box: SecretBox;
let ctx: TestContext;

beforeAll(async () => {
  // A migrated database with the demo users (PGlite or PostgreSQL, as the vitest project says).
  ctx = await createTestContext();
  // The box the app itself uses (its key file in DATA_DIR), as start-up does.
  box = createSecretBox(encryptionKeyOf(ctx.config));
  await seedDemoClients(ctx.db, { secrets: box, today: TODAY });
});

afterAll(async () => {
  await ctx?.close();
});

describe('demo households', () => {
  it('seeds every demo household in one go', async () => {
    const [{ n } = { n: 0 }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(households);
    expect(n).toBe(DEMO_HOUSEHOLD_COUNT);
  });

  it('has every member type in realistic proportions', async () => {
    const rows = await ctx.db.select().from(members);
    const byHousehold = groupBy(rows, (m) => m.householdId);
    const share = (test: (list: typeof rows) => boolean) =>
      [...byHousehold.values()].filter(test).length / DEMO_HOUSEHOLD_COUNT;
    expect(byHousehold.size).toBe(DEMO_HOUSEHOLD_COUNT);
    for (const list of byHousehold.values()) {
      expect(list.filter((m) => m.subType === 'PRIMARY')).toHaveLength(1);
      expect(list.filter((m) => m.subType === 'SECONDARY').length).toBeLessThanOrEqual(1);
      // Primary first, secondary second, 1..n.
      const ordered = [...list].sort((a, b) => a.displaySequence - b.displaySequence);
      expect(ordered.map((m) => m.displaySequence)).toEqual(ordered.map((_, i) => i + 1));
      expect(ordered[0]?.subType).toBe('PRIMARY');
    }
    expect(share((l) => l.some((m) => m.type === 'PET'))).toBeGreaterThan(0.05);
    expect(share((l) => l.some((m) => m.type === 'PET'))).toBeLessThan(0.16);
    expect(share((l) => l.some((m) => m.type === 'TRUST'))).toBeGreaterThan(0.04);
    expect(share((l) => l.some((m) => m.type === 'TRUST'))).toBeLessThan(0.13);
    expect(share((l) => l.some((m) => m.type === 'BUSINESS'))).toBeGreaterThan(0.04);
    expect(share((l) => l.some((m) => m.type === 'BUSINESS'))).toBeLessThan(0.13);
    expect(
      share((l) => l.some((m) => ['SECONDARY', 'SPOUSE', 'PARTNER'].includes(m.subType ?? ''))),
    ).toBeGreaterThan(0.6);
    for (const subType of [
      'SECONDARY',
      'SPOUSE',
      'PARTNER',
      'CHILD_OF_PRIMARY',
      'CHILD_OF_SECONDARY',
      'CHILD_OF_BOTH',
    ]) {
      expect(rows.some((m) => m.subType === subType)).toBe(true);
    }
    expect(rows.some((m) => m.nickName !== null)).toBe(true);
    expect(rows.some((m) => m.deceased && m.deceasedDate !== null)).toBe(true);
    // Age labels show: some birthdays in the last and the next 30 days.
    const labels = rows.flatMap((m) =>
      m.type === 'PERSON' && m.dateOfBirth ? [ageLabel(m.dateOfBirth, TODAY)] : [],
    );
    expect(labels.some((l) => l?.startsWith('Turned'))).toBe(true);
    expect(labels.filter((l) => l?.startsWith('Turned')).length).toBeGreaterThan(20);
  });

  it('stores every member so that it passes the member rules of the contracts', async () => {
    const db = ctx.db;
    const [rows, phones, emails, addresses, interests, statuses] = await Promise.all([
      db.select().from(members).orderBy(asc(members.householdId), asc(members.displaySequence)),
      db.select().from(memberPhones).orderBy(asc(memberPhones.position)),
      db.select().from(memberEmails).orderBy(asc(memberEmails.position)),
      db.select().from(memberAddresses).orderBy(asc(memberAddresses.position)),
      db.select().from(memberInterests),
      db.select().from(memberEmploymentStatuses),
    ]);
    const phonesOf = groupBy(phones, (r) => r.memberId);
    const emailsOf = groupBy(emails, (r) => r.memberId);
    const addressesOf = groupBy(addresses, (r) => r.memberId);
    const interestsOf = groupBy(interests, (r) => r.memberId);
    const statusesOf = groupBy(statuses, (r) => r.memberId);
    const schema = memberSchemaFor();
    const failures: string[] = [];
    for (const m of rows) {
      const identityNumber = m.identityNumberSealed === null ? null : box.open(m.identityNumberSealed);
      if (identityNumber !== null) {
        expect(m.identityNumberSealed?.startsWith('v1:')).toBe(true);
        expect(m.identityNumberSealed).not.toContain(identityNumber);
        expect(identityNumber.replace(/\D/g, '').slice(-4)).toBe(m.identityNumberLast4);
        if (m.type === 'PERSON') expect(isValidSsn(identityNumber)).toBe(true);
        else expect(isValidTin(identityNumber)).toBe(true);
      } else {
        expect(m.identityNumberLast4).toBeNull();
      }
      const result = schema.safeParse({
        id: m.id,
        displaySequence: m.displaySequence,
        type: m.type,
        subType: m.subType,
        firstName: m.firstName,
        middleName: m.middleName ?? undefined,
        lastName: m.lastName,
        nickName: m.nickName ?? undefined,
        suffix: m.suffix ?? undefined,
        date: m.dateOfBirth,
        gender: m.genderId,
        marriageStatus: m.marriageStatusId,
        deceased: m.deceased,
        deceasedDate: m.deceasedDate,
        sexualOrientation: m.sexualOrientationId,
        politicalParty: m.politicalPartyId,
        religion: m.religionId,
        parentReligion: m.parentReligionId,
        interests: (interestsOf.get(m.id) ?? []).map((r) => r.interestId),
        riskScore: m.riskScore,
        annualIncome: m.annualIncome,
        linkedinUrl: m.linkedinUrl,
        phoneNumbers: (phonesOf.get(m.id) ?? []).map((p) => ({
          phone: p.phone,
          type: p.type,
          isPrimary: p.isPrimary,
          linkedToPrimary: p.linkedToPrimary,
        })),
        emailAddresses: (emailsOf.get(m.id) ?? []).map((e) => ({
          email: e.email,
          type: e.type,
          isPrimary: e.isPrimary,
          linkedToPrimary: e.linkedToPrimary,
        })),
        addresses: (addressesOf.get(m.id) ?? []).map((a) => ({
          addressLine1: a.addressLine1,
          addressLine2: a.addressLine2,
          addressLine3: a.addressLine3,
          city: a.city,
          stateId: a.stateId,
          zip: a.zip,
          country: a.country,
          type: a.type,
          isPrimary: a.isPrimary,
          linkedToPrimary: a.linkedToPrimary,
        })),
        identityNumber,
        driverLicenseNum: m.driverLicenseNum,
        driverLicenseState: m.driverLicenseStateId,
        employer: m.employer,
        jobTitle: m.jobTitle,
        employmentStatus: (statusesOf.get(m.id) ?? []).map((r) => r.statusId),
        industry: m.industryId,
        parentIndustry: m.parentIndustryId,
      });
      if (!result.success) {
        failures.push(
          `${m.type}/${m.subType}: ${JSON.stringify(result.error.issues.map((i) => [i.path, i.message]))}`,
        );
      }
      if (m.deceasedDate && m.dateOfBirth) expect(m.dateOfBirth < m.deceasedDate).toBe(true);
      if (m.dateOfBirth) expect(m.dateOfBirth <= TODAY).toBe(true);
      expect(m.completedSteps).toBe(5);
    }
    expect(failures).toEqual([]);
  });

  it('uses master data of the right lists, sub-items under their parents', async () => {
    const items = await ctx.db.select().from(masterDataItems);
    const item = new Map(items.map((i) => [i.id, i]));
    const typeOf = (id: number | null) => (id === null ? null : (item.get(id)?.type ?? 'missing'));
    const rows = await ctx.db.select().from(members);
    for (const m of rows) {
      if (m.genderId !== null) expect(typeOf(m.genderId)).toBe('gender');
      if (m.marriageStatusId !== null) expect(typeOf(m.marriageStatusId)).toBe('marriage-status');
      if (m.sexualOrientationId !== null) expect(typeOf(m.sexualOrientationId)).toBe('sexual-orientation');
      if (m.politicalPartyId !== null) expect(typeOf(m.politicalPartyId)).toBe('political-party');
      if (m.parentReligionId !== null) expect(typeOf(m.parentReligionId)).toBe('religious-affiliations');
      if (m.religionId !== null) {
        expect(typeOf(m.religionId)).toBe('sub-religions');
        expect(item.get(m.religionId)?.parentId).toBe(m.parentReligionId);
      }
      if (m.parentIndustryId !== null) expect(typeOf(m.parentIndustryId)).toBe('industry');
      if (m.industryId !== null) {
        expect(typeOf(m.industryId)).toBe('industry-jobs');
        expect(item.get(m.industryId)?.parentId).toBe(m.parentIndustryId);
      }
      if (m.driverLicenseStateId !== null) expect(typeOf(m.driverLicenseStateId)).toBe('states');
    }
    // Middle names fit the person: no female middle name on a male person, and the other way round.
    const people = rows.filter((m) => m.type === 'PERSON' && m.middleName !== null);
    expect(people.length).toBeGreaterThan(100);
    const misfits = people.filter((m) => {
      const gender = item.get(m.genderId ?? -1)?.name as keyof typeof V.MIDDLE_NAMES;
      return !V.MIDDLE_NAMES[gender].includes(m.middleName ?? '');
    });
    expect(misfits.map((m) => `${m.firstName} ${m.middleName}`)).toEqual([]);
    const addresses = await ctx.db.select().from(memberAddresses);
    expect(addresses.every((a) => typeOf(a.stateId) === 'states')).toBe(true);
    const statuses = await ctx.db.select().from(memberEmploymentStatuses);
    expect(statuses.every((s) => typeOf(s.statusId) === 'employment-status')).toBe(true);
    const interests = await ctx.db.select().from(memberInterests);
    expect(interests.every((i) => typeOf(i.interestId) === 'specific-interest')).toBe(true);
  });

  it('uses fictional, unique phone numbers and example.* emails', async () => {
    const phones = await ctx.db.select().from(memberPhones);
    const own = phones.filter((p) => !p.linkedToPrimary).map((p) => p.phone);
    expect(new Set(own).size).toBe(own.length);
    expect(phones.every((p) => /^\+1\d{3}55501\d{2}$/.test(p.phone))).toBe(true);
    // A linked phone is the primary member's own number.
    const primaryPhones = new Set(own);
    expect(phones.filter((p) => p.linkedToPrimary).every((p) => primaryPhones.has(p.phone))).toBe(true);
    expect(phones.some((p) => p.linkedToPrimary)).toBe(true);
    const emails = await ctx.db.select().from(memberEmails);
    expect(emails.every((e) => /@example\.(com|org|net)$/.test(e.email))).toBe(true);
    expect(new Set(emails.map((e) => e.email.toLowerCase())).size).toBe(emails.length);
  });

  it('gives households statuses, ratings, services, tiers, follow-ups and advisor teams', async () => {
    const rows = await ctx.db.select().from(households);
    const statuses = new Set(rows.map((h) => h.status));
    expect(statuses).toEqual(new Set(['ACTIVE', 'INACTIVE', 'CONVERTED']));
    expect(rows.filter((h) => h.status === 'ACTIVE').length / rows.length).toBeGreaterThan(0.7);
    expect(new Set(rows.map((h) => h.rating))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    expect(new Set(rows.map((h) => h.influencerTier))).toEqual(
      new Set(['GOLD', 'SILVER', 'BRONZE', 'NO_STATUS']),
    );
    const noService = rows.filter(
      (h) =>
        !h.financialLifeManagement &&
        !h.riskManagement &&
        !h.assetManagement &&
        !h.legacyPlanning &&
        !h.privateFund,
    );
    expect(noService.length).toBeGreaterThan(0);
    expect(rows.some((h) => h.privateFund)).toBe(true);
    const followUps = rows.flatMap((h) => (h.nextFollowUp ? [h.nextFollowUp] : []));
    expect(followUps.length / rows.length).toBeGreaterThan(0.8);
    // Around today: some overdue, most upcoming (within the next quarter), not all overdue.
    const overdue = followUps.filter((d) => d < TODAY).length;
    const upcoming = followUps.filter((d) => d > TODAY && d <= addDays(TODAY, 90)).length;
    expect(overdue).toBeGreaterThan(0);
    expect(overdue / followUps.length).toBeLessThan(0.3);
    expect(upcoming / followUps.length).toBeGreaterThan(0.6);
    expect(followUps.every((d) => d >= addDays(TODAY, -30) && d <= addDays(TODAY, 90))).toBe(true);
    expect(rows.some((h) => h.introducedByClientId !== null)).toBe(true);
    expect(rows.some((h) => h.introducedByProfessionalId !== null)).toBe(true);
    expect(rows.every((h) => !(h.introducedByClientId && h.introducedByProfessionalId))).toBe(true);
    expect(rows.every((h) => h.createdAt.getTime() < Date.parse(`${TODAY}T00:00:00Z`))).toBe(true);

    // Households are named "Last, First" after their primary.
    const primaries = await ctx.db.select().from(members).where(eq(members.subType, 'PRIMARY'));
    const primaryOf = new Map(primaries.map((m) => [m.householdId, m]));
    for (const h of rows) {
      const p = primaryOf.get(h.id);
      expect(h.name).toBe(`${p?.lastName}, ${p?.firstName}`);
    }

    const team = await ctx.db
      .select({
        householdId: householdAdvisors.householdId,
        role: householdAdvisors.role,
        email: users.email,
      })
      .from(householdAdvisors)
      .innerJoin(users, eq(users.id, householdAdvisors.userId));
    const wealthAdvisors = new Set<string>(
      DEMO_USERS.filter((u) => u.roleId === ROLE_IDS.wealthAdvisor).map((u) => u.email),
    );
    const developers = new Set<string>(
      DEMO_USERS.filter((u) => u.roleId === ROLE_IDS.businessDeveloper).map((u) => u.email),
    );
    const wa1 = team.filter((t) => t.role === 'WEALTH_ADVISOR_1');
    expect(wa1).toHaveLength(DEMO_HOUSEHOLD_COUNT);
    expect(wa1.every((t) => wealthAdvisors.has(t.email))).toBe(true);
    expect(new Set(wa1.map((t) => t.email)).size).toBe(wealthAdvisors.size);
    const bd = team.filter((t) => t.role === 'BUSINESS_DEVELOPER');
    expect(bd.length).toBeGreaterThan(DEMO_HOUSEHOLD_COUNT / 2);
    expect(bd.every((t) => developers.has(t.email))).toBe(true);
  });

  it('adds valid special dates, milestones, relationships and about 30 other professionals', async () => {
    const db = ctx.db;
    const dates = await db.select().from(specialDates);
    // Every living person and pet with a date of birth has it as a Birthday (spouses and children too).
    const birthdays = new Map(
      dates.filter((d) => d.dateType === 'Birthday').map((d) => [d.memberId, d.date] as const),
    );
    const withBirth = (await db.select().from(members)).filter(
      (m) => (m.type === 'PERSON' || m.type === 'PET') && m.dateOfBirth && !m.deceased,
    );
    expect(
      withBirth.filter((m) => m.subType === 'SECONDARY' || m.subType === 'SPOUSE').length,
    ).toBeGreaterThan(0);
    expect(withBirth.filter((m) => birthdays.get(m.id) !== m.dateOfBirth)).toEqual([]);
    expect(new Set(dates.map((d) => d.dateType))).toEqual(
      new Set(['Birthday', 'Anniversary', 'Client Anniversary', 'Retirement', 'Graduation']),
    );
    for (const d of dates) {
      expect(specialDateSchema.safeParse(d).success).toBe(true);
    }
    const keys = dates.map((d) => `${d.memberId}|${d.dateType}`);
    expect(new Set(keys).size).toBe(keys.length);

    const entries = await db.select().from(milestones);
    expect(entries.length).toBeGreaterThan(20);
    for (const m of entries) expect(milestoneSchema.safeParse(m).success).toBe(true);

    const relationships = await db.select().from(memberRelationships);
    const memberRows = await db.select({ id: members.id, householdId: members.householdId }).from(members);
    const householdOf = new Map(memberRows.map((m) => [m.id, m.householdId]));
    expect(relationships.length).toBeGreaterThan(DEMO_HOUSEHOLD_COUNT);
    for (const r of relationships) {
      expect(relationshipSchema.safeParse(r).success).toBe(true);
      expect(householdOf.get(r.memberId)).toBe(r.householdId);
      expect(householdOf.get(r.relativeId)).toBe(r.householdId);
    }

    const professionals = await db.select().from(otherProfessionals);
    expect(professionals).toHaveLength(30);
    for (const p of professionals) {
      const parsed = otherProfessionalSchema.safeParse({ ...p, stateId: p.stateId ?? undefined });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
    expect(new Set(professionals.map((p) => p.type)).size).toBeGreaterThan(5);
    const links = await db.select().from(householdProfessionals);
    expect(new Set(links.map((l) => l.householdId)).size).toBeGreaterThan(DEMO_HOUSEHOLD_COUNT / 3);
  });

  it('reads back through the API: list, details, and identity numbers opened by the app', async () => {
    const { token } = await ctx.signIn();
    const list = await ctx.json('GET', '/api/clients?limit=5', undefined, token);
    expect(list.status).toBe(200);
    expect(list.body.totalResults).toBe(DEMO_HOUSEHOLD_COUNT);
    // A household of each kind of member: its detail passes the response schema.
    const rows = await ctx.db.select().from(members);
    for (const type of ['PET', 'TRUST', 'BUSINESS', 'PERSON']) {
      const member =
        rows.find((m) => m.type === type && m.identityNumberSealed !== null) ??
        rows.find((m) => m.type === type);
      const detail = await ctx.json('GET', `/api/clients/${member?.householdId}`, undefined, token);
      expect(detail.status, detail.body.message).toBe(200);
      expect(detail.body.result.members.length).toBeGreaterThan(0);
    }
    const withSsn = rows.find((m) => m.type === 'PERSON' && m.identityNumberSealed !== null);
    const reveal = await ctx.json(
      'GET',
      `/api/clients/${withSsn?.householdId}/members/${withSsn?.id}/identity-number`,
      undefined,
      token,
    );
    expect(reveal.status).toBe(200);
    expect(reveal.body.result.identityNumber).toBe(box.open(withSsn?.identityNumberSealed ?? ''));
  });

  it('does nothing when households already exist', async () => {
    const again = await seedDemoClients(ctx.db, { secrets: box, today: TODAY });
    expect(again).toEqual({ households: 0, members: 0 });
    const [{ n } = { n: 0 }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(households);
    expect(n).toBe(DEMO_HOUSEHOLD_COUNT);
  });
});

describe('the demo generator', () => {
  const master = [
    { id: 1, type: 'gender', name: 'Male', parentId: null },
    { id: 2, type: 'gender', name: 'Female', parentId: null },
    { id: 3, type: 'marriage-status', name: 'Married', parentId: null },
    { id: 4, type: 'employment-status', name: 'Retired', parentId: null },
    { id: 5, type: 'states', name: 'Texas', parentId: 99 },
  ];
  const input = { today: TODAY, master, wealthAdvisorIds: ['w'], businessDeveloperIds: ['b'], count: 40 };

  it('is deterministic: the same seed and day give the same rows', () => {
    expect(buildDemoClients(input)).toEqual(buildDemoClients(input));
    expect(buildDemoClients({ ...input, seed: 7 })).not.toEqual(buildDemoClients(input));
  });

  it('builds nothing without the master data a person needs', () => {
    expect(buildDemoClients({ ...input, master: master.filter((m) => m.type !== 'states') })).toBeNull();
  });

  it('draws from a seeded generator', () => {
    const a = createRng(42);
    const b = createRng(42);
    const draws = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(draws);
    expect(draws.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(createRng(1).uuid()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
