import { usDate } from '@centric/contracts';
import type { AttachmentsPlatform } from './attachments.ts';
import { createClockTimer } from './clock-timer.ts';
import { timed } from './step-profile.ts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { clippedAlertMessage, type AlertDraft, type Alerts } from './alerts.ts';
import type { Clock } from './clock.ts';
import type { FirmToday } from './firm-calendar.ts';
import type { NotificationDraft, Notifications } from './notifications.ts';

/** Rows handled per transaction; a part loops until nothing is left to do. */
const BATCH = 500;

/** What one run wrote: notifications and alerts raised or updated, and emails sent. */
/** How long an upload waits for the note it was made for. */
const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export type SweepReport = {
  taskDue: number;
  taskOverdue: number;
  meetingStatus: number;
  missingInformation: number;
  emails: number;
  /** Uploads never attached to a note, a day old, let go with their files. */
  expiredUploads: number;
  /** What each daily part changed (0 on the runs of a day after its first). */
  daily: Record<string, number>;
};

/**
 * A part that runs once per firm day (the first run of each day, and at start): a check over every record of
 * an area that its own changes keep current the rest of the time (e.g. the accounts' review checks and drift,
 * which prices moving with no change to an account can alter).
 */
/**
 * A daily part: it works in batches and asks `stopping()` between them, so that closing the app does not
 * wait for a pass over every account of a large firm (the next day's pass, or the next start, does it).
 */
export type DailySweepPart = (db: Db, stopping: () => boolean) => Promise<number>;

export type ActivitySweep = ReturnType<typeof createActivitySweep>;

/**
 * The activity sweep: what time alone makes true, raised on the app's clock every `intervalMinutes` (on
 * the clock's multiples of it) and once at start. Every write is keyed by its cause (a notification per
 * cause and user, an alert per cause), and each part selects only what is not yet written, so running it
 * twice, after a restart or on two instances at once never writes anything twice.
 *
 * - tasks due today or overdue: TASK_DUE to the assignee (`task-due:<taskId>:<dueDate>`, once per due date);
 * - open tasks past their due date: a taskOverdue alert to the assignee (`task-overdue:<taskId>`), resolved
 *   when the task is done, deleted or moved to today or later;
 * - meetings past their end still UPCOMING: a meetingStatus alert to the creator and the attendees
 *   (`meeting-status:<meetingId>`), resolved when a status is set (or the meeting deleted or moved);
 * - missing information of every household (platform/missing-information.ts);
 * - then the emails of notifications whose users chose them.
 */
export const createActivitySweep = (deps: {
  db: Db;
  clock: Clock;
  today: FirmToday;
  timeZone: string;
  alerts: Pick<Alerts, 'raiseAlerts' | 'checkAllHouseholdInformation'>;
  notifications: Pick<Notifications, 'notify' | 'deliverEmails'>;
  /** Where uploads are stored: those never attached are let go after a day. */
  attachments?: Pick<AttachmentsPlatform, 'expireUnattached' | 'purge'>;
  intervalMinutes?: number;
  onError?: (error: unknown) => void;
  /** Parts that run once per firm day, by name. */
  daily?: Readonly<Record<string, DailySweepPart>>;
}) => {
  const { db, clock, today, timeZone, alerts, notifications } = deps;

  /** Repeats a batch until it finds nothing more (or only what it has already seen: never loops forever). */
  const inBatches = async (work: (tx: Db) => Promise<string[]>) => {
    const seen = new Set<string>();
    for (;;) {
      const ids = await db.transaction(work);
      const fresh = ids.filter((id) => !seen.has(id));
      for (const id of ids) seen.add(id);
      if (ids.length < BATCH || fresh.length === 0) return seen.size;
    }
  };

  const householdOf = (subject: 'task' | 'meeting', id: ReturnType<typeof sql>) =>
    sql`(select l.record_id from record_links l where l.subject_kind = ${subject} and l.subject_id = ${id}
      and l.record_kind = 'household' order by l.record_id limit 1)`;

  const taskDue = (day: string) =>
    inBatches(async (tx) => {
      const rows = rowsOf<{
        id: string;
        description: string;
        due_date: string;
        assignee_id: string;
        household_id: string | null;
      }>(
        await tx.execute(sql`select t.id, t.description, t.due_date::text as due_date, t.assignee_id,
            ${householdOf('task', sql`t.id`)} as household_id
          from tasks t
          where t.status = 'OPEN' and t.due_date <= ${day}::date
            and not exists (select 1 from notifications n where n.user_id = t.assignee_id
              and n.cause_key = 'task-due:' || t.id || ':' || t.due_date::text)
          order by t.due_date, t.id limit ${BATCH}`),
      );
      const drafts: NotificationDraft[] = rows.map((t) => ({
        userId: t.assignee_id,
        kind: 'TASK_DUE',
        causeKey: `task-due:${t.id}:${t.due_date}`,
        title: `${t.due_date === day ? 'Task due today' : 'Task overdue'}: ${t.description}`,
        body: `Due ${usDate(t.due_date)}`,
        link: t.household_id ? `/client-detail/${t.household_id}` : '/dashboard?tab=updates&subTab=tasks',
      }));
      await notifications.notify(tx, drafts);
      return rows.map((r) => r.id);
    });

  const raise = async (
    tx: Db,
    rows: { id: string; message: string; household_id: string | null; recipients: string[] }[],
    category: AlertDraft['category'],
    prefix: string,
  ) => {
    await alerts.raiseAlerts(
      tx,
      rows.map((r) => ({
        category,
        causeKey: `${prefix}:${r.id}`,
        message: r.message,
        record: r.household_id ? { kind: 'household' as const, id: r.household_id } : null,
        recipients: r.recipients,
      })),
    );
    return rows.map((r) => r.id);
  };

  const taskOverdue = async (day: string) => {
    const message = clippedAlertMessage(
      sql`'Task "' || t.description || '" was due on ' || to_char(t.due_date, 'MM/DD/YYYY') || '.'`,
    );
    const raised = await inBatches(async (tx) => {
      const rows = rowsOf<{ id: string; message: string; household_id: string | null; recipients: string[] }>(
        await tx.execute(sql`select t.id, ${message} as message, ${householdOf('task', sql`t.id`)} as household_id,
            jsonb_build_array(t.assignee_id) as recipients
          from tasks t left join alerts a on a.cause_key = 'task-overdue:' || t.id
          where t.status = 'OPEN' and t.due_date < ${day}::date
            and (a.id is null or a.resolved_at is not null or a.message <> ${message}
              or not exists (select 1 from alert_recipients r where r.alert_id = a.id and r.user_id = t.assignee_id))
          order by t.due_date, t.id limit ${BATCH}`),
      );
      return raise(tx, rows, 'taskOverdue', 'task-overdue');
    });
    await db.execute(sql`update alerts set resolved_at = ${clock.now().toISOString()}::timestamptz
      where resolved_at is null and cause_key like 'task-overdue:%'
        and not exists (select 1 from tasks t where t.id = split_part(alerts.cause_key, ':', 2)::uuid
          and t.status = 'OPEN' and t.due_date < ${day}::date)`);
    return raised;
  };

  const meetingStatus = async () => {
    const now = clock.now().toISOString();
    const message = clippedAlertMessage(
      sql`'Meeting "' || m.title || '" on ' || to_char(m.starts_at at time zone ${timeZone}, 'MM/DD/YYYY')
        || ' needs a status update.'`,
    );
    const people = sql`(select m.created_by as user_id union select ma.user_id from meeting_attendees ma
      where ma.meeting_id = m.id)`;
    const raised = await inBatches(async (tx) => {
      const rows = rowsOf<{ id: string; message: string; household_id: string | null; recipients: string[] }>(
        await tx.execute(sql`select m.id, ${message} as message, ${householdOf('meeting', sql`m.id`)} as household_id,
            (select jsonb_agg(p.user_id) from ${people} p) as recipients
          from meetings m left join alerts a on a.cause_key = 'meeting-status:' || m.id
          where m.status = 'UPCOMING' and m.ends_at < ${now}::timestamptz
            and (a.id is null or a.resolved_at is not null or a.message <> ${message}
              or exists (select 1 from ${people} p where not exists (
                select 1 from alert_recipients r where r.alert_id = a.id and r.user_id = p.user_id)))
          order by m.ends_at, m.id limit ${BATCH}`),
      );
      return raise(tx, rows, 'meetingStatus', 'meeting-status');
    });
    await db.execute(sql`update alerts set resolved_at = ${now}::timestamptz
      where resolved_at is null and cause_key like 'meeting-status:%'
        and not exists (select 1 from meetings m where m.id = split_part(alerts.cause_key, ':', 2)::uuid
          and m.status = 'UPCOMING' and m.ends_at < ${now}::timestamptz)`);
    return raised;
  };

  /** Uploads older than a day that no note took, 50 at a time; their files go after each commit. */
  const expireUploads = async () => {
    if (!deps.attachments) return 0;
    const { attachments } = deps;
    const now = clock.now();
    const before = new Date(now.getTime() - UPLOAD_TTL_MS);
    let expired = 0;
    for (;;) {
      const keys = await db.transaction((tx) => attachments.expireUnattached(tx, before, now));
      if (keys.length === 0) return expired;
      await attachments.purge(keys);
      expired += keys.length;
    }
  };

  let lastDailyDay: string | null = null;
  let stopping = false;
  const dailyParts = async (day: string) => {
    const report: Record<string, number> = {};
    for (const name of Object.keys(deps.daily ?? {})) report[name] = 0;
    if (lastDailyDay === day) return report;
    for (const [name, part] of Object.entries(deps.daily ?? {}))
      report[name] = await timed(`daily: ${name}`, () => part(db, () => stopping));
    // A pass cut short by a stop is not the day's pass.
    if (!stopping) lastDailyDay = day;
    return report;
  };

  let queue: Promise<unknown> = Promise.resolve();
  /** One run of every part, in turn; runs of this process never overlap. */
  const runOnce = (): Promise<SweepReport> => {
    const run = queue.then(async () => {
      const day = today();
      return {
        taskDue: await timed('task due', () => taskDue(day)),
        taskOverdue: await timed('task overdue', () => taskOverdue(day)),
        meetingStatus: await timed('meeting status', () => meetingStatus()),
        missingInformation: await timed('missing information', () =>
          db.transaction((tx) => alerts.checkAllHouseholdInformation(tx)),
        ),
        emails: await timed('emails', () => notifications.deliverEmails(db)),
        expiredUploads: await timed('expired uploads', () => expireUploads()),
        daily: await dailyParts(day),
      };
    });
    queue = run.catch(() => undefined);
    return run;
  };

  const intervalMs = (deps.intervalMinutes ?? 15) * 60_000;
  const slotOf = (at: Date) => Math.floor(at.getTime() / intervalMs) * intervalMs;
  let lastSlot = Number.NEGATIVE_INFINITY;

  /** Runs when a new slot of the clock has begun since the last run (the first call always runs). */
  const tick = async () => {
    const slot = slotOf(clock.now());
    if (slot <= lastSlot) return null;
    lastSlot = slot;
    return runOnce();
  };

  const timer = createClockTimer({ clock, intervalMs, tick, onError: deps.onError });

  return {
    runOnce,
    /**
     * A run now (what was missed while the app was down), then one per interval of the clock. The first
     * run goes on in the background: at a large firm it raises what was never raised (tens of thousands
     * of alerts the first time), and the app must answer meanwhile.
     */
    start() {
      void tick().catch((error: unknown) => deps.onError?.(error));
      timer.start();
    },
    /** When the runs started so far have finished (tests and benchmarks wait for the first one). */
    settled: async () => {
      await queue;
    },
    async stop() {
      timer.stop();
      stopping = true;
      await queue;
    },
  };
};
