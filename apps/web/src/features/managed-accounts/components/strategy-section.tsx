import { ASSIGNMENT_TYPE_LABELS, type AccountValue, type Assignment } from '@centric/contracts';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus, IconTargetArrow, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { editAction, RowActionsCell, RowActionsHeader } from '../../../components/row-actions.tsx';
import { useRecordActions } from '../../../lib/use-record-actions.ts';
import { useAssignments } from '../api/get-assignments.ts';
import { useDrift } from '../api/get-drift.ts';
import { useDeleteAssignment } from '../api/save-assignment.ts';
import { AssignmentFormModal } from './assignment-form-modal.tsx';
import { AccountDriftCard, DriftLegend, strategiesText } from './drift-chart.tsx';
import { shortPercent } from './figures.ts';

type StrategySectionProps = {
  clientId: string;
  /** The household's accounts (those an assignment may name). */
  accounts: readonly AccountValue[];
  /** The tab's "Value on" date: drift is weighed on it. */
  date: string;
  dateLabel: string;
  canWrite: boolean;
  canDelete: boolean;
};

/** "All accounts" or the accounts it names. */
const appliesTo = (assignment: Assignment) =>
  assignment.applyToAllAccounts
    ? 'All accounts'
    : assignment.accounts.map((account) => account.registrationName).join(', ');

/**
 * The household's strategies (issue 13 §3): its assignments (strategies and percents, to all accounts or
 * to chosen ones) with Assign strategy, edit and remove; then the drift of each account that follows one on
 * the tab's date, as a chart of target bands against actual weights.
 */
export const StrategySection = ({
  clientId,
  accounts,
  date,
  dateLabel,
  canWrite,
  canDelete,
}: StrategySectionProps) => {
  const headingId = useId();
  const assignments = useAssignments(clientId);
  const list = assignments.data ?? [];
  const { editing, setEditing, deleting, setDeleting, confirmDelete, deletePending } =
    useRecordActions<Assignment>(useDeleteAssignment(clientId));

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Strategy and drift
        </Title>
        {canWrite && list.length > 0 && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setEditing('new')}
          >
            Assign strategy
          </Button>
        )}
      </Group>
      <ListPanel
        query={assignments}
        loadingLabel={<ListSkeleton label="Loading strategies..." rows={2} />}
        isEmpty={list.length === 0}
        empty={{
          icon: <IconTargetArrow size={28} aria-hidden="true" />,
          title: 'No strategy assigned',
          description: canWrite
            ? "Assign a strategy or a blend of strategies to the household's accounts to see how far each drifts from its targets."
            : "The household's accounts follow no strategy.",
          ...(canWrite ? { add: { label: 'Assign strategy', onClick: () => setEditing('new') } } : {}),
        }}
      >
        <AssignmentsTable
          assignments={list}
          labelledBy={headingId}
          canWrite={canWrite}
          canDelete={canDelete}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </ListPanel>

      {list.length > 0 && <DriftPanel clientId={clientId} date={date} dateLabel={dateLabel} />}

      <AssignmentFormModal
        clientId={clientId}
        accounts={accounts}
        assignments={list}
        target={editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={deletePending}
        confirmLabel="Remove"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        Are you sure you want to remove the assignment of{' '}
        {deleting && strategiesText(deleting.transactionList)} from{' '}
        {deleting?.applyToAllAccounts ? 'all accounts' : deleting && appliesTo(deleting)}? Its accounts will
        follow no strategy{deleting?.applyToAllAccounts ? '' : ' (or the all-accounts one)'}.
      </ConfirmDeleteModal>
    </Stack>
  );
};

type AssignmentsTableProps = {
  assignments: readonly Assignment[];
  labelledBy: string;
  canWrite: boolean;
  canDelete: boolean;
  onEdit: (assignment: Assignment) => void;
  onDelete: (assignment: Assignment) => void;
};

/** The assignments: strategies with their percents, the type, the accounts they apply to, the category. */
const AssignmentsTable = ({
  assignments,
  labelledBy,
  canWrite,
  canDelete,
  onEdit,
  onDelete,
}: AssignmentsTableProps) => (
  <Table.ScrollContainer minWidth={640}>
    <Table verticalSpacing="sm" aria-labelledby={labelledBy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Strategies</Table.Th>
          <Table.Th>Applies to</Table.Th>
          <Table.Th>Category</Table.Th>
          <RowActionsHeader />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {assignments.map((assignment) => (
          <Table.Tr key={assignment.id}>
            <Table.Td>
              <Stack gap={2}>
                {assignment.transactionList.map((row) => (
                  <Group key={row.strategyId} gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {row.name}
                    </Text>
                    <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {shortPercent(row.percent)}
                    </Text>
                  </Group>
                ))}
                <Text size="xs" c="dimmed">
                  {ASSIGNMENT_TYPE_LABELS[assignment.assignmentType]}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{appliesTo(assignment)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={assignment.category ? undefined : 'dimmed'}>
                {assignment.category ?? '—'}
              </Text>
            </Table.Td>
            <RowActionsCell
              name={`assignment ${strategiesText(assignment.transactionList)}`}
              actions={[
                editAction(() => onEdit(assignment), canWrite),
                {
                  label: 'Remove',
                  icon: IconTrash,
                  danger: true,
                  allowed: canDelete,
                  onClick: () => onDelete(assignment),
                },
              ]}
            />
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

/** The drift of each account that follows a strategy on the date, one card each. */
const DriftPanel = ({ clientId, date, dateLabel }: { clientId: string; date: string; dateLabel: string }) => {
  const drift = useDrift(clientId, date);
  return (
    <Stack gap="sm" mt="xs">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={3} size="h5">
          Drift on {dateLabel}
        </Title>
        <DriftLegend />
      </Group>
      <QueryState query={drift} loading={<ListSkeleton label="Loading drift..." rows={3} />}>
        {(accounts) =>
          accounts.length === 0 ? (
            <Paper withBorder radius="lg" p="lg">
              <Text size="sm" c="dimmed" ta="center">
                No account follows a strategy: add an account, or assign one to the household&apos;s accounts.
              </Text>
            </Paper>
          ) : (
            <Stack gap="md">
              {accounts.map((account) => (
                <AccountDriftCard key={account.accountId} drift={account} dateLabel={dateLabel} />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
};
