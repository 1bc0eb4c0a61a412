import { Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useManagedAccounts } from '../../../features/managed-accounts/api/get-managed-accounts.ts';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { formatMoney } from '../../../lib/money.ts';
import { AccountHoldingsTab } from './account-holdings.tsx';

/**
 * The unit page's Account Holdings tab (spec §2 Household tabs, index 9): the holdings of one of the
 * household's accounts, chosen from its accounts with today's values (the first by default), as the account
 * page's own tab shows them. Composed from the managed accounts feature (read managedAccounts).
 */
export const UnitHoldingsTab = ({ clientId }: { clientId: string }) => {
  const today = useFirmToday();
  const valued = useManagedAccounts(clientId, today);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <QueryState
      query={valued}
      loading={<ListSkeleton label="Loading the accounts..." rows={4} />}
      errorTitle="The household's accounts could not be loaded"
    >
      {(data) => {
        if (data.accounts.length === 0) {
          return (
            <Paper withBorder radius="md" p="lg">
              <Stack gap={4}>
                <Title order={2} size="h4">
                  Holdings
                </Title>
                <Text size="sm" c="dimmed">
                  This household has no accounts yet: add them on the client's Managed Accounts tab.
                </Text>
              </Stack>
            </Paper>
          );
        }
        const account = data.accounts.find((a) => a.id === chosen) ?? data.accounts[0]!;
        return (
          <Stack gap="md">
            <Group align="flex-end" justify="space-between" wrap="wrap">
              <Select
                label="Holdings of the account"
                w={460}
                searchable
                value={account.id}
                onChange={(value) => value && setChosen(value)}
                allowDeselect={false}
                data={data.accounts.map((a) => ({
                  value: a.id,
                  label: `${a.registrationName} · ${formatMoney(a.marketValue)}`,
                }))}
              />
              <Text size="sm" c="dimmed">
                {data.accounts.length} {data.accounts.length === 1 ? 'account' : 'accounts'},{' '}
                {formatMoney(data.totalValue)} in all today
              </Text>
            </Group>
            <AccountHoldingsTab
              key={account.id}
              clientId={clientId}
              accountId={account.id}
              name={account.registrationName}
            />
          </Stack>
        );
      }}
    </QueryState>
  );
};
