import { NOTIFICATION_KINDS, type NotificationKind, type NotificationListQuery } from '@centric/contracts';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { notificationPreferences, notifications, users } from '../../db/schema/index.ts';

const actors = alias(users, 'actor');

/** The user's notifications (all or unread), newest first, one page, with their count. */
export const listNotifications = async (db: Db, userId: string, query: NotificationListQuery) => {
  const where = and(
    eq(notifications.userId, userId),
    query.filter === 'unread' ? isNull(notifications.readAt) : undefined,
  );
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      actorId: actors.id,
      actorName: actors.fullName,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  return { rows, total: Number(total?.n ?? 0) };
};

/** Marks one of the user's notifications read (kept as it was when it already is); false when not theirs. */
export const markRead = async (tx: Db, id: string, userId: string, at: Date) => {
  const [row] = await tx
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .for('update');
  if (!row) return null;
  if (!row.readAt) await tx.update(notifications).set({ readAt: at }).where(eq(notifications.id, id));
  return { wasRead: row.readAt !== null };
};

export const markAllRead = async (tx: Db, userId: string, at: Date) => {
  const rows = await tx
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
};

/** Every kind with the user's email choice (no row: no email). */
export const preferencesOf = async (db: Db, userId: string) => {
  const rows = await db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((r) => [r.kind, r.email]));
  return NOTIFICATION_KINDS.map((kind) => ({ kind, email: chosen.get(kind) ?? false }));
};

export const savePreferences = async (
  tx: Db,
  userId: string,
  choices: readonly { kind: NotificationKind; email: boolean }[],
) => {
  for (const choice of choices) {
    await tx
      .insert(notificationPreferences)
      .values({ userId, kind: choice.kind, email: choice.email })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { email: choice.email },
      });
  }
};
