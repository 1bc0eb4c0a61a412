import { z } from 'zod';
import {
  DASHBOARD_DURATIONS,
  RECURRENCE_UNITS,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type RecurrenceUnit,
  type TaskPriority,
} from './activity.ts';
import { addDays, nthOccurrence, parseIsoDate } from './dates.ts';
import { serialIdSchema } from './ids.ts';
import { listQueryShape } from './list-query.ts';

/**
 * Tasks (issue 12 §3, spec §3 Task, §5 Task, §9 priorities): description, type (master data `task-types`),
 * due date, priority LOW 10 / MEDIUM 20 / HIGH 30, assignee, an optional household, status OPEN/DONE, and an
 * optional recurrence computed from its anchor with the one date rule (dates.ts).
 */

export const TASK_DESCRIPTION_MAX = 500;
export const TASK_RECURRENCE_EVERY_MAX = 99;

export const TASK_MESSAGES = {
  created: 'Task created successfully.',
  updated: 'Task updated successfully.',
  completed: 'Task completed successfully.',
  reopened: 'Task reopened successfully.',
  deleted: 'Task deleted successfully.',
  notFound: 'Task not found.',
  /** Spec §5 Task, verbatim. */
  typeRequired: 'Task type is required for creating task',
  /** Spec §5 Task, verbatim. */
  dueDateRequired: 'Due date is required for creating task',
  dueDateInvalid: 'Enter a valid Date',
  typeNotFound: 'This task type does not exist.',
  descriptionRequired: 'Description is required.',
  descriptionOnlySpaces: 'Description cannot contain only spaces.',
  descriptionMax: `Description can be up to ${TASK_DESCRIPTION_MAX} characters.`,
  priorityInvalid: 'Priority must be LOW, MEDIUM or HIGH.',
  assigneeNotFound: 'The assignee does not exist or is inactive.',
  recurrenceUnitInvalid: 'Repeat unit must be DAY, WEEK, MONTH or YEAR.',
  recurrenceEveryInvalid: `Repeat every must be a whole number from 1 to ${TASK_RECURRENCE_EVERY_MAX}.`,
  statusInvalid: 'Status must be OPEN or DONE.',
  nothingToUpdate: 'Nothing to update.',
  householdNotFound: 'Household not found.',
} as const;

export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
};
export const TASK_STATUS_LABELS: Record<(typeof TASK_STATUSES)[number], string> = {
  OPEN: 'Open',
  DONE: 'Done',
};
export const RECURRENCE_UNIT_LABELS: Record<RecurrenceUnit, string> = {
  DAY: 'Day',
  WEEK: 'Week',
  MONTH: 'Month',
  YEAR: 'Year',
};

const PRIORITY_NAMES = Object.keys(TASK_PRIORITIES) as [TaskPriority, ...TaskPriority[]];

/** The stored number (10/20/30) of a priority, and back. */
export const priorityNumber = (priority: TaskPriority): number => TASK_PRIORITIES[priority];
export const priorityOfNumber = (value: number): TaskPriority =>
  PRIORITY_NAMES.find((name) => TASK_PRIORITIES[name] === value) ?? 'MEDIUM';

/**
 * The n-th occurrence (0 = the anchor) of a task repeating every `every` units: always from the anchor, so
 * a monthly task anchored on Jan 31 falls on Feb 28, Mar 31, Apr 30, and a yearly one on Feb 29 falls on
 * Feb 28 in common years and on Feb 29 again in leap years.
 */
export const taskOccurrence = (anchor: string, unit: RecurrenceUnit, every: number, n: number): string => {
  switch (unit) {
    case 'DAY':
      return addDays(anchor, every * n);
    case 'WEEK':
      return addDays(anchor, 7 * every * n);
    case 'MONTH':
      return nthOccurrence(anchor, every, n);
    case 'YEAR':
      return nthOccurrence(anchor, 12 * every, n);
  }
};

const descriptionSchema = z
  .string({ error: TASK_MESSAGES.descriptionRequired })
  .min(1, { message: TASK_MESSAGES.descriptionRequired, abort: true })
  .refine((v) => v.trim().length > 0, { message: TASK_MESSAGES.descriptionOnlySpaces, abort: true })
  .transform((v) => v.trim())
  .pipe(z.string().max(TASK_DESCRIPTION_MAX, TASK_MESSAGES.descriptionMax));

const typeIdSchema = serialIdSchema({ message: TASK_MESSAGES.typeRequired });

const dueDateSchema = z
  .string({ error: TASK_MESSAGES.dueDateRequired })
  .trim()
  .min(1, { message: TASK_MESSAGES.dueDateRequired, abort: true })
  .refine((v) => parseIsoDate(v) !== null, TASK_MESSAGES.dueDateInvalid);

export const taskPrioritySchema = z.enum(PRIORITY_NAMES, { error: TASK_MESSAGES.priorityInvalid });
export const taskStatusSchema = z.enum(TASK_STATUSES, { error: TASK_MESSAGES.statusInvalid });

export const recurrenceInputSchema = z.object({
  unit: z.enum(RECURRENCE_UNITS, { error: TASK_MESSAGES.recurrenceUnitInvalid }),
  every: z
    .number({ error: TASK_MESSAGES.recurrenceEveryInvalid })
    .int(TASK_MESSAGES.recurrenceEveryInvalid)
    .min(1, TASK_MESSAGES.recurrenceEveryInvalid)
    .max(TASK_RECURRENCE_EVERY_MAX, TASK_MESSAGES.recurrenceEveryInvalid),
});
export type RecurrenceInput = z.infer<typeof recurrenceInputSchema>;

const assigneeIdSchema = z.string().uuid(TASK_MESSAGES.assigneeNotFound);
const clientIdSchema = z.string().uuid(TASK_MESSAGES.householdNotFound);

/** POST /api/clients/:clientId/tasks (the household comes from the path). */
export const createClientTaskBodySchema = z.object({
  description: descriptionSchema,
  typeId: typeIdSchema,
  dueDate: dueDateSchema,
  /** Default MEDIUM. */
  priority: taskPrioritySchema.optional(),
  /** Default: the creator. */
  assigneeId: assigneeIdSchema.optional(),
  recurrence: recurrenceInputSchema.nullish(),
});

/** POST /api/tasks: a task on a household (clientId) or on nobody's record. */
export const createTaskBodySchema = createClientTaskBodySchema.extend({
  clientId: clientIdSchema.nullish(),
});
export type CreateTaskBody = z.input<typeof createTaskBodySchema>;

/**
 * PATCH /api/tasks/:id: any field; `status: DONE` completes (a recurring task's next occurrence is created
 * then), `status: OPEN` reopens; `recurrence: null` stops repeating, `clientId: null` unlinks.
 */
export const updateTaskBodySchema = z
  .object({
    description: descriptionSchema.optional(),
    typeId: typeIdSchema.optional(),
    dueDate: dueDateSchema.optional(),
    priority: taskPrioritySchema.optional(),
    assigneeId: assigneeIdSchema.optional(),
    clientId: clientIdSchema.nullish(),
    recurrence: recurrenceInputSchema.nullish(),
    status: taskStatusSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: TASK_MESSAGES.nothingToUpdate });
export type UpdateTaskBody = z.input<typeof updateTaskBodySchema>;

/** The task form on the web: the create body as the form holds it. */
export const taskFormSchema = createTaskBodySchema;

export const taskIdParamsSchema = z.object({ id: z.string().uuid(TASK_MESSAGES.notFound) });

export const TASK_SORT_KEYS = ['createdAt', 'dueDate', 'priority'] as const;

const taskFilters = {
  assigneeId: z.string().uuid(TASK_MESSAGES.assigneeNotFound).optional(),
  status: taskStatusSchema.optional(),
  /** Due within this period of the firm's calendar, plus the open tasks already overdue. */
  duration: z.enum(DASHBOARD_DURATIONS).optional(),
  ...listQueryShape({ sortKeys: TASK_SORT_KEYS, defaultSort: { sortBy: 'createdAt', order: 'DESC' } }),
};

/** GET /api/clients/:clientId/tasks. New tasks first unless sorted otherwise. */
export const clientTaskListQuerySchema = z.object(taskFilters);
/** GET /api/tasks. */
export const taskListQuerySchema = z.object({ ...taskFilters, clientId: clientIdSchema.optional() });
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

const ref = z.object({ id: z.string(), name: z.string() });
const userRef = z.object({ id: z.string(), fullName: z.string() });

export const taskSchema = z.object({
  id: z.string(),
  description: z.string(),
  type: z.object({ id: z.number().int(), name: z.string() }),
  dueDate: z.string(),
  /** Where the due date stands on the firm's today (dueStateOn). */
  dueState: z.enum(['overdue', 'today', 'upcoming']),
  priority: taskPrioritySchema,
  status: taskStatusSchema,
  completedAt: z.string().nullable(),
  assignee: userRef,
  household: ref.nullable(),
  recurrence: z
    .object({
      unit: z.enum(RECURRENCE_UNITS),
      every: z.number().int(),
      anchor: z.string(),
      /** Which occurrence this task is (0 = the anchor). */
      index: z.number().int(),
    })
    .nullable(),
  createdBy: userRef,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

/** A completion's answer: the task, and the next occurrence when the task repeats. */
export const taskUpdateResultSchema = taskSchema.extend({ nextOccurrence: taskSchema.nullable() });
export type TaskUpdateResult = z.infer<typeof taskUpdateResultSchema>;
