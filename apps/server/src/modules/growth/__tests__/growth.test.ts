import { GROWTH_MESSAGES, ROLE_IDS } from '@centric/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import {
  billRuns,
  bills,
  households,
  masterDataItems,
  meetingAttendees,
  meetings,
  prospectActivities,
  prospects,
  userGoals,
} from '../../../db/schema/index.ts';
import {
  feeScheduleInput,
  insertHousehold,
  insertUserWithGrants,
  userIdByEmail,
} from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { tableState } from '../../../../test/route-table.ts';

// The growth dashboard (issue 17 §3, decision 0023): the Stats tiles' figures against hand-computed ones on a
// small fixture (the pipeline priced per prospect by the default schedule and weighted, goals and their
// progress, the pathway to partnership, the leaderboard, top influencers, service pricing), the goal and
// settings rules with their messages, and the dashboard and prospects permissions on every route and tile.

let t: TestContext;
let admin: string;
let olivia = '';
let marcus = '';
let priya = '';
let scheduleId = '';
let source = 0;
let ann = '';
let ben = '';
let ida = '';

type Tile = {
  id: string;
  title: string;
  data: Record<string, string | number>[];
  headline: { value: number | string } | null;
  columns?: { name: string }[];
  link?: { target: string };
  notice?: string;
};

/** The firm's "today" for this file: 16 June 2027 (New York), so months and years are fixed. */
const NOW = new Date('2027-06-16T15:00:00Z');
const at = (day: string) => new Date(`${day}T15:00:00Z`);

const stats = async (token: string, duration = 'THIS_MONTH') => {
  const res = await t.json('GET', `/api/dashboard/stats?duration=${duration}`, undefined, token);
  expect(res.status).toBe(200);
  return res.body.result.tiles as Tile[];
};
const tile = async (token: string, id: string, duration = 'THIS_MONTH') =>
  (await stats(token, duration)).find((x) => x.id === id);

let sequence = 0;
const insertProspect = async (values: Partial<typeof prospects.$inferInsert>) => {
  sequence += 1;
  const [row] = await t.db
    .insert(prospects)
    .values({
      type: 'PERSON',
      firstName: 'Lead',
      lastName: `Number${sequence}`,
      displayName: `Lead Number${sequence}`,
      leadStatus: 'WARM',
      activityStatus: 'ACTIVE',
      wealthAdvisorId: olivia,
      sourceId: source,
      phone: `+1212555${String(1000 + sequence)}`,
      email: `lead${sequence}@example.com`,
      createdAt: at('2027-01-10'),
      ...values,
    })
    .returning({ id: prospects.id });
  return row!.id;
};

const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  probabilities: { HOT: 50, WARM: 25, COLD: 10 },
  defaultFeeScheduleId: scheduleId,
  partnership: { households: 2, aum: '1000000', conversions: 1 },
  ...overrides,
});

const goalBody = (overrides: Record<string, unknown> = {}) => ({
  newHouseholds: 4,
  newAum: '2000000',
  meetings: 10,
  newProspects: 5,
  conversions: 2,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestContext();
  t.clock.startAt(NOW);
  admin = (await t.signIn()).token;
  olivia = await userIdByEmail(t.db, 'olivia.bennett@centric.local');
  marcus = await userIdByEmail(t.db, 'marcus.reed@centric.local');
  priya = await userIdByEmail(t.db, 'priya.shah@centric.local');
  const [item] = await t.db
    .select({ id: masterDataItems.id })
    .from(masterDataItems)
    .where(eq(masterDataItems.type, 'sources'))
    .limit(1);
  source = item!.id;
  // Tiered: 1.00 % to $500k, 0.75 % to $2M, 0.50 % above.
  const schedule = await t.json('POST', '/api/fee-schedules', feeScheduleInput(), admin);
  expect(schedule.status).toBe(201);
  scheduleId = schedule.body.result.id;

  // The pipeline: HOT 2 open (one added this month), WARM 1 open (no AUM) and 1 converted this month, COLD 1
  // open; a HOT one converted in February; an inactive one left out.
  const worked = await insertProspect({
    leadStatus: 'HOT',
    assetManagement: '2000000',
    businessDeveloperId: priya,
    createdAt: at('2027-06-02'),
  });
  await insertProspect({
    leadStatus: 'HOT',
    assetManagement: '1000001',
    wealthAdvisorId: marcus,
    createdAt: at('2027-01-15'),
  });
  await insertProspect({ leadStatus: 'WARM', assetManagement: null, createdAt: at('2027-06-03') });
  await insertProspect({
    leadStatus: 'COLD',
    assetManagement: '3000000',
    wealthAdvisorId: marcus,
    createdAt: at('2026-11-20'),
  });
  await insertProspect({
    leadStatus: 'WARM',
    activityStatus: 'CONVERTED',
    assetManagement: '500000',
    businessDeveloperId: priya,
    convertedAt: at('2027-06-10'),
    createdAt: at('2027-03-01'),
  });
  await insertProspect({
    leadStatus: 'HOT',
    activityStatus: 'CONVERTED',
    assetManagement: '750000',
    wealthAdvisorId: marcus,
    convertedAt: at('2027-02-10'),
    createdAt: at('2026-12-01'),
  });
  await insertProspect({
    leadStatus: 'COLD',
    activityStatus: 'INACTIVE',
    assetManagement: '9000000',
    createdAt: at('2026-10-01'),
  });

  // Olivia's households (Wealth Advisor 1): one added this year (asset management), one last year.
  ann = (
    await insertHousehold(t.db, {
      members: [{ firstName: 'Ann', lastName: 'Growth' }],
      services: { assetManagement: true },
      advisors: { WEALTH_ADVISOR_1: olivia },
      createdAt: at('2027-04-01'),
    })
  ).clientId;
  ben = (
    await insertHousehold(t.db, {
      members: [{ firstName: 'Ben', lastName: 'Growth' }],
      advisors: { WEALTH_ADVISOR_1: olivia },
      createdAt: at('2026-09-01'),
    })
  ).clientId;
  // An influencer: two introduced households became clients (one this month), a draft does not count.
  const influencer = await insertHousehold(t.db, {
    name: 'Influential, Ida',
    members: [{ firstName: 'Ida', lastName: 'Influential' }],
    services: { riskManagement: true },
    influencerTier: 'GOLD',
    createdAt: at('2025-05-01'),
  });
  ida = influencer.clientId;
  for (const [first, day, draft] of [
    ['Cal', '2027-06-05', false],
    ['Dee', '2027-01-05', false],
    ['Eve', '2027-06-06', true],
  ] as const) {
    const h = await insertHousehold(t.db, {
      members: [{ firstName: first, lastName: 'Introduced' }],
      createdAt: at(day),
    });
    await t.db
      .update(households)
      .set({ introducedByClientId: influencer.clientId, draft })
      .where(eq(households.id, h.clientId));
  }
  // Meetings of Olivia this year: one held (attended), one cancelled; a meeting and a call with her prospect.
  const [held] = await t.db
    .insert(meetings)
    .values({
      title: 'Review',
      startsAt: at('2027-05-04'),
      endsAt: at('2027-05-04'),
      status: 'HELD',
      createdBy: marcus,
    })
    .returning({ id: meetings.id });
  await t.db.insert(meetingAttendees).values({ meetingId: held!.id, userId: olivia });
  await t.db.insert(meetings).values({
    title: 'Lunch',
    startsAt: at('2027-05-05'),
    endsAt: at('2027-05-05'),
    status: 'CANCELLED',
    createdBy: olivia,
  });
  await t.db.insert(prospectActivities).values([
    {
      prospectId: worked,
      activityType: 'IN_PERSON_MEETING',
      activityDate: '2027-06-01',
      minutes: 60,
      createdBy: olivia,
    },
    {
      prospectId: worked,
      activityType: 'PHONE_CALL',
      activityDate: '2027-06-01',
      minutes: 10,
      createdBy: olivia,
    },
  ]);
});
afterAll(() => t.close());

describe('growth settings', () => {
  it('answers the defaults, and an administrator sets the probabilities, the schedule and the criteria', async () => {
    const before = await t.json('GET', '/api/growth/settings', undefined, admin);
    expect(before.status).toBe(200);
    expect(before.body.result).toEqual({
      probabilities: { HOT: 60, WARM: 30, COLD: 10 },
      defaultFeeScheduleId: null,
      defaultFeeScheduleName: null,
      partnership: { households: 40, aum: '100000000.00', conversions: 6 },
    });
    const saved = await t.json('PUT', '/api/growth/settings', settingsBody(), admin);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(GROWTH_MESSAGES.settingsUpdated);
    expect(saved.body.result).toEqual({
      probabilities: { HOT: 50, WARM: 25, COLD: 10 },
      defaultFeeScheduleId: scheduleId,
      defaultFeeScheduleName: 'Standard AUM',
      partnership: { households: 2, aum: '1000000.00', conversions: 1 },
    });
  });

  it('refuses what is out of range or out of order, each with its message, changing nothing', async () => {
    const state = await tableState(t.db, ['sessions', 'audit_log']);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { probabilities: { HOT: 101, WARM: 25, COLD: 10 } },
        'probabilities.HOT',
        GROWTH_MESSAGES.probabilityRange,
      ],
      [
        { probabilities: { HOT: 50, WARM: 25.5, COLD: 10 } },
        'probabilities.WARM',
        GROWTH_MESSAGES.probabilityRange,
      ],
      [
        { probabilities: { HOT: 20, WARM: 25, COLD: 10 } },
        'probabilities.HOT',
        GROWTH_MESSAGES.probabilityOrder,
      ],
      [
        { probabilities: { HOT: 50, WARM: 5, COLD: 10 } },
        'probabilities.WARM',
        GROWTH_MESSAGES.probabilityOrder,
      ],
      [
        { defaultFeeScheduleId: '00000000-0000-4000-8000-000000000000' },
        'defaultFeeScheduleId',
        GROWTH_MESSAGES.feeScheduleNotFound,
      ],
      [
        { partnership: { households: -1, aum: '1', conversions: 1 } },
        'partnership.households',
        GROWTH_MESSAGES.countRange,
      ],
      [
        { partnership: { households: 1, aum: '1.234', conversions: 1 } },
        'partnership.aum',
        GROWTH_MESSAGES.aumInvalid,
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await t.json('PUT', '/api/growth/settings', settingsBody(overrides), admin);
      expect(res.status, field).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toContainEqual({ field, message });
    }
    expect(await tableState(t.db, ['sessions', 'audit_log'])).toEqual(state);
  });
});

describe('Opportunities tile', () => {
  it('prices each open prospect by the default schedule and weighs it by its lead status', async () => {
    const opportunities = (await tile(admin, 'opportunities'))!;
    const row = (status: string) => opportunities.data.find((d) => d.leadStatus === status);
    // HOT: $2,000,000 → 5,000 + 11,250 = 16,250.00; $1,000,001 → 5,000 + 3,750.0075 = 8,750.01 (each prospect
    // priced alone, not their sum); 25,000.01 × 50 % = 12,500.005 → 12,500.01.
    expect(row('HOT')).toMatchObject({
      prospects: 2,
      added: 1,
      converted: 0,
      probability: 50,
      potentialAum: '3000001.00',
      potentialRevenue: '25000.01',
      weightedRevenue: '12500.01',
    });
    // WARM: one open without asset management (nothing to price), one converted this month.
    expect(row('WARM')).toMatchObject({
      prospects: 1,
      added: 1,
      converted: 1,
      potentialAum: '0.00',
      potentialRevenue: '0.00',
      weightedRevenue: '0.00',
    });
    // COLD: $3,000,000 → 5,000 + 11,250 + 5,000 = 21,250.00; × 10 % = 2,125.00.
    expect(row('COLD')).toMatchObject({
      prospects: 1,
      added: 0,
      potentialAum: '3000000.00',
      potentialRevenue: '21250.00',
      weightedRevenue: '2125.00',
    });
    expect(opportunities.headline).toMatchObject({ value: '14625.01' });
    expect(opportunities.link).toMatchObject({ target: 'prospectsBoard' });
    // This year: the February conversion counts too.
    const year = (await tile(admin, 'opportunities', 'THIS_YEAR'))!;
    expect(year.data.find((d) => d.leadStatus === 'HOT')).toMatchObject({ added: 2, converted: 1 });
  });
});

describe('goals', () => {
  it('an administrator sets a goal; progress is counted from the year itself', async () => {
    const saved = await t.json('PUT', `/api/goals/${olivia}/2027`, goalBody(), admin);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(GROWTH_MESSAGES.goalSaved);
    expect(saved.body.result).toMatchObject({
      userId: olivia,
      year: 2027,
      targets: { newHouseholds: 4, newAum: '2000000.00', meetings: 10, newProspects: 5, conversions: 2 },
      // One household added this year; the June conversion's $500,000; the held meeting and the prospect meeting
      // (not the call, not the cancelled lunch); three prospects added this year as wealth advisor.
      achieved: { newHouseholds: 1, newAum: '500000.00', meetings: 2, newProspects: 3, conversions: 1 },
    });
    const list = await t.json('GET', '/api/goals?year=2027', undefined, admin);
    expect(list.body.result.canEdit).toBe(true);
    const marcusRow = list.body.result.users.find((u: { userId: string }) => u.userId === marcus);
    expect(marcusRow).toMatchObject({
      targets: null,
      achieved: { newHouseholds: 0, newAum: '750000.00', meetings: 1, newProspects: 1, conversions: 1 },
    });
    // Priya (business developer) is credited the conversion she worked.
    const priyaRow = list.body.result.users.find((u: { userId: string }) => u.userId === priya);
    expect(priyaRow.achieved).toMatchObject({ conversions: 1, newAum: '500000.00', newProspects: 2 });
    // Changed again: one row, updated.
    await t.json('PUT', `/api/goals/${olivia}/2027`, goalBody({ meetings: 12 }), admin);
    const rows = await t.db.select().from(userGoals).where(eq(userGoals.userId, olivia));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.meetings).toBe(12);
  });

  it('refuses bad targets, years and users with their messages, changing nothing', async () => {
    const state = await tableState(t.db, ['sessions', 'audit_log']);
    const cases: [string, Record<string, unknown>, number, string, string | null][] = [
      [
        `/api/goals/${olivia}/2027`,
        goalBody({ newHouseholds: -1 }),
        400,
        GROWTH_MESSAGES.countRange,
        'newHouseholds',
      ],
      [`/api/goals/${olivia}/2027`, goalBody({ meetings: 2.5 }), 400, GROWTH_MESSAGES.countRange, 'meetings'],
      [
        `/api/goals/${olivia}/2027`,
        goalBody({ conversions: 10001 }),
        400,
        GROWTH_MESSAGES.countRange,
        'conversions',
      ],
      [`/api/goals/${olivia}/2027`, goalBody({ newAum: 'lots' }), 400, GROWTH_MESSAGES.aumInvalid, 'newAum'],
      [
        `/api/goals/${olivia}/2027`,
        goalBody({ newAum: '100000000000.01' }),
        400,
        GROWTH_MESSAGES.aumMax,
        'newAum',
      ],
      [
        `/api/goals/${olivia}/2027`,
        goalBody({ newHouseholds: 0, newAum: '0', meetings: 0, newProspects: 0, conversions: 0 }),
        400,
        GROWTH_MESSAGES.nothingSet,
        'newHouseholds',
      ],
      [`/api/goals/${olivia}/2026`, goalBody(), 400, GROWTH_MESSAGES.yearRange, 'year'],
      [`/api/goals/${olivia}/2029`, goalBody(), 400, GROWTH_MESSAGES.yearRange, 'year'],
      [
        `/api/goals/00000000-0000-4000-8000-000000000000/2027`,
        goalBody(),
        404,
        GROWTH_MESSAGES.userNotFound,
        null,
      ],
      [`/api/goals/not-a-user/2027`, goalBody(), 400, GROWTH_MESSAGES.userNotFound, 'userId'],
    ];
    for (const [url, body, status, message, field] of cases) {
      const res = await t.json('PUT', url, body, admin);
      expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(status);
      expect(res.body.message).toBe(message);
      if (field) expect(res.body.errors).toContainEqual({ field, message });
    }
    expect(await tableState(t.db, ['sessions', 'audit_log'])).toEqual(state);
  });

  it('refuses goals for an inactive user', async () => {
    await t.db.execute(sql`update users set status = 'INACTIVE' where email = 'grace.lee@centric.local'`);
    const grace = await userIdByEmail(t.db, 'grace.lee@centric.local');
    const res = await t.json('PUT', `/api/goals/${grace}/2027`, goalBody(), admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(GROWTH_MESSAGES.userInactive);
  });

  it("the Goals tile shows the user's year and what the period added", async () => {
    const goals = (await tile(admin, 'goals'))!;
    // The administrator has no goals of their own: the firm's together (only Olivia has some).
    expect(goals.title).toBe('Firm goals 2027');
    const row = (metric: string) => goals.data.find((d) => d.metric === metric);
    expect(row('New households')).toMatchObject({ value: 1, target: 4, period: 0, percent: 25 });
    expect(row('New AUM')).toMatchObject({
      value: '500000.00',
      target: '2000000.00',
      period: '500000.00',
      percent: 25,
    });
    expect(row('Meetings')).toMatchObject({ value: 2, target: 12, period: 1, percent: 16 });
    expect(row('New prospects')).toMatchObject({ value: 3, target: 5, period: 2, percent: 60 });
    expect(row('Conversions')).toMatchObject({ value: 1, target: 2, period: 1, percent: 50 });
  });
});

describe('pathway, leaderboard, influencers, service pricing', () => {
  it("measures each wealth advisor against the firm's criteria", async () => {
    const res = await t.json('GET', '/api/partnership', undefined, admin);
    expect(res.status).toBe(200);
    expect(res.body.result.criteria).toEqual({ households: 2, aum: '1000000.00', conversions: 1 });
    const [first, second] = res.body.result.advisors;
    // Olivia: 2 households of 2 (100), no AUM (0), 1 conversion in 12 months of 1 (100): 66, two met.
    expect(first).toMatchObject({
      fullName: 'Olivia Bennett',
      households: 2,
      aum: '0.00',
      conversions: 1,
      progress: { households: 100, aum: 0, conversions: 100 },
      overall: 66,
      criteriaMet: 2,
    });
    // Marcus: no households, the February conversion: 33.
    expect(second).toMatchObject({
      fullName: 'Marcus Reed',
      households: 0,
      conversions: 1,
      overall: 33,
      criteriaMet: 1,
    });
    const pathway = (await tile(admin, 'pathway-to-partnership'))!;
    expect(pathway.data[0]).toMatchObject({
      advisor: 'Olivia Bennett',
      summary: '2 households · $0 AUM · 1 converted in 12 mo.',
      inPeriod: 1,
      overall: 66,
    });
  });

  it('ranks the conversions of the period with the AUM they brought', async () => {
    const month = (await tile(admin, 'leaderboard'))!;
    expect(month.data.map((d) => [d.name, d.conversions, d.newAum])).toEqual([
      ['Olivia Bennett', 1, '500000.00'],
      ['Priya Shah', 1, '500000.00'],
    ]);
    const year = (await tile(admin, 'leaderboard', 'THIS_YEAR'))!;
    expect(year.data.map((d) => d.name)).toEqual(['Marcus Reed', 'Olivia Bennett', 'Priya Shah']);
    expect(year.headline).toMatchObject({ value: 3 });
    expect(year.link).toMatchObject({ target: 'prospects', query: { activityStatus: 'CONVERTED' } });
  });

  it('names the households whose introductions became clients in the period', async () => {
    const month = (await tile(admin, 'top-influencers'))!;
    expect(month.data).toEqual([
      expect.objectContaining({ household: 'Influential, Ida', tier: 'Gold', inPeriod: 1, total: 2 }),
    ]);
    const week = (await tile(admin, 'top-influencers', 'THIS_WEEK'))!;
    expect(week.data).toEqual([]);
  });

  it('counts active households by service, with revenue only for billing readers', async () => {
    const pricing = (await tile(admin, 'service-pricing'))!;
    const row = (service: string) => pricing.data.find((d) => d.service === service);
    // Nothing billed in the fixture: the revenue columns wait for a live bill, and say so.
    expect(row('Asset management')).toMatchObject({ households: 1 });
    expect(pricing.columns!.map((c) => c.name)).toEqual(['service', 'households']);
    expect(pricing.notice).toBe('No live bill ends this month: revenue shows once one does.');
    expect(row('Risk management')).toMatchObject({ households: 1 });
    // Ben, Cal and Dee take no service (Eve is a draft).
    expect(row('No service')).toMatchObject({ households: 3 });
    await insertUserWithGrants(t.db, 'clients.reader@centric.local', {
      dashboard: ['read'],
      clients: ['read'],
    });
    const reader = (await t.signIn('clients.reader@centric.local')).token;
    const limited = (await tile(reader, 'service-pricing'))!;
    expect(limited.columns!.map((c) => c.name)).toEqual(['service', 'households']);
    expect(limited.notice).toBe('Revenue shows to those who may read billing instances.');
    expect(limited.data.every((d) => !('revenue' in d))).toBe(true);
  });
});

describe('service pricing revenue', () => {
  const run = async (kind: 'LIVE_BILL' | 'FORECAST_BILL', from: string, to: string) => {
    const [row] = await t.db
      .insert(billRuns)
      .values({
        kind,
        scope: 'ALL_UNITS',
        period: 'MONTHLY',
        periodStart: from,
        periodEnd: to,
        valuationDate: to,
        proration: 'FREQUENCY',
        settings: {},
        status: 'completed',
        stage: kind === 'LIVE_BILL' ? 'GENERATED' : null,
      })
      .returning({ id: billRuns.id });
    return row!.id;
  };
  const bill = (
    runId: string,
    householdId: string,
    kind: string,
    from: string,
    to: string,
    status: string,
    amount: string,
  ) =>
    t.db.insert(bills).values({
      runId,
      householdId,
      groupKey: householdId,
      kind,
      periodStart: from,
      periodEnd: to,
      status,
      billableValue: '100000.00',
      amount,
      explanation: {},
    });

  it("adds the live bills' fees of the period by service; voided bills and forecasts do not count", async () => {
    const june = await run('LIVE_BILL', '2027-06-01', '2027-06-30');
    await bill(june, ann, 'LIVE_BILL', '2027-06-01', '2027-06-30', 'GENERATED', '1250.50');
    await bill(june, ida, 'LIVE_BILL', '2027-06-01', '2027-06-30', 'VOIDED', '300.25');
    const may = await run('LIVE_BILL', '2027-05-01', '2027-05-31');
    await bill(may, ann, 'LIVE_BILL', '2027-05-01', '2027-05-31', 'LOCKED', '800.00');
    const forecast = await run('FORECAST_BILL', '2027-06-01', '2027-06-30');
    await bill(forecast, ben, 'FORECAST_BILL', '2027-06-01', '2027-06-30', 'GENERATED', '500.00');

    const month = (await tile(admin, 'service-pricing'))!;
    const row = (s: typeof month, service: string) => s.data.find((d) => d.service === service);
    expect(month.columns!.map((c) => c.name)).toEqual(['service', 'households', 'revenue', 'share']);
    expect(row(month, 'Asset management')).toMatchObject({ revenue: '1250.50', share: 100 });
    expect(row(month, 'Risk management')).toMatchObject({ revenue: '0.00', share: 0 });
    expect(row(month, 'No service')).toMatchObject({ revenue: '0.00' });
    expect(month.headline).toMatchObject({ value: '1250.50', format: 'money' });
    const year = (await tile(admin, 'service-pricing', 'THIS_YEAR'))!;
    expect(row(year, 'Asset management')).toMatchObject({ revenue: '2050.50' });
  });
});

describe('permissions', () => {
  it('shows each tile only to readers of its feature; pathway and goals of the user only', async () => {
    await insertUserWithGrants(t.db, 'dash.reader@centric.local', { dashboard: ['read'] });
    const dash = (await t.signIn('dash.reader@centric.local')).token;
    const ids = (await stats(dash)).map((x) => x.id);
    expect(ids).toEqual(['goals', 'pathway-to-partnership']);
    expect((await tile(dash, 'pathway-to-partnership'))!.data).toEqual([]);
    expect((await tile(dash, 'goals'))!.data).toEqual([]);

    await insertUserWithGrants(t.db, 'prospects.reader@centric.local', {
      dashboard: ['read'],
      prospects: ['read'],
    });
    const reader = (await t.signIn('prospects.reader@centric.local')).token;
    expect((await stats(reader)).map((x) => x.id)).toEqual([
      'opportunities',
      'goals',
      'pathway-to-partnership',
      'leaderboard',
    ]);
  });

  it('a wealth advisor sees their own goals and pathway, and may not set any', async () => {
    const advisor = (await t.signIn('olivia.bennett@centric.local')).token;
    const goals = await t.json('GET', '/api/goals?year=2027', undefined, advisor);
    expect(goals.status).toBe(200);
    expect(goals.body.result.canEdit).toBe(false);
    expect(goals.body.result.users.map((u: { userId: string }) => u.userId)).toEqual([olivia]);
    // With users read (the demo advisor role's) the pathway lists every advisor; without, one's own.
    const everyone = await t.json('GET', '/api/partnership', undefined, advisor);
    expect(everyone.body.result.advisors).toHaveLength(2);
    await t.db.execute(
      sql`update role_permissions set read = false, write = false, delete = false
        where role_id = ${ROLE_IDS.wealthAdvisor} and feature = 'users'`,
    );
    const pathway = await t.json('GET', '/api/partnership', undefined, advisor);
    expect(pathway.body.result.advisors.map((a: { userId: string }) => a.userId)).toEqual([olivia]);
    const own = (await tile(advisor, 'goals'))!;
    expect(own.title).toBe('My goals 2027');
    expect(own.data.find((d) => d.metric === 'Meetings')).toMatchObject({ value: 2, target: 12 });

    const state = await tableState(t.db, ['sessions', 'audit_log']);
    for (const [method, url, body] of [
      ['PUT', `/api/goals/${olivia}/2027`, goalBody({ newHouseholds: 1 })],
      ['DELETE', `/api/goals/${olivia}/2027`, undefined],
      ['PUT', '/api/growth/settings', settingsBody()],
    ] as const) {
      const res = await t.json(method, url, body, advisor);
      // The demo role may write the dashboard or not: refused either way, never changed.
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect(await tableState(t.db, ['sessions', 'audit_log'])).toEqual(state);
  });

  it('a writer of the dashboard who is not an administrator is refused with the reason', async () => {
    await insertUserWithGrants(t.db, 'dash.writer@centric.local', { dashboard: ['read', 'write', 'delete'] });
    const writer = (await t.signIn('dash.writer@centric.local')).token;
    const res = await t.json('PUT', `/api/goals/${olivia}/2027`, goalBody(), writer);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(GROWTH_MESSAGES.onlyAdministrator);
    const settings = await t.json('PUT', '/api/growth/settings', settingsBody(), writer);
    expect(settings.body.message).toBe(GROWTH_MESSAGES.onlyAdministrator);
  });

  it('every growth route needs the dashboard permission, and a token', async () => {
    await insertUserWithGrants(t.db, 'no.dashboard@centric.local', {
      prospects: ['read', 'write'],
      clients: ['read'],
    });
    const none = (await t.signIn('no.dashboard@centric.local')).token;
    const routes = [
      ['GET', '/api/growth/settings', undefined],
      ['PUT', '/api/growth/settings', settingsBody()],
      ['GET', '/api/goals', undefined],
      ['PUT', `/api/goals/${olivia}/2027`, goalBody()],
      ['DELETE', `/api/goals/${olivia}/2027`, undefined],
      ['GET', '/api/partnership', undefined],
      ['GET', '/api/dashboard/stats', undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await t.json(method, url, body, none)).status, `${method} ${url}`).toBe(403);
      expect((await t.json(method, url, body)).status, `${method} ${url} signed out`).toBe(401);
    }
  });

  it('an administrator removes a goal; removing it again is not found', async () => {
    const removed = await t.json('DELETE', `/api/goals/${olivia}/2027`, undefined, admin);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(GROWTH_MESSAGES.goalDeleted);
    const again = await t.json('DELETE', `/api/goals/${olivia}/2027`, undefined, admin);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(GROWTH_MESSAGES.goalNotFound);
    const audit = rowsOf<{ action: string }>(
      await t.db.execute(sql`select action from audit_log where entity = 'userGoals' order by id`),
    );
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });
});
