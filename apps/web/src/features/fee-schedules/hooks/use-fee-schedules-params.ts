import {
  FEE_SCHEDULE_SORT_KEYS,
  FEE_STRUCTURES,
  FEE_TYPES,
  type FeeScheduleSortKey,
} from '@centric/contracts';
import { oneOf, pagingOf, useUrlListState } from '../../../lib/use-url-list-state.ts';

/** Written into the URL on the first visit, like the other lists: pageNo, numberOfRecords, sortBy, order. */
export const FEE_SCHEDULES_DEFAULTS = {
  pageNo: '1',
  numberOfRecords: '10',
  sortBy: 'name',
  order: 'ASC',
} as const;

export type FeeSchedulesListState = {
  page: number;
  limit: number;
  sortBy: FeeScheduleSortKey;
  order: 'ASC' | 'DESC';
  search: string;
  type: (typeof FEE_TYPES)[number] | '';
  structure: (typeof FEE_STRUCTURES)[number] | '';
};

/** Reads the list state from the query string; anything unknown falls back to its default. */
export const parseFeeSchedulesParams = (params: URLSearchParams): FeeSchedulesListState => ({
  ...pagingOf(params),
  sortBy: oneOf(FEE_SCHEDULE_SORT_KEYS, params.get('sortBy'), 'name'),
  order: oneOf(['ASC', 'DESC'] as const, params.get('order'), 'ASC'),
  search: (params.get('search') ?? '').trim().slice(0, 100),
  type: oneOf(['', ...FEE_TYPES] as const, params.get('type'), ''),
  structure: oneOf(['', ...FEE_STRUCTURES] as const, params.get('structure'), ''),
});

/** The list's state in the URL (shareable, survives a reload); each change replaces the entry. */
export const useFeeSchedulesParams = () =>
  useUrlListState<
    FeeSchedulesListState,
    'pageNo' | 'numberOfRecords' | 'sortBy' | 'order' | 'search' | 'type' | 'structure'
  >(FEE_SCHEDULES_DEFAULTS, parseFeeSchedulesParams);
