import { BILL_KIND_LABELS, type BillRun } from '@centric/contracts';
import { Anchor, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type SortState, SortableTh } from '../../../components/sortable-th.tsx';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';
import type { BillRunSortKey } from '../hooks/use-bill-runs-params.ts';
import { RunStageBadge, RunStatusBadge } from './bill-run-badges.tsx';
import { periodText, progressPercent, runTitle, scopeText } from './bill-run-text.ts';

type BillRunsTableProps = {
  items: readonly BillRun[];
  sort: SortState<BillRunSortKey>;
  onSort: (column: BillRunSortKey) => void;
};

/** The run's progress: a bar while it runs, then what it did; failures in red. */
const ProgressCell = ({ run }: { run: BillRun }) => {
  const { done, total, failed } = run.progress;
  return (
    <Stack gap={4} miw={120}>
      {run.status === 'in_progress' && (
        <Progress.Root size="sm">
          <Progress.Section
            value={progressPercent(run.progress)}
            aria-label={`${runTitle(run)}: ${done} of ${total} households billed`}
            animated
          />
        </Progress.Root>
      )}
      <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {done} of {total} done
        {failed > 0 && (
          <Text span size="xs" c="red.9" fw={600}>
            {' '}
            · {failed} failed
          </Text>
        )}
      </Text>
    </Stack>
  );
};

/** One page of runs: number, kind, scope, period, valuation date, status and stage, progress, bills and total. */
export const BillRunsTable = ({ items, sort, onSort }: BillRunsTableProps) => (
  <Table.ScrollContainer minWidth={1080}>
    <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Bill runs">
      <Table.Thead>
        <Table.Tr>
          <SortableTh column="number" sort={sort} onSort={onSort}>
            Run
          </SortableTh>
          <Table.Th>Kind</Table.Th>
          <Table.Th>Scope</Table.Th>
          <SortableTh column="periodEnd" sort={sort} onSort={onSort}>
            Period
          </SortableTh>
          <Table.Th>Valuation date</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Progress</Table.Th>
          <Table.Th ta="right">Bills</Table.Th>
          <SortableTh column="total" sort={sort} onSort={onSort}>
            Total
          </SortableTh>
          <SortableTh column="createdAt" sort={sort} onSort={onSort}>
            Created
          </SortableTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((run) => (
          <Table.Tr key={run.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Anchor component={Link} to={paths.billingInstance.href(run.id)} size="sm" fw={600}>
                {runTitle(run)}
              </Anchor>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{BILL_KIND_LABELS[run.kind]}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" maw={220} truncate="end" title={scopeText(run)}>
                {scopeText(run)}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{periodText(run.periodStart, run.periodEnd)}</Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{formatDate(run.valuationDate)}</Text>
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <RunStatusBadge status={run.status} />
                {run.stage && <RunStageBadge stage={run.stage} />}
              </Group>
            </Table.Td>
            <Table.Td>
              <ProgressCell run={run} />
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {run.bills}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" ff="monospace">
                {formatMoney(run.total)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDate(run.createdAt)}</Text>
              {run.createdBy && (
                <Text size="xs" c="dimmed" maw={160} truncate="end" title={run.createdBy.fullName}>
                  {run.createdBy.fullName}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
