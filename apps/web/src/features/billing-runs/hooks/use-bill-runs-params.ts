import {
  BILL_KINDS,
  BILL_RUN_SORT_KEYS,
  BILL_RUN_STATUSES,
  type BillKind,
  type BillRunStatus,
} from '@centric/contracts';
import { oneOf, pagingOf, useUrlListState } from '../../../lib/use-url-list-state.ts';

export type BillRunSortKey = (typeof BILL_RUN_SORT_KEYS)[number];

export type BillRunsListState = {
  page: number;
  limit: number;
  sortBy: BillRunSortKey;
  order: 'ASC' | 'DESC';
  /** The runs list has no search; kept empty for the paged list's shape. */
  search: string;
  kind: BillKind | '';
  status: BillRunStatus | '';
};

/** Reads the list state from the query string; anything unknown falls back to its default. */
export const parseBillRunsParams = (params: URLSearchParams): BillRunsListState => ({
  ...pagingOf(params),
  sortBy: oneOf(BILL_RUN_SORT_KEYS, params.get('sortBy'), 'number'),
  order: oneOf(['ASC', 'DESC'] as const, params.get('order'), 'DESC'),
  search: '',
  kind: oneOf(['', ...BILL_KINDS] as const, params.get('kind'), ''),
  status: oneOf(['', ...BILL_RUN_STATUSES] as const, params.get('status'), ''),
});

const DEFAULTS = { pageNo: '1', numberOfRecords: '10', sortBy: 'number', order: 'DESC' } as const;

/** The runs list's state in the URL: newest run first, ten a page. */
export const useBillRunsParams = () =>
  useUrlListState<BillRunsListState, 'pageNo' | 'numberOfRecords' | 'sortBy' | 'order' | 'kind' | 'status'>(
    DEFAULTS,
    parseBillRunsParams,
  );
