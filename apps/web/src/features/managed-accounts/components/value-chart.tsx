import type { ValuePoint } from '@centric/contracts';
import { AreaChart } from '@mantine/charts';
import { Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { ErrorState } from '../../../components/error-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/money.ts';
import { type ValueSeriesOwner, useValues } from '../api/get-values.ts';
import { chartDollars, dateOrDash, monthLabel } from './figures.ts';

type ValueChartProps = {
  owner: ValueSeriesOwner;
  /** The table's caption for screen readers: "Household value at each month end". */
  caption: string;
  height?: number;
};

/**
 * The value at each month end of the last 12 months as an area chart, with the same figures as a table for
 * screen readers (the drawing itself is hidden from them and out of the tab order).
 */
export const ValueChart = ({ owner, caption, height = 220 }: ValueChartProps) => {
  const values = useValues(owner);
  if (values.isPending) return <Skeleton h={height} radius="md" aria-label="Loading values" />;
  if (values.isError) {
    return (
      <ErrorState
        message={errorMessage(values.error)}
        onRetry={() => void values.refetch()}
        retrying={values.isFetching}
      />
    );
  }
  const points = values.data;
  if (points.every((point) => Number(point.value) === 0)) {
    return (
      <Text size="sm" c="dimmed" py="xl" ta="center">
        No value in the last 12 months yet: values come from the holdings.
      </Text>
    );
  }
  // For plotting only: the figures in text (the table, the tooltip) come from the strings.
  const data = points.map((point) => ({ month: monthLabel(point.date), value: Number(point.value) }));
  return (
    <>
      <div aria-hidden="true">
        <AreaChart
          h={height}
          data={data}
          dataKey="month"
          series={[{ name: 'value', label: 'Value', color: 'brand.6' }]}
          curveType="monotone"
          withGradient
          gridAxis="y"
          tickLine="y"
          valueFormatter={chartDollars}
          yAxisProps={{ width: 64 }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          accessibilityLayer={false}
          areaChartProps={{ accessibilityLayer: false }}
        />
      </div>
      <ValueTable points={points} caption={caption} />
    </>
  );
};

const ValueTable = ({ points, caption }: { points: readonly ValuePoint[]; caption: string }) => (
  <VisuallyHidden>
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Month end</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {points.map((point) => (
          <tr key={point.date}>
            <th scope="row">{dateOrDash(point.date)}</th>
            <td>{formatMoney(point.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </VisuallyHidden>
);
