import type { DashboardDuration, Task, TaskStatus } from '@centric/contracts';
import { Anchor, Button, Checkbox, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecklist } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { ListAddButton } from '../../../components/list-actions.tsx';
import { ListPager } from '../../../components/list-pager.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import {
  deleteAction,
  editAction,
  RowActionsCell,
  RowActionsHeader,
} from '../../../components/row-actions.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import type { HouseholdOption } from '../../../lib/lookups/household-search.ts';
import { notifyError, notifySuccess, TOAST_DURATION_MS } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useDeleteTask } from '../api/delete-task.ts';
import { TASKS_PAGE_SIZE, useTasks } from '../api/list-tasks.ts';
import { useSetTaskStatus } from '../api/set-task-status.ts';
import { DueStateBadge, PriorityBadge, RecurrenceIcon } from './task-badges.tsx';
import { TaskFormModal } from './task-form-modal.tsx';
import { useRecordActions } from '../../../lib/use-record-actions.ts';

type Whose = 'mine' | 'all';

type TaskListProps = {
  /** On the household page: its tasks, and new ones go on it. */
  household?: HouseholdOption | undefined;
  /** On the dashboard: the tasks due in this period plus the overdue ones. */
  duration?: DashboardDuration | undefined;
};

/**
 * Tasks, new first, 10 a page, filtered mine/all and open/done: a checkbox completes (or reopens) at once
 * with Undo in the toast; each row has its type, due date and where it stands, priority, assignee, household
 * and repeat rule; New task, Edit and Delete (confirmed) for those who may.
 */
export const TaskList = ({ household, duration }: TaskListProps) => {
  const user = useCurrentUser();
  const canWrite = usePermission('tasks', 'write');
  const canDelete = usePermission('tasks', 'delete');
  const headingId = useId();
  const [whose, setWhose] = useState<Whose>(household ? 'all' : 'mine');
  const [status, setStatus] = useState<TaskStatus>('OPEN');
  const [page, setPage] = useState(1);

  const query = useTasks({
    clientId: household?.clientId,
    assigneeId: whose === 'mine' ? user?.id : undefined,
    status,
    duration,
    page,
  });
  const setTaskStatus = useSetTaskStatus();
  const { editing, setEditing, deleting, setDeleting, confirmDelete, deletePending } =
    useRecordActions<Task>(useDeleteTask());

  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  const handleFilter = (change: () => void) => {
    change();
    setPage(1);
  };

  const handleToggle = (task: Task) => {
    const next: TaskStatus = task.status === 'DONE' ? 'OPEN' : 'DONE';
    setTaskStatus.mutate(
      { id: task.id, status: next },
      {
        onSuccess: ({ message }) => {
          if (next === 'OPEN') {
            notifySuccess(message);
            return;
          }
          const toastId = `task-done-${task.id}`;
          notifications.show({
            id: toastId,
            title: 'Success',
            color: 'green.9',
            autoClose: TOAST_DURATION_MS * 2,
            withCloseButton: true,
            closeButtonProps: { 'aria-label': 'Close notification' },
            message: (
              <Group gap="sm" justify="space-between" wrap="nowrap">
                <Text size="sm">{message}</Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => {
                    notifications.hide(toastId);
                    setTaskStatus.mutate(
                      { id: task.id, status: 'OPEN' },
                      { onError: (error) => notifyError(errorMessage(error)) },
                    );
                  }}
                >
                  Undo
                </Button>
              </Group>
            ),
          });
        },
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  };

  const narrowed = whose === 'mine' || status === 'DONE';
  const emptyTitle = status === 'DONE' ? 'No completed tasks' : 'No open tasks';
  const emptyDescription = duration
    ? `Nothing ${whose === 'mine' ? 'of yours ' : ''}is due in this period or overdue.`
    : household
      ? 'This household has no such tasks yet.'
      : 'There are no such tasks.';

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Tasks
        </Title>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            size="xs"
            aria-label="Whose tasks"
            value={whose}
            onChange={(value) => handleFilter(() => setWhose(value as Whose))}
            data={[
              { value: 'mine', label: 'Mine' },
              { value: 'all', label: 'All' },
            ]}
          />
          <SegmentedControl
            size="xs"
            aria-label="Task status"
            value={status}
            onChange={(value) => handleFilter(() => setStatus(value as TaskStatus))}
            data={[
              { value: 'OPEN', label: 'Open' },
              { value: 'DONE', label: 'Done' },
            ]}
          />
          {canWrite && <ListAddButton label="New task" onClick={() => setEditing('new')} />}
        </Group>
      </Group>
      <ListPanel
        query={query}
        loadingLabel={<ListSkeleton label="Loading tasks..." />}
        isEmpty={items.length === 0}
        empty={{
          icon: <IconChecklist size={28} aria-hidden="true" />,
          title: emptyTitle,
          description: emptyDescription,
          ...(narrowed
            ? {
                onReset: () =>
                  handleFilter(() => {
                    setWhose('all');
                    setStatus('OPEN');
                  }),
              }
            : canWrite
              ? { add: { label: 'New task', onClick: () => setEditing('new') } }
              : {}),
        }}
      >
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>Done</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Priority</Table.Th>
                <Table.Th>Assignee</Table.Th>
                {!household && <Table.Th>Household</Table.Th>}
                <RowActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((task) => {
                const done = task.status === 'DONE';
                return (
                  <Table.Tr key={task.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`${done ? 'Reopen' : 'Complete'} ${task.description}`}
                        checked={done}
                        disabled={!canWrite}
                        onChange={() => handleToggle(task)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text
                          size="sm"
                          td={done ? 'line-through' : undefined}
                          c={done ? 'dimmed' : undefined}
                        >
                          {task.description}
                        </Text>
                        {task.recurrence && <RecurrenceIcon recurrence={task.recurrence} />}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{task.type.name}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm">{formatDate(task.dueDate)}</Text>
                        {!done && <DueStateBadge state={task.dueState} />}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <PriorityBadge priority={task.priority} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{task.assignee.fullName}</Text>
                    </Table.Td>
                    {!household && (
                      <Table.Td>
                        {task.household ? (
                          <Anchor component={Link} to={paths.clientDetail.href(task.household.id)} size="sm">
                            {task.household.name}
                          </Anchor>
                        ) : (
                          <Text size="sm" c="dimmed">
                            None
                          </Text>
                        )}
                      </Table.Td>
                    )}
                    <RowActionsCell
                      name={task.description}
                      actions={[
                        editAction(() => setEditing(task), canWrite),
                        deleteAction(() => setDeleting(task), canDelete),
                      ]}
                    />
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPager total={total} page={page} pageSize={TASKS_PAGE_SIZE} noun="tasks" onChange={setPage} />
      </ListPanel>
      <TaskFormModal target={editing} household={household} onClose={() => setEditing(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={deletePending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        Are you sure you want to delete the task &quot;{deleting?.description}&quot;?
      </ConfirmDeleteModal>
    </Stack>
  );
};
