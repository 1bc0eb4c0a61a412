import {
  BILL_CHANGE_CAUSE_LABELS,
  type BillDifference,
  type BillDifferencesSummary,
  type BillRun,
  sumMoney,
} from '@centric/contracts';
import {
  Badge,
  EmptyState,
  Group,
  List,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconArrowsDiff, IconChartBarOff } from '@tabler/icons-react';
import { ListFooter } from '../../../components/list-footer.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { RowNameButton } from '../../../components/row-name-button.tsx';
import { type SortState, SortableTh } from '../../../components/sortable-th.tsx';
import { FULL_LABEL_BADGE_STYLES } from '../../../lib/badge-styles.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useBillDifferences } from '../api/list-bill-differences.ts';
import { type DifferenceSortKey, useRunDifferencesParams } from '../hooks/use-run-page-params.ts';
import { changeDirection, periodText, signedMoney } from './bill-run-text.ts';
import { Fact } from '../../../components/fact.tsx';

const CHANGE_COLORS = { up: 'teal.9', down: 'red.9', none: 'dimmed' } as const;

/** A change, signed and coloured (the sign carries it without the colour). */
export const ChangeText = ({ value, fw = 600 }: { value: string; fw?: number }) => (
  <Text span size="sm" ff="monospace" fw={fw} c={CHANGE_COLORS[changeDirection(value)]}>
    {signedMoney(value)}
  </Text>
);

/** The forecast compared with, both totals, the difference and how many households changed. */
const DifferencesSummary = ({ summary }: { summary: BillDifferencesSummary }) => {
  // Exact, on the decimal strings: live − forecast.
  const { forecastTotal } = summary;
  const difference = sumMoney([
    summary.liveTotal,
    forecastTotal.startsWith('-') ? forecastTotal.slice(1) : `-${forecastTotal}`,
  ]);
  return (
    <Paper withBorder radius="lg" p="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" component="dl" m={0}>
        <Fact strong label={`Forecast (Run ${summary.forecastRun?.number ?? ''})`}>
          <Text span ff="monospace" size="sm" fw={600}>
            {formatMoney(summary.forecastTotal)}
          </Text>
        </Fact>
        <Fact strong label="Live (this run)">
          <Text span ff="monospace" size="sm" fw={600}>
            {formatMoney(summary.liveTotal)}
          </Text>
        </Fact>
        <Fact strong label="Difference">
          <ChangeText value={difference} />
        </Fact>
        <Fact strong label="Households changed">
          {summary.changed}
        </Fact>
      </SimpleGrid>
    </Paper>
  );
};

const amountCell = (amount: { amount: string } | null, missing: string) =>
  amount ? (
    <Text size="sm" ff="monospace">
      {formatMoney(amount.amount)}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      {missing}
    </Text>
  );

type DifferencesTableProps = {
  items: readonly BillDifference[];
  sort: SortState<DifferenceSortKey>;
  onSort: (column: DifferenceSortKey) => void;
  onOpen: (billId: string) => void;
};

/** One page of households: forecast, live, the change, and why in words. */
const DifferencesTable = ({ items, sort, onSort, onOpen }: DifferencesTableProps) => (
  <Table.ScrollContainer minWidth={720}>
    <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Differences">
      <Table.Thead>
        <Table.Tr>
          <SortableTh column="household" sort={sort} onSort={onSort}>
            Household
          </SortableTh>
          <Table.Th ta="right">Forecast</Table.Th>
          <Table.Th ta="right">Live</Table.Th>
          <SortableTh column="change" sort={sort} onSort={onSort}>
            Change
          </SortableTh>
          <Table.Th>Why</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((row) => {
          const billId = row.live?.billId ?? row.forecast?.billId ?? null;
          return (
            <Table.Tr key={row.clientId}>
              <Table.Td>
                {billId ? (
                  <RowNameButton
                    title={`Open the ${row.live ? 'live' : 'forecast'} bill of ${row.household}`}
                    maxWidth={220}
                    onClick={() => onOpen(billId)}
                  >
                    {row.household}
                  </RowNameButton>
                ) : (
                  <Text size="sm" fw={600}>
                    {row.household}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {amountCell(row.forecast, 'Not forecast')}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {amountCell(row.live, 'Not billed')}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <ChangeText value={row.change} />
              </Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  {row.causes.length > 0 && (
                    <Group gap={4} wrap="wrap">
                      {row.causes.map((cause) => (
                        <Badge
                          key={cause}
                          variant="light"
                          color="blue"
                          c="dark.7"
                          size="sm"
                          radius="sm"
                          tt="none"
                          styles={FULL_LABEL_BADGE_STYLES}
                        >
                          {BILL_CHANGE_CAUSE_LABELS[cause]}
                        </Badge>
                      ))}
                    </Group>
                  )}
                  {row.details.length > 0 ? (
                    <List size="sm" spacing={2}>
                      {row.details.map((detail, index) => (
                        <List.Item key={`${index}-${detail}`}>{detail}</List.Item>
                      ))}
                    </List>
                  ) : (
                    row.causes.length === 0 && (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

/** Without a forecast of the same period there is nothing to compare with. */
const NoForecast = ({ run }: { run: BillRun }) => (
  <Paper withBorder radius="lg" p={0}>
    <EmptyState py="xl" icon={<IconChartBarOff size={28} aria-hidden="true" />} withIndicatorBackground>
      <EmptyState.Title order={2}>No forecast of this period</EmptyState.Title>
      <EmptyState.Description>
        The differences compare this live run with a completed forecast run of the same period (
        {periodText(run.periodStart, run.periodEnd)}). Start a forecast bill for that period, then come back.
      </EmptyState.Description>
    </EmptyState>
  </Paper>
);

const SHOW_OPTIONS = [
  { value: 'changed', label: 'Changed only' },
  { value: 'all', label: 'All households' },
];

type RunDifferencesTabProps = { run: BillRun; onOpen: (billId: string) => void };

/**
 * A live run against the newest completed forecast of its period: the totals, and per household the
 * forecast, the live fee, the change (largest first) and its causes in words; changed households only, or all.
 */
export const RunDifferencesTab = ({ run, onOpen }: RunDifferencesTabProps) => {
  const { state, update } = useRunDifferencesParams();
  const differences = useBillDifferences(run.id, {
    page: state.page,
    limit: state.limit,
    sortBy: state.sortBy,
    order: state.order,
    changedOnly: state.changedOnly,
  });
  const summary = differences.data?.summary;
  if (summary && summary.forecastRun === null) return <NoForecast run={run} />;
  const total = differences.data?.total ?? 0;

  const handleSort = (column: DifferenceSortKey) =>
    update((current) => ({
      sortBy: column,
      // The largest change first, households A to Z; a second click reverses.
      order:
        current.sortBy === column
          ? current.order === 'ASC'
            ? 'DESC'
            : 'ASC'
          : column === 'change'
            ? 'DESC'
            : 'ASC',
      pageNo: '1',
    }));

  return (
    <Stack gap="md">
      {differences.isPending ? (
        <Skeleton height={72} radius="lg" />
      ) : (
        summary && <DifferencesSummary summary={summary} />
      )}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label="Households shown"
          data={SHOW_OPTIONS}
          value={state.changedOnly ? 'changed' : 'all'}
          onChange={(value) => update({ changedOnly: value === 'all' ? 'false' : 'true', pageNo: '1' })}
        />
        <Text size="sm" fw={600} c="dimmed" role="status" aria-live="polite">
          {differences.data ? `${total} ${total === 1 ? 'household' : 'households'}` : ''}
        </Text>
      </Group>
      <ListPanel
        query={differences}
        loadingLabel={<ListSkeleton label="Loading the differences..." />}
        isEmpty={differences.data?.items.length === 0}
        empty={{
          icon: <IconArrowsDiff size={28} aria-hidden="true" />,
          ...(state.changedOnly
            ? {
                title: 'No household changed',
                description:
                  'Every household is billed what the forecast said. Choose All households to see them.',
              }
            : {
                title: 'No households to compare',
                description: 'Neither this run nor its forecast billed a household.',
              }),
        }}
      >
        {differences.data && (
          <DifferencesTable
            items={differences.data.items}
            sort={{ sortBy: state.sortBy, order: state.order }}
            onSort={handleSort}
            onOpen={onOpen}
          />
        )}
      </ListPanel>
      <ListFooter page={state.page} limit={state.limit} total={total} onChange={update} />
    </Stack>
  );
};
