import {
  DUE_UNITS,
  WORKFLOW_ASSIGNEE_ROLE_LABELS,
  WORKFLOW_ASSIGNEE_ROLES,
  WORKFLOW_COMPLETION_LABELS,
  WORKFLOW_COMPLETION_REQUIREMENTS,
  WORKFLOW_DUE_DAYS_MAX,
  WORKFLOW_DUE_FROM,
  WORKFLOW_DUE_FROM_LABELS,
  WORKFLOW_DUE_UNIT_LABELS,
  WORKFLOW_MESSAGES,
  WORKFLOW_STEP_DESCRIPTION_MAX,
  WORKFLOW_STEP_TITLE_MAX,
  WORKFLOW_STEPS_MAX,
  type WorkflowAssigneeKind,
  type WorkflowAssigneeRole,
} from '@centric/contracts';
import {
  Badge,
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { type DragEvent, type KeyboardEvent, useState } from 'react';
import { IconAction } from '../../../components/icon-action.tsx';
import { UserPicker } from '../../../components/user-picker.tsx';
import {
  canAddStep,
  emptyStep,
  moveStep,
  type StepRow,
  type TemplateFormErrors,
} from './workflow-template-form.ts';

const DRAG_TYPE = 'application/x-centric-workflow-step';

const options = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) =>
  values.map((value) => ({ value, label: labels[value] }));

const ROLE_OPTIONS = options(WORKFLOW_ASSIGNEE_ROLES, WORKFLOW_ASSIGNEE_ROLE_LABELS);
const UNIT_OPTIONS = options(DUE_UNITS, WORKFLOW_DUE_UNIT_LABELS);
const FROM_OPTIONS = options(WORKFLOW_DUE_FROM, WORKFLOW_DUE_FROM_LABELS);
const COMPLETION_OPTIONS = options(WORKFLOW_COMPLETION_REQUIREMENTS, WORKFLOW_COMPLETION_LABELS);

type StepsEditorProps = {
  steps: StepRow[];
  onChange: (steps: StepRow[]) => void;
  errors: TemplateFormErrors;
  readOnly: boolean;
};

/**
 * The ordered steps of a template. Reorder by dragging a step's handle onto another step, or with the
 * keyboard: focus the handle and press the up or down arrow (or use Move up / Move down). The order is what
 * the save sends, stored by the server as the steps' positions. A new step only once the last is filled.
 */
export const StepsEditor = ({ steps, onChange, errors, readOnly }: StepsEditorProps) => {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const update = (index: number, patch: Partial<StepRow>) =>
    onChange(steps.map((step, i) => (i === index ? { ...step, ...patch } : step)));

  const move = (from: number, to: number) => {
    if (to < 0 || to >= steps.length || from === to) return;
    const moved = moveStep(steps, from, to);
    // The first step counts from the request's start: it has no previous step.
    const first = moved[0];
    onChange(
      first && first.dueFrom === 'PREVIOUS_STEP'
        ? [{ ...first, dueFrom: 'REQUEST_START' }, ...moved.slice(1)]
        : moved,
    );
    const title = steps[from]?.title.trim() || `Step ${from + 1}`;
    setAnnouncement(`${title} moved to position ${to + 1} of ${steps.length}.`);
  };

  const handleKey = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
      move(index, to);
      // Keep the focus on the moved step's handle.
      requestAnimationFrame(() => document.getElementById(`step-handle-${to}`)?.focus());
    }
  };

  const handleDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const from = Number(event.dataTransfer.getData(DRAG_TYPE));
    setOver(null);
    setDragging(null);
    if (Number.isInteger(from)) move(from, index);
  };

  const addable = canAddStep(steps) && steps.length < WORKFLOW_STEPS_MAX;

  return (
    <Stack gap="sm">
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {errors.steps && (
        <Text c="red" size="sm" role="alert">
          {errors.steps}
        </Text>
      )}
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Steps">
        {steps.map((step, index) => {
          const error = (field: string) => errors[`steps.${index}.${field}`];
          const label = step.title.trim() || `Step ${index + 1}`;
          return (
            <Paper
              key={step.key}
              component="li"
              withBorder
              p="sm"
              radius="md"
              data-testid="workflow-step"
              aria-label={`Step ${index + 1}: ${label}`}
              onDragOver={(event: DragEvent) => {
                if (readOnly || !event.dataTransfer.types.includes(DRAG_TYPE)) return;
                event.preventDefault();
                setOver(index);
              }}
              onDragLeave={() => setOver((current) => (current === index ? null : current))}
              onDrop={(event: DragEvent) => handleDrop(event, index)}
              style={{
                borderColor:
                  over === index && dragging !== index ? 'var(--mantine-primary-color-filled)' : undefined,
                opacity: dragging === index ? 0.5 : 1,
              }}
            >
              <Group align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={4} align="center" pt={4}>
                  {!readOnly && (
                    <Tooltip label="Drag to reorder, or press the up and down arrows" withinPortal>
                      <Box
                        // A div, not a button: Chromium starts no drag from a form control.
                        role="button"
                        tabIndex={0}
                        id={`step-handle-${index}`}
                        draggable
                        aria-label={`Reorder ${label}, position ${index + 1} of ${steps.length}: drag, or press the up and down arrows`}
                        aria-roledescription="sortable handle"
                        onDragStart={(event: DragEvent) => {
                          event.dataTransfer.setData(DRAG_TYPE, String(index));
                          event.dataTransfer.effectAllowed = 'move';
                          // After the drag has started: Chromium cancels a drag whose source changes in dragstart.
                          setTimeout(() => setDragging(index), 0);
                        }}
                        onDragEnd={() => {
                          setDragging(null);
                          setOver(null);
                        }}
                        onKeyDown={(event: KeyboardEvent) => handleKey(event, index)}
                        c="gray.7"
                        style={{ cursor: 'grab', display: 'flex', padding: 4, borderRadius: 4 }}
                      >
                        <IconGripVertical size={18} aria-hidden="true" />
                      </Box>
                    </Tooltip>
                  )}
                  <Badge variant="light" radius="sm" aria-hidden="true">
                    {index + 1}
                  </Badge>
                </Stack>
                <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="sm" align="flex-start" wrap="nowrap">
                    <TextInput
                      label="Title"
                      withAsterisk
                      style={{ flex: 1 }}
                      value={step.title}
                      maxLength={WORKFLOW_STEP_TITLE_MAX}
                      onChange={(event) => update(index, { title: event.currentTarget.value })}
                      error={error('title')}
                      readOnly={readOnly}
                    />
                    {!readOnly && (
                      <Group gap={4} pt={24} wrap="nowrap">
                        <IconAction
                          tooltip="Move up"
                          label={`Move ${label} up`}
                          icon={IconArrowUp}
                          color="gray"
                          disabled={index === 0}
                          onClick={() => move(index, index - 1)}
                        />
                        <IconAction
                          tooltip="Move down"
                          label={`Move ${label} down`}
                          icon={IconArrowDown}
                          color="gray"
                          disabled={index === steps.length - 1}
                          onClick={() => move(index, index + 1)}
                        />
                        <IconAction
                          tooltip="Remove step"
                          label={`Remove ${label}`}
                          icon={IconTrash}
                          color="red.9"
                          disabled={steps.length === 1}
                          onClick={() => onChange(steps.filter((_, i) => i !== index))}
                        />
                      </Group>
                    )}
                  </Group>
                  <Textarea
                    label="Description"
                    autosize
                    minRows={1}
                    maxRows={4}
                    maxLength={WORKFLOW_STEP_DESCRIPTION_MAX}
                    value={step.description}
                    onChange={(event) => update(index, { description: event.currentTarget.value })}
                    error={error('description')}
                    readOnly={readOnly}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <Stack gap={4}>
                      <Text size="sm" fw={500} id={`step-assignee-${step.key}`}>
                        Assigned to
                      </Text>
                      <SegmentedControl
                        size="xs"
                        aria-labelledby={`step-assignee-${step.key}`}
                        data={[
                          { value: 'ROLE', label: 'Household role' },
                          { value: 'USER', label: 'A user' },
                        ]}
                        value={step.assigneeKind}
                        onChange={(value) => update(index, { assigneeKind: value as WorkflowAssigneeKind })}
                        disabled={readOnly}
                      />
                    </Stack>
                    {step.assigneeKind === 'ROLE' ? (
                      <Select
                        label="Role on the household"
                        withAsterisk
                        data={ROLE_OPTIONS}
                        value={step.assigneeRole}
                        onChange={(value) =>
                          update(index, { assigneeRole: value as WorkflowAssigneeRole | null })
                        }
                        error={error('assigneeRole')}
                        readOnly={readOnly}
                        comboboxProps={{ withinPortal: true }}
                      />
                    ) : readOnly ? (
                      <TextInput label="User" value={step.assigneeUser?.fullName ?? ''} readOnly />
                    ) : (
                      <UserPicker
                        label="User"
                        value={step.assigneeUser}
                        onChange={(user) => update(index, { assigneeUser: user })}
                        error={error('assigneeUserId')}
                      />
                    )}
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                    <NumberInput
                      label="Due in"
                      min={0}
                      max={WORKFLOW_DUE_DAYS_MAX}
                      allowDecimal={false}
                      allowNegative={false}
                      value={step.dueDays}
                      onChange={(value) => update(index, { dueDays: typeof value === 'number' ? value : '' })}
                      error={error('dueDays')}
                      readOnly={readOnly}
                    />
                    <Select
                      label="Days counted"
                      data={UNIT_OPTIONS}
                      value={step.dueUnit}
                      allowDeselect={false}
                      onChange={(value) => value && update(index, { dueUnit: value as StepRow['dueUnit'] })}
                      readOnly={readOnly}
                      comboboxProps={{ withinPortal: true }}
                    />
                    <Select
                      label="Counted from"
                      data={
                        index === 0 ? FROM_OPTIONS.filter((o) => o.value === 'REQUEST_START') : FROM_OPTIONS
                      }
                      value={step.dueFrom}
                      allowDeselect={false}
                      onChange={(value) => value && update(index, { dueFrom: value as StepRow['dueFrom'] })}
                      error={error('dueFrom')}
                      readOnly={readOnly}
                      comboboxProps={{ withinPortal: true }}
                    />
                  </SimpleGrid>
                  <Group gap="lg" align="flex-end">
                    <Select
                      label="To complete it also needs"
                      data={COMPLETION_OPTIONS}
                      value={step.completionRequirement}
                      allowDeselect={false}
                      onChange={(value) =>
                        value &&
                        update(index, { completionRequirement: value as StepRow['completionRequirement'] })
                      }
                      readOnly={readOnly}
                      w={220}
                      comboboxProps={{ withinPortal: true }}
                    />
                    <Switch
                      label="Required step"
                      checked={step.required}
                      onChange={(event) => update(index, { required: event.currentTarget.checked })}
                      disabled={readOnly}
                      pb={6}
                    />
                  </Group>
                </Stack>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {!readOnly && (
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            disabled={!addable}
            onClick={() => onChange([...steps, emptyStep(steps.length === 0)])}
          >
            Add step
          </Button>
          {!canAddStep(steps) && (
            <Text size="sm" c="dimmed">
              {WORKFLOW_MESSAGES.lastStepIncomplete}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
};
