import {
  COMPENSATION_SOURCE_LABELS,
  type CompensationFigures,
  formatMoney,
  type MyCompensation,
} from '@centric/contracts';
import { BarChart } from '@mantine/charts';
import {
  EmptyState,
  Grid,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ListFooter } from '../../../components/list-footer.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useMyCompensation } from '../api/get-my-compensation.ts';
import { useCompensationParams } from '../hooks/use-compensation-params.ts';
import { PeriodControls } from './period-controls.tsx';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(2, 4)}`;
const axisMoney = (value: number) =>
  `$${value.toLocaleString('en-US', { maximumFractionDigits: 0, minimumFractionDigits: 0 })}`;

const FigureCard = ({ title, figures }: { title: string; figures: CompensationFigures }) => (
  <Paper withBorder radius="md" p="md">
    <Text size="sm" c="dimmed">
      {title}
    </Text>
    <Text size="xl" fw={700} ff="monospace">
      {formatMoney(figures.total)}
    </Text>
    <Text size="xs" c="dimmed">
      Fees {formatMoney(figures.fees)} · Commissions {formatMoney(figures.commissions)}
    </Text>
  </Paper>
);

/** The lines a page shows by default: an advisor's quarter can hold hundreds of bills and payments. */
const LINES_PER_PAGE = 25;

const Body = ({ data }: { data: MyCompensation }) => {
  const [lines, setLines] = useState({ page: 1, limit: LINES_PER_PAGE });
  const shown = data.lines.slice((lines.page - 1) * lines.limit, lines.page * lines.limit);
  const bySource = [
    { source: 'Advisory fees', amount: Number(data.thisPeriod.fees) },
    { source: 'Commissions', amount: Number(data.thisPeriod.commissions) },
  ];
  const months = data.projected.months.map((m) => ({ month: monthLabel(m.month), amount: Number(m.amount) }));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <FigureCard
          title={`This period (${formatDate(data.from)}–${formatDate(data.to)})`}
          figures={data.thisPeriod}
        />
        <FigureCard title="Year to date" figures={data.yearToDate} />
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed">
            Next 12 months, projected
          </Text>
          <Text size="xl" fw={700} ff="monospace">
            {formatMoney(data.projected.total)}
          </Text>
          <Text size="xs" c="dimmed">
            Commissions the schedules expect; fees count once their bills are locked.
          </Text>
        </Paper>
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ChartPanel
            title="This period by source"
            data={bySource}
            dataKey="source"
            series={{ name: 'amount', label: 'Earned', color: 'brand.6' }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ChartPanel
            title="Projected commissions by month"
            data={months}
            dataKey="month"
            series={{ name: 'amount', label: 'Projected', color: 'teal.6' }}
          >
            <VisuallyHidden>
              <table>
                <caption>Projected commissions by month</caption>
                <tbody>
                  {data.projected.months.map((m) => (
                    <tr key={m.month}>
                      <th scope="row">{monthLabel(m.month)}</th>
                      <td>{formatMoney(m.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </VisuallyHidden>
          </ChartPanel>
        </Grid.Col>
      </Grid>
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        {data.lines.length === 0 ? (
          <EmptyState py="xl" icon={<IconWallet size={28} aria-hidden="true" />} withIndicatorBackground>
            <EmptyState.Title order={2}>Nothing earned in this period</EmptyState.Title>
            <EmptyState.Description>
              No locked bill pays you and no commission split of yours falls in these dates. Choose other
              dates or the other basis.
            </EmptyState.Description>
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Compensation lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Source</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>Household</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((line, index) => (
                  <Table.Tr key={`${line.origin.id}:${line.date}:${index}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(line.date)}</Table.Td>
                    <Table.Td>{COMPENSATION_SOURCE_LABELS[line.source]}</Table.Td>
                    <Table.Td>{line.origin.label}</Table.Td>
                    <Table.Td>{line.household.name}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm" ff="monospace">
                        {formatMoney(line.amount)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row" colSpan={4}>
                    Total for the period
                  </Table.Th>
                  <Table.Td ta="right">
                    <Text size="sm" ff="monospace" fw={700}>
                      {formatMoney(data.thisPeriod.total)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <ListFooter
        page={lines.page}
        limit={lines.limit}
        total={data.lines.length}
        onChange={(patch) =>
          setLines((current) => ({
            page: Number(patch.pageNo),
            limit: patch.numberOfRecords ? Number(patch.numberOfRecords) : current.limit,
          }))
        }
      />
    </Stack>
  );
};

/** /my-compensation (spec §7 myCompensation): what the signed-in user earns, by source, with each line's origin. */
export const MyCompensationView = () => {
  const { update, query, valid } = useCompensationParams();
  const result = useMyCompensation(query, valid);
  return (
    <Stack gap="lg">
      <PeriodControls query={query} valid={valid} onChange={update} />
      <QueryState query={result} loading={<ListSkeleton rows={6} label="Loading your compensation..." />}>
        {(data) => <Body key={`${data.from}|${data.to}|${data.basis}`} data={data} />}
      </QueryState>
    </Stack>
  );
};

type ChartPanelProps = {
  title: string;
  data: Record<string, unknown>[];
  dataKey: string;
  series: { name: string; label: string; color: string };
  /** What the chart says in words, for those who cannot see it. */
  children?: ReactNode;
};

/** A titled bar chart of money in a panel, the height of its row. */
const ChartPanel = ({ title, data, dataKey, series, children }: ChartPanelProps) => (
  <Paper withBorder radius="md" p="md" h="100%">
    <Title order={2} size="h5" mb="xs">
      {title}
    </Title>
    <BarChart
      h={220}
      data={data}
      dataKey={dataKey}
      series={[series]}
      valueFormatter={axisMoney}
      yAxisProps={{ width: 80 }}
      barChartProps={{ accessibilityLayer: false }}
      aria-hidden="true"
    />
    {children}
  </Paper>
);
