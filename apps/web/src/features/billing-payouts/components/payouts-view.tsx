import type { PayeePayout } from '@centric/contracts';
import {
  Button,
  Divider,
  EmptyState,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useId } from 'react';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { usePayouts } from '../api/list-payouts.ts';
import { type PayoutBasis, usePayoutsParams } from '../hooks/use-payouts-params.ts';
import { PayoutsChart } from './payouts-chart.tsx';
import {
  collectedShare,
  payeeName,
  payoutTypeLabel,
  rowKey,
  sortedByBasis,
  totalsOf,
} from './payouts-figures.ts';

const BASIS_OPTIONS: { value: PayoutBasis; label: string }[] = [
  { value: 'billed', label: 'Billed' },
  { value: 'collected', label: 'Collected' },
];

const BASIS_HINTS: Readonly<Record<PayoutBasis, string>> = {
  billed: 'Billed: what the bills give each payee, collected or not.',
  collected: 'Collected: the same, in proportion to what was collected on each bill.',
};

/** The message the server answers for a range that ends before it starts. */
const RANGE_MESSAGE = 'Please enter a valid date range.';

const money = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;

type PayoutsTableProps = { rows: readonly PayeePayout[]; basis: PayoutBasis };

/** One row a payee (and type): the bills, billed, collected and what share was collected; totals below. */
const PayoutsTable = ({ rows, basis }: PayoutsTableProps) => {
  const totals = totalsOf(rows);
  const basisWeight = (key: PayoutBasis) => (key === basis ? 600 : 400);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Payouts by payee">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Payee</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th ta="right">Bills</Table.Th>
            <Table.Th ta="right">Billed</Table.Th>
            <Table.Th ta="right">Collected</Table.Th>
            <Table.Th ta="right">% collected</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {payeeName(row)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{payoutTypeLabel(row.type)}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {row.bills}
                </Text>
              </Table.Td>
              <Table.Td {...money}>
                <Text size="sm" ff="monospace" fw={basisWeight('billed')}>
                  {formatMoney(row.billed)}
                </Text>
              </Table.Td>
              <Table.Td {...money}>
                <Text size="sm" ff="monospace" fw={basisWeight('collected')}>
                  {formatMoney(row.collected)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {collectedShare(row.collected, row.billed)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              Total
            </Table.Th>
            <Table.Td {...money}>
              <Text size="sm" ff="monospace" fw={700}>
                {formatMoney(totals.billed)}
              </Text>
            </Table.Td>
            <Table.Td {...money}>
              <Text size="sm" ff="monospace" fw={700}>
                {formatMoney(totals.collected)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {collectedShare(totals.collected, totals.billed)}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
};

/** The chart's and the table's shape while the first answer is awaited. */
const PayoutsSkeleton = () => <ListSkeleton label="Loading payouts..." rows={5} />;

/**
 * `/billing/payouts`: per payee, what the locked and exported live bills whose period ends in the range give
 * them, billed or collected (the last completed quarter until another range is chosen); a chart of both, and
 * the table with its totals.
 */
export const PayoutsView = () => {
  const { state, update, quarter } = usePayoutsParams();
  const from = state.from || quarter.from;
  const to = state.to || quarter.to;
  const badRange = from > to;
  const payouts = usePayouts({ from, to, basis: state.basis }, !badRange);
  const chartTitleId = useId();
  const basisId = useId();
  const isLastQuarter = from === quarter.from && to === quarter.to;
  const count = payouts.data?.length;

  const dateField = (key: 'from' | 'to', label: string) => (
    <TextInput
      label={label}
      type="date"
      value={key === 'from' ? from : to}
      onChange={(event) => update({ [key]: event.currentTarget.value })}
      error={key === 'to' && badRange ? RANGE_MESSAGE : undefined}
      w={170}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="sm" align="flex-start" wrap="wrap">
          {dateField('from', 'Period ends from')}
          {dateField('to', 'To')}
          <Stack gap={4}>
            <Text size="sm" fw={500} id={basisId}>
              Basis
            </Text>
            <SegmentedControl
              aria-labelledby={basisId}
              data={BASIS_OPTIONS}
              value={state.basis}
              onChange={(value) => update({ basis: value === 'collected' ? 'collected' : 'billed' })}
            />
          </Stack>
          {!isLastQuarter && (
            <Button variant="subtle" mt={25} onClick={() => update({ from: quarter.from, to: quarter.to })}>
              Last quarter
            </Button>
          )}
        </Group>
        <Text size="sm" fw={600} c="dimmed" role="status" aria-live="polite">
          {count === undefined || badRange ? '' : `${count} ${count === 1 ? 'payee' : 'payees'}`}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        Live bills locked or exported whose period ends {formatDate(from)} – {formatDate(to)}.{' '}
        {BASIS_HINTS[state.basis]}
      </Text>
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }} aria-busy={payouts.isFetching}>
        {badRange ? (
          <EmptyState py="xl" icon={<IconCoins size={28} aria-hidden="true" />} withIndicatorBackground>
            <EmptyState.Title order={2}>Choose a valid period</EmptyState.Title>
            <EmptyState.Description>The end of the range comes before its start.</EmptyState.Description>
          </EmptyState>
        ) : (
          <QueryState
            query={payouts}
            loading={<PayoutsSkeleton />}
            errorTitle="The payouts could not be loaded"
          >
            {(rows) =>
              rows.length === 0 ? (
                <EmptyState py="xl" icon={<IconCoins size={28} aria-hidden="true" />} withIndicatorBackground>
                  <EmptyState.Title order={2}>No locked bills end in this period.</EmptyState.Title>
                  <EmptyState.Description>
                    A live bill run's bills count here once the run is locked. Choose another period.
                  </EmptyState.Description>
                </EmptyState>
              ) : (
                <>
                  <Stack gap="xs" p="md" component="section" aria-labelledby={chartTitleId}>
                    <Title order={2} size="h5" id={chartTitleId}>
                      Billed and collected by payee
                    </Title>
                    <PayoutsChart rows={sortedByBasis(rows, state.basis)} basis={state.basis} />
                  </Stack>
                  <Divider />
                  <PayoutsTable rows={sortedByBasis(rows, state.basis)} basis={state.basis} />
                </>
              )
            }
          </QueryState>
        )}
      </Paper>
    </Stack>
  );
};
