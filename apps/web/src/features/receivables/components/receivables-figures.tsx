import type { ReceivablesHeader } from '@centric/contracts';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatMoney } from '../../../lib/money.ts';

type ReceivablesFiguresProps = { header: ReceivablesHeader | undefined; loading: boolean };

/**
 * The screen's header: what the schedule expects this month, quarter and year (received or not, written-off
 * payments left out), what is past due now, and what was received this year.
 */
export const ReceivablesFigures = ({ header, loading }: ReceivablesFiguresProps) => {
  const figures = [
    { label: 'Projected this month', value: header?.projectedThisMonth },
    { label: 'Projected this quarter', value: header?.projectedThisQuarter },
    { label: 'Projected this year', value: header?.projectedThisYear },
    {
      label: 'Past due',
      value: header?.pastDueTotal,
      note: header ? `${header.pastDueCount} ${header.pastDueCount === 1 ? 'payment' : 'payments'}` : '',
      alert: (header?.pastDueCount ?? 0) > 0,
    },
    { label: 'Received year to date', value: header?.receivedYearToDate },
  ];
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 5 }}
      spacing="md"
      component="dl"
      m={0}
      aria-label="Receivables totals"
    >
      {figures.map((figure) => (
        <Paper key={figure.label} withBorder radius="md" p="md">
          <Text component="dt" size="sm" c="dimmed">
            {figure.label}
          </Text>
          <Text
            component="dd"
            m={0}
            size="xl"
            fw={700}
            ff="monospace"
            c={figure.alert ? 'red.9' : undefined}
            style={{ whiteSpace: 'nowrap' }}
          >
            {loading ? (
              <Skeleton height={28} width={120} component="span" display="block" />
            ) : (
              formatMoney(figure.value ?? '0')
            )}
            {figure.note && (
              <Text span display="block" size="xs" fw={400} c="dimmed" ff="text">
                {figure.note}
              </Text>
            )}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
};
