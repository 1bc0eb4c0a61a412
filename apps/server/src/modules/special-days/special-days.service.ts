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
import { birthdaysOn, householdExists, specialDatesOn } from './special-days.repository.ts';

/**
 * The month-days (`MM-DD`) of the days from `from` to `to`: what a stored date must fall on to have an
 * anniversary in the period. Feb 28 of a common year also stands for Feb 29 (anniversaryIn).
 */
export const monthDaysOf = (from: string, to: string): string[] => {
  const days = new Set<string>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const md = day.slice(5);
    days.add(md);
    if (md === '02-28' && !isLeapYear(Number(day.slice(0, 4)))) days.add('02-29');
  }
  return [...days];
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
      const monthDays = monthDaysOf(from, to);
      const [births, dates] = await Promise.all([
        birthdaysOn(db, monthDays, query.clientId),
        specialDatesOn(db, monthDays, query.clientId),
      ]);
      const items: SpecialDay[] = [];
      for (const b of births) {
        if (!b.dateOfBirth) continue;
        const occursOn = occurrenceIn(b.dateOfBirth, from, to);
        if (!occursOn || occursOn === b.dateOfBirth) continue;
        const years = ageOn(b.dateOfBirth, occursOn);
        items.push({
          key: `birthday:${b.memberId}`,
          dateType: 'Birthday',
          date: b.dateOfBirth,
          occursOn,
          years,
          ageLabel: birthdayLabel(years, occursOn, day),
          description: null,
          household: { id: b.householdId, name: b.householdName },
          member: { id: b.memberId, fullName: fullName(b) },
        });
      }
      for (const d of dates) {
        const birthday = d.dateType === 'Birthday';
        if (birthday && d.deceased) continue;
        const occursOn = occurrenceIn(d.date, from, to);
        if (!occursOn || (birthday && occursOn === d.date)) continue;
        const years = ageOn(d.date, occursOn);
        items.push({
          key: `special-date:${d.id}`,
          dateType: d.dateType as SpecialDateType,
          date: d.date,
          occursOn,
          years,
          ageLabel: birthday ? birthdayLabel(years, occursOn, day) : null,
          description: d.description,
          household: { id: d.householdId, name: d.householdName },
          member: { id: d.memberId, fullName: fullName(d) },
        });
      }
      items.sort(
        (a, b) =>
          a.occursOn.localeCompare(b.occursOn) ||
          a.household.name.localeCompare(b.household.name) ||
          a.member.fullName.localeCompare(b.member.fullName) ||
          a.key.localeCompare(b.key),
      );
      const start = (query.page - 1) * query.limit;
      return {
        result: { duration: query.duration, from, to, items: items.slice(start, start + query.limit) },
        total: items.length,
      };
    },
  };
};
