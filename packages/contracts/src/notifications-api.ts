import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from './activity.ts';
import { pagingShape } from './list-query.ts';

/**
 * The notification inbox (issue 12 §2): the bell's list (All / Unread), its unread count, marking read, and
 * per kind whether an email also goes out. Every signed-in user has an inbox and sees only their own.
 */

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found.',
  read: 'Notification marked as read.',
  allRead: 'All notifications marked as read.',
  preferencesSaved: 'Notification preferences saved successfully.',
} as const;

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  MENTIONED: 'You are mentioned in a note',
  MENTION_EDITED: 'A note you are mentioned in is edited',
  MENTION_DELETED: 'A note you are mentioned in is deleted',
  TASK_ASSIGNED: 'A task is assigned to you',
  TASK_DUE: 'A task of yours is due or overdue',
  WORKFLOW_ASSIGNED: 'A workflow step is assigned to you',
  WORKFLOW_OVERDUE: 'A workflow step of yours is overdue',
};

export const NOTIFICATION_FILTERS = ['all', 'unread'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export const notificationListQuerySchema = z.object({
  filter: z
    .enum(NOTIFICATION_FILTERS, { error: `filter must be one of ${NOTIFICATION_FILTERS.join(', ')}.` })
    .default('all'),
  ...pagingShape(),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

export const notificationIdParamsSchema = z.object({ id: z.string().uuid(NOTIFICATION_MESSAGES.notFound) });

export const notificationSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string().nullable(),
  /** The app path it opens. */
  link: z.string(),
  actor: z.object({ id: z.string().uuid(), fullName: z.string() }).nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const notificationCountSchema = z.object({ count: z.number().int() });

/** Per kind: whether an email goes out too (default no). */
export const notificationPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** The kinds to change, each true or false; kinds left out keep their choice. */
export const notificationPreferencesBodySchema = z
  .object(
    Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [
        kind,
        z.boolean({ error: `${kind} must be true or false.` }).optional(),
      ]),
    ) as Record<NotificationKind, z.ZodOptional<z.ZodBoolean>>,
  )
  .strict();
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBodySchema>;
