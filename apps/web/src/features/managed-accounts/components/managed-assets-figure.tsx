import type { ClientDetail } from '@centric/contracts';
import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { formatMoney } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';
import { useManagedAccounts } from '../api/get-managed-accounts.ts';

/**
 * The household's managed assets today (spec §3 household general info `managedAssets`), in the household's
 * header: a figure slot of the household page, shown to those who may read managed accounts. It is the
 * tab's own valuation (one query, one cache), and links to the tab.
 */
export const ManagedAssetsFigure = ({ detail }: { detail: ClientDetail }) => {
  const today = useFirmToday();
  const { data, isPending, isError } = useManagedAccounts(detail.clientId, today);
  return (
    <Stack gap={2} align="flex-end">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Managed assets
      </Text>
      {isPending ? (
        <Skeleton h={24} w={120} />
      ) : isError ? (
        <Text size="sm" c="dimmed">
          Not available
        </Text>
      ) : (
        <Anchor
          component={Link}
          to={paths.clientDetail.href(detail.clientId, { tab: 'managed_accounts' })}
          fw={700}
          size="lg"
          c="inherit"
          aria-label={`Managed assets: ${formatMoney(data.totalValue)}. Open managed accounts`}
        >
          {formatMoney(data.totalValue)}
        </Anchor>
      )}
    </Stack>
  );
};
