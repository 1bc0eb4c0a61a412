import type { ProspectsExportQuery, ProspectSortKey, SortOrder } from '@centric/contracts';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '../../db/client.ts';
import {
  attachments,
  masterDataItems,
  prospectActivities,
  prospects,
  recordLinks,
  users,
} from '../../db/schema/index.ts';
import { likePattern } from '../../platform/sql-like.ts';

export type ProspectDbRow = typeof prospects.$inferSelect;
export type ProspectValues = Omit<typeof prospects.$inferInsert, 'id'>;

const wealthAdvisor = alias(users, 'wealth_advisor');
const businessDeveloper = alias(users, 'business_developer');

export type ProspectFilter = Omit<ProspectsExportQuery, 'format' | 'sortBy' | 'order'>;

/** The search: in the name, email and employer; in the phone only when it holds 3 digits or more. */
const searchOf = (search: string) => {
  const digits = search.replace(/\D/g, '');
  return sql`(${prospects.displayName} ilike ${likePattern(search)} or ${prospects.email} ilike ${likePattern(search)}
    or ${prospects.worksAt} ilike ${likePattern(search)}
    ${digits.length >= 3 ? sql`or ${prospects.phone} like ${likePattern(digits)}` : sql``})`;
};

const whereOf = (filter: ProspectFilter): SQL | undefined =>
  and(
    filter.search ? searchOf(filter.search) : undefined,
    filter.leadStatus.length > 0 ? inArray(prospects.leadStatus, filter.leadStatus) : undefined,
    filter.activityStatus.length > 0 ? inArray(prospects.activityStatus, filter.activityStatus) : undefined,
    filter.businessDeveloperId ? eq(prospects.businessDeveloperId, filter.businessDeveloperId) : undefined,
    filter.wealthAdvisorId ? eq(prospects.wealthAdvisorId, filter.wealthAdvisorId) : undefined,
  );

const SORT_COLUMNS: Record<ProspectSortKey, SQL> = {
  name: sql`lower(${prospects.displayName})`,
  leadStatus: sql`case ${prospects.leadStatus} when 'HOT' then 1 when 'WARM' then 2 else 3 end`,
  activityStatus: sql`${prospects.activityStatus}`,
  lastActivityDate: sql`${prospects.lastActivityDate}`,
  combineInterests: sql`${prospects.combineInterests}`,
  createdAt: sql`${prospects.createdAt}`,
};

const listColumns = {
  prospect: prospects,
  wealthAdvisorName: wealthAdvisor.fullName,
  businessDeveloperName: businessDeveloper.fullName,
};
export type ProspectListRow = {
  prospect: ProspectDbRow;
  wealthAdvisorName: string | null;
  businessDeveloperName: string | null;
};

const listed = (db: Db) =>
  db
    .select(listColumns)
    .from(prospects)
    .leftJoin(wealthAdvisor, eq(wealthAdvisor.id, prospects.wealthAdvisorId))
    .leftJoin(businessDeveloper, eq(businessDeveloper.id, prospects.businessDeveloperId));

/** A page (or, without one, every row) of the prospects the filter selects, in the list's order. */
export const listProspects = async (
  db: Db,
  filter: ProspectFilter,
  sort: { sortBy: ProspectSortKey; order: SortOrder },
  page?: { limit: number; offset: number },
) => {
  const where = whereOf(filter);
  const direction = sort.order === 'ASC' ? asc : desc;
  const nulls = sort.order === 'ASC' ? sql`nulls first` : sql`nulls last`;
  const query = listed(db)
    .where(where)
    .orderBy(
      sql`${SORT_COLUMNS[sort.sortBy]} ${sort.order === 'ASC' ? sql`asc` : sql`desc`} ${nulls}`,
      direction(prospects.id),
    );
  const rows: ProspectListRow[] = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const [count] = page
    ? await db
        .select({ n: sql<number>`count(*)::int` })
        .from(prospects)
        .where(where)
    : [{ n: rows.length }];
  return { rows, total: count?.n ?? 0 };
};

export const findProspect = async (db: Db, id: string): Promise<ProspectListRow | undefined> => {
  const [row] = await listed(db).where(eq(prospects.id, id));
  return row;
};

export const lockProspectRow = async (db: Db, id: string): Promise<ProspectDbRow | undefined> => {
  const [row] = await db.select().from(prospects).where(eq(prospects.id, id)).for('update');
  return row;
};

export const insertProspect = async (db: Db, values: ProspectValues) => {
  const [row] = await db.insert(prospects).values(values).returning();
  if (!row) throw new Error('prospect insert returned nothing');
  return row;
};

export const updateProspect = (db: Db, id: string, values: Partial<ProspectValues>) =>
  db
    .update(prospects)
    .set({ ...values, version: sql`${prospects.version} + 1` })
    .where(eq(prospects.id, id));

/** The prospect's row; its activities go with it (ON DELETE CASCADE). */
export const deleteProspect = (db: Db, id: string) => db.delete(prospects).where(eq(prospects.id, id));

export const insertActivities = async (
  db: Db,
  rows: ReadonlyArray<typeof prospectActivities.$inferInsert>,
) =>
  rows.length === 0
    ? []
    : db
        .insert(prospectActivities)
        .values([...rows])
        .returning();

/** The prospect's newest activity date, written on the prospect (what "days since" and the alert read). */
export const refreshLastActivity = (db: Db, id: string) =>
  db
    .update(prospects)
    .set({
      lastActivityDate: sql`(select max(${prospectActivities.activityDate}) from ${prospectActivities}
        where ${prospectActivities.prospectId} = ${id})`,
    })
    .where(eq(prospects.id, id))
    .returning({ lastActivityDate: prospects.lastActivityDate });

export const activitiesOf = (db: Db, prospectId: string) =>
  db
    .select({ activity: prospectActivities, createdByName: users.fullName })
    .from(prospectActivities)
    .leftJoin(users, eq(users.id, prospectActivities.createdBy))
    .where(eq(prospectActivities.prospectId, prospectId))
    .orderBy(
      desc(prospectActivities.activityDate),
      desc(prospectActivities.createdAt),
      asc(prospectActivities.id),
    );

export const masterItems = async (db: Db, ids: readonly number[]) => {
  if (ids.length === 0) return new Map<number, { type: string; name: string }>();
  const rows = await db
    .select({ id: masterDataItems.id, type: masterDataItems.type, name: masterDataItems.name })
    .from(masterDataItems)
    .where(inArray(masterDataItems.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { type: r.type, name: r.name }]));
};

/** The active, non-system users among these ids. */
export const activeUserIds = async (db: Db, ids: readonly string[]) => {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.status, 'ACTIVE'), sql`${users.roleId} <> 3`));
  return new Set(rows.map((r) => r.id));
};

/** The statistics' figures: counts by lead status (open prospects), new since, converted since, pipeline. */
export const statistics = async (
  db: Db,
  range: { zone: string; monthStart: string; quarterStart: string; quarterEnd: string },
) => {
  const at = (day: string) => sql`((${day}::date)::timestamp at time zone ${range.zone})`;
  const [row] = rowsOf<{
    hot: number;
    warm: number;
    cold: number;
    total: number;
    new_this_month: number;
    converted: number;
    pipeline: string;
  }>(
    await db.execute(sql`
      select
        count(*) filter (where lead_status = 'HOT' and activity_status <> 'CONVERTED')::int as hot,
        count(*) filter (where lead_status = 'WARM' and activity_status <> 'CONVERTED')::int as warm,
        count(*) filter (where lead_status = 'COLD' and activity_status <> 'CONVERTED')::int as cold,
        count(*) filter (where activity_status <> 'CONVERTED')::int as total,
        count(*) filter (where created_at >= ${at(range.monthStart)})::int as new_this_month,
        count(*) filter (where activity_status = 'CONVERTED' and converted_at >= ${at(range.quarterStart)}
          and converted_at < ${at(range.quarterEnd)})::int as converted,
        coalesce(sum(combine_interests) filter (where activity_status <> 'CONVERTED'), 0)::numeric(20,2)::text
          as pipeline
      from prospects`),
  );
  return row;
};

/** ACTIVE prospects whose latest activity is `days` or more before today and whose lapse is not yet alerted. */
export const unalertedInactive = async (db: Db, lastDay: string, limit: number) =>
  rowsOf<{
    id: string;
    name: string;
    lastActivityDate: string;
    businessDeveloperId: string | null;
    wealthAdvisorId: string;
  }>(
    await db.execute(sql`
      select id, display_name as name, last_activity_date::text as "lastActivityDate",
        business_developer_id as "businessDeveloperId", wealth_advisor_id as "wealthAdvisorId"
      from prospects
      where activity_status = 'ACTIVE' and last_activity_date <= ${lastDay}::date
        and inactive_alerted_for is distinct from last_activity_date
      order by last_activity_date, id
      limit ${limit}`),
  );

export const markInactiveAlerted = (db: Db, rows: ReadonlyArray<{ id: string; lastActivityDate: string }>) =>
  db.execute(sql`
    update prospects p set inactive_alerted_for = v.day::date
    from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ id: r.id, day: r.lastActivityDate })))}::jsonb)
      as v(id uuid, day text)
    where p.id = v.id`);

/**
 * What hangs on a record (a prospect, or the household it became): its notes, tasks and meetings (links),
 * the attachments of those notes, and the activities of its own (a prospect's) or moved to it (a household's).
 */
export const linkedCounts = async (db: Db, record: { kind: 'prospect' | 'household'; id: string }) => {
  const activities =
    record.kind === 'prospect'
      ? sql`(select count(*) from ${prospectActivities} where prospect_id = ${record.id}::uuid and household_id is null)`
      : sql`(select count(*) from ${prospectActivities} where household_id = ${record.id}::uuid)`;
  const [row] = rowsOf<{
    notes: number;
    tasks: number;
    meetings: number;
    attachments: number;
    activities: number;
  }>(
    await db.execute(sql`
      with links as (
        select subject_kind, subject_id from ${recordLinks}
        where record_kind = ${record.kind} and record_id = ${record.id}::uuid
      )
      select
        (select count(*) from links where subject_kind = 'note')::int as notes,
        (select count(*) from links where subject_kind = 'task')::int as tasks,
        (select count(*) from links where subject_kind = 'meeting')::int as meetings,
        (select count(*) from ${attachments} a join links l on l.subject_kind = 'note' and l.subject_id = a.subject_id
          where a.subject_kind = 'note' and a.deleted_at is null)::int as attachments,
        ${activities}::int as activities`),
  );
  return {
    notes: row?.notes ?? 0,
    activities: row?.activities ?? 0,
    tasks: row?.tasks ?? 0,
    meetings: row?.meetings ?? 0,
    attachments: row?.attachments ?? 0,
  };
};

/** The prospect's activities now belong to the household too (they keep their prospect). */
export const moveActivities = (db: Db, prospectId: string, householdId: string) =>
  db
    .update(prospectActivities)
    .set({ householdId })
    .where(and(eq(prospectActivities.prospectId, prospectId), isNull(prospectActivities.householdId)));

/** The activities of the prospects that became (or went into) a household, newest first. */
export const householdActivities = (db: Db, householdId: string) =>
  db
    .select({
      activity: prospectActivities,
      prospectName: prospects.displayName,
      createdByName: users.fullName,
    })
    .from(prospectActivities)
    .innerJoin(prospects, eq(prospects.id, prospectActivities.prospectId))
    .leftJoin(users, eq(users.id, prospectActivities.createdBy))
    .where(eq(prospectActivities.householdId, householdId))
    .orderBy(
      desc(prospectActivities.activityDate),
      desc(prospectActivities.createdAt),
      asc(prospectActivities.id),
    );

export const userNames = async (db: Db, ids: readonly string[]) => {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.fullName]));
};
