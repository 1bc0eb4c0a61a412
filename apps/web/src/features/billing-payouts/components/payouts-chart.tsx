import type { PayeePayout } from '@centric/contracts';
import { BarChart } from '@mantine/charts';
import type { PayoutBasis } from '../hooks/use-payouts-params.ts';
import { chartLabels } from './payouts-figures.ts';

const BAR_ROW_HEIGHT = 44;

/** '$12,500' for an axis tick or a tooltip (the table has the cents). */
const axisMoney = (value: number) =>
  `$${value.toLocaleString('en-US', { maximumFractionDigits: 0, minimumFractionDigits: 0 })}`;

type PayoutsChartProps = {
  rows: readonly PayeePayout[];
  basis: PayoutBasis;
};

/**
 * Billed and collected per payee as horizontal bars, the chosen basis in the brand colour and first. A drawing
 * only (hidden from assistive technology, and no tab stop): the figures are in the table below it.
 */
export const PayoutsChart = ({ rows, basis }: PayoutsChartProps) => {
  const labels = chartLabels(rows);
  const data = rows.map((row, index) => ({
    payee: labels[index] ?? '',
    // Numbers for the drawing only; the exact amounts stay strings in the table.
    billed: Number(row.billed),
    collected: Number(row.collected),
  }));
  const series = [
    { name: 'billed', label: 'Billed', color: basis === 'billed' ? 'brand.6' : 'gray.4' },
    { name: 'collected', label: 'Collected', color: basis === 'collected' ? 'brand.6' : 'gray.4' },
  ];
  return (
    <BarChart
      h={Math.max(180, rows.length * BAR_ROW_HEIGHT + 70)}
      data={data}
      dataKey="payee"
      orientation="vertical"
      series={basis === 'billed' ? series : [...series].reverse()}
      withLegend
      legendProps={{ verticalAlign: 'top', height: 36 }}
      gridAxis="x"
      barProps={{ radius: 3 }}
      maxBarWidth={16}
      valueFormatter={axisMoney}
      // Every payee named, none skipped for room.
      yAxisProps={{ width: 160, interval: 0 }}
      xAxisProps={{ tickFormatter: axisMoney }}
      barChartProps={{ accessibilityLayer: false }}
      aria-hidden="true"
    />
  );
};
