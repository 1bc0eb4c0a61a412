import { EmptyState, Paper, Stack, Tabs } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { SlotTabList } from '../../../components/slot-tab-list.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { Greeting } from '../../../features/dashboard/components/greeting.tsx';
import { canRead } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { DASHBOARD_TABS, type DashboardTab } from './dashboard-slots.ts';

const DashboardTabs = ({ tabs }: { tabs: readonly DashboardTab[] }) => (
  <Tabs defaultValue={tabs[0]?.id ?? null} keepMounted={false}>
    <SlotTabList tabs={tabs} label="Dashboard sections" />
    {tabs.map(({ id, Panel }) => (
      <Tabs.Panel key={id} value={id}>
        <Panel />
      </Tabs.Panel>
    ))}
  </Tabs>
);

/**
 * `/dashboard`: the landing page after sign-in, its tabs from the slot registry (dashboard-slots.ts). Updates
 * and statistics come with the records they summarise; until then the page says so.
 */
export const DashboardScreen = () => {
  const user = useCurrentUser();
  if (!user) return <PageLoader />;
  const tabs = DASHBOARD_TABS.filter((tab) => canRead(user, tab.feature));
  return (
    <Stack gap="xl">
      <Greeting fullName={user.fullName} />
      {tabs.length > 0 ? (
        <DashboardTabs tabs={tabs} />
      ) : (
        <Paper withBorder radius="lg" p="xl" bg="gray.0">
          <EmptyState icon={<IconLayoutDashboard size={28} aria-hidden="true" />} withIndicatorBackground>
            <EmptyState.Title order={2}>Nothing to show yet</EmptyState.Title>
            <EmptyState.Description>
              Updates and statistics will appear here as clients, notes, tasks and workflows are added to
              Centric.
            </EmptyState.Description>
          </EmptyState>
        </Paper>
      )}
    </Stack>
  );
};
