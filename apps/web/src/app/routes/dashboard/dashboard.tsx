import { DASHBOARD_DURATIONS, type DashboardDuration } from '@centric/contracts';
import { EmptyState, Group, Paper, SegmentedControl, Stack, Tabs } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { SlotTabList } from '../../../components/slot-tab-list.tsx';
import { Greeting } from '../../../features/dashboard/components/greeting.tsx';
import { canRead } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { DASHBOARD_TABS, type DashboardTab } from './dashboard-slots.ts';

const DURATION_LABELS: Record<DashboardDuration, string> = {
  THIS_WEEK: 'This week',
  THIS_MONTH: 'This month',
  THIS_QUARTER: 'This quarter',
  THIS_YEAR: 'This year',
};
const DEFAULT_DURATION: DashboardDuration = 'THIS_MONTH';
const isDuration = (value: string | null): value is DashboardDuration =>
  (DASHBOARD_DURATIONS as readonly (string | null)[]).includes(value);

/** The tab and the period live in the URL (spec §2: `tab=updates&duration=THIS_MONTH` by default). */
const useDashboardUrl = (tabs: readonly DashboardTab[]) => {
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((t) => t.id === params.get('tab')) ?? tabs[0];
  const rawDuration = params.get('duration');
  const duration = isDuration(rawDuration) ? rawDuration : DEFAULT_DURATION;
  const update = (changes: Record<string, string>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) next.set(key, value);
        return next;
      },
      { replace: true },
    );
  // The defaults are written in the URL, so a reload or a shared link shows the same.
  useEffect(() => {
    if (!tab) return;
    if (params.get('tab') !== tab.id || params.get('duration') !== duration) {
      update({ tab: tab.id, duration });
    }
  });
  return { tab, duration, update };
};

const DashboardTabs = ({ tabs }: { tabs: readonly DashboardTab[] }) => {
  const { tab, duration, update } = useDashboardUrl(tabs);
  return (
    <Tabs value={tab?.id ?? null} keepMounted={false} onChange={(value) => value && update({ tab: value })}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <SlotTabList tabs={tabs} label="Dashboard sections" />
        <SegmentedControl
          mb="lg"
          size="sm"
          aria-label="Period"
          value={duration}
          onChange={(value) => update({ duration: value })}
          data={DASHBOARD_DURATIONS.map((value) => ({ value, label: DURATION_LABELS[value] }))}
        />
      </Group>
      {tabs.map(({ id, Panel }) => (
        <Tabs.Panel key={id} value={id}>
          <Suspense fallback={<PageLoader />}>
            <Panel duration={duration} />
          </Suspense>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
};

/**
 * `/dashboard`: the landing page after sign-in, its tabs from the slot registry (dashboard-slots.ts): Updates
 * (notes, tasks, open requests, special days) and Stats, over the period chosen beside them.
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
              Your role may not read the dashboard. Ask your administrator if you should.
            </EmptyState.Description>
          </EmptyState>
        </Paper>
      )}
    </Stack>
  );
};
