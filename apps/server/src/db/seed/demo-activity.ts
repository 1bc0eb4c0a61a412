import { addDays, type NoteCategory, TASK_PRIORITIES } from '@centric/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { FileStorage } from '../../platform/files.ts';
import type { Db } from '../client.ts';
import {
  attachments,
  householdAdvisors,
  households,
  masterDataItems,
  meetingAttendees,
  meetings,
  members,
  noteMentions,
  notes,
  notifications,
  recordLinks,
  tasks,
  users,
} from '../schema/index.ts';
import { demoChartPng, demoPdf } from './demo-files.ts';
import { seededRandom } from './seeded-random.ts';

export type SeedDemoActivityOptions = {
  /** Where the demo attachments are written (the app's file storage). */
  files: FileStorage;
  /** yyyy-MM-dd: "today" in the firm's time zone; due dates and meetings are placed around it. */
  today: string;
  /** The instant the notes are written back from. */
  now: Date;
};

const random = seededRandom;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The editor's markup for a user mention (what the notes server keeps after sanitising). */
const mentionOf = (user: { id: string; fullName: string }) =>
  `<span data-type="mention" data-id="${user.id}" data-label="${escapeHtml(user.fullName)}">@${escapeHtml(user.fullName)}</span>`;

type NoteIdea = { category: NoteCategory; text: (first: string) => string; mention?: boolean };
const NOTE_IDEAS: NoteIdea[] = [
  {
    category: 'PHONE',
    text: (f) => `Called ${f} about the quarterly review. Wants to move it to next week.`,
  },
  {
    category: 'FOLLOW_UP',
    text: (f) => `Follow up with ${f} on the beneficiary forms; two signatures still missing.`,
    mention: true,
  },
  {
    category: 'GENERAL',
    text: (f) => `Annual review with ${f}: risk tolerance unchanged, interested in the private fund.`,
  },
  { category: 'EMAIL', text: (f) => `Emailed ${f} the updated fee schedule and the ADV Part 2A.` },
  {
    category: 'PERSONAL',
    text: (f) => `${f}'s daughter starts college in the fall; consider a 529 conversation.`,
  },
  {
    category: 'GENERAL',
    text: (f) => `Household moved to the new address; ${f} asked to update the custodian records.`,
    mention: true,
  },
  { category: 'MISC', text: (f) => `${f} prefers calls after 4 pm. Spouse handles the paperwork.` },
];

/**
 * The demo's activity around the demo households: notes (some pinned, some mentioning a colleague, one
 * with a PDF and one with an image), dashboard notes, tasks (open, done, overdue, one repeating monthly),
 * meetings (held, upcoming, one past still Upcoming) and the notifications their mentions and assignments
 * leave. Written once, when there are no notes yet.
 */
export const seedDemoActivity = async (db: Db, options: SeedDemoActivityOptions) => {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(notes);
  if (Number(existing?.n ?? 0) > 0) return;
  const next = random(20_261_124);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const staff = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(and(eq(users.status, 'ACTIVE'), sql`${users.roleId} <> 3`))
    .orderBy(asc(users.email));
  if (staff.length === 0) return;

  // The task types are master data (master-data-values.ts, TASK_TYPES), there before the demo.
  const taskTypes = await db
    .select({ id: masterDataItems.id, name: masterDataItems.name })
    .from(masterDataItems)
    .where(eq(masterDataItems.type, 'task-types'));
  if (taskTypes.length === 0) return;
  const typeId = (name: string) => taskTypes.find((t) => t.name === name)?.id ?? taskTypes[0]!.id;

  const homes = await db
    .select({ id: households.id, name: households.name })
    .from(households)
    .where(and(eq(households.draft, false), eq(households.status, 'ACTIVE')))
    .orderBy(asc(households.name))
    .limit(36);
  if (homes.length === 0) return;
  const ids = homes.map((h) => h.id);
  const team = await db
    .select({ householdId: householdAdvisors.householdId, userId: householdAdvisors.userId })
    .from(householdAdvisors)
    .where(inArray(householdAdvisors.householdId, ids));
  const primaries = await db
    .select({ householdId: members.householdId, firstName: members.firstName })
    .from(members)
    .where(and(inArray(members.householdId, ids), eq(members.subType, 'PRIMARY')));
  const advisorOf = (householdId: string) =>
    staff.find((s) => s.id === team.find((t) => t.householdId === householdId)?.userId) ?? staff[0]!;
  const firstNameOf = (householdId: string) =>
    primaries.find((p) => p.householdId === householdId)?.firstName ?? 'the client';
  const minutesAgo = (minutes: number) => new Date(options.now.getTime() - minutes * 60_000);

  await db.transaction(async (tx) => {
    // Notes on households: 1 to 3 each, newest in the last days, some pinned, some mentioning a colleague.
    const attachmentNotes: string[] = [];
    for (const [index, home] of homes.entries()) {
      const count = 1 + Math.floor(next() * 3);
      for (let n = 0; n < count; n += 1) {
        const idea = pick(NOTE_IDEAS);
        const author = n === 0 ? advisorOf(home.id) : pick(staff);
        const mentioned = idea.mention ? staff.find((s) => s.id !== author.id && next() < 0.5) : undefined;
        const text = idea.text(firstNameOf(home.id));
        const id = randomUUID();
        const createdAt = minutesAgo(Math.floor(next() * 60 * 24 * 45) + index * 7);
        const bodyHtml = mentioned
          ? `<p>${mentionOf(mentioned)} ${escapeHtml(text)}</p>`
          : `<p>${escapeHtml(text)}</p>`;
        await tx.insert(notes).values({
          id,
          bodyHtml,
          bodyText: mentioned ? `@${mentioned.fullName} ${text}` : text,
          category: idea.category,
          isPinned: n === 0 && index % 7 === 0,
          authorId: author.id,
          createdAt,
          updatedAt: createdAt,
        });
        await tx
          .insert(recordLinks)
          .values({ subjectKind: 'note', subjectId: id, recordKind: 'household', recordId: home.id });
        if (mentioned) {
          await tx.insert(noteMentions).values({ noteId: id, userId: mentioned.id });
          await tx.insert(notifications).values({
            userId: mentioned.id,
            kind: 'MENTIONED',
            causeKey: `mentioned:${id}`,
            title: `${author.fullName} mentioned you in a note on ${home.name}`,
            body: text.slice(0, 200),
            link: `/client-detail/${home.id}?leftPanel=notes&noteId=${id}`,
            actorId: author.id,
            createdAt,
          });
        }
        if (index < 2 && n === 0) attachmentNotes.push(id);
      }
    }

    // A PDF on one note and an image on another, stored as the app stores uploads.
    const files = [
      {
        name: 'Investment Policy Statement.pdf',
        type: 'application/pdf',
        data: demoPdf('Investment Policy Statement - Summary', [
          'Objective: long-term growth with moderate income.',
          'Target allocation: 60% equities, 35% fixed income, 5% cash.',
          'Rebalancing: quarterly, or when a sleeve drifts more than 5 points.',
          'Reviewed with the household at the annual meeting.',
        ]),
      },
      {
        name: 'Allocation drift.png',
        type: 'image/png',
        data: demoChartPng([0.62, 0.35, 0.05, 0.58, 0.38, 0.04]),
      },
    ];
    for (const [i, file] of files.entries()) {
      const noteId = attachmentNotes[i];
      if (!noteId) continue;
      const id = randomUUID();
      const storageKey = `attachments/${id}${file.type === 'application/pdf' ? '.pdf' : '.png'}`;
      await options.files.put(storageKey, file.data);
      const [note] = await tx.select({ authorId: notes.authorId }).from(notes).where(eq(notes.id, noteId));
      await tx.insert(attachments).values({
        id,
        storageKey,
        fileName: file.name,
        contentType: file.type,
        sizeBytes: file.data.length,
        subjectKind: 'note',
        subjectId: noteId,
        uploadedBy: note?.authorId ?? staff[0]!.id,
      });
    }

    // Dashboard notes, for the whole firm.
    const dashboard = [
      {
        text: 'Quarterly billing run starts Monday: please finish the household reviews by Friday.',
        pinned: true,
      },
      { text: 'New custodian forms are in the shared drive; use them from December 1.', pinned: false },
    ];
    for (const [i, d] of dashboard.entries()) {
      const id = randomUUID();
      const createdAt = minutesAgo(60 * (i * 30 + 5));
      await tx.insert(notes).values({
        id,
        bodyHtml: `<p>${escapeHtml(d.text)}</p>`,
        bodyText: d.text,
        category: 'GENERAL',
        type: 'DASHBOARD',
        isPinned: d.pinned,
        authorId: staff[0]!.id,
        createdAt,
        updatedAt: createdAt,
      });
    }

    // Tasks: open ones due around today (some overdue), done ones in the past, one repeating monthly.
    const descriptions = [
      ['Call', 'Call to confirm the review date'],
      ['Paperwork', 'Collect the signed beneficiary forms'],
      ['Review', 'Prepare the annual review pack'],
      ['Email', 'Send the updated fee schedule'],
      ['Follow Up', 'Follow up on the rollover paperwork'],
      ['Meeting', 'Book the estate-planning meeting with the attorney'],
    ] as const;
    for (const [index, home] of homes.slice(0, 24).entries()) {
      const [type, description] = pick(descriptions);
      // Half go to the household's advisor, the rest round the whole staff: every demo user has a day.
      const assignee = index % 2 === 0 ? advisorOf(home.id) : staff[index % staff.length]!;
      const creator = index % 3 === 0 ? pick(staff) : assignee;
      const dueDate = addDays(options.today, Math.floor(next() * 40) - 10);
      const done = dueDate < options.today && next() < 0.5;
      const repeating = index === 4;
      const id = randomUUID();
      await tx.insert(tasks).values({
        id,
        description: repeating ? 'Monthly portfolio check-in' : description,
        typeId: typeId(repeating ? 'Review' : type),
        dueDate,
        priority: pick(Object.values(TASK_PRIORITIES)),
        assigneeId: assignee.id,
        status: done ? 'DONE' : 'OPEN',
        completedAt: done ? minutesAgo(60 * 24) : null,
        ...(repeating
          ? { recurrenceUnit: 'MONTH', recurrenceEvery: 1, recurrenceAnchor: dueDate, recurrenceIndex: 0 }
          : {}),
        createdBy: creator.id,
        createdAt: minutesAgo(60 * 24 * (5 + index)),
        updatedAt: minutesAgo(60 * 24 * (5 + index)),
      });
      await tx
        .insert(recordLinks)
        .values({ subjectKind: 'task', subjectId: id, recordKind: 'household', recordId: home.id });
      if (creator.id !== assignee.id) {
        await tx.insert(notifications).values({
          userId: assignee.id,
          kind: 'TASK_ASSIGNED',
          causeKey: `task-assigned:${id}:${assignee.id}`,
          title: `${creator.fullName} assigned you a task on ${home.name}`,
          body: description,
          link: `/client-detail/${home.id}?tab=activities`,
          actorId: creator.id,
          createdAt: minutesAgo(60 * 24 * (5 + index)),
        });
      }
    }

    // Meetings: held ones in the past, one past still Upcoming (it needs a status), the rest to come.
    const at = (dayOffset: number, hour: number) =>
      new Date(`${addDays(options.today, dayOffset)}T${String(hour).padStart(2, '0')}:00:00-05:00`);
    const plans = [
      { offset: -12, hour: 10, status: 'HELD', title: 'Annual review' },
      { offset: -5, hour: 14, status: 'HELD', title: 'Estate planning kickoff' },
      { offset: -2, hour: 11, status: 'UPCOMING', title: 'Rollover paperwork signing' },
      { offset: -1, hour: 9, status: 'CANCELLED', title: 'Insurance review' },
      { offset: 1, hour: 15, status: 'UPCOMING', title: 'Quarterly check-in' },
      { offset: 3, hour: 10, status: 'UPCOMING', title: 'Private fund introduction' },
      { offset: 6, hour: 13, status: 'POSTPONED', title: 'Tax planning session' },
      { offset: 9, hour: 16, status: 'UPCOMING', title: 'Annual review' },
    ] as const;
    for (const [index, plan] of plans.entries()) {
      const home = homes[index % homes.length]!;
      const owner = advisorOf(home.id);
      const id = randomUUID();
      const startsAt = at(plan.offset, plan.hour);
      await tx.insert(meetings).values({
        id,
        title: `${plan.title}: ${home.name}`,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 60 * 60_000),
        ...(index % 2 === 0
          ? { location: 'Centric office, 5th floor conference room' }
          : { videoUrl: 'https://meet.example.com/centric-review' }),
        status: plan.status,
        createdBy: owner.id,
        createdAt: minutesAgo(60 * 24 * 20),
        updatedAt: minutesAgo(60 * 24 * 20),
      });
      const attendees = [owner, ...staff.filter((s) => s.id !== owner.id && next() < 0.3).slice(0, 3)];
      await tx.insert(meetingAttendees).values(attendees.map((a) => ({ meetingId: id, userId: a.id })));
      await tx
        .insert(recordLinks)
        .values({ subjectKind: 'meeting', subjectId: id, recordKind: 'household', recordId: home.id });
    }
  });
};
