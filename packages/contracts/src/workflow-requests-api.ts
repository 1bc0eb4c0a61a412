import { z } from 'zod';
import { DUE_UNITS } from './business-days.ts';
import { serialIdParamSchema } from './ids.ts';
import { pagingShape } from './list-query.ts';
import { attachmentIdsSchema, noteHtmlSchema } from './notes-api.ts';
import {
  WORKFLOW_ASSIGNEE_ROLES,
  WORKFLOW_COMPLETION_REQUIREMENTS,
  WORKFLOW_DUE_FROM,
  type WorkflowAssigneeRole,
} from './workflows-api.ts';

/**
 * Workflow requests (issue 18 §2, spec §2 /open-requests and /create-request, §3 workflow request): a
 * household's run of a template's published version. Its steps are copied at the start with their
 * assignees resolved on the household; each step is OPEN, DONE or (optional ones) SKIPPED. A request is
 * IN_PROGRESS, COMPLETED (every required step done) or REJECTED (with a reason).
 */

/** Spec §2 /open-requests `filterBy`: the request states (default IN_PROGRESS). */
export const WORKFLOW_REQUEST_STATUSES = ['IN_PROGRESS', 'COMPLETED', 'REJECTED'] as const;
export type WorkflowRequestStatus = (typeof WORKFLOW_REQUEST_STATUSES)[number];
export const WORKFLOW_REQUEST_STATUS_LABELS: Readonly<Record<WorkflowRequestStatus, string>> = {
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  REJECTED: 'Rejected',
};

export const WORKFLOW_STEP_STATUSES = ['OPEN', 'DONE', 'SKIPPED'] as const;
export type WorkflowStepStatus = (typeof WORKFLOW_STEP_STATUSES)[number];
export const WORKFLOW_STEP_STATUS_LABELS: Readonly<Record<WorkflowStepStatus, string>> = {
  OPEN: 'Open',
  DONE: 'Done',
  SKIPPED: 'Skipped',
};

export const WORKFLOW_REJECTION_REASON_MAX = 500;

export const WORKFLOW_REQUEST_MESSAGES = {
  started: 'Request started successfully.',
  notFound: 'Request not found.',
  stepNotFound: 'This step is not in the request.',
  householdRequired: 'Please select the household.',
  householdNotFound: 'Household not found.',
  templateRequired: 'Please select the workflow template.',
  templateNotPublished: 'This template has no published version yet.',
  roleMissing: (role: string) =>
    `The household has no ${role}: choose who does the steps assigned to that role.`,
  roleUserNotFound: 'This user does not exist or is inactive.',
  stepCompleted: 'Step completed.',
  stepSkipped: 'Step skipped.',
  stepReopened: 'Step reopened.',
  notInProgress: 'This request is no longer in progress.',
  stepNotOpen: 'This step is not open.',
  stepNotDone: 'This step is not done or skipped.',
  requiredNotSkippable: 'A required step cannot be skipped.',
  noteRequired: 'This step needs a note to complete.',
  documentRequired: 'This step needs a document to complete.',
  rejected: 'Request rejected.',
  reasonRequired: 'Please enter the reason for rejecting the request.',
  reasonOnlySpaces: 'Reason cannot contain only spaces.',
  reasonMax: `Reason can be at most ${WORKFLOW_REJECTION_REASON_MAX} characters.`,
  filterBy: `filterBy must be one of ${WORKFLOW_REQUEST_STATUSES.join(', ')}.`,
} as const;

export const workflowRequestIdParamsSchema = z.object({
  id: z.uuid({ error: WORKFLOW_REQUEST_MESSAGES.notFound }),
});
export const workflowRequestStepParamsSchema = z.object({
  id: z.uuid({ error: WORKFLOW_REQUEST_MESSAGES.notFound }),
  stepId: z.uuid({ error: WORKFLOW_REQUEST_MESSAGES.stepNotFound }),
});

const booleanQuery = z
  .enum(['true', 'false'], { error: 'Use true or false.' })
  .transform((v) => v === 'true')
  .optional();

/**
 * The list of /open-requests: `filterBy` (default IN_PROGRESS), the household (`clientId`), the workflow
 * type, the assignee (a user with a step in the request), overdue only (an open step past its due date),
 * and `mine` (requests in which the caller has an open step).
 */
export const workflowRequestListQuerySchema = z.object({
  filterBy: z
    .enum(WORKFLOW_REQUEST_STATUSES, { error: WORKFLOW_REQUEST_MESSAGES.filterBy })
    .default('IN_PROGRESS'),
  clientId: z.uuid({ error: WORKFLOW_REQUEST_MESSAGES.householdNotFound }).optional(),
  workflowTypeId: serialIdParamSchema({ message: 'This workflow type does not exist.' }).optional(),
  assigneeId: z.uuid({ error: 'This user does not exist.' }).optional(),
  overdue: booleanQuery,
  mine: booleanQuery,
  ...pagingShape(),
});
export type WorkflowRequestListQuery = z.output<typeof workflowRequestListQuerySchema>;

/** Who does the steps of a role the household lacks, chosen before start (never left unassigned). */
export const workflowRequestStartBodySchema = z.object({
  clientId: z.uuid({ error: WORKFLOW_REQUEST_MESSAGES.householdRequired }),
  templateId: z.uuid({ error: WORKFLOW_REQUEST_MESSAGES.templateRequired }),
  roleAssignees: z
    .partialRecord(
      z.enum(WORKFLOW_ASSIGNEE_ROLES),
      z.uuid({ error: WORKFLOW_REQUEST_MESSAGES.roleUserNotFound }),
    )
    .default({}),
});
export type WorkflowRequestStartBody = z.input<typeof workflowRequestStartBodySchema>;
export type WorkflowRequestStartValues = z.output<typeof workflowRequestStartBodySchema>;

/**
 * Completing a step: a note (rich text, the notes editor's) and documents (uploads of the notes editor),
 * posted as a workflow note on the request. A step that needs a note or a document refuses without one.
 */
export const workflowStepCompleteBodySchema = z.object({
  html: noteHtmlSchema.nullish(),
  attachmentIds: attachmentIdsSchema,
});
export type WorkflowStepCompleteBody = z.input<typeof workflowStepCompleteBodySchema>;

export const workflowRequestRejectBodySchema = z.object({
  reason: z
    .string({ error: WORKFLOW_REQUEST_MESSAGES.reasonRequired })
    .min(1, { error: WORKFLOW_REQUEST_MESSAGES.reasonRequired, abort: true })
    .refine((v) => v.trim().length > 0, WORKFLOW_REQUEST_MESSAGES.reasonOnlySpaces)
    .transform((v) => v.trim())
    .pipe(z.string().max(WORKFLOW_REJECTION_REASON_MAX, WORKFLOW_REQUEST_MESSAGES.reasonMax)),
});
export type WorkflowRequestRejectBody = z.input<typeof workflowRequestRejectBodySchema>;

const person = z.object({ id: z.uuid(), fullName: z.string() });

export const workflowRequestStepSchema = z.object({
  id: z.uuid(),
  position: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  assignee: person,
  /** The household role the assignee was resolved from, when the template named a role. */
  assigneeRole: z.enum(WORKFLOW_ASSIGNEE_ROLES).nullable(),
  dueDays: z.number().int(),
  dueUnit: z.enum(DUE_UNITS),
  dueFrom: z.enum(WORKFLOW_DUE_FROM),
  /** yyyy-MM-dd; null while the previous step (which it counts from) is not done. */
  dueDate: z.string().nullable(),
  required: z.boolean(),
  completionRequirement: z.enum(WORKFLOW_COMPLETION_REQUIREMENTS),
  status: z.enum(WORKFLOW_STEP_STATUSES),
  overdue: z.boolean(),
  completedBy: person.nullable(),
  completedAt: z.string().nullable(),
});
export type WorkflowRequestStep = z.infer<typeof workflowRequestStepSchema>;

export const workflowRequestSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  templateId: z.uuid(),
  version: z.number().int(),
  workflowType: z.object({ id: z.number().int(), name: z.string() }),
  household: z.object({ id: z.uuid(), name: z.string() }),
  status: z.enum(WORKFLOW_REQUEST_STATUSES),
  startedAt: z.string(),
  startDate: z.string(),
  startedBy: person.nullable(),
  finishedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  rejectedBy: person.nullable(),
  /** Required steps done ÷ required steps, 0–100 (whole percent, rounded down). */
  progress: z.number().int(),
  requiredDone: z.number().int(),
  requiredTotal: z.number().int(),
  stepCount: z.number().int(),
  /** Open steps past their due date (shown apart from progress). */
  overdueCount: z.number().int(),
  /** The earliest due date of an open step. */
  nextDueDate: z.string().nullable(),
  /** The open steps' assignees. */
  openAssignees: z.array(person),
});
export type WorkflowRequestSummary = z.infer<typeof workflowRequestSummarySchema>;

export const workflowRequestSchema = workflowRequestSummarySchema.extend({
  steps: z.array(workflowRequestStepSchema),
  /** What the caller may do: complete or skip their steps (any step with openRequests write), reject. */
  canAct: z.boolean(),
});
export type WorkflowRequest = z.infer<typeof workflowRequestSchema>;

/**
 * A household a request is for, looked up by its id (a link's `clientId`: the start form's household, the
 * Open Requests household filter): openRequests read, as the requests themselves.
 */
export const workflowRequestHouseholdParamsSchema = z.object({
  clientId: z.uuid({ error: WORKFLOW_REQUEST_MESSAGES.householdNotFound }),
});
export const workflowRequestHouseholdSchema = z.object({ id: z.uuid(), name: z.string() });
export type WorkflowRequestHousehold = z.infer<typeof workflowRequestHouseholdSchema>;

/** Before start: the template's roles the household lacks (the start form asks for each). */
export const workflowRequestPreviewQuerySchema = z.object({
  clientId: z.uuid({ error: WORKFLOW_REQUEST_MESSAGES.householdRequired }),
  templateId: z.uuid({ error: WORKFLOW_REQUEST_MESSAGES.templateRequired }),
});
export const workflowRequestPreviewSchema = z.object({
  version: z.number().int(),
  steps: z.array(
    z.object({
      title: z.string(),
      assigneeRole: z.enum(WORKFLOW_ASSIGNEE_ROLES).nullable(),
      assignee: person.nullable(),
      dueDate: z.string().nullable(),
      required: z.boolean(),
    }),
  ),
  missingRoles: z.array(z.enum(WORKFLOW_ASSIGNEE_ROLES)),
});
export type WorkflowRequestPreview = z.infer<typeof workflowRequestPreviewSchema>;

/** Required steps done ÷ required steps, as a whole percent (a request with no required step is 100). */
export const requestProgress = (steps: readonly { required: boolean; status: WorkflowStepStatus }[]) => {
  const required = steps.filter((s) => s.required);
  const done = required.filter((s) => s.status === 'DONE').length;
  return {
    requiredDone: done,
    requiredTotal: required.length,
    progress: required.length === 0 ? 100 : Math.floor((done * 100) / required.length),
  };
};

export type { WorkflowAssigneeRole };
