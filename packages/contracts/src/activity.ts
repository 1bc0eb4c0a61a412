import { z } from 'zod';

/**
 * The activity substrate (issue 12): notes, tasks, meetings, alerts and notifications, and the one generic
 * link by which each of them hangs on a record. A later area (prospects, workflow requests, accounts,
 * suitability reviews) adds its kind to RECORD_KINDS, not a table of its own.
 */
export const RECORD_KINDS = ['household', 'prospect', 'workflowRequest'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
export const recordKindSchema = z.enum(RECORD_KINDS);

/** What hangs on a record through `record_links`. */
export const LINKED_SUBJECTS = ['note', 'task', 'meeting', 'alert'] as const;
export type LinkedSubject = (typeof LINKED_SUBJECTS)[number];

/** Spec §3 Enumerations: note categories, as stored, with the spec's labels. */
export const NOTE_CATEGORIES = ['FOLLOW_UP', 'GENERAL', 'PERSONAL', 'PHONE', 'EMAIL', 'MISC'] as const;
export type NoteCategory = (typeof NOTE_CATEGORIES)[number];
export const noteCategorySchema = z.enum(NOTE_CATEGORIES);
export const NOTE_CATEGORY_LABELS: Record<NoteCategory, string> = {
  FOLLOW_UP: 'Follow Up',
  GENERAL: 'General',
  PERSONAL: 'Personal',
  PHONE: 'Phone',
  EMAIL: 'Email',
  MISC: 'Misc',
};

/** Spec §3 Note type; `dashboard` notes stand alone on the dashboard, without a record. */
export const NOTE_TYPES = [
  'NONE',
  'WORKFLOW',
  'SUITABILITY',
  'MANAGED_ACCOUNTS',
  'PROSPECTS',
  'DASHBOARD',
] as const;
export type NoteType = (typeof NOTE_TYPES)[number];
export const noteTypeSchema = z.enum(NOTE_TYPES);
export const NOTE_SUB_TYPES = ['REVIEW_DONE', 'SNOOZE'] as const;
export type NoteSubType = (typeof NOTE_SUB_TYPES)[number];

/** Spec §9: the editor's limits, in plain-text characters. */
export const NOTE_MAX_LENGTH = 1500;
export const NOTE_RESTRICTED_MAX_LENGTH = 200;
/** Spec §9: notes are listed 10 a page; mention suggestions show at most 10. */
export const NOTES_PAGE_SIZE = 10;
export const MENTION_SUGGESTIONS_MAX = 10;

/** Spec §5 Files: attachments are jpg, jpeg, png or pdf up to 15 MB, checked by content. */
export const ATTACHMENT_MAX_BYTES = 15 * 1024 * 1024;
export const ATTACHMENT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'] as const;

/** Spec §9: priorities LOW 10, MEDIUM 20, HIGH 30. */
export const TASK_PRIORITIES = { LOW: 10, MEDIUM: 20, HIGH: 30 } as const;
export type TaskPriority = keyof typeof TASK_PRIORITIES;
export const TASK_STATUSES = ['OPEN', 'DONE'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** A recurring task repeats every N of these from its anchor date (the one date rule, dates.ts). */
export const RECURRENCE_UNITS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type RecurrenceUnit = (typeof RECURRENCE_UNITS)[number];

/** Spec §3 Enumerations: meeting statuses. */
export const MEETING_STATUSES = ['UPCOMING', 'HELD', 'CANCELLED', 'POSTPONED'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
export const MEETING_STATUS_LABELS: Record<MeetingStatus, string> = {
  UPCOMING: 'Upcoming',
  HELD: 'Held',
  CANCELLED: 'Cancelled',
  POSTPONED: 'Postponed',
};

/**
 * Alert categories: the spec's five (raised by managed accounts and client services later) and the general
 * ones this issue raises. Each has a colour on the screen.
 */
export const ALERT_CATEGORIES = [
  'managedAccounts',
  'riskManagedAsset',
  'privateFund',
  'outsideAssets',
  'liabilities',
  'missingInformation',
  'taskOverdue',
  'meetingStatus',
  'billNotCollected',
  'receivablePastDue',
  'prospectInactive',
  'workflowOverdue',
] as const;
export type AlertCategory = (typeof ALERT_CATEGORIES)[number];
export const ALERT_STATES = ['ACTIVE', 'DISMISSED', 'SNOOZED'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** What a notification tells its user; each kind may also go out by email (the user's choice). */
export const NOTIFICATION_KINDS = [
  'MENTIONED',
  'MENTION_EDITED',
  'MENTION_DELETED',
  'TASK_ASSIGNED',
  'TASK_DUE',
  'WORKFLOW_ASSIGNED',
  'WORKFLOW_OVERDUE',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Spec §2 /dashboard durations. */
export const DASHBOARD_DURATIONS = ['THIS_WEEK', 'THIS_MONTH', 'THIS_QUARTER', 'THIS_YEAR'] as const;
export type DashboardDuration = (typeof DASHBOARD_DURATIONS)[number];
