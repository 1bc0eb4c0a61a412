import { z } from 'zod';
import { DASHBOARD_DURATIONS } from './activity.ts';
import { SPECIAL_DATE_TYPES } from './clients.ts';
import { pagingShape } from './list-query.ts';

/**
 * Special days (issue 12 §4): birthdays from members' dates of birth (a member with a Birthday special date
 * is listed once, by it), anniversaries and the other special dates of the households the user may read,
 * falling within a period of the firm's calendar, sorted by the day they fall on.
 */

export const specialDaysQuerySchema = z.object({
  duration: z.enum(DASHBOARD_DURATIONS).default('THIS_MONTH'),
  clientId: z.string().uuid('Household not found.').optional(),
  ...pagingShape(),
});
export type SpecialDaysQuery = z.input<typeof specialDaysQuerySchema>;

export const specialDaySchema = z.object({
  /** `birthday:<memberId>` or `special-date:<id>`: unique in a list. */
  key: z.string(),
  dateType: z.enum(SPECIAL_DATE_TYPES),
  /** The date itself (the date of birth, the wedding day), yyyy-MM-dd. */
  date: z.string(),
  /** The day it falls on this time (Feb 29 falls on Feb 28 in common years). */
  occursOn: z.string(),
  /** The age it turns (birthdays) or the years it marks (anniversaries), on `occursOn`. */
  years: z.number().int(),
  /** Birthdays: "Turning n" before the day, "Turned n" from it (spec §9); null for other dates. */
  ageLabel: z.string().nullable(),
  description: z.string().nullable(),
  household: z.object({ id: z.string(), name: z.string() }),
  member: z.object({ id: z.string(), fullName: z.string() }),
});
export type SpecialDay = z.infer<typeof specialDaySchema>;

export const specialDaysResultSchema = z.object({
  duration: z.enum(DASHBOARD_DURATIONS),
  from: z.string(),
  to: z.string(),
  items: z.array(specialDaySchema),
});
export type SpecialDaysResult = z.infer<typeof specialDaysResultSchema>;
