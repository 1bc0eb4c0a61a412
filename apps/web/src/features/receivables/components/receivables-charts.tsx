import type { ReceivableCharts } from '@centric/contracts';
import { BarChart } from '@mantine/charts';
import { Grid, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { seriesColor } from '../../../lib/chart-colors.ts';
import { formatMoney } from '../../../lib/money.ts';

/** '$12,500' for an axis tick or a tooltip (the table has the cents). */
const axisMoney = (value: number) =>
  `$${value.toLocaleString('en-US', { maximumFractionDigits: 0, minimumFractionDigits: 0 })}`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-04' → 'Apr 26'. */
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(2, 4)}`;

type ReceivablesChartsProps = { charts: ReceivableCharts | undefined; loading: boolean };

/**
 * The two charts: projected by month for the next 12 months, stacked by product (or provider under the
 * providers view), and past due by age. Drawings only (hidden from assistive technology): each has its figures
 * in a visually hidden table beside it.
 */
export const ReceivablesCharts = ({ charts, loading }: ReceivablesChartsProps) => {
  const stackLabel = charts?.stackBy === 'providers' ? 'provider' : 'product';
  // Numbers for the drawing only; the exact amounts stay strings in the hidden tables.
  const months = (charts?.months ?? []).map((m) => ({
    month: monthLabel(m.month),
    ...Object.fromEntries(Object.entries(m.parts).map(([name, amount]) => [name, Number(amount)])),
  }));
  const series = (charts?.series ?? []).map((name, index) => ({ name, color: seriesColor(index) }));
  const ages = (charts?.pastDueByAge ?? []).map((a) => ({ age: a.label, amount: Number(a.amount) }));
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="md" p="md" h="100%">
          <Stack gap="xs">
            <Title order={2} size="h5">
              Projected by month, by {stackLabel}
            </Title>
            {loading ? (
              <Skeleton height={260} />
            ) : series.length === 0 ? (
              <Text size="sm" c="dimmed" py="xl" ta="center">
                Nothing is expected in the next 12 months.
              </Text>
            ) : (
              <BarChart
                h={260}
                data={months}
                dataKey="month"
                type="stacked"
                series={series}
                withLegend
                legendProps={{ verticalAlign: 'bottom', height: 48 }}
                valueFormatter={axisMoney}
                yAxisProps={{ width: 80 }}
                barChartProps={{ accessibilityLayer: false }}
                aria-hidden="true"
              />
            )}
            {charts && (
              <VisuallyHidden>
                <table>
                  <caption>Projected by month</caption>
                  <tbody>
                    {charts.months.map((m) => (
                      <tr key={m.month}>
                        <th scope="row">{monthLabel(m.month)}</th>
                        <td>{formatMoney(m.total)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </VisuallyHidden>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder radius="md" p="md" h="100%">
          <Stack gap="xs">
            <Title order={2} size="h5">
              Past due by age
            </Title>
            {loading ? (
              <Skeleton height={260} />
            ) : (
              <BarChart
                h={260}
                data={ages}
                dataKey="age"
                series={[{ name: 'amount', label: 'Past due', color: 'red.7' }]}
                valueFormatter={axisMoney}
                yAxisProps={{ width: 80 }}
                barChartProps={{ accessibilityLayer: false }}
                aria-hidden="true"
              />
            )}
            {charts && (
              <VisuallyHidden>
                <table>
                  <caption>Past due by age</caption>
                  <tbody>
                    {charts.pastDueByAge.map((a) => (
                      <tr key={a.key}>
                        <th scope="row">{a.label}</th>
                        <td>
                          {formatMoney(a.amount)} ({a.count})
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </VisuallyHidden>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
};
