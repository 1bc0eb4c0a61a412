import {
  ALERT_CATEGORIES,
  type AlertCategory,
  type AlertListQuery,
  type AlertState,
} from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { alertViewCondition } from '../../platform/alerts.ts';

export type AlertRow = {
  id: string;
  category: AlertCategory;
  message: string;
  details: unknown;
  household_id: string | null;
  household_name: string | null;
  raised_at: Date | string;
  state: AlertState;
  snoozed_until: string | null;
};

/** The user's alerts of a view and tab, newest first, one page; with the view's count per category. */
export const listAlerts = async (db: Db, userId: string, query: AlertListQuery, today: string) => {
  const view = alertViewCondition(query.view, today);
  const tab = query.tab === 'ALL' ? sql`` : sql`and a.category = ${query.tab}`;
  const rows = rowsOf<AlertRow>(
    await db.execute(sql`select a.id, a.category, a.message, a.details, h.id as household_id,
        h.name as household_name, a.raised_at,
        case when r.state = 'SNOOZED' and r.snoozed_until <= ${today}::date then 'ACTIVE' else r.state end as state,
        case when r.state = 'SNOOZED' and r.snoozed_until > ${today}::date then r.snoozed_until::text end
          as snoozed_until
      from alert_recipients r
      join alerts a on a.id = r.alert_id
      left join lateral (
        select hh.id, hh.name from record_links l join households hh on hh.id = l.record_id
        where l.subject_kind = 'alert' and l.subject_id = a.id and l.record_kind = 'household'
        order by hh.id limit 1
      ) h on true
      where r.user_id = ${userId} and ${view} ${tab}
      order by a.raised_at desc, a.id desc
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`),
  );
  const counts = rowsOf<{ category: AlertCategory; n: number }>(
    await db.execute(sql`select a.category, count(*)::int as n from alert_recipients r
      join alerts a on a.id = r.alert_id
      where r.user_id = ${userId} and ${view}
      group by a.category`),
  );
  const byCategory = Object.fromEntries(ALERT_CATEGORIES.map((c) => [c, 0])) as Record<AlertCategory, number>;
  for (const row of counts) if (row.category in byCategory) byCategory[row.category] = Number(row.n);
  const all = Object.values(byCategory).reduce((sum, n) => sum + n, 0);
  return { rows, counts: { ALL: all, ...byCategory } };
};

/** This user's state of an open alert, locked for the change; null when it is not theirs or resolved. */
export const lockRecipient = async (tx: Db, alertId: string, userId: string) => {
  const [row] = rowsOf<{ state: AlertState; snoozed_until: string | null }>(
    await tx.execute(sql`select r.state, r.snoozed_until::text as snoozed_until from alert_recipients r
      join alerts a on a.id = r.alert_id
      where r.alert_id = ${alertId} and r.user_id = ${userId} and a.resolved_at is null
      for update of r`),
  );
  return row ?? null;
};

export const setRecipientState = async (
  tx: Db,
  alertId: string,
  userId: string,
  state: AlertState,
  snoozedUntil: string | null,
  at: Date,
) => {
  await tx.execute(sql`update alert_recipients set state = ${state}, snoozed_until = ${snoozedUntil}::date,
      updated_at = ${at.toISOString()}::timestamptz
    where alert_id = ${alertId} and user_id = ${userId}`);
};
