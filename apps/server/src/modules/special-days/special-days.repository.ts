import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { households, members, specialDates } from '../../db/schema/index.ts';

/** `MM-DD` of a date column, compared with the month-days a period holds. */
const monthDay = (column: typeof members.dateOfBirth | typeof specialDates.date) =>
  sql`to_char(${column}, 'MM-DD')`;

const inMonthDays = (
  column: typeof members.dateOfBirth | typeof specialDates.date,
  days: readonly string[],
) => inArray(monthDay(column), [...days]);

/**
 * Living members (of households that are not drafts) born on one of these month-days (`MM-DD`), with their
 * household, and whether they have a Birthday special date (then that date lists them instead).
 */
export const birthdaysOn = (db: Db, days: readonly string[], householdId?: string) =>
  days.length === 0
    ? Promise.resolve([])
    : db
        .select({
          memberId: members.id,
          firstName: members.firstName,
          lastName: members.lastName,
          dateOfBirth: members.dateOfBirth,
          householdId: households.id,
          householdName: households.name,
        })
        .from(members)
        .innerJoin(households, eq(households.id, members.householdId))
        .where(
          and(
            isNotNull(members.dateOfBirth),
            eq(members.deceased, false),
            eq(households.draft, false),
            householdId ? eq(households.id, householdId) : undefined,
            inMonthDays(members.dateOfBirth, days),
            sql`not exists (select 1 from ${specialDates} where ${specialDates.memberId} = ${members.id}
              and ${specialDates.dateType} = 'Birthday')`,
          ),
        );

/** Special dates (of households that are not drafts) on one of these month-days, with member and household. */
export const specialDatesOn = (db: Db, days: readonly string[], householdId?: string) =>
  days.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: specialDates.id,
          dateType: specialDates.dateType,
          date: specialDates.date,
          description: specialDates.description,
          memberId: members.id,
          firstName: members.firstName,
          lastName: members.lastName,
          deceased: members.deceased,
          householdId: households.id,
          householdName: households.name,
        })
        .from(specialDates)
        .innerJoin(members, eq(members.id, specialDates.memberId))
        .innerJoin(households, eq(households.id, specialDates.householdId))
        .where(
          and(
            eq(households.draft, false),
            householdId ? eq(households.id, householdId) : undefined,
            inMonthDays(specialDates.date, days),
          ),
        );

export const householdExists = async (db: Db, id: string) => {
  const [row] = await db.select({ id: households.id }).from(households).where(eq(households.id, id)).limit(1);
  return Boolean(row);
};
