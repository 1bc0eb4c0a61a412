import type { DashboardDuration, Feature } from '@centric/contracts';
import { type Icon, IconChartBar, IconListDetails } from '@tabler/icons-react';
import { type ComponentType, lazy } from 'react';
import { UpdatesPanel } from './updates-panel.tsx';

/** What every dashboard panel gets: the period chosen above the tabs (`?duration=`). */
export type DashboardPanelProps = { duration: DashboardDuration };

/** A tab of the dashboard (`?tab=<id>`), shown when the user may read its feature. */
export type DashboardTab = {
  id: string;
  label: string;
  icon: Icon;
  feature: Feature;
  Panel: ComponentType<DashboardPanelProps>;
};

const StatsPanel = lazy(() =>
  import('../../../features/dashboard/components/stats-panel.tsx').then((m) => ({ default: m.StatsPanel })),
);

/**
 * THE slots of the dashboard (spec §2: tabs Updates and Stats, default `tab=updates`): the route composes
 * them, so no feature imports another. Stats draws the server's tile registry (each area adds its tiles
 * there).
 */
export const DASHBOARD_TABS: readonly DashboardTab[] = [
  {
    id: 'updates',
    label: 'Updates',
    icon: IconListDetails,
    feature: 'dashboard',
    Panel: UpdatesPanel,
  },
  {
    id: 'stats',
    label: 'Stats',
    icon: IconChartBar,
    feature: 'dashboard',
    Panel: StatsPanel,
  },
];
