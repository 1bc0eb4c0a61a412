import {
  RECEIVABLE_CHILD_TABS,
  RECEIVABLE_TABS,
  RECONCILIATION_CHILD_TABS,
  type ReceivableTab,
  type ReconciliationChildTab,
  STATEMENT_DIFFERENCE_FLAGS,
  STATEMENT_DIFFERENCE_STATUSES,
  RECEIVABLE_SORT_KEYS,
  RECEIVABLE_VIEW_BYS,
  type ReceivableChildTab,
  type ReceivableSortKey,
  type ReceivableViewBy,
} from '@centric/contracts';
import { oneOf, pagingOf, useUrlListState } from '../../../lib/use-url-list-state.ts';

export type ReceivablesListState = {
  tab: ReceivableTab;
  childTab: ReceivableChildTab;
  /** The reconciliation tab's child tab (the same `childTab` of the URL). */
  reconciliationTab: ReconciliationChildTab;
  /** Reconciliation: the differences shown (open, resolved, all), one flag, one provider. */
  status: (typeof STATEMENT_DIFFERENCE_STATUSES)[number];
  flag: (typeof STATEMENT_DIFFERENCE_FLAGS)[number] | '';
  providerId: number | null;
  /** The statement import open in its modal. */
  importId: string;
  viewBy: ReceivableViewBy;
  page: number;
  limit: number;
  sortBy: ReceivableSortKey;
  order: 'ASC' | 'DESC';
  search: string;
  /** Only the rows of one group of the view (a product, provider, advisor or household). */
  groupId: string;
  /** The receivable whose schedule is open beside the list. */
  receivable: string;
};

/** Reads the screen's state from the query string; anything unknown falls back to its default. */
export const parseReceivablesParams = (params: URLSearchParams): ReceivablesListState => ({
  tab: oneOf(RECEIVABLE_TABS, params.get('tab'), 'totalReceivables'),
  childTab: oneOf(RECEIVABLE_CHILD_TABS, params.get('childTab'), 'projected'),
  reconciliationTab: oneOf(RECONCILIATION_CHILD_TABS, params.get('childTab'), 'differences'),
  status: oneOf(STATEMENT_DIFFERENCE_STATUSES, params.get('status'), 'open'),
  flag: oneOf(['', ...STATEMENT_DIFFERENCE_FLAGS] as const, params.get('flag'), ''),
  providerId: /^\d{1,9}$/.test(params.get('providerId') ?? '') ? Number(params.get('providerId')) : null,
  importId: (params.get('importId') ?? '').trim().slice(0, 60),
  viewBy: oneOf(RECEIVABLE_VIEW_BYS, params.get('viewBy'), 'products'),
  ...pagingOf(params),
  sortBy: oneOf(RECEIVABLE_SORT_KEYS, params.get('sortBy'), 'group'),
  order: oneOf(['ASC', 'DESC'] as const, params.get('order'), 'ASC'),
  search: (params.get('search') ?? '').trim().slice(0, 100),
  groupId: (params.get('groupId') ?? '').trim().slice(0, 60),
  receivable: (params.get('receivable') ?? '').trim().slice(0, 60),
});

/** Spec §2: /billing/receivables defaults to tab=totalReceivables&childTab=projected&viewBy=products. */
const DEFAULTS = {
  tab: 'totalReceivables',
  childTab: 'projected',
  viewBy: 'products',
  pageNo: '1',
  numberOfRecords: '10',
  sortBy: 'group',
  order: 'ASC',
} as const;

/** The screen's state in the URL (shareable, survives a reload). */
export const useReceivablesParams = () =>
  useUrlListState<
    ReceivablesListState,
    | 'tab'
    | 'childTab'
    | 'viewBy'
    | 'pageNo'
    | 'numberOfRecords'
    | 'sortBy'
    | 'order'
    | 'search'
    | 'groupId'
    | 'receivable'
    | 'status'
    | 'flag'
    | 'providerId'
    | 'importId'
  >(DEFAULTS, parseReceivablesParams);
