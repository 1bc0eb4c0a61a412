import type { ClientDetail, Feature } from '@centric/contracts';
import { type Icon, IconChecklist, IconLayoutDashboard } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { HouseholdHighlights } from '../../../features/clients/components/detail/client-detail-view.tsx';
import { NotesPanel } from '../../../features/notes/components/notes-panel.tsx';
import { HouseholdActivities } from './household-activities.tsx';

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
];

/** Left panels beside the highlights: the household's notes (the default, spec §2 `leftPanel=notes`). */
export const HOUSEHOLD_LEFT_PANELS: readonly HouseholdLeftPanel[] = [
  { id: 'notes', label: 'Notes', feature: 'notes', Panel: NotesPanel },
];
