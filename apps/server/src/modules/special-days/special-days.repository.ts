import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { households, members, specialDates } from '../../db/schema/index.ts';

/**
 * The month and day of a date column as one number, MMDD (Dec 4 → 1204): an immutable expression, so
 * members_birth_md_idx holds it, where `to_char` could not be indexed.
 */
export const monthDayOf = (column: typeof members.dateOfBirth | typeof specialDates.date) =>
  sql<number>`((extract(month from ${column}) * 100 + extract(day from ${column}))::int)`;

const intArray = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::int[]`;

const inMonthDays = (
  column: typeof members.dateOfBirth | typeof specialDates.date,
  days: readonly number[],
) => sql`${monthDayOf(column)} = any(${intArray(days)})`;

/** The household is a draft (its special days are not listed). */
const inDraft = (householdId: SQLWrapper) =>
  sql`exists (select 1 from ${households} where ${households.id} = ${householdId} and ${households.draft})`;

/** The member has a Birthday special date (that date lists them instead of their date of birth). */
const hasBirthdayDate = sql`exists (select 1 from ${specialDates} where ${specialDates.memberId} = ${members.id}
  and ${specialDates.dateType} = 'Birthday')`;

/** A period: its first and last day, and the month-days (MMDD) its days stand for. */
export type SpecialDaysPeriod = { from: string; to: string; monthDays: readonly number[] };

/**
 * The rule of the list (special-days.service.ts occurrenceIn), as SQL over members: a living member of a
 * household that is not a draft, without a Birthday special date, born on one of the period's month-days
 * before the period (born in it, the day itself is no birthday).
 */
const birthdayListed = (period: SpecialDaysPeriod, householdId?: string) =>
  sql`${members.dateOfBirth} is not null and not ${members.deceased}
    and ${inMonthDays(members.dateOfBirth, period.monthDays)} and ${members.dateOfBirth} < ${period.from}::date
    and not ${inDraft(members.householdId)} and not ${hasBirthdayDate}
    ${householdId ? sql`and ${members.householdId} = ${householdId}` : sql``}`;

/**
 * The same for special dates (joined to their member): a Birthday like a date of birth (before the period,
 * a living member); any other date not after the period (its first day counts).
 */
const specialDateListed = (period: SpecialDaysPeriod, householdId?: string) =>
  sql`${inMonthDays(specialDates.date, period.monthDays)} and not ${inDraft(specialDates.householdId)}
    and (case when ${specialDates.dateType} = 'Birthday'
      then ${specialDates.date} < ${period.from}::date and not ${members.deceased}
      else ${specialDates.date} <= ${period.to}::date end)
    ${householdId ? sql`and ${specialDates.householdId} = ${householdId}` : sql``}`;

/**
 * How many special days each month-day of the period lists, without reading the rows (for birthdays an
 * index-only count of members_birth_md_idx).
 */
export const countsByMonthDay = async (db: Db, period: SpecialDaysPeriod, householdId?: string) => {
  const counts = new Map<number, number>();
  if (period.monthDays.length === 0) return counts;
  const [births, dates] = await Promise.all([
    db.execute(sql`select ${monthDayOf(members.dateOfBirth)} as md, count(*)::int as n from ${members}
      where ${birthdayListed(period, householdId)} group by 1`),
    db.execute(sql`select ${monthDayOf(specialDates.date)} as md, count(*)::int as n from ${specialDates}
      join ${members} on ${members.id} = ${specialDates.memberId}
      where ${specialDateListed(period, householdId)} group by 1`),
  ]);
  for (const row of [
    ...rowsOf<{ md: number; n: number }>(births),
    ...rowsOf<{ md: number; n: number }>(dates),
  ])
    counts.set(Number(row.md), (counts.get(Number(row.md)) ?? 0) + Number(row.n));
  return counts;
};

/**
 * Some days of the period (`monthDays`, with `dayOf` the rank of the day each stands for) and how many rows
 * of them the page needs at most (`limit`): each source answers its first rows in the list's order (day,
 * member's last and first name, id; names compared by code unit, as the service sorts them).
 */
export type SpecialDaysWindow = SpecialDaysPeriod & { dayOf: readonly number[]; limit: number };

const dayRank = (window: SpecialDaysWindow, column: typeof members.dateOfBirth | typeof specialDates.date) =>
  sql`(${intArray(window.dayOf)})[array_position(${intArray(window.monthDays)}, ${monthDayOf(column)})]`;

export type BirthdayRow = {
  memberId: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  householdId: string;
  householdName: string;
};

/** The window's first birthdays (from dates of birth), with their household. */
export const birthdaysOn = async (db: Db, window: SpecialDaysWindow, householdId?: string) =>
  window.monthDays.length === 0
    ? []
    : rowsOf<BirthdayRow>(
        await db.execute(sql`select b.member_id as "memberId", b.first_name as "firstName",
            b.last_name as "lastName", b.date_of_birth::text as "dateOfBirth", h.id as "householdId",
            h.name as "householdName"
          from (
            select ${members.id} as member_id, ${members.firstName} as first_name,
              ${members.lastName} as last_name, ${members.dateOfBirth} as date_of_birth,
              ${members.householdId} as household_id, ${dayRank(window, members.dateOfBirth)} as day_rank
            from ${members}
            where ${birthdayListed(window, householdId)}
            order by day_rank, last_name collate "C", first_name collate "C", member_id
            limit ${window.limit}
          ) b
          join ${households} h on h.id = b.household_id
          order by b.day_rank, b.last_name collate "C", b.first_name collate "C", b.member_id`),
      );

export type SpecialDateRow = {
  id: string;
  dateType: string;
  date: string;
  description: string | null;
  memberId: string;
  firstName: string;
  lastName: string;
  householdId: string;
  householdName: string;
};

/** The window's first special dates, with their member and household. */
export const specialDatesOn = async (db: Db, window: SpecialDaysWindow, householdId?: string) =>
  window.monthDays.length === 0
    ? []
    : rowsOf<SpecialDateRow>(
        await db.execute(sql`select d.id, d.date_type as "dateType", d.date::text as date, d.description,
            d.member_id as "memberId", d.first_name as "firstName", d.last_name as "lastName",
            h.id as "householdId", h.name as "householdName"
          from (
            select ${specialDates.id} as id, ${specialDates.dateType} as date_type,
              ${specialDates.date} as date, ${specialDates.description} as description,
              ${members.id} as member_id, ${members.firstName} as first_name, ${members.lastName} as last_name,
              ${specialDates.householdId} as household_id, ${dayRank(window, specialDates.date)} as day_rank
            from ${specialDates} join ${members} on ${members.id} = ${specialDates.memberId}
            where ${specialDateListed(window, householdId)}
            order by day_rank, last_name collate "C", first_name collate "C", id
            limit ${window.limit}
          ) d
          join ${households} h on h.id = d.household_id
          order by d.day_rank, d.last_name collate "C", d.first_name collate "C", d.id`),
      );

export const householdExists = async (db: Db, id: string) => {
  const [row] = await db.select({ id: households.id }).from(households).where(eq(households.id, id)).limit(1);
  return Boolean(row);
};
