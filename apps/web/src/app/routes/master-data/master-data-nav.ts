import { MASTER_DATA_LISTS, MASTER_DATA_TYPES } from '@centric/contracts';
import { IconDatabase, IconPoint } from '@tabler/icons-react';
import type { NavEntry, NavParent } from '../../navigation.ts';
import { paths } from '../../../lib/paths.ts';

/** System Configurations > Master Data: a collapsible parent holding the 20 lists. */
export const MASTER_DATA_PARENT: NavParent = { id: 'masterData', label: 'Master Data', icon: IconDatabase };

/**
 * One registry entry per list (label from contracts), alphabetical so that 20 sub-items stay easy to scan;
 * every entry loads the same generic screen.
 */
export const MASTER_DATA_NAV_ENTRIES: readonly NavEntry[] = MASTER_DATA_TYPES.map((type): NavEntry => ({
  label: MASTER_DATA_LISTS[type].label,
  icon: IconPoint,
  path: paths.masterData.href(type),
  feature: 'masterData',
  group: 'system',
  parent: MASTER_DATA_PARENT,
  screen: () => import('./master-data.tsx').then((m) => ({ Component: m.MasterDataScreen })),
})).sort((a, b) => a.label.localeCompare(b.label));
