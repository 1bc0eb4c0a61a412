import { DonutChart } from '@mantine/charts';
import { seriesColor } from '../../../lib/chart-colors.ts';

/** A decimal as typed, without trailing zeros: '45.00' → '45', '12.50' → '12.5'. */
export const plainDecimal = (value: string) => value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/** A target's percent as the list shows it: '45.00' → '45%'. */
export const plainPercent = (value: string) => `${plainDecimal(value)}%`;

type TargetDonutProps = {
  /** The targets' shares in percent (numbers for the drawing only), in the form's order. */
  shares: readonly { name: string; value: number }[];
  size?: number;
};

/**
 * The targets as a donut, what is left to allocate in grey: a drawing only (hidden from assistive
 * technology), the figures are in the fields and the total beside it.
 */
export const TargetDonut = ({ shares, size = 120 }: TargetDonutProps) => {
  const allocated = shares.reduce((sum, share) => sum + share.value, 0);
  const data = [
    ...shares.map((share, index) => ({ ...share, color: seriesColor(index) })),
    ...(allocated < 100 ? [{ name: 'Not allocated', value: 100 - allocated, color: 'gray.2' }] : []),
  ].filter((slice) => slice.value > 0);
  return (
    <DonutChart
      data={data.length > 0 ? data : [{ name: 'Not allocated', value: 100, color: 'gray.2' }]}
      size={size}
      thickness={18}
      withTooltip={false}
      pieChartProps={{ accessibilityLayer: false }}
      pieProps={{ rootTabIndex: -1 }}
      aria-hidden="true"
      style={{ flex: 'none' }}
    />
  );
};
