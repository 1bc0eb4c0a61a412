import type { DashboardDuration, Feature } from '@centric/contracts';
import type { ComponentType } from 'react';
import { DashboardNotes } from '../../../features/notes/components/dashboard-notes.tsx';
import { SpecialDaysList } from '../../../features/special-days/components/special-days-list.tsx';
import { MyOpenRequests } from '../../../features/workflows/components/request-lists.tsx';
import { TasksUpdateList } from './tasks-update-list.tsx';

/** What every list of the Updates tab gets: the period chosen above the tabs. */
export type UpdateListProps = { duration: DashboardDuration };

/** A list of the Updates tab (`?subTab=<id>`: notes, tasks, open requests, special days). */
export type DashboardUpdateList = {
  id: string;
  label: string;
  feature: Feature;
  Panel: ComponentType<UpdateListProps>;
};

/**
 * THE lists of the Updates tab, in the spec's order (notes, tasks, open requests, special days): the areas
 * that summarise their records each add one here with a component of their own feature, so no feature
 * imports another.
 */
export const DASHBOARD_UPDATE_LISTS: readonly DashboardUpdateList[] = [
  { id: 'notes', label: 'Notes', feature: 'notes', Panel: DashboardNotes },
  { id: 'tasks', label: 'Tasks', feature: 'tasks', Panel: TasksUpdateList },
  { id: 'openRequests', label: 'Open Requests', feature: 'openRequests', Panel: MyOpenRequests },
  { id: 'specialDays', label: 'Special Days', feature: 'clients', Panel: SpecialDaysList },
];
