import {
  WORKFLOW_REQUEST_STATUS_LABELS,
  WORKFLOW_STEP_STATUS_LABELS,
  type WorkflowRequestStatus,
  type WorkflowRequestSummary,
  type WorkflowStepStatus,
} from '@centric/contracts';
import { Badge, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PercentBar } from '../../../components/percent-bar.tsx';
import { FULL_LABEL_BADGE_STYLES } from '../../../lib/badge-styles.ts';

const STATUS_COLORS: Record<WorkflowRequestStatus, string> = {
  IN_PROGRESS: 'blue',
  COMPLETED: 'teal',
  REJECTED: 'red',
};
const STEP_COLORS: Record<WorkflowStepStatus, string> = { OPEN: 'blue', DONE: 'teal', SKIPPED: 'gray' };

export const RequestStatusBadge = ({ status }: { status: WorkflowRequestStatus }) => (
  <Badge
    variant="light"
    c="dark.7"
    tt="none"
    radius="sm"
    styles={FULL_LABEL_BADGE_STYLES}
    color={STATUS_COLORS[status]}
  >
    {WORKFLOW_REQUEST_STATUS_LABELS[status]}
  </Badge>
);

export const StepStatusBadge = ({ status, overdue }: { status: WorkflowStepStatus; overdue: boolean }) => (
  <Badge
    variant="light"
    c="dark.7"
    tt="none"
    radius="sm"
    styles={FULL_LABEL_BADGE_STYLES}
    color={overdue ? 'red' : STEP_COLORS[status]}
  >
    {overdue ? 'Overdue' : WORKFLOW_STEP_STATUS_LABELS[status]}
  </Badge>
);

/** "3 overdue" in red beside a request, shown apart from its progress (issue 18 §2). */
export const OverdueCount = ({ count }: { count: number }) =>
  count > 0 ? (
    <Group gap={4} wrap="nowrap">
      <IconAlertTriangle size={14} color="var(--mantine-color-red-8)" aria-hidden="true" />
      <Text size="xs" fw={600} c="red.8">
        {count} overdue
      </Text>
    </Group>
  ) : null;

/** Progress (required steps done ÷ required steps) as a bar, with "6 of 8 required steps" under it. */
export const RequestProgress = ({ request }: { request: WorkflowRequestSummary }) => (
  <div>
    <PercentBar
      value={request.progress}
      label={`Progress of ${request.name} for ${request.household.name}`}
    />
    <Text size="xs" c="dimmed">
      {request.requiredDone} of {request.requiredTotal} required steps
    </Text>
  </div>
);
