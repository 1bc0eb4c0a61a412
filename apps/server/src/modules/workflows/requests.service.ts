import {
  dueDateAfter,
  requestProgress,
  WORKFLOW_ASSIGNEE_ROLE_LABELS,
  WORKFLOW_REQUEST_MESSAGES,
  type WorkflowAssigneeRole,
  type WorkflowRequest,
  type WorkflowRequestListQuery,
  type WorkflowRequestPreview,
  type WorkflowRequestStartValues,
  type WorkflowRequestStep,
  type WorkflowRequestSummary,
  type WorkflowStepStatus,
  type workflowStepCompleteBodySchema,
} from '@centric/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import type { Alerts } from '../../platform/alerts.ts';
import { clippedAlertMessage } from '../../platform/alerts.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { lockHousehold } from '../../platform/households.ts';
import type { NotificationDraft, Notifications } from '../../platform/notifications.ts';
import { paragraphOf } from '../../platform/rich-text.ts';
import type { NoteCaller, NotesService } from '../notes/notes.service.ts';
import {
  activeUsersByIds,
  countOpenRequestsOf,
  countRequests,
  currentVersionOf,
  findHousehold,
  findRequest,
  householdRoleUsers,
  insertRequest,
  insertRequestSteps,
  listRequests,
  type NewRequestStep,
  type RequestRow,
  type RequestStepWithNames,
  startableTemplates,
  stepsOfRequests,
  updateRequestRow,
  updateRequestStep,
} from './requests.repository.ts';
import { stepsOf } from './workflows.repository.ts';
import type { WorkflowsService } from './workflows.service.ts';

const ENTITY = 'workflowRequest';

export type StepCompleteInput = z.output<typeof workflowStepCompleteBodySchema>;

/** Where a request opens: /open-requests with its id (spec §2: redirect=true opens it). */
export const requestLink = (row: { id: string; status: string }) =>
  `/open-requests?filterBy=${row.status}&requestId=${row.id}&redirect=true`;

/** One alert and one notification per overdue step (its cause), resolved when the step is no longer open. */
const overdueCause = (stepId: string) => `workflow-overdue:${stepId}`;

const stepItem = (step: RequestStepWithNames, today: string): WorkflowRequestStep => ({
  id: step.id,
  position: step.position,
  title: step.title,
  description: step.description,
  assignee: { id: step.assigneeId, fullName: step.assigneeName },
  assigneeRole: step.assigneeRole as WorkflowAssigneeRole | null,
  dueDays: step.dueDays,
  dueUnit: step.dueUnit as WorkflowRequestStep['dueUnit'],
  dueFrom: step.dueFrom as WorkflowRequestStep['dueFrom'],
  dueDate: step.dueDate,
  required: step.required,
  completionRequirement: step.completionRequirement as WorkflowRequestStep['completionRequirement'],
  status: step.status as WorkflowStepStatus,
  overdue: step.status === 'OPEN' && step.dueDate !== null && step.dueDate < today,
  completedBy:
    step.completedBy && step.completedByName
      ? { id: step.completedBy, fullName: step.completedByName }
      : null,
  completedAt: step.completedAt?.toISOString() ?? null,
});

const summaryOf = (row: RequestRow, steps: readonly WorkflowRequestStep[]): WorkflowRequestSummary => {
  const open = steps.filter((s) => s.status === 'OPEN');
  const dues = open.flatMap((s) => (s.dueDate ? [s.dueDate] : [])).sort();
  const assignees = new Map(open.map((s) => [s.assignee.id, s.assignee]));
  const { request } = row;
  return {
    id: request.id,
    name: row.name,
    templateId: request.templateId,
    version: row.version ?? 0,
    workflowType: { id: row.workflowTypeId, name: row.typeName },
    household: { id: request.householdId, name: row.householdName },
    status: request.status as WorkflowRequestSummary['status'],
    startedAt: request.startedAt.toISOString(),
    startDate: request.startDate,
    startedBy:
      request.startedBy && row.startedByName ? { id: request.startedBy, fullName: row.startedByName } : null,
    finishedAt: request.finishedAt?.toISOString() ?? null,
    rejectionReason: request.rejectionReason,
    rejectedBy:
      request.rejectedBy && row.rejectedByName
        ? { id: request.rejectedBy, fullName: row.rejectedByName }
        : null,
    ...requestProgress(steps),
    stepCount: steps.length,
    overdueCount: steps.filter((s) => s.overdue).length,
    nextDueDate: dues[0] ?? null,
    openAssignees: [...assignees.values()],
  };
};

/** Who is asking: their id and name, and whether they may change requests (openRequests write). */
export type RequestCaller = { id: string; fullName: string; canWrite: boolean; notes: NoteCaller };

export type RequestsService = ReturnType<typeof createRequestsService>;

/**
 * Workflow requests (issue 18 §2): started from a template's current version for a household, steps
 * completed or skipped one by one, rejected with a reason. Every change runs under the request's lock, is
 * audited, posts a system note on the request, and tells the people it concerns.
 */
export const createRequestsService = (deps: {
  db: Db;
  clock: Clock;
  today: FirmToday;
  workflows: Pick<WorkflowsService, 'holidaySet'>;
  notes: Pick<NotesService, 'createSystemNote' | 'writeOnRequest'>;
  notifications: Pick<Notifications, 'notify'>;
  alerts: Pick<Alerts, 'resolveAlerts'>;
}) => {
  const { db, clock, today, workflows, notes, notifications, alerts } = deps;
  const writeAudit = auditWriter(clock);

  const itemsOf = async (conn: Db, rows: readonly RequestRow[]) => {
    const day = today();
    const steps = await stepsOfRequests(
      conn,
      rows.map((r) => r.request.id),
    );
    return rows.map((row) => {
      const own = steps.filter((s) => s.requestId === row.request.id).map((s) => stepItem(s, day));
      return { summary: summaryOf(row, own), steps: own };
    });
  };

  const load = async (conn: Db, id: string, caller: RequestCaller | null, lock = false) => {
    const row = await findRequest(conn, id, lock);
    if (!row) throw notFound(WORKFLOW_REQUEST_MESSAGES.notFound);
    const [item] = await itemsOf(conn, [row]);
    const result: WorkflowRequest = {
      ...item!.summary,
      steps: item!.steps,
      canAct: caller !== null && caller.canWrite && row.request.status === 'IN_PROGRESS',
    };
    return result;
  };

  /** The template's current version with its steps' assignees resolved on the household (or null when missing). */
  const resolve = async (conn: Db, clientId: string, templateId: string) => {
    const household = await findHousehold(conn, clientId);
    if (!household) throw fieldError('clientId', WORKFLOW_REQUEST_MESSAGES.householdNotFound);
    const version = await currentVersionOf(conn, templateId);
    if (!version) throw fieldError('templateId', WORKFLOW_REQUEST_MESSAGES.templateNotPublished);
    const steps = await stepsOf(conn, [version.id]);
    const roles = await householdRoleUsers(conn, clientId);
    const missingRoles = [
      ...new Set(
        steps.flatMap((s) =>
          s.assigneeRole && !roles.has(s.assigneeRole) ? [s.assigneeRole as WorkflowAssigneeRole] : [],
        ),
      ),
    ];
    return { household, version, steps, roles, missingRoles };
  };

  /** The due date of each step known at the start: those counted from it (the others wait for their previous). */
  const startDueDate = (
    step: { dueFrom: string; dueDays: number; dueUnit: string },
    startDate: string,
    holidays: ReadonlySet<string>,
  ) =>
    step.dueFrom === 'REQUEST_START'
      ? dueDateAfter(
          startDate,
          { days: step.dueDays, unit: step.dueUnit as 'CALENDAR' | 'BUSINESS' },
          holidays,
        )
      : null;

  const systemNote = (tx: Db, row: RequestRow, text: string, context: AuditContext) =>
    notes.createSystemNote(tx, {
      records: [
        { kind: 'workflowRequest', id: row.request.id },
        { kind: 'household', id: row.request.householdId },
      ],
      html: paragraphOf(text),
      type: 'WORKFLOW',
      context,
    });

  /**
   * A change to a request in progress, under its lock: `change` writes it; then the request is completed
   * when every required step is done, audited with its state before and after.
   */
  const change = (
    caller: RequestCaller,
    id: string,
    context: AuditContext,
    action: string,
    work: (tx: Db, before: WorkflowRequest, row: RequestRow) => Promise<void>,
  ) =>
    db.transaction(async (tx) => {
      const row = await findRequest(tx, id, true);
      if (!row) throw notFound(WORKFLOW_REQUEST_MESSAGES.notFound);
      const before = await load(tx, id, caller);
      if (before.status !== 'IN_PROGRESS') throw conflict(WORKFLOW_REQUEST_MESSAGES.notInProgress);
      await work(tx, before, row);
      let after = await load(tx, id, caller);
      if (after.status === 'IN_PROGRESS' && after.requiredDone === after.requiredTotal) {
        const at = clock.now();
        await updateRequestRow(tx, id, { status: 'COMPLETED', finishedAt: at, updatedAt: at });
        await systemNote(tx, row, `${row.name} completed: every required step is done.`, context);
        after = await load(tx, id, caller);
      }
      await writeAudit(tx, context, {
        action,
        entity: ENTITY,
        entityId: id,
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    });

  /** Completes or skips an open step; the next step counted from it gets its due date. */
  const finishStep = (
    caller: RequestCaller,
    id: string,
    stepId: string,
    status: 'DONE' | 'SKIPPED',
    context: AuditContext,
    body: StepCompleteInput = { html: null, attachmentIds: [] },
  ) =>
    change(
      caller,
      id,
      context,
      status === 'DONE' ? 'COMPLETE_STEP' : 'SKIP_STEP',
      async (tx, before, row) => {
        const index = before.steps.findIndex((s) => s.id === stepId);
        const step = before.steps[index];
        if (!step) throw notFound(WORKFLOW_REQUEST_MESSAGES.stepNotFound);
        if (step.status !== 'OPEN') throw conflict(WORKFLOW_REQUEST_MESSAGES.stepNotOpen);
        if (status === 'SKIPPED' && step.required)
          throw conflict(WORKFLOW_REQUEST_MESSAGES.requiredNotSkippable);
        const html = body.html?.trim() ? body.html : null;
        if (status === 'DONE') {
          if (step.completionRequirement === 'NOTE' && !html)
            throw fieldError('html', WORKFLOW_REQUEST_MESSAGES.noteRequired);
          if (step.completionRequirement === 'DOCUMENT' && body.attachmentIds.length === 0)
            throw fieldError('attachmentIds', WORKFLOW_REQUEST_MESSAGES.documentRequired);
          if (html || body.attachmentIds.length > 0) {
            if (!caller.notes.notesWrite) throw forbidden();
            await notes.writeOnRequest(
              tx,
              caller.notes,
              { clientId: row.request.householdId, requestId: id },
              {
                html: html ?? paragraphOf(`${step.title}: document attached.`),
                category: null,
                attachmentIds: body.attachmentIds,
              },
              context,
            );
          }
        }
        const at = clock.now();
        await updateRequestStep(tx, stepId, { status, completedBy: caller.id, completedAt: at });
        const next = before.steps[index + 1];
        if (next && next.dueFrom === 'PREVIOUS_STEP' && next.dueDate === null && next.status === 'OPEN') {
          const dueDate = dueDateAfter(
            today(),
            { days: next.dueDays, unit: next.dueUnit },
            await workflows.holidaySet(tx),
          );
          await updateRequestStep(tx, next.id, { dueDate });
        }
        await updateRequestRow(tx, id, { updatedAt: at });
        await alerts.resolveAlerts(tx, [overdueCause(stepId)]);
        await systemNote(
          tx,
          row,
          status === 'DONE'
            ? `Step ${step.position + 1} "${step.title}" completed by ${caller.fullName}.`
            : `Step ${step.position + 1} "${step.title}" skipped by ${caller.fullName}.`,
          context,
        );
      },
    );

  return {
    /** A page of requests with their progress, and the total. */
    async list(caller: RequestCaller, query: WorkflowRequestListQuery) {
      const day = today();
      const [rows, total] = await Promise.all([
        listRequests(db, query, caller.id, day),
        countRequests(db, query, caller.id, day),
      ]);
      return { items: (await itemsOf(db, rows)).map((i) => i.summary), total };
    },

    get: (caller: RequestCaller, id: string) => load(db, id, caller),

    /** Published templates a request can start from. */
    templates: () => startableTemplates(db),

    /** A household (not a draft) that requests can be for, by its id: its name for a link's `clientId`. */
    async household(clientId: string) {
      const household = await findHousehold(db, clientId);
      if (!household) throw notFound(WORKFLOW_REQUEST_MESSAGES.householdNotFound);
      return household;
    },

    /** What starting would make: the steps with their assignees and due dates, and the roles to choose. */
    async preview(clientId: string, templateId: string): Promise<WorkflowRequestPreview> {
      const { version, steps, roles, missingRoles } = await resolve(db, clientId, templateId);
      const holidays = await workflows.holidaySet();
      const day = today();
      return {
        version: version.version ?? 0,
        steps: steps.map((s) => ({
          title: s.title,
          assigneeRole: s.assigneeRole as WorkflowAssigneeRole | null,
          assignee: s.assigneeUserId
            ? { id: s.assigneeUserId, fullName: s.assigneeUserName ?? '' }
            : (roles.get(s.assigneeRole ?? '') ?? null),
          dueDate: startDueDate(s, day, holidays),
          required: s.required,
        })),
        missingRoles,
      };
    },

    /**
     * Starts a request: the template's current version's steps copied with their assignees resolved (a role
     * the household lacks is taken from `roleAssignees`, never left unassigned) and the due dates known now.
     * Each assignee is told once, with their steps.
     */
    async start(caller: RequestCaller, body: WorkflowRequestStartValues, context: AuditContext) {
      const id = await db.transaction(async (tx) => {
        await lockHousehold(tx, body.clientId).catch(() => {
          throw fieldError('clientId', WORKFLOW_REQUEST_MESSAGES.householdNotFound);
        });
        const { household, version, steps, roles, missingRoles } = await resolve(
          tx,
          body.clientId,
          body.templateId,
        );
        const chosen = await activeUsersByIds(
          tx,
          missingRoles.flatMap((role) => (body.roleAssignees[role] ? [body.roleAssignees[role]] : [])),
        );
        for (const role of missingRoles) {
          const userId = body.roleAssignees[role];
          if (!userId)
            throw fieldError(
              `roleAssignees.${role}`,
              WORKFLOW_REQUEST_MESSAGES.roleMissing(WORKFLOW_ASSIGNEE_ROLE_LABELS[role]),
            );
          if (!chosen.has(userId))
            throw fieldError(`roleAssignees.${role}`, WORKFLOW_REQUEST_MESSAGES.roleUserNotFound);
        }
        const assigneeOf = (s: (typeof steps)[number]) =>
          s.assigneeUserId ??
          roles.get(s.assigneeRole ?? '')?.id ??
          body.roleAssignees[s.assigneeRole as WorkflowAssigneeRole]!;
        const startDate = today();
        const at = clock.now();
        const holidays = await workflows.holidaySet(tx);
        const requestId = await insertRequest(tx, {
          templateId: body.templateId,
          versionId: version.id,
          householdId: household.id,
          startDate,
          startedAt: at,
          startedBy: caller.id,
          updatedAt: at,
        });
        const values: NewRequestStep[] = steps.map((s) => ({
          requestId,
          position: s.position,
          title: s.title,
          description: s.description,
          assigneeId: assigneeOf(s),
          assigneeRole: s.assigneeRole,
          dueDays: s.dueDays,
          dueUnit: s.dueUnit,
          dueFrom: s.dueFrom,
          dueDate: startDueDate(s, startDate, holidays),
          required: s.required,
          completionRequirement: s.completionRequirement,
        }));
        await insertRequestSteps(tx, values);
        const link = requestLink({ id: requestId, status: 'IN_PROGRESS' });
        const byAssignee = new Map<string, string[]>();
        for (const v of values)
          byAssignee.set(v.assigneeId, [...(byAssignee.get(v.assigneeId) ?? []), v.title]);
        const drafts: NotificationDraft[] = [...byAssignee].map(([userId, titles]) => ({
          userId,
          kind: 'WORKFLOW_ASSIGNED',
          causeKey: `workflow-assigned:${requestId}:${userId}`,
          title: `${caller.fullName} assigned you ${titles.length === 1 ? 'a step' : `${titles.length} steps`} in ${version.name} for ${household.name}`,
          body: titles.join(' · '),
          link,
          actorId: caller.id,
        }));
        await notifications.notify(tx, drafts);
        const row = await findRequest(tx, requestId);
        await systemNote(
          tx,
          row!,
          `${version.name} (version ${version.version}) started by ${caller.fullName}.`,
          context,
        );
        const item = await load(tx, requestId, caller);
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: ENTITY,
          entityId: requestId,
          after: auditView(item),
        });
        return requestId;
      });
      return load(db, id, caller);
    },

    completeStep: (
      caller: RequestCaller,
      id: string,
      stepId: string,
      body: StepCompleteInput,
      context: AuditContext,
    ) => finishStep(caller, id, stepId, 'DONE', context, body),

    skipStep: (caller: RequestCaller, id: string, stepId: string, context: AuditContext) =>
      finishStep(caller, id, stepId, 'SKIPPED', context),

    /** Rejects a request in progress at any step, with its reason; its overdue alerts are resolved. */
    reject: (caller: RequestCaller, id: string, reason: string, context: AuditContext) =>
      change(caller, id, context, 'REJECT', async (tx, before, row) => {
        const at = clock.now();
        await updateRequestRow(tx, id, {
          status: 'REJECTED',
          rejectionReason: reason,
          rejectedBy: caller.id,
          finishedAt: at,
          updatedAt: at,
        });
        await alerts.resolveAlerts(
          tx,
          before.steps.map((s) => overdueCause(s.id)),
        );
        await systemNote(tx, row, `${row.name} rejected by ${caller.fullName}: ${reason}`, context);
      }),

    /** The requests in progress in which the user has an open step (the sidebar badge). */
    openCountOf: (conn: Db, userId: string) => countOpenRequestsOf(conn, userId),
  };
};

const auditView = (item: WorkflowRequest) => ({
  status: item.status,
  householdId: item.household.id,
  templateId: item.templateId,
  version: item.version,
  rejectionReason: item.rejectionReason,
  steps: item.steps.map((s) => ({
    id: s.id,
    title: s.title,
    assigneeId: s.assignee.id,
    dueDate: s.dueDate,
    status: s.status,
    completedById: s.completedBy?.id ?? null,
  })),
});

const SWEEP_BATCH = 500;

/**
 * The activity sweep's daily part (issue 18 §2): each open step of a request in progress past its due date
 * raises a workflowOverdue alert on the household (to the assignee and the household's advisors) and tells
 * the assignee (WORKFLOW_OVERDUE), once per step. Completing or skipping the step, or rejecting the request,
 * resolves it.
 */
export const createWorkflowOverdueSweep =
  (deps: {
    today: FirmToday;
    alerts: Pick<Alerts, 'raiseAlerts'>;
    notifications: Pick<Notifications, 'notify'>;
  }) =>
  async (conn: Db, stopping: () => boolean = () => false) => {
    const day = deps.today();
    const message = clippedAlertMessage(
      sql`'Step "' || s.title || '" of ' || t.name || ' for ' || h.name || ' was due on '
        || to_char(s.due_date, 'MM/DD/YYYY') || '.'`,
    );
    let raised = 0;
    for (;;) {
      const rows = rowsOf<{
        id: string;
        request_id: string;
        title: string;
        message: string;
        due_date: string;
        household_id: string;
        assignee_id: string;
        recipients: string[];
      }>(
        await conn.execute(sql`select s.id, s.request_id, s.title, ${message} as message,
            s.due_date::text as due_date, r.household_id, s.assignee_id,
            jsonb_build_array(s.assignee_id) || coalesce((select jsonb_agg(ha.user_id) from household_advisors ha
              join users u on u.id = ha.user_id and u.status = 'ACTIVE'
              where ha.household_id = r.household_id and ha.user_id <> s.assignee_id), '[]'::jsonb) as recipients
          from workflow_request_steps s
          join workflow_requests r on r.id = s.request_id and r.status = 'IN_PROGRESS'
          join workflow_templates t on t.id = r.template_id
          join households h on h.id = r.household_id
          where s.status = 'OPEN' and s.due_date < ${day}::date
            and not exists (select 1 from alerts a where a.cause_key = 'workflow-overdue:' || s.id)
          order by s.due_date, s.id limit ${SWEEP_BATCH}`),
      );
      if (rows.length === 0) break;
      await conn.transaction(async (tx) => {
        await deps.alerts.raiseAlerts(
          tx,
          rows.map((r) => ({
            category: 'workflowOverdue' as const,
            causeKey: overdueCause(r.id),
            message: r.message,
            details: { requestId: r.request_id, stepId: r.id, dueDate: r.due_date },
            record: { kind: 'household' as const, id: r.household_id },
            recipients: r.recipients,
          })),
        );
        await deps.notifications.notify(
          tx,
          rows.map((r) => ({
            userId: r.assignee_id,
            kind: 'WORKFLOW_OVERDUE' as const,
            causeKey: overdueCause(r.id),
            title: `Workflow step overdue: ${r.title}`,
            body: r.message,
            link: requestLink({ id: r.request_id, status: 'IN_PROGRESS' }),
          })),
        );
      });
      raised += rows.length;
      if (rows.length < SWEEP_BATCH || stopping()) break;
    }
    return raised;
  };
