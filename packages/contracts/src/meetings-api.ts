import { z } from 'zod';
import { MEETING_STATUSES } from './activity.ts';
import { parseIsoDate } from './dates.ts';
import { listQueryShape } from './list-query.ts';

/**
 * Meetings (issue 12 §3, spec §2 meetings with Update Status and Delete, §3 statuses Upcoming, Held,
 * Cancelled, Postponed): a title, start and end, a location or a video link, attendees (users), an optional
 * household. A past meeting still Upcoming is answered with `needsStatusUpdate` (never dropped).
 */

export const MEETING_TITLE_MAX = 200;
export const MEETING_LOCATION_MAX = 200;
export const MEETING_VIDEO_URL_MAX = 500;
export const MEETING_ATTENDEES_MAX = 50;

export const MEETING_MESSAGES = {
  created: 'Meeting created successfully.',
  updated: 'Meeting updated successfully.',
  statusUpdated: 'Meeting status updated successfully.',
  deleted: 'Meeting deleted successfully.',
  notFound: 'Meeting not found.',
  titleRequired: 'Title is required.',
  titleOnlySpaces: 'Title cannot contain only spaces.',
  titleMax: `Title can be up to ${MEETING_TITLE_MAX} characters.`,
  startRequired: 'Start time is required.',
  endRequired: 'End time is required.',
  timeInvalid: 'Enter a valid date and time.',
  endAfterStart: 'End time must be after start time.',
  locationMax: `Location can be up to ${MEETING_LOCATION_MAX} characters.`,
  videoUrlInvalid: 'Enter a valid video link starting with http:// or https://.',
  videoUrlMax: `Video link can be up to ${MEETING_VIDEO_URL_MAX} characters.`,
  attendeesRequired: 'Select at least one attendee.',
  attendeesMax: `A meeting can have at most ${MEETING_ATTENDEES_MAX} attendees.`,
  attendeeNotFound: 'One or more of the selected attendees do not exist or are inactive.',
  statusInvalid: 'Status must be UPCOMING, HELD, CANCELLED or POSTPONED.',
  householdNotFound: 'Household not found.',
  nothingToUpdate: 'Nothing to update.',
  rangeInvalid: 'Please enter a valid date range.',
} as const;

export const meetingStatusSchema = z.enum(MEETING_STATUSES, { error: MEETING_MESSAGES.statusInvalid });

const titleSchema = z
  .string({ error: MEETING_MESSAGES.titleRequired })
  .min(1, { message: MEETING_MESSAGES.titleRequired, abort: true })
  .refine((v) => v.trim().length > 0, { message: MEETING_MESSAGES.titleOnlySpaces, abort: true })
  .transform((v) => v.trim())
  .pipe(z.string().max(MEETING_TITLE_MAX, MEETING_MESSAGES.titleMax));

/** An instant with its offset (ISO 8601: 2026-03-04T15:00:00Z or …-05:00), answered in UTC. */
const instantSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, { message: requiredMessage, abort: true })
    .pipe(z.iso.datetime({ offset: true, message: MEETING_MESSAGES.timeInvalid }))
    .transform((v) => new Date(v).toISOString());

/** Optional text: '', null or missing become null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

const videoUrlSchema = z
  .string()
  .trim()
  .max(MEETING_VIDEO_URL_MAX, MEETING_MESSAGES.videoUrlMax)
  .refine((v) => v === '' || isHttpUrl(v), MEETING_MESSAGES.videoUrlInvalid)
  .nullish()
  .transform((v) => (v ? v : null));

/** http(s) with a host: what a meeting's video link may be (never javascript: or data:). */
export const isHttpUrl = (value: string): boolean => /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(value);

const attendeeIdsSchema = z
  .array(z.string().uuid(MEETING_MESSAGES.attendeeNotFound), { error: MEETING_MESSAGES.attendeesRequired })
  .min(1, MEETING_MESSAGES.attendeesRequired)
  .max(MEETING_ATTENDEES_MAX, MEETING_MESSAGES.attendeesMax)
  .transform((ids) => [...new Set(ids)]);

const clientIdSchema = z.string().uuid(MEETING_MESSAGES.householdNotFound);

const meetingFields = {
  title: titleSchema,
  startsAt: instantSchema(MEETING_MESSAGES.startRequired),
  endsAt: instantSchema(MEETING_MESSAGES.endRequired),
  location: optionalText(MEETING_LOCATION_MAX, MEETING_MESSAGES.locationMax),
  videoUrl: videoUrlSchema,
  attendeeIds: attendeeIdsSchema,
};

const endAfterStart = (v: { startsAt?: string | undefined; endsAt?: string | undefined }) =>
  v.startsAt === undefined || v.endsAt === undefined || v.startsAt < v.endsAt;

/** POST /api/meetings; a household's meeting carries its clientId. */
export const createMeetingBodySchema = z
  .object({ ...meetingFields, clientId: clientIdSchema.nullish() })
  .refine(endAfterStart, { message: MEETING_MESSAGES.endAfterStart, path: ['endsAt'] });
export type CreateMeetingBody = z.input<typeof createMeetingBodySchema>;

/** PATCH /api/meetings/:id: any field; start and end are checked together with the stored ones. */
export const updateMeetingBodySchema = z
  .object({
    title: titleSchema.optional(),
    startsAt: instantSchema(MEETING_MESSAGES.startRequired).optional(),
    endsAt: instantSchema(MEETING_MESSAGES.endRequired).optional(),
    location: meetingFields.location.optional(),
    videoUrl: videoUrlSchema.optional(),
    attendeeIds: attendeeIdsSchema.optional(),
    clientId: clientIdSchema.nullish(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: MEETING_MESSAGES.nothingToUpdate })
  .refine(endAfterStart, { message: MEETING_MESSAGES.endAfterStart, path: ['endsAt'] });
export type UpdateMeetingBody = z.input<typeof updateMeetingBodySchema>;

/** PUT /api/meetings/:id/status: Update Status. */
export const meetingStatusBodySchema = z.object({ status: meetingStatusSchema });

export const meetingIdParamsSchema = z.object({ id: z.string().uuid(MEETING_MESSAGES.notFound) });

const firmDay = z
  .string()
  .refine((v) => parseIsoDate(v) !== null, MEETING_MESSAGES.rangeInvalid)
  .optional();

const meetingFilters = {
  /** Meetings ending on or after this day of the firm's calendar (yyyy-MM-dd). */
  from: firmDay,
  /** Meetings starting on or before this day of the firm's calendar. */
  to: firmDay,
  status: meetingStatusSchema.optional(),
  /** Meetings this user attends (the dashboard's "Mine"). */
  attendeeId: z.string().uuid(MEETING_MESSAGES.attendeeNotFound).optional(),
  ...listQueryShape({
    sortKeys: ['startsAt', 'createdAt'] as const,
    defaultSort: { sortBy: 'startsAt', order: 'ASC' },
  }),
};
const rangeInOrder = (v: { from?: string | undefined; to?: string | undefined }) =>
  !v.from || !v.to || v.from <= v.to;

export const clientMeetingListQuerySchema = z
  .object(meetingFilters)
  .refine(rangeInOrder, { message: MEETING_MESSAGES.rangeInvalid, path: ['to'] });
export const meetingListQuerySchema = z
  .object({ ...meetingFilters, clientId: clientIdSchema.optional() })
  .refine(rangeInOrder, { message: MEETING_MESSAGES.rangeInvalid, path: ['to'] });
export type MeetingListQuery = z.input<typeof meetingListQuerySchema>;

export const meetingSchema = z.object({
  id: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  location: z.string().nullable(),
  videoUrl: z.string().nullable(),
  status: meetingStatusSchema,
  /** Past (ended) and still Upcoming: the screen asks for a status update. */
  needsStatusUpdate: z.boolean(),
  /** Users attending, by name (the web summarises: first name plus N other(s), spec §9). */
  attendees: z.array(z.object({ id: z.string(), fullName: z.string(), email: z.string() })),
  household: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdBy: z.object({ id: z.string(), fullName: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Meeting = z.infer<typeof meetingSchema>;
