import { ROLE_IDS, type AlertCategory, type AlertView } from '@centric/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { alertRecipients, recordLinks } from '../db/schema/index.ts';
import type { Clock } from './clock.ts';
import type { FirmToday } from './firm-calendar.ts';
import { missingInformationSql } from './missing-information.ts';
import type { RecordRef } from './record-links.ts';

/** One alert to raise: what kind, why (its cause, once), what it says, what it is about and to whom. */
export type AlertDraft = {
  category: AlertCategory;
  /** One alert per cause: `missing-info:<householdId>`, `task-overdue:<taskId>` … */
  causeKey: string;
  message: string;
  details?: unknown;
  /** The record it is about (linked through record_links, subject 'alert'); none for a firm-wide alert. */
  record?: RecordRef | null;
  /** Named users; by default the household's advisor team (see `defaultRecipients`). */
  recipients?: readonly string[];
};

const MESSAGE_MAX = 500;
const clip = (message: string) =>
  message.length > MESSAGE_MAX ? `${message.slice(0, MESSAGE_MAX - 1)}…` : message;
/** The clip of a message in SQL (500 characters), so that a sweep compares with what it would store. */
export const clippedAlertMessage = (text: SQL) =>
  sql`case when length(${text}) > ${MESSAGE_MAX} then left(${text}, ${MESSAGE_MAX - 1}) || '…' else ${text} end`;

/** Drafts written per statement: a sweep over 100,000 households raises in batches of this many. */
const BATCH = 500;

const chunks = <T>(list: readonly T[], size: number) => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/**
 * Which of a user's alerts a view shows, as SQL over `alert_recipients r` (open alerts only): a snooze whose
 * date has come (snoozed_until ≤ the firm's today) is active again, computed on read, no job needed.
 */
export const alertViewCondition = (view: AlertView, today: string) => {
  // alert_open: the alert is not resolved (kept on the recipient's row by a trigger, migration 0012).
  const open = sql`r.alert_open`;
  switch (view) {
    case 'active':
      return sql`${open} and (r.state = 'ACTIVE' or (r.state = 'SNOOZED' and r.snoozed_until <= ${today}::date))`;
    case 'snoozed':
      return sql`${open} and r.state = 'SNOOZED' and r.snoozed_until > ${today}::date`;
    case 'dismissed':
      return sql`${open} and r.state = 'DISMISSED'`;
  }
};

/**
 * Who gets a household's alert when the raiser names nobody: its advisor team (Wealth Advisor 1/2/3,
 * Business Developer, Solicitor) who are active users; when none is, the user who created the household
 * (still active); when there is none either, every active administrator, so no alert goes unseen.
 */
const defaultRecipients = async (tx: Db, householdIds: readonly string[]) => {
  const byHousehold = new Map<string, string[]>();
  if (householdIds.length === 0) return byHousehold;
  const rows = rowsOf<{ household_id: string; user_id: string }>(
    await tx.execute(sql`
      with h as (
        select id, created_by from households
        where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(householdIds)}::jsonb))
      ),
      team as (
        select ha.household_id, ha.user_id from household_advisors ha
        join h on h.id = ha.household_id
        join users u on u.id = ha.user_id and u.status = 'ACTIVE'
      ),
      creator as (
        select h.id as household_id, h.created_by as user_id from h
        join users u on u.id = h.created_by and u.status = 'ACTIVE'
        where not exists (select 1 from team where team.household_id = h.id)
      )
      select household_id, user_id from team
      union select household_id, user_id from creator
      union select h.id, u.id from h join users u on u.role_id = ${ROLE_IDS.administrator} and u.status = 'ACTIVE'
        where not exists (select 1 from team where team.household_id = h.id)
          and not exists (select 1 from creator where creator.household_id = h.id)`),
  );
  for (const row of rows) {
    const list = byHousehold.get(row.household_id) ?? [];
    list.push(row.user_id);
    byHousehold.set(row.household_id, list);
  }
  return byHousehold;
};

const activeAdministrators = async (tx: Db) =>
  rowsOf<{ id: string }>(
    await tx.execute(
      sql`select id from users where role_id = ${ROLE_IDS.administrator} and status = 'ACTIVE' order by id`,
    ),
  ).map((r) => r.id);

export type Alerts = ReturnType<typeof createAlerts>;

/**
 * The alerts platform service (docs/architecture.md, "Alerts and notifications"): every area raises its
 * alerts here, in the transaction of its cause, once per cause. Raising again updates the message and
 * details and adds missing recipients; raising a resolved alert re-opens it as new (every recipient ACTIVE
 * again). Resolving takes it off every list.
 */
export const createAlerts = (deps: { clock: Clock; today: FirmToday }) => {
  const { clock, today } = deps;

  /** Raises (or updates) many alerts in a few statements per batch; answers their ids by cause. */
  const raiseAlerts = async (tx: Db, drafts: readonly AlertDraft[]) => {
    const ids = new Map<string, string>();
    const byCause = new Map(drafts.map((d) => [d.causeKey.slice(0, 200), d]));
    for (const batch of chunks([...byCause.entries()], BATCH)) {
      const now = clock.now().toISOString();
      const input = batch.map(([causeKey, d]) => ({
        category: d.category,
        cause_key: causeKey,
        message: clip(d.message),
        ...(d.details === undefined || d.details === null ? {} : { details: d.details }),
      }));
      // `prior` is the rows before this statement: whether an alert was resolved (so it is re-opened now).
      // An unchanged alert is not written at all; a cause inserted meanwhile by another transaction waits
      // on the unique index and becomes an update, so there is never a second alert.
      const rows = rowsOf<{ id: string | null; cause_key: string; reopened: boolean }>(
        await tx.execute(sql`
          with input as (
            select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
              as x(category text, cause_key text, message text, details jsonb)
          ),
          prior as (select a.id, a.cause_key, a.resolved_at from alerts a join input using (cause_key)),
          up as (
            insert into alerts (category, cause_key, message, details, raised_at)
            select category, cause_key, message, details, ${now}::timestamptz from input
            on conflict (cause_key) do update set
              category = excluded.category,
              message = excluded.message,
              details = excluded.details,
              raised_at = case when alerts.resolved_at is null then alerts.raised_at else excluded.raised_at end,
              resolved_at = null
            where alerts.resolved_at is not null or alerts.category <> excluded.category
              or alerts.message <> excluded.message or alerts.details is distinct from excluded.details
            returning id, cause_key
          )
          select coalesce(up.id, prior.id) as id, input.cause_key,
            coalesce(prior.resolved_at is not null, false) as reopened
          from input left join up using (cause_key) left join prior using (cause_key)`),
      );
      const unseen = rows.filter((r) => !r.id).map((r) => r.cause_key);
      if (unseen.length > 0) {
        const found = rowsOf<{ id: string; cause_key: string }>(
          await tx.execute(sql`select id, cause_key from alerts
            where cause_key in (select value from jsonb_array_elements_text(${JSON.stringify(unseen)}::jsonb))`),
        );
        for (const r of found) ids.set(r.cause_key, r.id);
      }
      for (const r of rows) if (r.id) ids.set(r.cause_key, r.id);

      const reopened = rows.filter((r) => r.reopened && r.id).map((r) => r.id as string);
      if (reopened.length > 0) {
        await tx.execute(sql`update alert_recipients set state = 'ACTIVE', snoozed_until = null,
            updated_at = ${now}::timestamptz
          where alert_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(reopened)}::jsonb))
            and (state <> 'ACTIVE' or snoozed_until is not null)`);
      }

      const households = batch
        .filter(([, d]) => !d.recipients && d.record?.kind === 'household')
        .map(([, d]) => d.record?.id as string);
      const teams = await defaultRecipients(tx, [...new Set(households)]);
      const needAdministrators = batch.some(([, d]) => !d.recipients && d.record?.kind !== 'household');
      const administrators = needAdministrators ? await activeAdministrators(tx) : [];
      const recipientRows: { alertId: string; userId: string; updatedAt: Date }[] = [];
      const linkRows: { subjectKind: string; subjectId: string; recordKind: string; recordId: string }[] = [];
      for (const [causeKey, d] of batch) {
        const alertId = ids.get(causeKey);
        if (!alertId) continue;
        const users =
          d.recipients ?? (d.record?.kind === 'household' ? (teams.get(d.record.id) ?? []) : administrators);
        for (const userId of new Set(users))
          recipientRows.push({ alertId, userId, updatedAt: new Date(now) });
        if (d.record) {
          linkRows.push({
            subjectKind: 'alert',
            subjectId: alertId,
            recordKind: d.record.kind,
            recordId: d.record.id,
          });
        }
      }
      if (recipientRows.length > 0)
        await tx.insert(alertRecipients).values(recipientRows).onConflictDoNothing();
      if (linkRows.length > 0) await tx.insert(recordLinks).values(linkRows).onConflictDoNothing();
    }
    return ids;
  };

  /** Raises one alert (idempotent per cause); answers its id. */
  const raiseAlert = async (tx: Db, draft: AlertDraft) => {
    const ids = await raiseAlerts(tx, [draft]);
    const id = ids.get(draft.causeKey.slice(0, 200));
    if (!id) throw new Error(`alert ${draft.causeKey} was not raised`);
    return id;
  };

  /** Resolves the alerts of these causes (their cause is gone): they leave every list. */
  const resolveAlerts = async (tx: Db, causeKeys: readonly string[]) => {
    if (causeKeys.length === 0) return;
    await tx.execute(sql`update alerts set resolved_at = ${clock.now().toISOString()}::timestamptz
      where resolved_at is null
        and cause_key in (select value from jsonb_array_elements_text(${JSON.stringify(causeKeys)}::jsonb))`);
  };

  const resolveAlert = (tx: Db, causeKey: string) => resolveAlerts(tx, [causeKey]);

  /** The user's active alerts (the sidebar badge, `alertCount` of the user details). */
  const activeCount = async (db: Db, userId: string) => {
    const [row] = rowsOf<{ count: number }>(
      await db.execute(sql`select count(*)::int as count from alert_recipients r
        where r.user_id = ${userId} and ${alertViewCondition('active', today())}`),
    );
    return Number(row?.count ?? 0);
  };

  /**
   * Missing-information alerts of one household (`householdId`) or of every household (null): raised or
   * updated where a rule's data is missing (platform/missing-information.ts), resolved where nothing is
   * missing any more or the household is no longer an active, finished household. Set-based: one query
   * finds what changed, whatever the number of households; only those are written.
   */
  const checkInformation = async (tx: Db, householdId: string | null) => {
    const missing = missingInformationSql(householdId);
    const changed = rowsOf<{ household_id: string; message: string; details: unknown }>(
      await tx.execute(sql`${missing}
        select m.household_id, m.message, m.details from missing m
        left join alerts a on a.cause_key = 'missing-info:' || m.household_id
        where a.id is null or a.resolved_at is not null or a.message <> ${clippedAlertMessage(sql`m.message`)}
          or a.details is distinct from m.details
          or exists (
            select 1 from household_advisors ha join users u on u.id = ha.user_id and u.status = 'ACTIVE'
            where ha.household_id = m.household_id
              and not exists (select 1 from alert_recipients r where r.alert_id = a.id and r.user_id = ha.user_id)
          )`),
    );
    await raiseAlerts(
      tx,
      changed.map((row) => ({
        category: 'missingInformation',
        causeKey: `missing-info:${row.household_id}`,
        message: row.message,
        details: row.details,
        record: { kind: 'household', id: row.household_id },
      })),
    );
    const scope = householdId
      ? sql`and cause_key = ${`missing-info:${householdId}`}`
      : sql`and cause_key like 'missing-info:%'`;
    // Over every household, the planner knows neither side: `missing` is an aggregate it guesses at 200 rows,
    // and the alerts this transaction just raised are not in its statistics (a first run: one row). It then
    // joins them in a nested loop, every open alert against every household missing something: at 85,000
    // of each, hours (found by the sweep bench). A hash join costs the two scans whatever the guess.
    if (!householdId) await tx.execute(sql`set local enable_nestloop = off`);
    await tx.execute(sql`${missing}
      update alerts set resolved_at = ${clock.now().toISOString()}::timestamptz
      where resolved_at is null ${scope}
        and not exists (select 1 from missing m where 'missing-info:' || m.household_id = alerts.cause_key)`);
    if (!householdId) await tx.execute(sql`set local enable_nestloop = on`);
    return changed.length;
  };

  return {
    raiseAlert,
    raiseAlerts,
    resolveAlert,
    resolveAlerts,
    activeCount,
    /** After a household changes (clients module): its missing-information alert raised, updated or resolved. */
    checkHouseholdInformation: (tx: Db, householdId: string) => checkInformation(tx, householdId),
    /** Every household at once (the activity sweep). */
    checkAllHouseholdInformation: (tx: Db) => checkInformation(tx, null),
  };
};
