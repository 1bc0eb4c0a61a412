import {
  addDays,
  ageOn,
  anniversaryIn,
  isLeapYear,
  periodRange,
  type SpecialDay,
  type SpecialDateType,
  type specialDaysQuerySchema,
} from '@centric/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { birthdaysOn, countsByMonthDay, householdExists, specialDatesOn } from './special-days.repository.ts';

/**
 * The days of a period in order, each with the month-days (MMDD) a stored date must fall on to have its
 * anniversary that day: Feb 28 of a common year also stands for Feb 29 (anniversaryIn).
 */
export const periodDaysOf = (from: string, to: string) => {
  const days: { day: string; monthDays: number[] }[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const md = Number(day.slice(5, 7)) * 100 + Number(day.slice(8, 10));
    days.push({ day, monthDays: md === 228 && !isLeapYear(Number(day.slice(0, 4))) ? [228, 229] : [md] });
  }
  return days;
};

/** The day in [from, to] a yearly date falls on (never before the date itself), or null. */
export const occurrenceIn = (date: string, from: string, to: string): string | null => {
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    const day = anniversaryIn(year, date);
    if (day >= from && day <= to && day >= date) return day;
  }
  return null;
};

const fullName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`;

/** "Turning n" before the birthday, "Turned n" from the day itself (spec §9 age labels). */
const birthdayLabel = (years: number, occursOn: string, today: string) =>
  occursOn <= today ? `Turned ${years}` : `Turning ${years}`;

export const createSpecialDaysService = (deps: { db: Db; today: FirmToday }) => {
  const { db, today } = deps;

  return {
    async list(query: z.output<typeof specialDaysQuerySchema>) {
      const day = today();
      const { from, to } = periodRange(query.duration, day);
      if (query.clientId && !(await householdExists(db, query.clientId)))
        throw notFound('Household not found.');
      // Paged by day: how many each day lists first (an index-only count), then only the first rows of the
      // days the page spans, dated and cut here. A month of a large firm is 30,000 birthdays; reading them
      // all to show ten took 580 ms. Within a day: by the member's last and first name.
      const days = periodDaysOf(from, to);
      const period = { from, to, monthDays: days.flatMap((d) => d.monthDays) };
      const counts = await countsByMonthDay(db, period, query.clientId);
      const start = (query.page - 1) * query.limit;
      const end = start + query.limit;
      let seen = 0;
      let before = 0;
      const window = { ...period, monthDays: [] as number[], dayOf: [] as number[], limit: 0 };
      days.forEach((d, rank) => {
        const n = d.monthDays.reduce((sum, md) => sum + (counts.get(md) ?? 0), 0);
        if (n > 0 && seen + n > start && seen < end) {
          if (window.monthDays.length === 0) before = seen;
          window.monthDays.push(...d.monthDays);
          window.dayOf.push(...d.monthDays.map(() => rank));
        }
        seen += n;
      });
      window.limit = start - before + query.limit;
      const [births, dates] = await Promise.all([
        birthdaysOn(db, window, query.clientId),
        specialDatesOn(db, window, query.clientId),
      ]);
      const listed: { item: SpecialDay; lastName: string; firstName: string }[] = [];
      for (const b of births) {
        const occursOn = occurrenceIn(b.dateOfBirth, from, to);
        if (!occursOn || occursOn === b.dateOfBirth) continue;
        const years = ageOn(b.dateOfBirth, occursOn);
        listed.push({
          lastName: b.lastName,
          firstName: b.firstName,
          item: {
            key: `birthday:${b.memberId}`,
            dateType: 'Birthday',
            date: b.dateOfBirth,
            occursOn,
            years,
            ageLabel: birthdayLabel(years, occursOn, day),
            description: null,
            household: { id: b.householdId, name: b.householdName },
            member: { id: b.memberId, fullName: fullName(b) },
          },
        });
      }
      for (const d of dates) {
        const birthday = d.dateType === 'Birthday';
        const occursOn = occurrenceIn(d.date, from, to);
        if (!occursOn || (birthday && occursOn === d.date)) continue;
        const years = ageOn(d.date, occursOn);
        listed.push({
          lastName: d.lastName,
          firstName: d.firstName,
          item: {
            key: `special-date:${d.id}`,
            dateType: d.dateType as SpecialDateType,
            date: d.date,
            occursOn,
            years,
            ageLabel: birthday ? birthdayLabel(years, occursOn, day) : null,
            description: d.description,
            household: { id: d.householdId, name: d.householdName },
            member: { id: d.memberId, fullName: fullName(d) },
          },
        });
      }
      // The order of the SQL (code units, not the locale's), so the rows each source cut off never belong
      // on the page.
      const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      listed.sort(
        (a, b) =>
          byCodeUnit(a.item.occursOn, b.item.occursOn) ||
          byCodeUnit(a.lastName, b.lastName) ||
          byCodeUnit(a.firstName, b.firstName) ||
          byCodeUnit(a.item.key, b.item.key),
      );
      return {
        result: {
          duration: query.duration,
          from,
          to,
          items: listed.slice(start - before, start - before + query.limit).map((l) => l.item),
        },
        total: seen,
      };
    },
  };
};
