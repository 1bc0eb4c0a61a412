import {
  LEAD_STATUSES,
  type LeadStatus,
  type ProspectActivityStatus,
  PROSPECT_ACTIVITY_STATUSES,
  PROSPECT_SORT_KEYS,
  type ProspectSortKey,
} from '@centric/contracts';
import { oneOf, pagingOf, useUrlListState } from '../../../lib/use-url-list-state.ts';

/** Written into the URL on the first visit: the list, page 1 of 10, newest first. */
export const PROSPECTS_DEFAULTS = {
  view: 'list',
  pageNo: '1',
  numberOfRecords: '10',
  sortBy: 'createdAt',
  order: 'DESC',
} as const;

export type ProspectsListState = {
  view: 'list' | 'board';
  page: number;
  limit: number;
  sortBy: ProspectSortKey;
  order: 'ASC' | 'DESC';
  search: string;
  leadStatus: '' | LeadStatus;
  activityStatus: '' | ProspectActivityStatus;
  businessDeveloperId: string;
  wealthAdvisorId: string;
};

const uuidOrEmpty = (value: string | null) => (value && /^[0-9a-f-]{36}$/i.test(value) ? value : '');

/** Reads the list state from the query string; anything unknown falls back to its default. */
export const parseProspectsParams = (params: URLSearchParams): ProspectsListState => ({
  view: oneOf(['list', 'board'] as const, params.get('view'), 'list'),
  ...pagingOf(params),
  sortBy: oneOf(PROSPECT_SORT_KEYS, params.get('sortBy'), 'createdAt'),
  order: oneOf(['ASC', 'DESC'] as const, params.get('order'), 'DESC'),
  search: (params.get('search') ?? '').trim().slice(0, 100),
  leadStatus: oneOf(['', ...LEAD_STATUSES] as const, params.get('leadStatus'), ''),
  activityStatus: oneOf(['', ...PROSPECT_ACTIVITY_STATUSES] as const, params.get('activityStatus'), ''),
  businessDeveloperId: uuidOrEmpty(params.get('businessDeveloperId')),
  wealthAdvisorId: uuidOrEmpty(params.get('wealthAdvisorId')),
});

export const useProspectsParams = () =>
  useUrlListState<
    ProspectsListState,
    | 'view'
    | 'pageNo'
    | 'numberOfRecords'
    | 'sortBy'
    | 'order'
    | 'search'
    | 'leadStatus'
    | 'activityStatus'
    | 'businessDeveloperId'
    | 'wealthAdvisorId'
  >(PROSPECTS_DEFAULTS, parseProspectsParams);
