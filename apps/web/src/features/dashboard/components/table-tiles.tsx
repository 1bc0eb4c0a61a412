import { type DashboardLinkTarget, type DashboardTile, signedCents } from '@centric/contracts';
import { BarChart } from '@mantine/charts';
import { Anchor, Group, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PercentBar } from '../../../components/percent-bar.tsx';
import { formatMoneyBrief } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * The Stats tab's tiles that read as tables (issue 17 §3): the pipeline in money above its table, ranked
 * tables (leaderboard, pathway, influencers, service pricing) and goal progress bars. Money arrives as decimal
 * strings and is shown as text from them; only the bars' lengths are drawn from numbers.
 */

type Column = NonNullable<DashboardTile['columns']>[number];
type Row = DashboardTile['data'][number];

/**
 * Dollars as a tile reads them: '$161.4M', '$2.5B' from a million up (whole-number arithmetic on the cents,
 * rounded half up to a tenth), whole dollars from $10,000 ('$427,691'), else '$9,999.50'.
 */
export const formatMoneyCompact = (value: string): string => {
  const cents = signedCents(value) ?? 0n;
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const scales = [
    [100_000_000_000n, 'B'],
    [100_000_000n, 'M'],
  ] as const;
  for (const [scale, unit] of scales) {
    if (abs >= scale) {
      const tenths = (abs * 10n + scale / 2n) / scale;
      const text = tenths % 10n === 0n ? `${tenths / 10n}` : `${tenths / 10n}.${tenths % 10n}`;
      return `${negative ? '-' : ''}$${text}${unit}`;
    }
  }
  // From $10,000 the cents are left out of the tile (rounded half up; the exact amount is the cell's title).
  if (abs >= 1_000_000n) {
    const dollars = (abs + 50n) / 100n;
    return `${negative ? '-' : ''}${formatMoneyBrief(dollars.toString())}`;
  }
  return formatMoneyBrief(value);
};

/** Where a tile's link goes. */
export const tileHref = (target: DashboardLinkTarget, query?: Record<string, string>): string => {
  switch (target) {
    case 'prospects':
      return paths.prospects.href({ activityStatus: query?.activityStatus, leadStatus: query?.leadStatus });
    case 'prospectsBoard':
      return paths.prospects.href({ view: 'board' });
    case 'clients':
      return paths.clients.href();
    case 'goals':
      return paths.goals.href();
    case 'partnership':
      return paths.goals.href({ tab: 'partnership' });
  }
};

export const TileLink = ({ tile }: { tile: DashboardTile }) =>
  tile.link ? (
    <Anchor
      component={Link}
      to={tileHref(tile.link.target, tile.link.query)}
      size="sm"
      fw={500}
      aria-label={`${tile.link.label}: ${tile.title}`}
    >
      <Group gap={4} wrap="nowrap" component="span">
        {tile.link.label}
        <IconArrowRight size={14} aria-hidden="true" />
      </Group>
    </Anchor>
  ) : null;

/** A cell as its column's format reads. */
const Cell = ({ column, row, tile }: { column: Column; row: Row; tile: DashboardTile }) => {
  const value = row[column.name];
  if (column.format === 'percent') {
    return (
      <PercentBar value={Number(value ?? 0)} label={`${column.label} of ${String(row[tile.dataKey])}`} />
    );
  }
  if (column.format === 'money') {
    const text = String(value ?? '0');
    return <span title={formatMoneyBrief(text)}>{formatMoneyCompact(text)}</span>;
  }
  if (column.format === 'count') return <>{Number(value ?? 0).toLocaleString('en-US')}</>;
  if (column.detail !== undefined) {
    return (
      <>
        {String(value ?? '')}
        <Text size="xs" c="dimmed" fw={400}>
          {String(row[column.detail] ?? '')}
        </Text>
      </>
    );
  }
  if (column.name === tile.dataKey && tile.rowLink === 'client' && typeof row.id === 'string') {
    return (
      <Anchor component={Link} to={paths.clientDetail.href(row.id)} size="sm">
        {String(value ?? '')}
      </Anchor>
    );
  }
  return <>{String(value ?? '')}</>;
};

/** A tile's rows as a table of its columns (a ranked list, the pipeline's figures). */
export const FiguresTable = ({ tile }: { tile: DashboardTile }) => {
  const columns = tile.columns ?? [];
  return (
    <Table.ScrollContainer minWidth={340} type="native">
      <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm" highlightOnHover aria-label={tile.title}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th
                key={column.name}
                scope="col"
                ta={column.format === 'money' || column.format === 'count' ? 'right' : 'left'}
              >
                <Text size="xs" c="dimmed" fw={600}>
                  {column.label}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tile.data.map((row) => (
            <Table.Tr key={String(row.id ?? row[tile.dataKey])}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <Table.Th key={column.name} scope="row" fw={500}>
                    <Cell column={column} row={row} tile={tile} />
                  </Table.Th>
                ) : (
                  <Table.Td
                    key={column.name}
                    ta={column.format === 'money' || column.format === 'count' ? 'right' : 'left'}
                    ff={column.format === 'money' ? 'monospace' : undefined}
                  >
                    <Cell column={column} row={row} tile={tile} />
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

const dollarsForChart = (value: string | number | undefined) => Number(String(value ?? '0'));

const abbreviateDollars = (value: number) =>
  value >= 1e6
    ? `$${(value / 1e6).toFixed(1)}M`
    : value >= 1e3
      ? `$${Math.round(value / 1e3)}K`
      : `$${value}`;

/** The pipeline: potential and weighted revenue by lead status (drawn), then every figure as a table. */
export const PipelineTile = ({ tile }: { tile: DashboardTile }) => {
  const priced = tile.data.some((row) => dollarsForChart(row.potentialRevenue) > 0);
  const data = tile.data.map((row) => ({
    status: String(row.status),
    ...(priced
      ? {
          potentialRevenue: dollarsForChart(row.potentialRevenue),
          weightedRevenue: dollarsForChart(row.weightedRevenue),
        }
      : { potentialAum: dollarsForChart(row.potentialAum) }),
  }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <div aria-hidden="true">
        <BarChart
          h={200}
          data={data}
          dataKey="status"
          series={
            priced
              ? tile.series.map((s) => ({ name: s.name, label: s.label, color: s.color }))
              : [{ name: 'potentialAum', label: 'Potential AUM', color: 'teal.7' }]
          }
          withLegend
          legendProps={{ verticalAlign: 'top', height: 36 }}
          tickLine="y"
          gridAxis="y"
          barProps={{ radius: 3 }}
          maxBarWidth={40}
          valueFormatter={abbreviateDollars}
          yAxisProps={{ width: 64 }}
          barChartProps={{ accessibilityLayer: false }}
        />
      </div>
      <FiguresTable tile={tile} />
    </SimpleGrid>
  );
};

/** Goals: one bar a goal, achieved against its target, with what the period added. */
export const ProgressTile = ({ tile }: { tile: DashboardTile }) => {
  const periodLabel = tile.columns?.find((c) => c.name === 'period')?.label ?? 'This period';
  return (
    <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {tile.data.map((row) => {
        const money = row.format === 'money';
        const show = (value: string | number | undefined) =>
          money ? formatMoneyCompact(String(value ?? '0')) : Number(value ?? 0).toLocaleString('en-US');
        const percent = Number(row.percent ?? 0);
        return (
          <li key={String(row.metric)}>
            <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
              <Text size="sm" fw={600}>
                {String(row.metric)}
              </Text>
              <Text size="sm">
                <Text span fw={700}>
                  {show(row.value)}
                </Text>{' '}
                <Text span c="dimmed">
                  of {show(row.target)}
                </Text>
              </Text>
            </Group>
            <Progress
              value={Math.min(100, percent)}
              color={percent >= 100 ? 'teal.7' : 'blue.7'}
              size="lg"
              radius="xl"
              aria-label={`${String(row.metric)}: ${percent}% of the target`}
            />
            <Group justify="space-between" mt={2}>
              <Text size="xs" c="dimmed">
                {periodLabel}: +{show(row.period)}
              </Text>
              <Text size="xs" c="dimmed">
                {percent}%
              </Text>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
};
