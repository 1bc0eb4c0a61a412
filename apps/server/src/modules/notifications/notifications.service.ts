import {
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  type NotificationItem,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationPreferencesBody,
} from '@centric/contracts';
import type { Db } from '../../db/client.ts';
import { auditWriter, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import type { Notifications } from '../../platform/notifications.ts';
import {
  listNotifications,
  markAllRead,
  markRead,
  preferencesOf,
  savePreferences,
} from './notifications.repository.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * The signed-in user's inbox: their own notifications only (another's id is 404), the unread count of the
 * bell, marking read, and per kind whether an email goes out too. Every change is audited.
 */
export const createNotificationsService = (deps: {
  db: Db;
  clock: Clock;
  notifications: Pick<Notifications, 'unreadCount'>;
}) => {
  const { db, clock, notifications } = deps;
  const writeAudit = auditWriter(clock);
  return {
    async list(userId: string, query: NotificationListQuery) {
      const { rows, total } = await listNotifications(db, userId, query);
      const items: NotificationItem[] = rows.map((r) => ({
        id: r.id,
        kind: r.kind as NotificationKind,
        title: r.title,
        body: r.body,
        link: r.link,
        actor: r.actorId && r.actorName ? { id: r.actorId, fullName: r.actorName } : null,
        createdAt: r.createdAt.toISOString(),
        readAt: r.readAt?.toISOString() ?? null,
      }));
      return { items, total };
    },
    unreadCount: (userId: string) => notifications.unreadCount(db, userId),
    read: (id: string, userId: string, context: AuditContext) =>
      db.transaction(async (tx) => {
        const result = await markRead(tx, id, userId, clock.now());
        if (!result) throw notFound(NOTIFICATION_MESSAGES.notFound);
        if (!result.wasRead) {
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'notification',
            entityId: id,
            before: { read: false },
            after: { read: true },
          });
        }
      }),
    readAll: (userId: string, context: AuditContext) =>
      db.transaction(async (tx) => {
        const marked = await markAllRead(tx, userId, clock.now());
        if (marked > 0) {
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'notification',
            entityId: null,
            before: { unread: marked },
            after: { unread: 0 },
          });
        }
        return marked;
      }),
    preferences: (userId: string) => preferencesOf(db, userId),
    savePreferences: (userId: string, body: NotificationPreferencesBody, context: AuditContext) =>
      db.transaction(async (tx) => {
        const before = await preferencesOf(tx, userId);
        const choices = NOTIFICATION_KINDS.flatMap((kind) => {
          const email = body[kind];
          return email === undefined ? [] : [{ kind, email }];
        });
        await savePreferences(tx, userId, choices);
        const after = await preferencesOf(tx, userId);
        const asRecord = (list: typeof before) => Object.fromEntries(list.map((p) => [p.kind, p.email]));
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'notificationPreferences',
          entityId: userId,
          before: asRecord(before),
          after: asRecord(after),
        });
        return after;
      }),
  };
};
