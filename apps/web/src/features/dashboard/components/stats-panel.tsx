import type { DashboardDuration, DashboardTile } from '@centric/contracts';
import { BarChart, DonutChart } from '@mantine/charts';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { ErrorState } from '../../../components/error-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useDashboardStats } from '../api/get-dashboard-stats.ts';
import { FiguresTable, formatMoneyCompact, PipelineTile, ProgressTile, TileLink } from './table-tiles.tsx';

const TILE_HEIGHT = 220;

/** A tile's chart, by its kind; a table of the same figures for screen readers. */
const TileChart = ({ tile }: { tile: DashboardTile }) => {
  if (tile.chart === 'pipeline') return <PipelineTile tile={tile} />;
  if (tile.chart === 'table') return <FiguresTable tile={tile} />;
  if (tile.chart === 'progress') return <ProgressTile tile={tile} />;
  if (tile.chart === 'donut') {
    const data = tile.data.map((row) => ({
      name: String(row.name),
      value: Number(row.value),
      color: String(row.color ?? 'gray.5'),
    }));
    const empty = data.every((d) => d.value === 0);
    return (
      <Group gap="lg" wrap="nowrap" align="center">
        <DonutChart
          data={empty ? [{ name: 'None', value: 1, color: 'gray.2' }] : data}
          size={150}
          thickness={22}
          withTooltip={!empty}
          tooltipDataSource="segment"
          // The figures are beside it and in the table: the drawing is hidden from assistive technology,
          // and so not focusable either (recharts' accessibility layer makes its SVG a tab stop).
          pieChartProps={{ accessibilityLayer: false }}
          pieProps={{ rootTabIndex: -1 }}
          aria-hidden="true"
        />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          {data.map((d) => (
            <Group key={d.name} gap="xs" wrap="nowrap" justify="space-between">
              <Group gap={8} wrap="nowrap">
                <span
                  aria-hidden="true"
                  style={{
                    width: 10,
                    height: 10,
                    borderRadius: 2,
                    background: `var(--mantine-color-${d.color.replace('.', '-')})`,
                    flex: 'none',
                  }}
                />
                <Text size="sm">{d.name}</Text>
              </Group>
              <Text size="sm" fw={600} ff="monospace">
                {d.value.toLocaleString('en-US')}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    );
  }
  if (tile.chart === 'categoryBar') {
    return (
      <BarChart
        h={TILE_HEIGHT}
        data={tile.data}
        dataKey={tile.dataKey}
        orientation="vertical"
        series={tile.series.map((s) => ({ name: s.name, label: s.label, color: s.color }))}
        gridAxis="x"
        barProps={{ radius: 3 }}
        maxBarWidth={18}
        yAxisProps={{ width: 170 }}
        xAxisProps={{ allowDecimals: false }}
      />
    );
  }
  return (
    <BarChart
      h={TILE_HEIGHT}
      data={tile.data}
      dataKey={tile.dataKey}
      type={tile.chart === 'stackedBar' ? 'stacked' : 'default'}
      series={tile.series.map((s) => ({ name: s.name, label: s.label, color: s.color }))}
      withLegend={tile.series.length > 1}
      tickLine="y"
      gridAxis="y"
      barProps={{ radius: 3 }}
      maxBarWidth={36}
      xAxisProps={{ interval: 'preserveStartEnd' }}
      yAxisProps={{ allowDecimals: false, width: 40 }}
    />
  );
};

/** The same figures as a table, for those who do not look at the chart. */
const TileTable = ({ tile }: { tile: DashboardTile }) => {
  const columns = tile.chart === 'donut' ? [{ name: 'value', label: 'Count' }] : tile.series;
  return (
    <VisuallyHidden>
      <table>
        <caption>{tile.title}</caption>
        <thead>
          <tr>
            <th scope="col">{tile.chart === 'donut' ? 'Category' : 'Period'}</th>
            {columns.map((c) => (
              <th key={c.name} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tile.data.map((row) => (
            <tr key={String(row[tile.dataKey])}>
              <th scope="row">{String(row[tile.dataKey])}</th>
              {columns.map((c) => (
                <td key={c.name}>{String(row[c.name] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
};

/** The tiles that draw their figures as visible tables or labelled bars need no hidden copy. */
const SELF_DESCRIBED: readonly DashboardTile['chart'][] = ['pipeline', 'table', 'progress'];

const headlineText = (headline: NonNullable<DashboardTile['headline']>) =>
  headline.format === 'money'
    ? formatMoneyCompact(String(headline.value))
    : Number(headline.value).toLocaleString('en-US');

/** A tile with nothing to count yet: what it will show, and how it gets there. */
const TileEmpty = ({ message }: { message: string }) => (
  <Stack align="center" gap={6} py="xl" px="md">
    <IconChartBar size={28} aria-hidden="true" color="var(--mantine-color-gray-5)" />
    <Text size="sm" c="dimmed" ta="center" maw={360}>
      {message}
    </Text>
  </Stack>
);

const Tile = ({ tile }: { tile: DashboardTile }) => {
  const empty = tile.data.length === 0 && tile.emptyMessage !== undefined;
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby={`tile-${tile.id}`}
      // The pipeline reads best across the whole row: its bars beside its table.
      style={tile.chart === 'pipeline' ? { gridColumn: '1 / -1' } : undefined}
    >
      <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
        <Stack gap={2}>
          <Title order={3} size="h5" id={`tile-${tile.id}`}>
            {tile.title}
          </Title>
          <Text size="xs" c="dimmed">
            {tile.description}
          </Text>
        </Stack>
        {tile.headline && !empty && (
          <Stack gap={0} align="flex-end" style={{ flex: 'none' }}>
            <Text
              fw={700}
              size="xl"
              lh={1.1}
              title={tile.headline.format === 'money' ? formatMoney(String(tile.headline.value)) : undefined}
            >
              {headlineText(tile.headline)}
            </Text>
            <Text size="xs" c="dimmed">
              {tile.headline.label}
            </Text>
          </Stack>
        )}
      </Group>
      {empty ? <TileEmpty message={tile.emptyMessage ?? ''} /> : <TileChart tile={tile} />}
      {!empty && !SELF_DESCRIBED.includes(tile.chart) && <TileTable tile={tile} />}
      {(tile.notice || tile.link) && (
        <Group justify="space-between" align="flex-end" mt="md" gap="sm" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {tile.notice ?? ''}
          </Text>
          <div style={{ flex: 'none' }}>
            <TileLink tile={tile} />
          </div>
        </Group>
      )}
    </Paper>
  );
};

/** The dashboard's Stats tab: one chart per area the user may read (the server's tile registry). */
export const StatsPanel = ({ duration }: { duration: DashboardDuration }) => {
  const stats = useDashboardStats(duration);
  if (stats.isError) {
    return <ErrorState message={errorMessage(stats.error)} onRetry={() => void stats.refetch()} />;
  }
  if (!stats.data) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy="true" aria-label="Loading statistics">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={TILE_HEIGHT + 80} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (stats.data.tiles.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          No statistics you may see yet: they come with the areas your role may read.
        </Text>
      </Paper>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy={stats.isFetching}>
      {stats.data.tiles.map((tile) => (
        <Tile key={tile.id} tile={tile} />
      ))}
    </SimpleGrid>
  );
};
