import { BILL_UNIT_OUTCOME_LABELS, BILL_UNIT_OUTCOMES, type BillRunUnit } from '@centric/contracts';
import { Anchor, Group, List, Select, Stack, Table, Text } from '@mantine/core';
import { IconHomeDollar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatUnitNumber } from '../../../lib/format.ts';
import { ResetFiltersButton } from '../../../components/list-actions.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { RowNameButton } from '../../../components/row-name-button.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';
import { useBillRunUnits } from '../api/list-bill-run-units.ts';
import { useRunUnitsParams } from '../hooks/use-run-page-params.ts';
import { OutcomeBadge } from './bill-run-badges.tsx';

const OUTCOME_OPTIONS = BILL_UNIT_OUTCOMES.map((value) => ({
  value,
  label: BILL_UNIT_OUTCOME_LABELS[value],
}));

type RunUnitsTableProps = { items: readonly BillRunUnit[]; onOpen: (billId: string) => void };

/** What the run did with each unit, and why: billed (what needs attention), skipped, already billed, failed. */
const RunUnitsTable = ({ items, onOpen }: RunUnitsTableProps) => (
  <Table.ScrollContainer minWidth={760}>
    <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Units">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Unit</Table.Th>
          <Table.Th>Outcome</Table.Th>
          <Table.Th>Why</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((unit) => (
          <Table.Tr key={unit.clientId}>
            <Table.Td>
              <Anchor
                component={Link}
                to={paths.billingHousehold.href(unit.clientId)}
                size="sm"
                fw={600}
                maw={240}
                truncate="end"
                title={unit.name}
                style={{ display: 'block' }}
              >
                {unit.name}
              </Anchor>
              {unit.unitNumber !== null && (
                <Text size="xs" c="dimmed">
                  {formatUnitNumber(unit.unitNumber)}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <OutcomeBadge outcome={unit.outcome} />
            </Table.Td>
            <Table.Td>
              {unit.reasons.length === 0 ? (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              ) : (
                <List size="sm" spacing={2} c={unit.outcome === 'FAILED' ? 'red.9' : undefined}>
                  {unit.reasons.map((reason, index) => (
                    <List.Item key={`${reason.code}-${index}`}>{reason.message}</List.Item>
                  ))}
                </List>
              )}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {unit.billId && unit.amount !== null ? (
                <Group justify="flex-end">
                  <RowNameButton
                    title={`Open the bill of ${unit.name}`}
                    maxWidth={160}
                    onClick={() => unit.billId && onOpen(unit.billId)}
                  >
                    {formatMoney(unit.amount)}
                  </RowNameButton>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

type RunUnitsTabProps = {
  runId: string;
  running: boolean;
  onOpen: (billId: string) => void;
};

/** A run's units by outcome, each with its reasons; a billed unit's amount opens its bill. */
export const RunUnitsTab = ({ runId, running, onOpen }: RunUnitsTabProps) => {
  const { state, update } = useRunUnitsParams();
  const units = useBillRunUnits(
    runId,
    { page: state.page, limit: state.limit, outcome: state.outcome || undefined },
    running,
  );
  const total = units.data?.total ?? 0;
  const filtered = state.outcome !== '';
  const reset = () => update({ outcome: '', pageNo: '1' });
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Select
            aria-label="Outcome"
            placeholder="All outcomes"
            data={OUTCOME_OPTIONS}
            w={190}
            value={state.outcome || null}
            onChange={(value) => update({ outcome: value ?? '', pageNo: '1' })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          {filtered && <ResetFiltersButton onClick={reset} />}
        </Group>
        <Text size="sm" fw={600} c="dimmed" role="status" aria-live="polite">
          {units.data ? `${total} ${total === 1 ? 'unit' : 'units'}` : ''}
        </Text>
      </Group>
      <ListPanel
        query={units}
        loadingLabel={<ListSkeleton label="Loading units..." />}
        isEmpty={units.data?.items.length === 0}
        empty={{
          icon: <IconHomeDollar size={28} aria-hidden="true" />,
          ...(filtered
            ? {
                title: 'No units with this outcome',
                description: 'Choose another outcome, or clear the filter.',
                onReset: reset,
              }
            : {
                title: running ? 'No unit done yet' : 'No units in this run',
                description: running
                  ? 'Each unit shows here once the run has billed or skipped it.'
                  : 'The scope held no unit with an account.',
              }),
        }}
      >
        {units.data && <RunUnitsTable items={units.data.items} onOpen={onOpen} />}
      </ListPanel>
      <ListFooter page={state.page} limit={state.limit} total={total} onChange={update} />
    </Stack>
  );
};
