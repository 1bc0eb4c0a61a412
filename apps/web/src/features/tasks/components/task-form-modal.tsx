import {
  type CreateTaskBody,
  createTaskBodySchema,
  RECURRENCE_UNIT_LABELS,
  RECURRENCE_UNITS,
  type RecurrenceUnit,
  type Task,
  TASK_PRIORITY_LABELS,
  TASK_RECURRENCE_EVERY_MAX,
  type TaskPriority,
} from '@centric/contracts';
import { Group, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { HouseholdField } from '../../../components/household-picker.tsx';
import { RecordFormModal } from '../../../components/record-form-modal.tsx';
import { type PickedUser, UserPicker } from '../../../components/user-picker.tsx';
import type { HouseholdOption } from '../../../lib/lookups/household-search.ts';
import { contractFieldErrors } from '../../../lib/form-errors.ts';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useSaveTask } from '../api/save-task.ts';
import { useTaskTypeOptions } from '../api/task-types.ts';

type Repeat = 'NONE' | RecurrenceUnit;

export type TaskFormValues = {
  description: string;
  typeId: string | null;
  dueDate: string;
  priority: TaskPriority;
  assignee: PickedUser | null;
  household: HouseholdOption | null;
  repeat: Repeat;
  every: number | string;
};

type FormField = keyof TaskFormValues;

/** The body before the contract checks it: the type may still be missing. */
type TaskDraft = Omit<CreateTaskBody, 'typeId'> & { typeId?: number };

/** The request body the form stands for (the contract's create body; an edit sends the same fields). */
export const taskBodyOf = (values: TaskFormValues): TaskDraft => ({
  description: values.description,
  // An empty select leaves typeId out, so the contract answers 'Task type is required for creating task'.
  ...(values.typeId ? { typeId: Number(values.typeId) } : {}),
  dueDate: values.dueDate,
  priority: values.priority,
  ...(values.assignee ? { assigneeId: values.assignee.id } : {}),
  clientId: values.household?.clientId ?? null,
  recurrence:
    values.repeat === 'NONE'
      ? null
      : { unit: values.repeat, every: values.every === '' ? Number.NaN : Number(values.every) },
});

/** Where a contract or server field path shows on this form. */
const formFieldOf = (path: string): FormField | undefined => {
  if (path === 'recurrence.every') return 'every';
  if (path === 'recurrence.unit' || path === 'recurrence') return 'repeat';
  if (path === 'assigneeId') return 'assignee';
  if (path === 'clientId') return 'household';
  const top = path.split('.')[0] as FormField;
  return ['description', 'typeId', 'dueDate', 'priority'].includes(top) ? top : undefined;
};

/** The contract's create schema checks the form: the same messages the server answers with. */
const taskResolver: Resolver<TaskFormValues> = (values) => {
  const parsed = createTaskBodySchema.safeParse(taskBodyOf(values));
  if (parsed.success) return { values, errors: {} };
  return { values: {}, errors: contractFieldErrors<TaskFormValues>(parsed.error.issues, formFieldOf) };
};

const PRIORITY_OPTIONS = (Object.keys(TASK_PRIORITY_LABELS) as TaskPriority[])
  .slice()
  .reverse()
  .map((value) => ({ value, label: TASK_PRIORITY_LABELS[value] }));

const REPEAT_OPTIONS = [
  { value: 'NONE', label: 'Does not repeat' },
  ...RECURRENCE_UNITS.map((unit) => ({ value: unit, label: `Every N ${RECURRENCE_UNIT_LABELS[unit]}s` })),
];

const valuesOf = (
  task: Task | null,
  me: PickedUser | null,
  household: HouseholdOption | null,
): TaskFormValues =>
  task
    ? {
        description: task.description,
        typeId: String(task.type.id),
        dueDate: task.dueDate,
        priority: task.priority,
        assignee: { id: task.assignee.id, fullName: task.assignee.fullName, profileImageUrl: null },
        household: task.household ? { clientId: task.household.id, name: task.household.name } : null,
        repeat: task.recurrence?.unit ?? 'NONE',
        every: task.recurrence?.every ?? 1,
      }
    : {
        description: '',
        typeId: null,
        dueDate: '',
        priority: 'MEDIUM',
        assignee: me,
        household,
        repeat: 'NONE',
        every: 1,
      };

type TaskFormModalProps = {
  /** null: closed; 'new': a new task; a task: edit it. */
  target: Task | 'new' | null;
  /** The household page's own household: preset, and not to be changed there. */
  household?: HouseholdOption | undefined;
  onClose: () => void;
};

/** New task / Edit task: description, type, due date, priority, assignee (me by default), household, repeat. */
export const TaskFormModal = ({ target, household, onClose }: TaskFormModalProps) => (
  <RecordFormModal target={target} noun="task" onClose={onClose}>
    {(task) => <TaskForm task={task} household={household} onClose={onClose} />}
  </RecordFormModal>
);

type TaskFormProps = { task: Task | null; household: HouseholdOption | undefined; onClose: () => void };

const TaskForm = ({ task, household, onClose }: TaskFormProps) => {
  const user = useCurrentUser();
  const me: PickedUser | null = user
    ? { id: user.id, fullName: user.fullName, profileImageUrl: user.profileImageUrl }
    : null;
  const types = useTaskTypeOptions();
  const save = useSaveTask();
  const {
    control,
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isDirty },
  } = useForm<TaskFormValues>({
    defaultValues: valuesOf(task, me, household ?? null),
    resolver: taskResolver,
  });
  const repeat = watch('repeat');

  const handleSave = handleSubmit((values) => {
    const body = createTaskBodySchema.parse(taskBodyOf(values));
    saveRecord(save, task ? { id: task.id, body } : { id: null, body }, {
      onClose,
      setError,
      fields: formFieldOf,
    });
  });

  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate>
      <Stack gap="md">
        <Textarea
          label="Description"
          withAsterisk
          autosize
          minRows={2}
          maxRows={6}
          error={errors.description?.message}
          {...register('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={control}
            name="typeId"
            render={({ field }) => (
              <Select
                label="Type"
                withAsterisk
                placeholder={types.isPending ? 'Loading...' : 'Select a type'}
                data={types.data ?? []}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                searchable
                nothingFoundMessage={types.isError ? 'Error' : 'No Data Found.'}
                error={errors.typeId?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <TextInput
            type="date"
            label="Due date"
            withAsterisk
            error={errors.dueDate?.message}
            {...register('dueDate')}
          />
          <Controller
            control={control}
            name="priority"
            render={({ field }) => (
              <Select
                label="Priority"
                data={PRIORITY_OPTIONS}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'MEDIUM')}
                allowDeselect={false}
                error={errors.priority?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <Controller
            control={control}
            name="assignee"
            render={({ field }) => (
              <UserPicker
                label="Assignee"
                value={field.value}
                onChange={field.onChange}
                error={errors.assignee?.message}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="household"
          render={({ field }) => (
            <HouseholdField
              fixed={household}
              value={field.value}
              onChange={field.onChange}
              error={errors.household?.message}
              description="Leave empty for a task of your own"
            />
          )}
        />
        <Group align="flex-start" grow>
          <Controller
            control={control}
            name="repeat"
            render={({ field }) => (
              <Select
                label="Repeat"
                data={REPEAT_OPTIONS}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'NONE')}
                allowDeselect={false}
                error={errors.repeat?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          {repeat !== 'NONE' && (
            <Controller
              control={control}
              name="every"
              render={({ field }) => (
                <NumberInput
                  label={`Every how many ${RECURRENCE_UNIT_LABELS[repeat].toLowerCase()}s`}
                  min={1}
                  max={TASK_RECURRENCE_EVERY_MAX}
                  allowDecimal={false}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.every?.message}
                />
              )}
            />
          )}
        </Group>
        <FormActions
          onCancel={onClose}
          saveLabel={task ? 'Save' : 'Create task'}
          saving={save.isPending}
          saveDisabled={task !== null && !isDirty}
        />
      </Stack>
    </form>
  );
};
