import type { AllocationRow } from '@centric/contracts';
import { DonutChart } from '@mantine/charts';
import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { cssColorOf, seriesColor } from '../../../lib/chart-colors.ts';
import { formatMoney, formatPercent } from '../../../lib/money.ts';

/**
 * The allocation by asset class as a donut, with a legend of each class's value and weight (the figures
 * readers get, the drawing hidden from assistive technology) and the same as a table for screen readers.
 */
export const AllocationChart = ({
  rows,
  dateLabel,
}: {
  rows: readonly AllocationRow[];
  dateLabel: string;
}) => {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="xl" ta="center">
        Nothing held on {dateLabel}.
      </Text>
    );
  }
  const colored = rows.map((row, index) => ({ ...row, color: seriesColor(index) }));
  return (
    <Group gap="lg" wrap="wrap" align="center" justify="center">
      <DonutChart
        // For drawing only: the figures shown are the strings.
        data={colored.map((row) => ({
          name: row.assetClass,
          value: Number(row.marketValue),
          color: row.color,
        }))}
        size={150}
        thickness={22}
        withTooltip={false}
        pieChartProps={{ accessibilityLayer: false }}
        pieProps={{ rootTabIndex: -1 }}
        aria-hidden="true"
        style={{ flex: 'none' }}
      />
      <Stack gap={6} style={{ flex: '1 1 260px', minWidth: 0, maxWidth: 520 }} aria-hidden="true">
        {colored.map((row) => (
          <Group key={row.assetClass} gap="xs" wrap="nowrap" justify="space-between">
            <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
              <span
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 2,
                  background: cssColorOf(row.color),
                  flex: 'none',
                }}
              />
              <Text size="sm" truncate="end">
                {row.assetClass}
              </Text>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" fw={600} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(row.marketValue)}
              </Text>
              <Text size="sm" c="dimmed" w={56} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatPercent(row.weight)}
              </Text>
            </Group>
          </Group>
        ))}
      </Stack>
      <VisuallyHidden>
        <table>
          <caption>Allocation by asset class on {dateLabel}</caption>
          <thead>
            <tr>
              <th scope="col">Asset class</th>
              <th scope="col">Value</th>
              <th scope="col">Weight</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.assetClass}>
                <th scope="row">{row.assetClass}</th>
                <td>{formatMoney(row.marketValue)}</td>
                <td>{formatPercent(row.weight)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Group>
  );
};
