import { type GoalValues, ROLE_IDS } from '@centric/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { systemSettings, userGoals } from '../../db/schema/index.ts';

/**
 * The growth dashboard's reads (decision 0023): every figure counted in SQL from the prospects, households,
 * meetings and bills themselves; dates of instants taken in the firm's time zone. Money stays numeric in SQL
 * and a decimal string in TypeScript.
 */

/** A period of days (inclusive) and the firm's time zone, for instants. */
export type Days = { from: string; to: string; timeZone: string };

/** `at` (a timestamptz column) falls on a day of the period, in the firm's calendar. */
const within = (at: ReturnType<typeof sql.raw>, days: Days) =>
  sql`${at} >= (${days.from}::date::timestamp at time zone ${days.timeZone})
    and ${at} < ((${days.to}::date + 1)::timestamp at time zone ${days.timeZone})`;

// ---------------------------------------------------------------------------------------------------------
// Settings

export const GROWTH_SETTINGS_KEY = 'growth';

export const readGrowthSettingsRow = async (db: Db) => {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, GROWTH_SETTINGS_KEY));
  return row?.value as Record<string, unknown> | undefined;
};

export const writeGrowthSettingsRow = async (db: Db, value: unknown, updatedAt: Date) => {
  const json = sql`${JSON.stringify(value)}::jsonb`;
  await db
    .insert(systemSettings)
    .values({ key: GROWTH_SETTINGS_KEY, value: json, updatedAt })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value: json, updatedAt } });
};

// ---------------------------------------------------------------------------------------------------------
// Pipeline

/**
 * The open pipeline (ACTIVE prospects) by lead status and asset-management value (null: none), with how many
 * of each were added in the period; and the prospects converted in the period by the lead status they had.
 */
export const pipelineRows = async (db: Db, days: Days) =>
  rowsOf<{ leadStatus: string; aum: string | null; open: number; added: number; converted: number }>(
    await db.execute(sql`
      select lead_status as "leadStatus", asset_management::text as aum,
        count(*) filter (where activity_status = 'ACTIVE')::int as open,
        count(*) filter (where activity_status = 'ACTIVE' and ${within(sql.raw('created_at'), days)})::int as added,
        count(*) filter (where activity_status = 'CONVERTED' and ${within(sql.raw('converted_at'), days)})::int
          as converted
      from prospects
      where activity_status = 'ACTIVE'
        or (activity_status = 'CONVERTED' and ${within(sql.raw('converted_at'), days)})
      group by lead_status, asset_management`),
  );

// ---------------------------------------------------------------------------------------------------------
// Leaderboard

/**
 * Advisors and business developers by the prospects converted in the period with them as wealth advisor or
 * business developer, and the asset-management value those brought (new AUM); the top `limit`.
 */
export const leaderboardRows = async (db: Db, days: Days, limit: number) =>
  rowsOf<{ userId: string; fullName: string; roleName: string; conversions: number; newAum: string }>(
    await db.execute(sql`
      with credited as (
        select wealth_advisor_id as user_id, coalesce(asset_management, 0) as aum from prospects
        where activity_status = 'CONVERTED' and ${within(sql.raw('converted_at'), days)}
        union all
        select business_developer_id, coalesce(asset_management, 0) from prospects
        where activity_status = 'CONVERTED' and business_developer_id is not null
          and ${within(sql.raw('converted_at'), days)}
      )
      select u.id as "userId", u.full_name as "fullName", r.display_name as "roleName",
        count(*)::int as conversions, sum(c.aum)::numeric(20, 2)::text as "newAum"
      from credited c join users u on u.id = c.user_id join roles r on r.id = u.role_id
      group by u.id, u.full_name, r.display_name
      order by conversions desc, sum(c.aum) desc, u.full_name
      limit ${limit}`),
  );

// ---------------------------------------------------------------------------------------------------------
// Top influencers

/**
 * Households whose introductions became clients (households, drafts left out, with `introduced_by_client_id`
 * naming them): how many joined in the period and in all, ranked by the period's; those with none in the
 * period are left out.
 */
export const influencerRows = async (db: Db, days: Days, limit: number) =>
  rowsOf<{ id: string; name: string; tier: string; inPeriod: number; total: number }>(
    await db.execute(sql`
      select h.id, h.name, h.influencer_tier as tier,
        count(*) filter (where ${within(sql.raw('i.created_at'), days)})::int as "inPeriod",
        count(*)::int as total
      from households h
      join households i on i.introduced_by_client_id = h.id and not i.draft
      where not h.draft
      group by h.id, h.name, h.influencer_tier
      having count(*) filter (where ${within(sql.raw('i.created_at'), days)}) > 0
      order by "inPeriod" desc, total desc, h.name
      limit ${limit}`),
  );

// ---------------------------------------------------------------------------------------------------------
// Service pricing

export const SERVICE_COLUMNS = [
  ['financialLifeManagement', 'financial_life_management'],
  ['riskManagement', 'risk_management'],
  ['assetManagement', 'asset_management'],
  ['legacyPlanning', 'legacy_planning'],
  ['privateFund', 'private_fund'],
] as const;

/**
 * The active households (drafts left out) taking each service, and the live bills' fees (neither voided nor
 * pulled out) of those households for periods ending in the period; a household with several services counts
 * in each. `none`: the households with no service.
 */
export const servicePricingRows = async (db: Db, days: Pick<Days, 'from' | 'to'>) => {
  const services = [...SERVICE_COLUMNS.map(([key, column]) => [key, sql.raw(column)] as const)];
  const [row] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      with billed as (
        select b.household_id, sum(b.amount) as amount from bills b
        where b.kind = 'LIVE_BILL' and b.status not in ('VOIDED', 'PULLED')
          and b.period_end between ${days.from}::date and ${days.to}::date
        group by b.household_id
      )
      select ${sql.join(
        services.map(
          ([key, column]) =>
            sql`count(*) filter (where h.${column})::int as ${sql.identifier(`${key}Households`)},
              coalesce(sum(billed.amount) filter (where h.${column}), 0)::numeric(20, 2)::text
                as ${sql.identifier(`${key}Revenue`)}`,
        ),
        sql`, `,
      )},
        count(*) filter (where not (${sql.join(
          services.map(([, column]) => sql`h.${column}`),
          sql` or `,
        )}))::int as "noneHouseholds",
        coalesce(sum(billed.amount) filter (where not (${sql.join(
          services.map(([, column]) => sql`h.${column}`),
          sql` or `,
        )})), 0)::numeric(20, 2)::text as "noneRevenue"
      from households h left join billed on billed.household_id = h.id
      where not h.draft and h.status = 'ACTIVE'`),
  );
  return row ?? {};
};

// ---------------------------------------------------------------------------------------------------------
// Goals

/** The users goals may be set for: active, not the system role; with their role's name. */
export const goalUsers = async (db: Db, userId?: string) =>
  rowsOf<{ id: string; fullName: string; roleName: string; roleId: number; status: string }>(
    await db.execute(sql`
      select u.id, u.full_name as "fullName", r.display_name as "roleName", u.role_id as "roleId", u.status
      from users u join roles r on r.id = u.role_id
      where u.role_id <> ${ROLE_IDS.system}
        ${userId ? sql`and u.id = ${userId}` : sql`and u.status = 'ACTIVE'`}
      order by u.full_name, u.id`),
  );

export type GoalRow = {
  userId: string;
  newHouseholds: number;
  newAum: string;
  meetings: number;
  newProspects: number;
  conversions: number;
};

export const goalsOfYear = async (db: Db, year: number, userId?: string): Promise<GoalRow[]> =>
  db
    .select({
      userId: userGoals.userId,
      newHouseholds: userGoals.newHouseholds,
      newAum: userGoals.newAum,
      meetings: userGoals.meetings,
      newProspects: userGoals.newProspects,
      conversions: userGoals.conversions,
    })
    .from(userGoals)
    .where(userId ? and(eq(userGoals.year, year), eq(userGoals.userId, userId)) : eq(userGoals.year, year));

export const upsertGoal = async (
  db: Db,
  key: { userId: string; year: number },
  values: GoalValues,
  updatedBy: string,
  updatedAt: Date,
) => {
  await db
    .insert(userGoals)
    .values({ ...key, ...values, updatedBy, updatedAt })
    .onConflictDoUpdate({
      target: [userGoals.userId, userGoals.year],
      set: { ...values, updatedBy, updatedAt },
    });
};

export const deleteGoal = async (db: Db, key: { userId: string; year: number }) =>
  (
    await db
      .delete(userGoals)
      .where(and(eq(userGoals.userId, key.userId), eq(userGoals.year, key.year)))
      .returning({ userId: userGoals.userId })
  ).length;

/**
 * What each user achieved in the period (decision 0023): new households (added, with the user on their advisor
 * team), new AUM and conversions (prospects converted with the user as wealth advisor or business developer,
 * their asset-management value), meetings (held meetings the user created or attended, and prospect meetings,
 * in person or by video, of the prospects the user works as wealth advisor or business developer) and new prospects (added with the user as wealth advisor or
 * business developer). Only users with something are answered; `userId` narrows to one.
 */
export const achievedIn = async (db: Db, days: Days, userId?: string) => {
  const only = (column: string) => (userId ? sql`and ${sql.raw(column)} = ${userId}` : sql``);
  const rows = rowsOf<{ userId: string; metric: string; count: number; amount: string }>(
    await db.execute(sql`
      select ha.user_id as "userId", 'newHouseholds' as metric, count(distinct h.id)::int as count,
        '0' as amount
      from households h join household_advisors ha on ha.household_id = h.id
      where not h.draft and ${within(sql.raw('h.created_at'), days)} ${only('ha.user_id')}
      group by ha.user_id
      union all
      select p.user_id, 'conversions', count(*)::int, coalesce(sum(p.aum), 0)::numeric(20, 2)::text
      from (
        select wealth_advisor_id as user_id, asset_management as aum from prospects
        where activity_status = 'CONVERTED' and ${within(sql.raw('converted_at'), days)}
        union all
        select business_developer_id, asset_management from prospects
        where activity_status = 'CONVERTED' and business_developer_id is not null
          and ${within(sql.raw('converted_at'), days)}
      ) p where true ${only('p.user_id')}
      group by p.user_id
      union all
      select p.user_id, 'newProspects', count(*)::int, '0'
      from (
        select wealth_advisor_id as user_id from prospects where ${within(sql.raw('created_at'), days)}
        union all
        select business_developer_id from prospects
        where business_developer_id is not null and ${within(sql.raw('created_at'), days)}
      ) p where true ${only('p.user_id')}
      group by p.user_id
      union all
      select m.user_id, 'meetings', count(*)::int, '0'
      from (
        select distinct mt.id, who.user_id from meetings mt
        cross join lateral (
          select mt.created_by as user_id
          union select ma.user_id from meeting_attendees ma where ma.meeting_id = mt.id
        ) who
        where mt.status = 'HELD' and ${within(sql.raw('mt.starts_at'), days)}
        union all
        select pa.id, who.user_id from prospect_activities pa
        join prospects p on p.id = pa.prospect_id
        cross join lateral (
          select p.wealth_advisor_id as user_id
          union select p.business_developer_id where p.business_developer_id is not null
        ) who
        where pa.activity_type in ('IN_PERSON_MEETING', 'VIDEO_MEETING')
          and pa.activity_date between ${days.from}::date and ${days.to}::date
      ) m where true ${only('m.user_id')}
      group by m.user_id`),
  );
  const byUser = new Map<string, GoalRow>();
  for (const row of rows) {
    const entry = byUser.get(row.userId) ?? {
      userId: row.userId,
      newHouseholds: 0,
      newAum: '0.00',
      meetings: 0,
      newProspects: 0,
      conversions: 0,
    };
    if (row.metric === 'conversions') {
      entry.conversions = row.count;
      entry.newAum = row.amount;
    } else if (row.metric === 'newHouseholds') entry.newHouseholds = row.count;
    else if (row.metric === 'newProspects') entry.newProspects = row.count;
    else entry.meetings = row.count;
    byUser.set(row.userId, entry);
  }
  return byUser;
};

// ---------------------------------------------------------------------------------------------------------
// Pathway to partnership

/**
 * The firm's wealth advisors (active users of the wealth advisor role) with the active households they serve
 * as Wealth Advisor 1 (their ids, for their AUM) and the prospects converted with them as wealth advisor in
 * the trailing days and in the period.
 */
export const partnershipRows = async (db: Db, trailing: Days, period: Days, userId?: string) =>
  rowsOf<{ userId: string; fullName: string; householdIds: string[]; conversions: number; inPeriod: number }>(
    await db.execute(sql`
      select u.id as "userId", u.full_name as "fullName",
        coalesce((select array_agg(h.id::text) from household_advisors ha
          join households h on h.id = ha.household_id and not h.draft and h.status = 'ACTIVE'
          where ha.user_id = u.id and ha.role = 'WEALTH_ADVISOR_1'), '{}') as "householdIds",
        (select count(*)::int from prospects p where p.wealth_advisor_id = u.id
          and p.activity_status = 'CONVERTED' and ${within(sql.raw('p.converted_at'), trailing)}) as conversions,
        (select count(*)::int from prospects p where p.wealth_advisor_id = u.id
          and p.activity_status = 'CONVERTED' and ${within(sql.raw('p.converted_at'), period)}) as "inPeriod"
      from users u
      where u.status = 'ACTIVE' and u.role_id = ${ROLE_IDS.wealthAdvisor} ${userId ? sql`and u.id = ${userId}` : sql``}
      order by u.full_name, u.id`),
  );
