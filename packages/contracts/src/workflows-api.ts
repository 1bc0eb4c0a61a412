import { serialIdParamSchema } from './ids.ts';
import { z } from 'zod';
import { DUE_UNITS } from './business-days.ts';
import { ADVISOR_ROLE_LABELS, isValidIsoDate } from './clients.ts';
import { listQueryShape } from './list-query.ts';

/**
 * Workflow templates (issue 18 §1, spec §2 /create-request-manage-workflows): a workflow type, a name, a
 * description and ordered steps, versioned. Editing a published template edits its draft; publishing the
 * draft makes the next version, whose steps never change again (requests keep the version they started on).
 */

export const WORKFLOW_TEMPLATE_NAME_MAX = 100;
export const WORKFLOW_TEMPLATE_DESCRIPTION_MAX = 500;
export const WORKFLOW_STEP_TITLE_MAX = 100;
export const WORKFLOW_STEP_DESCRIPTION_MAX = 500;
export const WORKFLOW_STEPS_MAX = 30;
export const WORKFLOW_DUE_DAYS_MAX = 365;
export const FIRM_HOLIDAY_NAME_MAX = 60;

/** The household roles a step may be assigned to, resolved on the household when a request starts. */
export const WORKFLOW_ASSIGNEE_ROLES = [
  'WEALTH_ADVISOR_1',
  'WEALTH_ADVISOR_2',
  'WEALTH_ADVISOR_3',
  'BUSINESS_DEVELOPER',
  'SOLICITOR',
] as const;
export type WorkflowAssigneeRole = (typeof WORKFLOW_ASSIGNEE_ROLES)[number];
export const WORKFLOW_ASSIGNEE_ROLE_LABELS: Readonly<Record<WorkflowAssigneeRole, string>> = {
  WEALTH_ADVISOR_1: ADVISOR_ROLE_LABELS.WEALTH_ADVISOR_1,
  WEALTH_ADVISOR_2: ADVISOR_ROLE_LABELS.WEALTH_ADVISOR_2,
  WEALTH_ADVISOR_3: ADVISOR_ROLE_LABELS.WEALTH_ADVISOR_3,
  BUSINESS_DEVELOPER: ADVISOR_ROLE_LABELS.BUSINESS_DEVELOPER,
  SOLICITOR: ADVISOR_ROLE_LABELS.SOLICITOR,
};

/** A step goes to a named user, or to whoever holds a role on the request's household. */
export const WORKFLOW_ASSIGNEE_KINDS = ['USER', 'ROLE'] as const;
export type WorkflowAssigneeKind = (typeof WORKFLOW_ASSIGNEE_KINDS)[number];

/** From when a step's due days count: the request's start, or the previous step being done. */
export const WORKFLOW_DUE_FROM = ['REQUEST_START', 'PREVIOUS_STEP'] as const;
export type WorkflowDueFrom = (typeof WORKFLOW_DUE_FROM)[number];
export const WORKFLOW_DUE_FROM_LABELS: Readonly<Record<WorkflowDueFrom, string>> = {
  REQUEST_START: 'after the request starts',
  PREVIOUS_STEP: 'after the previous step is done',
};
export const WORKFLOW_DUE_UNIT_LABELS: Readonly<Record<(typeof DUE_UNITS)[number], string>> = {
  CALENDAR: 'calendar days',
  BUSINESS: 'business days',
};

/** What completing a step needs besides marking it done. */
export const WORKFLOW_COMPLETION_REQUIREMENTS = ['NONE', 'DOCUMENT', 'NOTE'] as const;
export type WorkflowCompletionRequirement = (typeof WORKFLOW_COMPLETION_REQUIREMENTS)[number];
export const WORKFLOW_COMPLETION_LABELS: Readonly<Record<WorkflowCompletionRequirement, string>> = {
  NONE: 'Nothing else',
  DOCUMENT: 'A document',
  NOTE: 'A note',
};

export const WORKFLOW_MESSAGES = {
  created: 'Workflow template added successfully.',
  updated: 'Workflow template saved as a draft.',
  published: 'Workflow template published.',
  draftDiscarded: 'Draft discarded.',
  deleted: 'Workflow template deleted successfully.',
  notFound: 'Workflow template not found.',
  nameRequired: 'Please enter the template name.',
  nameOnlySpaces: 'Name cannot contain only spaces.',
  nameMax: `Name can be at most ${WORKFLOW_TEMPLATE_NAME_MAX} characters.`,
  duplicateName: 'A workflow template with this name already exists.',
  descriptionMax: `Description can be at most ${WORKFLOW_TEMPLATE_DESCRIPTION_MAX} characters.`,
  typeRequired: 'Please select the workflow type.',
  typeNotFound: 'This workflow type does not exist.',
  stepsRequired: 'Add at least one step.',
  stepsMax: `A template can have at most ${WORKFLOW_STEPS_MAX} steps.`,
  stepTitleRequired: 'Please enter the step title.',
  stepTitleOnlySpaces: 'Title cannot contain only spaces.',
  stepTitleMax: `Title can be at most ${WORKFLOW_STEP_TITLE_MAX} characters.`,
  stepDescriptionMax: `Step description can be at most ${WORKFLOW_STEP_DESCRIPTION_MAX} characters.`,
  assigneeRequired: 'Please choose who the step is assigned to.',
  assigneeUserNotFound: 'This user does not exist or is inactive.',
  dueDays: `Due days must be a whole number from 0 to ${WORKFLOW_DUE_DAYS_MAX}.`,
  dueUnit: 'Due days count calendar days or business days.',
  dueFrom: 'Due days count from the request start or from the previous step.',
  firstStepAfterPrevious: 'The first step has no previous step: count its due days from the request start.',
  completion: 'A step needs nothing else, a document or a note to complete.',
  stepNotFound: 'This step is not in the template.',
  stepRepeated: 'A step appears twice in the template.',
  lastStepIncomplete: 'Fill in the last step before adding another.',
  nothingToPublish: 'There is no draft to publish: edit the template first.',
  noDraft: 'This template has no draft.',
  onlyDraftIsTemplate: 'This template has never been published: delete the template instead.',
  holidayAdded: 'Holiday added successfully.',
  holidayDeleted: 'Holiday deleted successfully.',
  holidayDate: 'Please enter a valid date.',
  holidayNameRequired: 'Please enter the holiday name.',
  holidayNameMax: `Holiday name can be at most ${FIRM_HOLIDAY_NAME_MAX} characters.`,
  holidayDuplicate: 'This date is already a holiday.',
  holidayNotFound: 'Holiday not found.',
} as const;

const requiredText = (messages: { required: string; onlySpaces: string; max: string }, max: number) =>
  z
    .string({ error: messages.required })
    .min(1, { error: messages.required, abort: true })
    .refine((v) => v.trim().length > 0, messages.onlySpaces)
    .transform((v) => v.trim())
    .pipe(z.string().max(max, messages.max));

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/** One step as sent: `id` names a step of the template's draft (kept), none adds one. */
export const workflowStepInputSchema = z
  .object({
    id: z.uuid({ error: WORKFLOW_MESSAGES.stepNotFound }).optional(),
    title: requiredText(
      {
        required: WORKFLOW_MESSAGES.stepTitleRequired,
        onlySpaces: WORKFLOW_MESSAGES.stepTitleOnlySpaces,
        max: WORKFLOW_MESSAGES.stepTitleMax,
      },
      WORKFLOW_STEP_TITLE_MAX,
    ),
    description: optionalText(WORKFLOW_STEP_DESCRIPTION_MAX, WORKFLOW_MESSAGES.stepDescriptionMax),
    assigneeKind: z.enum(WORKFLOW_ASSIGNEE_KINDS, { error: WORKFLOW_MESSAGES.assigneeRequired }),
    assigneeUserId: z.uuid({ error: WORKFLOW_MESSAGES.assigneeUserNotFound }).nullish(),
    assigneeRole: z.enum(WORKFLOW_ASSIGNEE_ROLES, { error: WORKFLOW_MESSAGES.assigneeRequired }).nullish(),
    dueDays: z
      .number({ error: WORKFLOW_MESSAGES.dueDays })
      .int(WORKFLOW_MESSAGES.dueDays)
      .min(0, WORKFLOW_MESSAGES.dueDays)
      .max(WORKFLOW_DUE_DAYS_MAX, WORKFLOW_MESSAGES.dueDays),
    dueUnit: z.enum(DUE_UNITS, { error: WORKFLOW_MESSAGES.dueUnit }),
    dueFrom: z.enum(WORKFLOW_DUE_FROM, { error: WORKFLOW_MESSAGES.dueFrom }),
    required: z.boolean(),
    completionRequirement: z.enum(WORKFLOW_COMPLETION_REQUIREMENTS, { error: WORKFLOW_MESSAGES.completion }),
  })
  .superRefine((step, ctx) => {
    if (step.assigneeKind === 'USER' && !step.assigneeUserId)
      ctx.addIssue({ code: 'custom', path: ['assigneeUserId'], message: WORKFLOW_MESSAGES.assigneeRequired });
    if (step.assigneeKind === 'ROLE' && !step.assigneeRole)
      ctx.addIssue({ code: 'custom', path: ['assigneeRole'], message: WORKFLOW_MESSAGES.assigneeRequired });
  })
  .transform((step) => ({
    ...step,
    // Only the assignee of the chosen kind is kept.
    assigneeUserId: step.assigneeKind === 'USER' ? (step.assigneeUserId ?? null) : null,
    assigneeRole: step.assigneeKind === 'ROLE' ? (step.assigneeRole ?? null) : null,
  }));
export type WorkflowStepInput = z.input<typeof workflowStepInputSchema>;
export type WorkflowStepValues = z.output<typeof workflowStepInputSchema>;

/**
 * Whether a step is filled enough for another to follow it (spec §5 General: a dynamic list refuses a new
 * entry until the last is filled): a title and an assignee.
 */
export const isWorkflowStepFilled = (step: {
  title?: string | null;
  assigneeKind?: string | null;
  assigneeUserId?: string | null;
  assigneeRole?: string | null;
}) =>
  Boolean(step.title?.trim()) &&
  ((step.assigneeKind === 'USER' && Boolean(step.assigneeUserId)) ||
    (step.assigneeKind === 'ROLE' && Boolean(step.assigneeRole)));

export const workflowTemplateBodySchema = z
  .object({
    name: requiredText(
      {
        required: WORKFLOW_MESSAGES.nameRequired,
        onlySpaces: WORKFLOW_MESSAGES.nameOnlySpaces,
        max: WORKFLOW_MESSAGES.nameMax,
      },
      WORKFLOW_TEMPLATE_NAME_MAX,
    ),
    description: optionalText(WORKFLOW_TEMPLATE_DESCRIPTION_MAX, WORKFLOW_MESSAGES.descriptionMax),
    workflowTypeId: z
      .number({ error: WORKFLOW_MESSAGES.typeRequired })
      .int(WORKFLOW_MESSAGES.typeNotFound)
      .min(1, WORKFLOW_MESSAGES.typeNotFound)
      .max(2_147_483_647, WORKFLOW_MESSAGES.typeNotFound),
    steps: z
      .array(workflowStepInputSchema, { error: WORKFLOW_MESSAGES.stepsRequired })
      .min(1, WORKFLOW_MESSAGES.stepsRequired)
      .max(WORKFLOW_STEPS_MAX, WORKFLOW_MESSAGES.stepsMax),
  })
  .superRefine((body, ctx) => {
    const first = body.steps[0];
    if (first?.dueFrom === 'PREVIOUS_STEP')
      ctx.addIssue({
        code: 'custom',
        path: ['steps', 0, 'dueFrom'],
        message: WORKFLOW_MESSAGES.firstStepAfterPrevious,
      });
    const seen = new Set<string>();
    body.steps.forEach((step, index) => {
      if (step.id === undefined) return;
      if (seen.has(step.id))
        ctx.addIssue({
          code: 'custom',
          path: ['steps', index, 'id'],
          message: WORKFLOW_MESSAGES.stepRepeated,
        });
      seen.add(step.id);
    });
  });
export type WorkflowTemplateBody = z.input<typeof workflowTemplateBodySchema>;
export type WorkflowTemplateValues = z.output<typeof workflowTemplateBodySchema>;

export const workflowTemplateIdParamsSchema = z.object({
  id: z.uuid({ error: WORKFLOW_MESSAGES.notFound }),
});

export const WORKFLOW_TEMPLATE_SORT_KEYS = ['name', 'workflowType', 'updatedAt'] as const;
export const WORKFLOW_TEMPLATE_STATES = ['DRAFT', 'PUBLISHED', 'PUBLISHED_WITH_DRAFT'] as const;
export type WorkflowTemplateState = (typeof WORKFLOW_TEMPLATE_STATES)[number];
export const WORKFLOW_TEMPLATE_STATE_LABELS: Readonly<Record<WorkflowTemplateState, string>> = {
  DRAFT: 'Not published',
  PUBLISHED: 'Published',
  PUBLISHED_WITH_DRAFT: 'Draft pending',
};

export const workflowTemplateListQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search text can be at most 100 characters.').optional(),
  workflowTypeId: serialIdParamSchema({ message: WORKFLOW_MESSAGES.typeNotFound }).optional(),
  ...listQueryShape({
    sortKeys: WORKFLOW_TEMPLATE_SORT_KEYS,
    defaultSort: { sortBy: 'name', order: 'ASC' },
  }),
});
export type WorkflowTemplateListQuery = z.output<typeof workflowTemplateListQuerySchema>;

export const workflowStepSchema = z.object({
  id: z.uuid(),
  position: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  assigneeKind: z.enum(WORKFLOW_ASSIGNEE_KINDS),
  assigneeUserId: z.uuid().nullable(),
  assigneeUserName: z.string().nullable(),
  assigneeRole: z.enum(WORKFLOW_ASSIGNEE_ROLES).nullable(),
  dueDays: z.number().int(),
  dueUnit: z.enum(DUE_UNITS),
  dueFrom: z.enum(WORKFLOW_DUE_FROM),
  required: z.boolean(),
  completionRequirement: z.enum(WORKFLOW_COMPLETION_REQUIREMENTS),
});
export type WorkflowStep = z.infer<typeof workflowStepSchema>;

export const workflowVersionSchema = z.object({
  id: z.uuid(),
  /** null for the draft. */
  version: z.number().int().nullable(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
  updatedAt: z.string(),
  steps: z.array(workflowStepSchema),
});
export type WorkflowVersion = z.infer<typeof workflowVersionSchema>;

export const workflowTemplateSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  workflowType: z.object({ id: z.number().int(), name: z.string() }),
  state: z.enum(WORKFLOW_TEMPLATE_STATES),
  /** The newest published version's number; null when never published. */
  currentVersion: z.number().int().nullable(),
  /** Steps of the draft when there is one, else of the current version. */
  stepCount: z.number().int(),
  updatedAt: z.string(),
});
export type WorkflowTemplateSummary = z.infer<typeof workflowTemplateSummarySchema>;

export const workflowTemplateSchema = workflowTemplateSummarySchema.extend({
  /** The newest published version with its (immutable) steps. */
  current: workflowVersionSchema.nullable(),
  draft: workflowVersionSchema.nullable(),
  /** Every published version, newest first, without steps. */
  versions: z.array(workflowVersionSchema.omit({ steps: true })),
  /**
   * Requests of the template in progress (issue 18 §1): publishing the draft leaves each on the version it
   * started on, which the publish dialog says before publishing.
   */
  runningRequests: z.number().int(),
});
export type WorkflowTemplate = z.infer<typeof workflowTemplateSchema>;

// ---- Firm holidays (business days skip them) ------------------------------------------------------------

export const firmHolidaySchema = z.object({ date: z.string(), name: z.string() });
export type FirmHoliday = z.infer<typeof firmHolidaySchema>;

export const firmHolidayBodySchema = z.object({
  date: z
    .string({ error: WORKFLOW_MESSAGES.holidayDate })
    .trim()
    .refine(isValidIsoDate, WORKFLOW_MESSAGES.holidayDate),
  name: requiredText(
    {
      required: WORKFLOW_MESSAGES.holidayNameRequired,
      onlySpaces: WORKFLOW_MESSAGES.nameOnlySpaces,
      max: WORKFLOW_MESSAGES.holidayNameMax,
    },
    FIRM_HOLIDAY_NAME_MAX,
  ),
});
export type FirmHolidayBody = z.input<typeof firmHolidayBodySchema>;

export const firmHolidayDateParamsSchema = z.object({
  date: z.string().refine(isValidIsoDate, WORKFLOW_MESSAGES.holidayNotFound),
});
