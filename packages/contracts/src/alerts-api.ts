import { z } from 'zod';
import { ALERT_CATEGORIES, ALERT_STATES, type AlertCategory } from './activity.ts';
import { parseIsoDate } from './dates.ts';
import { pagingShape } from './list-query.ts';

/**
 * Alerts (issue 12 §4, spec §1, §2 /alerts with view=active&tab=ALL and its count badge, §3 alert categories
 * with colours, §7 alerts calls): the signed-in user's alerts by state and category, and the state changes
 * dismiss, snooze (until a date after today) and activate (undo).
 */

export const ALERT_MESSAGES = {
  notFound: 'Alert not found.',
  dismissed: 'Alert dismissed successfully.',
  snoozed: 'Alert snoozed successfully.',
  activated: 'Alert activated successfully.',
  snoozeDateRequired: 'Snooze date is required.',
  snoozeDateInvalid: 'Enter a valid Date',
  snoozeDateAfterToday: 'Snooze date must be after today.',
} as const;

/** The tab labels of the categories (spec §3 names the first five; the others are the later issues'). */
export const ALERT_CATEGORY_LABELS: Record<AlertCategory, string> = {
  managedAccounts: 'Managed Accounts',
  riskManagedAsset: 'Risk Managed Asset',
  privateFund: 'Private Fund',
  outsideAssets: 'Outside Assets',
  liabilities: 'Liabilities',
  missingInformation: 'Missing Information',
  taskOverdue: 'Task Overdue',
  meetingStatus: 'Meeting Status',
  billNotCollected: 'Bill Not Collected',
  receivablePastDue: 'Receivable Past Due',
  prospectInactive: 'Prospect Inactive',
  workflowOverdue: 'Workflow Overdue',
};

/** Spec §3: each category has a colour (its values are not shown there): Mantine palette names. */
export const ALERT_CATEGORY_COLORS: Record<AlertCategory, string> = {
  managedAccounts: 'blue',
  riskManagedAsset: 'grape',
  privateFund: 'teal',
  outsideAssets: 'cyan',
  liabilities: 'red',
  missingInformation: 'orange',
  taskOverdue: 'pink',
  meetingStatus: 'indigo',
  billNotCollected: 'yellow',
  receivablePastDue: 'lime',
  prospectInactive: 'violet',
  workflowOverdue: 'orange',
};

/** Spec §2 /alerts `view`: active (default), dismissed, snoozed. */
export const ALERT_VIEWS = ['active', 'dismissed', 'snoozed'] as const;
export type AlertView = (typeof ALERT_VIEWS)[number];
/** Spec §2 /alerts `tab`: ALL (default) or one category. */
export const ALERT_TABS = ['ALL', ...ALERT_CATEGORIES] as const;
export type AlertTab = (typeof ALERT_TABS)[number];

export const alertListQuerySchema = z.object({
  view: z.enum(ALERT_VIEWS, { error: `view must be one of ${ALERT_VIEWS.join(', ')}.` }).default('active'),
  tab: z.enum(ALERT_TABS, { error: `tab must be one of ${ALERT_TABS.join(', ')}.` }).default('ALL'),
  ...pagingShape(),
});
export type AlertListQuery = z.output<typeof alertListQuerySchema>;

export const alertIdParamsSchema = z.object({ id: z.string().uuid(ALERT_MESSAGES.notFound) });

export const alertSchema = z.object({
  id: z.string().uuid(),
  category: z.enum(ALERT_CATEGORIES),
  message: z.string(),
  /** What the raising area adds (missing information: `{ items: [{ field, label, memberId, memberName }] }`). */
  details: z.unknown().nullable(),
  /** The household the alert is about, when it is about one. */
  household: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  raisedAt: z.string(),
  /** This user's state; a snooze whose date has come reads ACTIVE again. */
  state: z.enum(ALERT_STATES),
  /** yyyy-MM-dd while snoozed, else null. */
  snoozedUntil: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

/** The count of the view's alerts per tab (ALL and each category), for the tabs' badges. */
export const alertTabCountsSchema = z.object(
  Object.fromEntries(ALERT_TABS.map((tab) => [tab, z.number().int()])) as Record<AlertTab, z.ZodNumber>,
);
export type AlertTabCounts = z.infer<typeof alertTabCountsSchema>;

export const alertListResultSchema = z.object({ alerts: z.array(alertSchema), counts: alertTabCountsSchema });
export type AlertListResult = z.infer<typeof alertListResultSchema>;

/** The sidebar badge: the user's active alerts. */
export const alertCountSchema = z.object({ count: z.number().int() });

/** Snooze until a date after today (the firm's today; checked by the server). */
export const snoozeAlertBodySchema = z.object({
  until: z
    .string({ error: ALERT_MESSAGES.snoozeDateRequired })
    .min(1, { message: ALERT_MESSAGES.snoozeDateRequired, abort: true })
    .refine((value) => parseIsoDate(value) !== null, ALERT_MESSAGES.snoozeDateInvalid),
});
export type SnoozeAlertBody = z.infer<typeof snoozeAlertBodySchema>;
