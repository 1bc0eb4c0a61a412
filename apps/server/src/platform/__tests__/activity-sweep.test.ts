import { addDays, todayIn } from '@centric/contracts';
import path from 'node:path';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertRecipients,
  alerts,
  attachments,
  masterDataItems,
  meetingAttendees,
  meetings,
  notificationPreferences,
  notifications,
  recordLinks,
  tasks,
} from '../../db/schema/index.ts';
import { createDiskStorage } from '../files.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertHousehold, insertUserWithGrants } from '../../../test/factories.ts';

let t: TestContext;
let ann: string;
let ben: string;
let clientId: string;
let typeId: number;

const today = () => todayIn(t.config.FIRM_TIME_ZONE, t.clock.now());

beforeAll(async () => {
  t = await createTestContext();
  ann = (await insertUserWithGrants(t.db, 'sweep.ann@centric.local', {})).userId;
  ben = (await insertUserWithGrants(t.db, 'sweep.ben@centric.local', {})).userId;
  ({ clientId } = await insertHousehold(t.db, { members: [{ firstName: 'Swept', lastName: 'Household' }] }));
  const [type] = await t.db
    .select({ id: masterDataItems.id })
    .from(masterDataItems)
    .where(eq(masterDataItems.type, 'task-types'))
    .limit(1);
  typeId = type!.id;
});
afterAll(() => t.close());

const insertTask = async (description: string, dueDate: string, assigneeId: string, household = false) => {
  const [task] = await t.db
    .insert(tasks)
    .values({ description, typeId, dueDate, assigneeId, createdBy: ben })
    .returning({ id: tasks.id });
  if (household) {
    await t.db
      .insert(recordLinks)
      .values({ subjectKind: 'task', subjectId: task!.id, recordKind: 'household', recordId: clientId });
  }
  return task!.id;
};

const notificationsOf = (userId: string) =>
  t.db
    .select({
      kind: notifications.kind,
      causeKey: notifications.causeKey,
      title: notifications.title,
      link: notifications.link,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.causeKey);

const alertsOf = (prefix: string) =>
  t.db
    .select({
      causeKey: alerts.causeKey,
      message: alerts.message,
      resolvedAt: alerts.resolvedAt,
      category: alerts.category,
    })
    .from(alerts)
    .where(like(alerts.causeKey, `${prefix}%`))
    .orderBy(alerts.causeKey);

describe('the activity sweep', () => {
  it('notifies due and overdue tasks once, raises overdue alerts once, and resolves them when done', async () => {
    const day = today();
    const dueToday = await insertTask('Call the client', day, ann, true);
    const overdue = await insertTask('Send the forms', addDays(day, -3), ann);
    const later = await insertTask('Plan the review', addDays(day, 5), ann);
    const done = await insertTask('Already done', addDays(day, -1), ben);
    await t.db.update(tasks).set({ status: 'DONE' }).where(eq(tasks.id, done));

    const sweep = t.app.services.activitySweep;
    const first = await sweep.runOnce();
    const second = await sweep.runOnce();
    expect(first.taskDue).toBe(2);
    expect(second).toMatchObject({ taskDue: 0, taskOverdue: 0, meetingStatus: 0, missingInformation: 0 });

    expect(await notificationsOf(ann)).toEqual(
      [
        {
          kind: 'TASK_DUE',
          causeKey: `task-due:${dueToday}:${day}`,
          title: 'Task due today: Call the client',
          link: `/client-detail/${clientId}`,
        },
        {
          kind: 'TASK_DUE',
          causeKey: `task-due:${overdue}:${addDays(day, -3)}`,
          title: 'Task overdue: Send the forms',
          link: '/dashboard?tab=updates&subTab=tasks',
        },
      ].sort((a, b) => a.causeKey.localeCompare(b.causeKey)),
    );
    expect(await notificationsOf(ben)).toEqual([]);
    const [y, m, d] = addDays(day, -3).split('-');
    expect(await alertsOf(`task-overdue:${overdue}`)).toEqual([
      {
        causeKey: `task-overdue:${overdue}`,
        message: `Task "Send the forms" was due on ${m}/${d}/${y}.`,
        resolvedAt: null,
        category: 'taskOverdue',
      },
    ]);
    expect(await alertsOf(`task-overdue:${dueToday}`)).toEqual([]);
    expect(await alertsOf(`task-overdue:${later}`)).toEqual([]);
    expect(await alertsOf(`task-overdue:${done}`)).toEqual([]);

    // The next day the task due today is overdue: an alert, but no second notification for the same due date.
    t.clock.advance(24 * 60 * 60 * 1000);
    await sweep.runOnce();
    expect(await notificationsOf(ann)).toHaveLength(2);
    expect((await alertsOf(`task-overdue:${dueToday}`))[0]?.resolvedAt).toBeNull();

    // Done, deleted or moved: resolved.
    await t.db.update(tasks).set({ status: 'DONE' }).where(eq(tasks.id, overdue));
    await t.db
      .update(tasks)
      .set({ dueDate: addDays(today(), 2) })
      .where(eq(tasks.id, dueToday));
    await sweep.runOnce();
    expect((await alertsOf(`task-overdue:${overdue}`))[0]?.resolvedAt).not.toBeNull();
    expect((await alertsOf(`task-overdue:${dueToday}`))[0]?.resolvedAt).not.toBeNull();
  });

  it('raises a meeting past its end still Upcoming to the creator and attendees, once, resolved by a status', async () => {
    const now = t.clock.now().getTime();
    const [meeting] = await t.db
      .insert(meetings)
      .values({
        title: 'Annual review',
        startsAt: new Date(now - 3 * 60 * 60 * 1000),
        endsAt: new Date(now - 2 * 60 * 60 * 1000),
        createdBy: ben,
      })
      .returning({ id: meetings.id });
    const [future] = await t.db
      .insert(meetings)
      .values({
        title: 'Later',
        startsAt: new Date(now + 3600_000),
        endsAt: new Date(now + 7200_000),
        createdBy: ben,
      })
      .returning({ id: meetings.id });
    await t.db.insert(meetingAttendees).values([
      { meetingId: meeting!.id, userId: ann },
      { meetingId: meeting!.id, userId: ben },
    ]);
    const sweep = t.app.services.activitySweep;
    expect((await sweep.runOnce()).meetingStatus).toBe(1);
    expect((await sweep.runOnce()).meetingStatus).toBe(0);
    const [alert] = await t.db
      .select()
      .from(alerts)
      .where(eq(alerts.causeKey, `meeting-status:${meeting!.id}`));
    expect(alert?.category).toBe('meetingStatus');
    expect(alert?.message).toMatch(/^Meeting "Annual review" on \d\d\/\d\d\/\d{4} needs a status update\.$/);
    const recipients = await t.db
      .select({ userId: alertRecipients.userId })
      .from(alertRecipients)
      .where(eq(alertRecipients.alertId, alert!.id));
    expect(recipients.map((r) => r.userId).sort()).toEqual([ann, ben].sort());
    expect(await alertsOf(`meeting-status:${future!.id}`)).toEqual([]);

    await t.db.update(meetings).set({ status: 'HELD' }).where(eq(meetings.id, meeting!.id));
    await sweep.runOnce();
    expect((await alertsOf(`meeting-status:${meeting!.id}`))[0]?.resolvedAt).not.toBeNull();
  });

  it('emails a notification only to users who chose its kind, each once', async () => {
    const carl = (await insertUserWithGrants(t.db, 'sweep.carl@centric.local', {})).userId;
    const dora = (await insertUserWithGrants(t.db, 'sweep.dora@centric.local', {})).userId;
    await t.db.insert(notificationPreferences).values([
      { userId: carl, kind: 'TASK_DUE', email: true },
      { userId: dora, kind: 'TASK_DUE', email: false },
      { userId: dora, kind: 'MENTIONED', email: true },
    ]);
    await insertTask('Email me', today(), carl);
    await insertTask('Do not email me', today(), dora);
    const mailsTo = (email: string) => t.smtp.received.filter((m) => m.to.includes(email));
    const sweep = t.app.services.activitySweep;
    const first = await sweep.runOnce();
    expect(first.emails).toBeGreaterThanOrEqual(1);
    await sweep.runOnce();
    await sweep.runOnce();
    // The outbox delivers after its own commit: wait for the SMTP server to have it.
    for (let i = 0; i < 50 && mailsTo('sweep.carl@centric.local').length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const carlMails = mailsTo('sweep.carl@centric.local');
    expect(carlMails).toHaveLength(1);
    expect(carlMails[0]?.text).toContain('Task due today: Email me');
    expect(mailsTo('sweep.dora@centric.local')).toHaveLength(0);
    const [row] = await t.db
      .select({ emailedAt: notifications.emailedAt })
      .from(notifications)
      .where(and(eq(notifications.userId, carl), eq(notifications.kind, 'TASK_DUE')));
    expect(row?.emailedAt).not.toBeNull();
  });

  it('is started with the app: the seeded households were checked at start', async () => {
    const raised = await t.db
      .select({ id: alerts.id })
      .from(alerts)
      .where(eq(alerts.category, 'missingInformation'))
      .limit(1);
    expect(raised).toHaveLength(1);
  });
});

describe('uploads never attached', () => {
  it('are let go with their file a day after they were made, and an attached one is kept', async () => {
    const files = createDiskStorage(path.join(t.config.DATA_DIR, 'files'));
    const put = async (key: string, subjectId: string | null, createdAt: Date) => {
      await files.put(key, Buffer.from('%PDF-1.4 test'));
      const [row] = await t.db
        .insert(attachments)
        .values({
          storageKey: key,
          fileName: 'x.pdf',
          contentType: 'application/pdf',
          sizeBytes: 13,
          uploadedBy: ann,
          createdAt,
          ...(subjectId ? { subjectKind: 'note', subjectId } : {}),
        })
        .returning({ id: attachments.id });
      return row!.id;
    };
    const dayAgo = new Date(t.clock.now().getTime() - 25 * 60 * 60 * 1000);
    const stale = await put('attachments/stale-upload.pdf', null, dayAgo);
    const fresh = await put('attachments/fresh-upload.pdf', null, t.clock.now());
    const attached = await put('attachments/attached-upload.pdf', clientId, dayAgo);
    const report = await t.app.services.activitySweep.runOnce();
    expect(report.expiredUploads).toBeGreaterThanOrEqual(1);
    const rows = await t.db
      .select()
      .from(attachments)
      .where(inArray(attachments.id, [stale, fresh, attached]));
    expect(rows.find((r) => r.id === stale)?.deletedAt).not.toBeNull();
    expect(rows.find((r) => r.id === fresh)?.deletedAt).toBeNull();
    expect(rows.find((r) => r.id === attached)?.deletedAt).toBeNull();
    expect(await files.get('attachments/stale-upload.pdf')).toBeNull();
    expect(await files.get('attachments/fresh-upload.pdf')).not.toBeNull();
    expect((await t.app.services.activitySweep.runOnce()).expiredUploads).toBe(0);
  });
});
