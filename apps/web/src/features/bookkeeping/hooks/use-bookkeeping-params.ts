import { REVIEW_QUEUE_SORT_KEYS, STRATEGY_SORT_KEYS, type ReviewQueueQuery } from '@centric/contracts';
import { oneOf, pagingOf, useUrlListState } from '../../../lib/use-url-list-state.ts';

/** The screen's tabs, in the URL as `tab` (review by default). */
export const BOOKKEEPING_TABS = ['review', 'imports', 'strategies'] as const;
export type BookkeepingTab = (typeof BOOKKEEPING_TABS)[number];
export const tabOf = (params: URLSearchParams): BookkeepingTab =>
  oneOf(BOOKKEEPING_TABS, params.get('tab'), 'review');

/** The queue's views: a review status, or the reviews snoozed until a later date. */
export const REVIEW_VIEWS = ['NEEDS_REVIEW', 'SNOOZED', 'ADVANCE_REVIEW', 'REVIEW_DONE', 'READY'] as const;
export type ReviewView = ReviewQueueQuery['status'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const textOf = (params: URLSearchParams, key: string, max: number) =>
  (params.get(key) ?? '').trim().slice(0, max);

// Each tab writes its own defaults (the tab's name with them) when it shows: `/bookkeeping` becomes
// `/bookkeeping?tab=review&status=NEEDS_REVIEW&pageNo=1&numberOfRecords=10&sortBy=household&order=ASC`.
const REVIEW_DEFAULTS = {
  tab: 'review',
  status: 'NEEDS_REVIEW',
  pageNo: '1',
  numberOfRecords: '10',
  sortBy: 'household',
  order: 'ASC',
} as const;

export type ReviewListState = {
  status: ReviewView;
  page: number;
  limit: number;
  sortBy: ReviewQueueQuery['sortBy'];
  order: 'ASC' | 'DESC';
  search: string;
  /** The Wealth Advisor filter: the user's id, and the name the picker shows after a reload. */
  advisorId: string;
  advisorName: string;
  custodian: string;
};

export const parseReviewParams = (params: URLSearchParams): ReviewListState => {
  const advisorId = textOf(params, 'advisorId', 36);
  return {
    ...pagingOf(params),
    status: oneOf(REVIEW_VIEWS, params.get('status'), 'NEEDS_REVIEW'),
    sortBy: oneOf(REVIEW_QUEUE_SORT_KEYS, params.get('sortBy'), 'household'),
    order: oneOf(['ASC', 'DESC'] as const, params.get('order'), 'ASC'),
    search: textOf(params, 'search', 100),
    advisorId: UUID.test(advisorId) ? advisorId : '',
    advisorName: UUID.test(advisorId) ? textOf(params, 'advisorName', 100) : '',
    custodian: textOf(params, 'custodian', 60),
  };
};

export const useReviewParams = () =>
  useUrlListState<
    ReviewListState,
    | 'tab'
    | 'status'
    | 'pageNo'
    | 'numberOfRecords'
    | 'sortBy'
    | 'order'
    | 'search'
    | 'advisorId'
    | 'advisorName'
    | 'custodian'
  >(REVIEW_DEFAULTS, parseReviewParams);

const STRATEGIES_DEFAULTS = {
  tab: 'strategies',
  pageNo: '1',
  numberOfRecords: '10',
  sortBy: 'name',
  order: 'ASC',
} as const;

export type StrategiesListState = {
  page: number;
  limit: number;
  sortBy: (typeof STRATEGY_SORT_KEYS)[number];
  order: 'ASC' | 'DESC';
  search: string;
};

export const parseStrategiesParams = (params: URLSearchParams): StrategiesListState => ({
  ...pagingOf(params),
  sortBy: oneOf(STRATEGY_SORT_KEYS, params.get('sortBy'), 'name'),
  order: oneOf(['ASC', 'DESC'] as const, params.get('order'), 'ASC'),
  search: textOf(params, 'search', 100),
});

export const useStrategiesParams = () =>
  useUrlListState<StrategiesListState, 'tab' | 'pageNo' | 'numberOfRecords' | 'sortBy' | 'order' | 'search'>(
    STRATEGIES_DEFAULTS,
    parseStrategiesParams,
  );

const IMPORTS_DEFAULTS = { tab: 'imports', pageNo: '1', numberOfRecords: '10' } as const;

/** The imports list's page, and the import whose report is open (`importId`). */
export type ImportsListState = { page: number; limit: number; importId: string };

export const parseImportsParams = (params: URLSearchParams): ImportsListState => {
  const importId = textOf(params, 'importId', 36);
  return { ...pagingOf(params), importId: UUID.test(importId) ? importId : '' };
};

export const useImportsParams = () =>
  useUrlListState<ImportsListState, 'tab' | 'pageNo' | 'numberOfRecords' | 'importId'>(
    IMPORTS_DEFAULTS,
    parseImportsParams,
  );
