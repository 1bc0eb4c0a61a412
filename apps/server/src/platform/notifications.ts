import { NOTIFICATION_KINDS, type NotificationKind } from '@centric/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notificationPreferences, notifications, users } from '../db/schema/index.ts';
import type { Clock } from './clock.ts';
import { composeMail, type Mailer } from './mail.ts';

/** One notification to write: to whom, why (the cause, once per user), what it says and where it opens. */
export type NotificationDraft = {
  userId: string;
  kind: NotificationKind;
  /** One notification per cause and user: `mentioned:<noteId>`, `task-assigned:<taskId>:<userId>` … */
  causeKey: string;
  title: string;
  body?: string | null;
  /** The app path it opens: /client-detail/<id>?leftPanel=notes&noteId=<id>. */
  link: string;
  actorId?: string | null;
};

/** How long an unsent email of a notification is still worth sending (after a crash or SMTP outage). */
const EMAIL_WITHIN_MS = 24 * 60 * 60 * 1000;

/**
 * In-app notifications (the bell) and, where the user chose it, their emails. `notify` runs in the
 * transaction of its cause and writes each (user, cause) once: an edit that notifies again changes nothing.
 * The actor is never notified of their own act. Emails go out after the commit (`deliverEmails`), each once.
 */
export const createNotifications = (deps: { mailer: Mailer; clock: Clock; publicUrl: string }) => {
  const notify = async (tx: Db, drafts: readonly NotificationDraft[]) => {
    const rows = drafts.filter((d) => d.userId !== d.actorId);
    if (rows.length === 0) return [];
    return tx
      .insert(notifications)
      .values(
        rows.map((d) => ({
          userId: d.userId,
          kind: d.kind,
          causeKey: d.causeKey.slice(0, 200),
          title: d.title.slice(0, 300),
          body: d.body ? d.body.slice(0, 500) : null,
          link: d.link,
          actorId: d.actorId ?? null,
          createdAt: deps.clock.now(),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: notifications.id });
  };

  /**
   * Sends the emails that are due: notifications of the last day not yet emailed whose user chose email for
   * their kind. Each row is locked while it is sent and marked in the same transaction as the outbox row,
   * so two instances (or a retry) never send one twice.
   */
  const deliverEmails = async (db: Db) => {
    const since = new Date(deps.clock.now().getTime() - EMAIL_WITHIN_MS);
    let sent = 0;
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            id: notifications.id,
            title: notifications.title,
            body: notifications.body,
            link: notifications.link,
            email: users.email,
            fullName: users.fullName,
          })
          .from(notifications)
          .innerJoin(users, eq(users.id, notifications.userId))
          .innerJoin(
            notificationPreferences,
            and(
              eq(notificationPreferences.userId, notifications.userId),
              eq(notificationPreferences.kind, notifications.kind),
              eq(notificationPreferences.email, true),
            ),
          )
          .where(
            and(
              isNull(notifications.emailedAt),
              gt(notifications.createdAt, since),
              eq(users.status, 'ACTIVE'),
            ),
          )
          .orderBy(notifications.createdAt)
          .limit(1)
          .for('update', { of: notifications, skipLocked: true });
        if (!row) return false;
        await deps.mailer.send(
          tx,
          composeMail(
            { to: row.email, fullName: row.fullName, link: `${deps.publicUrl}${row.link}` },
            {
              subject: row.title,
              title: row.title,
              lines: row.body ? [row.body] : [],
              action: 'Open in Centric',
            },
          ),
        );
        await tx
          .update(notifications)
          .set({ emailedAt: deps.clock.now() })
          .where(eq(notifications.id, row.id));
        return true;
      });
      if (!done) return sent;
      sent += 1;
    }
  };

  /** The signed-in user's unread count (the bell). */
  const unreadCount = async (db: Db, userId: string) => {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.count ?? 0;
  };

  return { notify, deliverEmails, unreadCount, kinds: NOTIFICATION_KINDS };
};

export type Notifications = ReturnType<typeof createNotifications>;
