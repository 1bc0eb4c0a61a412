import type { ClientDetail, Feature } from '@centric/contracts';
import {
  type Icon,
  IconChartPie,
  IconChecklist,
  IconLayoutDashboard,
  IconListCheck,
  IconTargetArrow,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { HouseholdHighlights } from '../../../features/clients/components/detail/client-detail-view.tsx';
import { ManagedAssetsFigure } from '../../../features/managed-accounts/components/managed-assets-figure.tsx';
import { NotesPanel } from '../../../features/notes/components/notes-panel.tsx';
import { HouseholdProspectActivities } from '../../../features/prospects/components/household-prospect-activities.tsx';
import { HouseholdRequests } from '../../../features/workflows/components/request-lists.tsx';
import { HouseholdActivities } from './household-activities.tsx';
import { HouseholdManagedAccounts } from './household-managed-accounts.tsx';

/** What every slot of the household page gets: the loaded household. */
export type HouseholdSlotProps = { detail: ClientDetail };

/** A tab of /client-detail (`?tab=<id>`), shown when the user may read its feature. */
export type HouseholdTab = {
  id: string;
  label: string;
  icon: Icon;
  feature: Feature;
  Panel: ComponentType<HouseholdSlotProps>;
};

/** A left panel beside the highlights (`?leftPanel=<id>`: notes, tasks …), shown when the user may read it. */
export type HouseholdLeftPanel = {
  id: string;
  label: string;
  feature: Feature;
  Panel: ComponentType<HouseholdSlotProps>;
};

/**
 * THE slots of the household page. The route composes them, so no feature imports another: notes, managed
 * accounts, suitability, billing or compliance each add one entry here with a component of their own feature.
 * The first tab is the default (spec §2: highlights).
 */
export const HOUSEHOLD_TABS: readonly [HouseholdTab, ...HouseholdTab[]] = [
  {
    id: 'highlights',
    label: 'Highlights',
    icon: IconLayoutDashboard,
    feature: 'clients',
    Panel: HouseholdHighlights,
  },
  {
    id: 'activities',
    label: 'Tasks & Meetings',
    icon: IconChecklist,
    feature: 'tasks',
    Panel: HouseholdActivities,
  },
  {
    id: 'prospect_activities',
    label: 'Prospect Activities',
    icon: IconTargetArrow,
    feature: 'prospects',
    Panel: HouseholdProspectActivities,
  },
  {
    id: 'requests',
    label: 'Requests',
    icon: IconListCheck,
    feature: 'openRequests',
    Panel: HouseholdRequests,
  },
  {
    id: 'managed_accounts',
    label: 'Managed Accounts',
    icon: IconChartPie,
    feature: 'managedAccounts',
    Panel: HouseholdManagedAccounts,
  },
];

/** Left panels beside the highlights: the household's notes (the default, spec §2 `leftPanel=notes`). */
export const HOUSEHOLD_LEFT_PANELS: readonly HouseholdLeftPanel[] = [
  { id: 'notes', label: 'Notes', feature: 'notes', Panel: NotesPanel },
];

/** A figure in the household's header (its general info, spec §3: managed assets …), shown when readable. */
export type HouseholdHeaderFigure = {
  id: string;
  feature: Feature;
  Figure: ComponentType<HouseholdSlotProps>;
};

/** The header's figures beside "Household since": managed assets today (issue 13 §5). */
export const HOUSEHOLD_HEADER_FIGURES: readonly HouseholdHeaderFigure[] = [
  { id: 'managedAssets', feature: 'managedAccounts', Figure: ManagedAssetsFigure },
];
