import {
  RECURRENCE_UNIT_LABELS,
  type Task,
  TASK_PRIORITY_LABELS,
  type TaskPriority,
} from '@centric/contracts';
import { Badge, Tooltip } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';

/** A badge in a narrow table cell keeps its whole label: the column widens instead of cutting it ("MEDI…"). */
const WHOLE_LABEL = { root: { flex: 'none' }, label: { overflow: 'visible' } } as const;

const DUE_STATES = {
  overdue: { label: 'Overdue', color: 'red' },
  today: { label: 'Today', color: 'orange' },
  upcoming: { label: 'Upcoming', color: 'gray' },
} as const;

/** Where an open task's due date stands on the firm's today: Overdue (red), Today (orange) or Upcoming. */
export const DueStateBadge = ({ state }: { state: Task['dueState'] }) => (
  // Dark text on the tint: 10 px bold needs 4.5:1 (axe), which the orange and yellow shades do not reach.
  <Badge variant="light" color={DUE_STATES[state].color} c="dark.7" size="sm" styles={WHOLE_LABEL}>
    {DUE_STATES[state].label}
  </Badge>
);

const PRIORITY_COLORS: Record<TaskPriority, string> = { HIGH: 'red.9', MEDIUM: 'yellow.9', LOW: 'gray.7' };

export const PriorityBadge = ({ priority }: { priority: TaskPriority }) => (
  <Badge variant="outline" color={PRIORITY_COLORS[priority]} c="dark.7" size="sm" styles={WHOLE_LABEL}>
    {TASK_PRIORITY_LABELS[priority]}
  </Badge>
);

/** "Repeats every week", "Repeats every 3 months". */
export const recurrenceText = ({ unit, every }: NonNullable<Task['recurrence']>): string => {
  const name = RECURRENCE_UNIT_LABELS[unit].toLowerCase();
  return every === 1 ? `Repeats every ${name}` : `Repeats every ${every} ${name}s`;
};

/** The repeat icon of a recurring task, its rule in a tooltip (reachable with Tab, read by its label). */
export const RecurrenceIcon = ({ recurrence }: { recurrence: NonNullable<Task['recurrence']> }) => {
  const text = recurrenceText(recurrence);
  return (
    <Tooltip label={text}>
      <IconRepeat
        size={16}
        role="img"
        aria-label={text}
        tabIndex={0}
        style={{ flex: 'none', verticalAlign: 'middle' }}
      />
    </Tooltip>
  );
};
