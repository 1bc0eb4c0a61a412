import {
  GOAL_METRIC_LABELS,
  GOAL_METRICS,
  type GoalMetric,
  type GoalProgress,
  signedCents,
} from '@centric/contracts';
import { Button, Group, Paper, Progress, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTargetArrow, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatMoneyBrief } from '../../../lib/money.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteGoal } from '../api/save-goal.ts';
import { GoalFormModal } from './goal-form-modal.tsx';

/** Whole percent of `achieved` against `target` (exact cents for money), capped at 100; null without a target. */
export const goalPercent = (row: GoalProgress, metric: GoalMetric): number | null => {
  if (!row.targets) return null;
  const [done, target] =
    metric === 'newAum'
      ? [signedCents(row.achieved.newAum) ?? 0n, signedCents(row.targets.newAum) ?? 0n]
      : [BigInt(row.achieved[metric]), BigInt(row.targets[metric])];
  if (target === 0n) return null;
  return Number(done >= target ? 100n : (done * 100n) / target);
};

const show = (metric: GoalMetric, value: number | string) =>
  metric === 'newAum' ? formatMoneyBrief(String(value)) : Number(value).toLocaleString('en-US');

const GoalCell = ({ row, metric }: { row: GoalProgress; metric: GoalMetric }) => {
  const percent = goalPercent(row, metric);
  return (
    <Stack gap={4} miw={120}>
      <Text size="sm">
        <Text span fw={600}>
          {show(metric, row.achieved[metric])}
        </Text>
        {row.targets && (
          <Text span c="dimmed">
            {' '}
            of {show(metric, row.targets[metric])}
          </Text>
        )}
      </Text>
      {percent !== null && (
        <Progress
          value={percent}
          size="sm"
          radius="xl"
          color={percent >= 100 ? 'teal.7' : 'blue.7'}
          aria-label={`${GOAL_METRIC_LABELS[metric]} of ${row.fullName}: ${percent}%`}
        />
      )}
    </Stack>
  );
};

type GoalsTableProps = { users: readonly GoalProgress[]; canEdit: boolean; year: number };

/** Each user's year: achieved of target for every goal; administrators set or remove them. */
export const GoalsTable = ({ users, canEdit, year }: GoalsTableProps) => {
  const [editing, setEditing] = useState<GoalProgress | null>(null);
  const [removing, setRemoving] = useState<GoalProgress | null>(null);
  const remove = useDeleteGoal();
  // Those with goals first (the server's order, by name, within each).
  const rows = [...users].sort((a, b) => Number(b.targets !== null) - Number(a.targets !== null));
  if (users.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="xs">
          <IconTargetArrow size={28} aria-hidden="true" color="var(--mantine-color-gray-5)" />
          <Text c="dimmed" ta="center">
            No one to set goals for in {year}.
          </Text>
        </Stack>
      </Paper>
    );
  }
  return (
    <>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={900} type="native">
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-label={`Goals ${year}`} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                {GOAL_METRICS.map((metric) => (
                  <Table.Th key={metric} scope="col">
                    {GOAL_METRIC_LABELS[metric]}
                  </Table.Th>
                ))}
                {canEdit && (
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.userId}>
                  <Table.Th scope="row" fw={500}>
                    <Text size="sm" fw={600}>
                      {row.fullName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.targets ? row.roleName : `${row.roleName} · no goals set`}
                    </Text>
                  </Table.Th>
                  {GOAL_METRICS.map((metric) => (
                    <Table.Td key={metric}>
                      <GoalCell row={row} metric={metric} />
                    </Table.Td>
                  ))}
                  {canEdit && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconPencil size={14} aria-hidden="true" />}
                          onClick={() => setEditing(row)}
                          aria-label={`${row.targets ? 'Edit' : 'Set'} the goals of ${row.fullName}`}
                        >
                          {row.targets ? 'Edit' : 'Set goals'}
                        </Button>
                        {row.targets && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red.8"
                            onClick={() => setRemoving(row)}
                            aria-label={`Remove the goals of ${row.fullName}`}
                          >
                            <IconTrash size={14} aria-hidden="true" />
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <GoalFormModal row={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteModal
        opened={removing !== null}
        confirmLabel="Remove"
        loading={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { userId: removing.userId, year: removing.year },
            {
              onSuccess: ({ message }) => {
                notifySuccess(message);
                setRemoving(null);
              },
            },
          )
        }
      >
        Remove the {year} goals of {removing?.fullName}? Their progress stays; only the targets go.
      </ConfirmDeleteModal>
    </>
  );
};
