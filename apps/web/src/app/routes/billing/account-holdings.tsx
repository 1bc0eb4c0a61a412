import { Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useHoldings } from '../../../features/managed-accounts/api/get-holdings.ts';
import { HoldingsTable } from '../../../features/managed-accounts/components/holdings-table.tsx';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';

/**
 * The account page's Account Holdings tab (spec §2 Account tabs, index 6): what the account holds, as the
 * managed accounts tab values it (the latest snapshot on or before the day, at that day's prices), today or
 * on one of its snapshot dates. Composed here from the managed accounts feature (read managedAccounts).
 */
export const AccountHoldingsTab = ({
  clientId,
  accountId,
  name,
}: {
  clientId: string;
  accountId: string;
  name: string;
}) => {
  const today = useFirmToday();
  const [date, setDate] = useState<string | null>(null);
  const holdings = useHoldings(clientId, accountId, date ?? today);
  const snapshots = holdings.data?.snapshots ?? [];
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4">
              Holdings
            </Title>
            <Text size="sm" c="dimmed">
              The value bills start from: the latest holdings on or before the day, at that day's prices.
            </Text>
          </Stack>
          <Select
            label="Holdings of"
            w={220}
            value={date ?? ''}
            onChange={(value) => setDate(value ? value : null)}
            data={[
              { value: '', label: `Today (${formatDate(today)})` },
              ...snapshots.map((day) => ({ value: day, label: `Snapshot of ${formatDate(day)}` })),
            ]}
            allowDeselect={false}
          />
        </Group>
        <QueryState
          query={holdings}
          loading={<ListSkeleton label="Loading the holdings..." rows={5} />}
          errorTitle="The holdings could not be loaded"
        >
          {(data) =>
            data.positions.length === 0 ? (
              <Text size="sm" c="dimmed">
                {data.asOf
                  ? `The snapshot of ${formatDate(data.asOf)} holds nothing.`
                  : 'No holdings are recorded on or before this day: the account is billed at zero.'}
              </Text>
            ) : (
              <Stack gap="xs">
                <Text size="sm">
                  {formatMoney(data.marketValue)} on {formatDate(data.date)}, from the snapshot of{' '}
                  {data.asOf ? formatDate(data.asOf) : '—'}
                </Text>
                <HoldingsTable holdings={data} caption={`Holdings of ${name} on ${formatDate(data.date)}`} />
              </Stack>
            )
          }
        </QueryState>
      </Stack>
    </Paper>
  );
};
