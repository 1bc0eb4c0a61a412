import { addDays, dueDateAfter } from '@centric/contracts';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  firmHolidays,
  householdAdvisors,
  households,
  users,
  workflowRequests,
  workflowRequestSteps,
  workflowTemplates,
  workflowTemplateSteps,
  workflowTemplateVersions,
} from '../schema/index.ts';

type DemoRequestState = 'IN_PROGRESS' | 'OVERDUE' | 'COMPLETED' | 'REJECTED';

/**
 * Requests across demo households (issue 18 §3): [template, state, days ago it started, steps done]. Every
 * state is there: in progress on time and overdue, completed, rejected with a reason.
 */
const DEMO_REQUESTS: readonly (readonly [string, DemoRequestState, number, number])[] = [
  ['New Client Onboarding', 'IN_PROGRESS', 3, 1],
  ['New Client Onboarding', 'OVERDUE', 24, 3],
  ['New Client Onboarding', 'COMPLETED', 90, 10],
  ['Account Opening', 'IN_PROGRESS', 2, 2],
  ['Account Opening', 'COMPLETED', 45, 6],
  ['Account Opening', 'REJECTED', 30, 2],
  ['Annual Review', 'IN_PROGRESS', 6, 1],
  ['Annual Review', 'OVERDUE', 40, 2],
  ['Beneficiary Change', 'IN_PROGRESS', 1, 0],
  ['Beneficiary Change', 'REJECTED', 20, 1],
  ['Address Change', 'COMPLETED', 15, 5],
  ['Address Change', 'IN_PROGRESS', 4, 2],
];

const REJECTION_REASONS = [
  'The client decided to keep the account at their current custodian.',
  'Duplicate request: the change is handled in the annual review.',
];

/**
 * The demo's requests, after the demo templates (seedDemoWorkflows) and households, when there are none:
 * each on its template's newest published version, its steps' roles resolved on the household (the
 * administrator when the household lacks one), steps done in order with due dates on the firm's calendar.
 */
export const seedDemoWorkflowRequests = async (db: Db, options: { today: string }) => {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(workflowRequests);
  if (Number(existing?.n ?? 0) > 0) return 0;
  const holidays = new Set(
    (await db.select({ date: firmHolidays.date }).from(firmHolidays)).map((h) => h.date),
  );
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@centric.local'));
  if (!admin) return 0;
  // Active, finished households with a first wealth advisor, in a fixed order.
  const homes = await db
    .select({ id: households.id })
    .from(households)
    .innerJoin(
      householdAdvisors,
      and(eq(householdAdvisors.householdId, households.id), eq(householdAdvisors.role, 'WEALTH_ADVISOR_1')),
    )
    .where(and(eq(households.draft, false), eq(households.status, 'ACTIVE')))
    .orderBy(asc(households.unitNumber))
    .limit(DEMO_REQUESTS.length);
  if (homes.length === 0) return 0;
  let made = 0;
  for (const [index, [templateName, state, daysAgo, done]] of DEMO_REQUESTS.entries()) {
    const home = homes[index % homes.length]!;
    const [version] = await db
      .select({ id: workflowTemplateVersions.id, templateId: workflowTemplates.id })
      .from(workflowTemplateVersions)
      .innerJoin(workflowTemplates, eq(workflowTemplates.id, workflowTemplateVersions.templateId))
      .where(and(eq(workflowTemplates.name, templateName), isNotNull(workflowTemplateVersions.version)))
      .orderBy(sql`${workflowTemplateVersions.version} desc`)
      .limit(1);
    if (!version) continue;
    const steps = await db
      .select()
      .from(workflowTemplateSteps)
      .where(eq(workflowTemplateSteps.versionId, version.id))
      .orderBy(asc(workflowTemplateSteps.position));
    const roles = new Map(
      (
        await db
          .select({ role: householdAdvisors.role, userId: householdAdvisors.userId })
          .from(householdAdvisors)
          .where(eq(householdAdvisors.householdId, home.id))
      ).map((r) => [r.role, r.userId]),
    );
    const startDate = addDays(options.today, -daysAgo);
    const finished = state === 'COMPLETED' || state === 'REJECTED';
    const finishedOn = addDays(startDate, Math.max(1, Math.floor(daysAgo / 2)));
    const rejected = state === 'REJECTED';
    const [request] = await db
      .insert(workflowRequests)
      .values({
        templateId: version.templateId,
        versionId: version.id,
        householdId: home.id,
        status: state === 'OVERDUE' ? 'IN_PROGRESS' : state,
        startDate,
        startedAt: new Date(`${startDate}T14:00:00Z`),
        startedBy: admin.id,
        finishedAt: finished ? new Date(`${finishedOn}T15:00:00Z`) : null,
        rejectedBy: rejected ? admin.id : null,
        rejectionReason: rejected ? REJECTION_REASONS[index % REJECTION_REASONS.length]! : null,
        updatedAt: new Date(`${finished ? finishedOn : startDate}T15:00:00Z`),
      })
      .returning({ id: workflowRequests.id });
    // Steps done in order, one every two days from the start (a completed request: every step done).
    let previousDone: string | null = null;
    const rows = steps.map((s, position) => {
      const isDone = state === 'COMPLETED' || position < done;
      const from = s.dueFrom === 'REQUEST_START' ? startDate : previousDone;
      const dueDate = from
        ? dueDateAfter(from, { days: s.dueDays, unit: s.dueUnit as 'CALENDAR' | 'BUSINESS' }, holidays)
        : null;
      const doneOn = isDone
        ? addDays(startDate, Math.min(2 * (position + 1), Math.max(daysAgo - 1, 0)))
        : null;
      previousDone = doneOn;
      const assigneeId = s.assigneeUserId ?? roles.get(s.assigneeRole ?? '') ?? admin.id;
      return {
        requestId: request!.id,
        position: s.position,
        title: s.title,
        description: s.description,
        assigneeId,
        assigneeRole: s.assigneeRole,
        dueDays: s.dueDays,
        dueUnit: s.dueUnit,
        dueFrom: s.dueFrom,
        dueDate,
        required: s.required,
        completionRequirement: s.completionRequirement,
        status: isDone ? 'DONE' : 'OPEN',
        completedBy: isDone ? assigneeId : null,
        completedAt: doneOn ? new Date(`${doneOn}T16:00:00Z`) : null,
      };
    });
    await db.insert(workflowRequestSteps).values(rows);
    made += 1;
  }
  return made;
};
