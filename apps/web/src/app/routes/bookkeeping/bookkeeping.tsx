import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconClipboardCheck, IconFileImport, IconTargetArrow } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { type SlotTab, SlotTabList } from '../../../components/slot-tab-list.tsx';
import { ImportsPanel } from '../../../features/bookkeeping/components/imports-panel.tsx';
import { ReviewQueue } from '../../../features/bookkeeping/components/review-queue.tsx';
import { StrategiesManager } from '../../../features/bookkeeping/components/strategies-manager.tsx';
import { type BookkeepingTab, tabOf } from '../../../features/bookkeeping/hooks/use-bookkeeping-params.ts';
import { can } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';

const TABS = [
  { id: 'review', label: 'Review queue', icon: IconClipboardCheck },
  { id: 'imports', label: 'Positions imports', icon: IconFileImport },
  { id: 'strategies', label: 'Strategies', icon: IconTargetArrow },
] as const satisfies readonly (SlotTab & { id: BookkeepingTab })[];

/**
 * `/bookkeeping?tab=review|imports|strategies` (review by default): operations' bookkeeping of managed
 * accounts (managedAccounts read, checked by the route guard; write and delete show their actions). Each tab
 * keeps its list's state in the URL; another tab starts from its own defaults.
 */
export const BookkeepingScreen = () => {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  const canWrite = can(user, 'managedAccounts', 'write');
  const canDelete = can(user, 'managedAccounts', 'delete');

  const handleTab = (value: string | null) => {
    if (value && value !== tab) setParams(new URLSearchParams({ tab: value }));
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Bookkeeping
        </Title>
        <Text c="dimmed" size="sm">
          Review the accounts the data checks flag, import custodians&apos; positions files, and keep the
          strategies accounts follow.
        </Text>
      </Stack>
      <Tabs value={tab} onChange={handleTab} keepMounted={false}>
        <SlotTabList tabs={TABS} label="Bookkeeping" />
        <Tabs.Panel value="review">
          <ReviewQueue canWrite={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="imports">
          <ImportsPanel canWrite={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="strategies">
          <StrategiesManager rights={{ canWrite, canDelete }} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
