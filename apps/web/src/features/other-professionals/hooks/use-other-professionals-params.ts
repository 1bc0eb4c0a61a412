import { OTHER_PROFESSIONAL_SORT_KEYS } from '@centric/contracts';
import { oneOf, pagingOf, useUrlListState } from '../../../lib/use-url-list-state.ts';
import type { OtherProfessionalSortKey } from '../api/list-other-professionals.ts';

/** Written into the URL on the first visit, like /users: pageNo, numberOfRecords, sortBy, order. */
export const OTHER_PROFESSIONALS_DEFAULTS = {
  pageNo: '1',
  numberOfRecords: '10',
  sortBy: 'fullName',
  order: 'ASC',
} as const;

export type OtherProfessionalsListState = {
  page: number;
  limit: number;
  sortBy: OtherProfessionalSortKey;
  order: 'ASC' | 'DESC';
  search: string;
  type: string;
};

/** Reads the list state from the query string; anything unknown falls back to its default. */
export const parseOtherProfessionalsParams = (params: URLSearchParams): OtherProfessionalsListState => ({
  ...pagingOf(params),
  sortBy: oneOf(OTHER_PROFESSIONAL_SORT_KEYS, params.get('sortBy'), 'fullName'),
  order: oneOf(['ASC', 'DESC'] as const, params.get('order'), 'ASC'),
  search: (params.get('search') ?? '').trim().slice(0, 100),
  type: (params.get('type') ?? '').trim().slice(0, 50),
});

/** All list state lives in the URL (shareable, survives a reload); each change replaces the entry. */
export const useOtherProfessionalsParams = () =>
  useUrlListState<
    OtherProfessionalsListState,
    'pageNo' | 'numberOfRecords' | 'sortBy' | 'order' | 'search' | 'type'
  >(OTHER_PROFESSIONALS_DEFAULTS, parseOtherProfessionalsParams);
