import {
  type DueUnit,
  isWorkflowStepFilled,
  type WorkflowAssigneeKind,
  type WorkflowAssigneeRole,
  type WorkflowCompletionRequirement,
  type WorkflowDueFrom,
  type WorkflowStep,
  type WorkflowTemplate,
  type WorkflowTemplateBody,
  workflowTemplateBodySchema,
} from '@centric/contracts';
import type { PickedUser } from '../../../components/user-picker.tsx';

/** One step in the editor; `key` tells rows apart while they move (a new step has no id yet). */
export type StepRow = {
  key: string;
  id?: string | undefined;
  title: string;
  description: string;
  assigneeKind: WorkflowAssigneeKind;
  assigneeUser: PickedUser | null;
  assigneeRole: WorkflowAssigneeRole | null;
  dueDays: number | '';
  dueUnit: DueUnit;
  dueFrom: WorkflowDueFrom;
  required: boolean;
  completionRequirement: WorkflowCompletionRequirement;
};

export type TemplateFormValues = {
  name: string;
  description: string;
  workflowTypeId: string | null;
  steps: StepRow[];
};

/** Field path ('name', 'steps.2.title') → its first message. */
export type TemplateFormErrors = Record<string, string>;

let nextKey = 0;
const newKey = () => {
  nextKey += 1;
  return `new-${nextKey}`;
};

/** A blank step: assigned to Wealth Advisor 1, due 1 business day after the previous step (or the start). */
export const emptyStep = (first: boolean): StepRow => ({
  key: newKey(),
  title: '',
  description: '',
  assigneeKind: 'ROLE',
  assigneeUser: null,
  assigneeRole: 'WEALTH_ADVISOR_1',
  dueDays: 1,
  dueUnit: 'BUSINESS',
  dueFrom: first ? 'REQUEST_START' : 'PREVIOUS_STEP',
  required: true,
  completionRequirement: 'NONE',
});

const rowOf = (step: WorkflowStep): StepRow => ({
  key: step.id,
  id: step.id,
  title: step.title,
  description: step.description ?? '',
  assigneeKind: step.assigneeKind,
  assigneeUser:
    step.assigneeUserId !== null
      ? { id: step.assigneeUserId, fullName: step.assigneeUserName ?? '', profileImageUrl: null }
      : null,
  assigneeRole: step.assigneeRole,
  dueDays: step.dueDays,
  dueUnit: step.dueUnit,
  dueFrom: step.dueFrom,
  required: step.required,
  completionRequirement: step.completionRequirement,
});

/** The form of a template: its draft's steps when it has one, else its current version's. */
export const templateFormValuesOf = (template: WorkflowTemplate | null): TemplateFormValues =>
  template
    ? {
        name: template.name,
        description: template.description ?? '',
        workflowTypeId: String(template.workflowType.id),
        steps: (template.draft ?? template.current)?.steps.map(rowOf) ?? [],
      }
    : { name: '', description: '', workflowTypeId: null, steps: [emptyStep(true)] };

/** Whether another step may be added (spec §5 General: only once the last one is filled). */
export const canAddStep = (steps: readonly StepRow[]) => {
  const last = steps[steps.length - 1];
  return (
    last === undefined ||
    isWorkflowStepFilled({
      title: last.title,
      assigneeKind: last.assigneeKind,
      assigneeUserId: last.assigneeUser?.id ?? null,
      assigneeRole: last.assigneeRole,
    })
  );
};

/** The list with the step at `from` moved to `to` (both within the list). */
export const moveStep = <T>(steps: readonly T[], from: number, to: number): T[] => {
  const next = [...steps];
  const [moved] = next.splice(from, 1);
  if (moved === undefined || to < 0 || to > steps.length - 1) return [...steps];
  next.splice(to, 0, moved);
  return next;
};

/** The form as the contract reads it (blank fields left undefined for its messages). */
export const templateBodyOf = (values: TemplateFormValues) => ({
  name: values.name,
  description: values.description,
  workflowTypeId: values.workflowTypeId === null ? undefined : Number(values.workflowTypeId),
  steps: values.steps.map((step) => ({
    ...(step.id ? { id: step.id } : {}),
    title: step.title,
    description: step.description,
    assigneeKind: step.assigneeKind,
    assigneeUserId: step.assigneeKind === 'USER' ? (step.assigneeUser?.id ?? null) : null,
    assigneeRole: step.assigneeKind === 'ROLE' ? step.assigneeRole : null,
    dueDays: step.dueDays === '' ? undefined : step.dueDays,
    dueUnit: step.dueUnit,
    dueFrom: step.dueFrom,
    required: step.required,
    completionRequirement: step.completionRequirement,
  })),
});

/**
 * The contract's messages by field path (the same the server answers with), or the body to send: the steps in
 * their order, which the server stores as their positions.
 */
export const checkTemplate = (
  values: TemplateFormValues,
): { errors: TemplateFormErrors; body: WorkflowTemplateBody | null } => {
  const parsed = workflowTemplateBodySchema.safeParse(templateBodyOf(values));
  if (parsed.success) return { errors: {}, body: parsed.data };
  const errors: TemplateFormErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { errors, body: null };
};
