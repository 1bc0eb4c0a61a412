import type { Feature } from '@centric/contracts';
import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** A tab of the dashboard (updates, statistics …), shown when the user may read its feature. */
export type DashboardTab = {
  id: string;
  label: string;
  icon: Icon;
  feature: Feature;
  Panel: ComponentType;
};

/**
 * THE slots of the dashboard: the areas that summarise their records (notes, tasks, workflows, billing) each
 * add a tab here with a component of their own feature; the route composes them, so no feature imports
 * another. None exists yet: the dashboard then shows its empty state.
 */
export const DASHBOARD_TABS: readonly DashboardTab[] = [];
