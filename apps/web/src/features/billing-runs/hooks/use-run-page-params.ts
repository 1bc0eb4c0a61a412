import {
  BILL_DIFFERENCE_SORT_KEYS,
  BILL_SORT_KEYS,
  BILL_UNIT_OUTCOMES,
  type BillUnitOutcome,
} from '@centric/contracts';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { oneOf, pagingOf, useUrlListState } from '../../../lib/use-url-list-state.ts';

export const RUN_TABS = ['bills', 'units', 'checks', 'differences', 'exports'] as const;
export type RunTab = (typeof RUN_TABS)[number];
export type BillSortKey = (typeof BILL_SORT_KEYS)[number];

export type RunBillsState = {
  page: number;
  limit: number;
  sortBy: BillSortKey;
  order: 'ASC' | 'DESC';
  search: string;
};

export type RunUnitsState = { page: number; limit: number; outcome: BillUnitOutcome | '' };

export type DifferenceSortKey = (typeof BILL_DIFFERENCE_SORT_KEYS)[number];

export type RunDifferencesState = {
  page: number;
  limit: number;
  sortBy: DifferenceSortKey;
  order: 'ASC' | 'DESC';
  /** Only the households whose fee changed (the default), or all. */
  changedOnly: boolean;
};

export const parseRunBillsParams = (params: URLSearchParams): RunBillsState => ({
  ...pagingOf(params),
  sortBy: oneOf(BILL_SORT_KEYS, params.get('sortBy'), 'household'),
  order: oneOf(['ASC', 'DESC'] as const, params.get('order'), 'ASC'),
  search: (params.get('search') ?? '').trim().slice(0, 100),
});

export const parseRunUnitsParams = (params: URLSearchParams): RunUnitsState => ({
  ...pagingOf(params),
  outcome: oneOf(['', ...BILL_UNIT_OUTCOMES] as const, params.get('outcome'), ''),
});

export const parseRunDifferencesParams = (params: URLSearchParams): RunDifferencesState => ({
  ...pagingOf(params),
  sortBy: oneOf(BILL_DIFFERENCE_SORT_KEYS, params.get('sortBy'), 'change'),
  order: oneOf(['ASC', 'DESC'] as const, params.get('order'), 'DESC'),
  changedOnly: params.get('changedOnly') !== 'false',
});

const BILLS_DEFAULTS = { pageNo: '1', numberOfRecords: '10', sortBy: 'household', order: 'ASC' } as const;
const UNITS_DEFAULTS = { pageNo: '1', numberOfRecords: '10' } as const;
const DIFFERENCES_DEFAULTS = {
  pageNo: '1',
  numberOfRecords: '10',
  sortBy: 'change',
  order: 'DESC',
  changedOnly: 'true',
} as const;

/** The Bills tab's list in the URL: by household, ten a page. */
export const useRunBillsParams = () =>
  useUrlListState<RunBillsState, 'pageNo' | 'numberOfRecords' | 'sortBy' | 'order' | 'search'>(
    BILLS_DEFAULTS,
    parseRunBillsParams,
  );

/** The Units tab's list in the URL: every outcome, ten a page. */
export const useRunUnitsParams = () =>
  useUrlListState<RunUnitsState, 'pageNo' | 'numberOfRecords' | 'outcome'>(
    UNITS_DEFAULTS,
    parseRunUnitsParams,
  );

/** The Differences tab's list in the URL: the largest change first, changed households only, ten a page. */
export const useRunDifferencesParams = () =>
  useUrlListState<RunDifferencesState, 'pageNo' | 'numberOfRecords' | 'sortBy' | 'order' | 'changedOnly'>(
    DIFFERENCES_DEFAULTS,
    parseRunDifferencesParams,
  );

/** Keys a tab's list keeps in the URL: cleared when another tab opens. */
const LIST_KEYS = ['pageNo', 'numberOfRecords', 'sortBy', 'order', 'search', 'outcome', 'changedOnly'];

/**
 * The run page's tab (`tab=bills|units|checks|differences|exports`, Bills by default) and the bill whose
 * explanation is open (`bill`), both in the URL so a link opens the same view.
 */
export const useRunPageParams = () => {
  const [params, setParams] = useSearchParams();
  const tab: RunTab = oneOf(RUN_TABS, params.get('tab'), 'bills');
  const billId = params.get('bill');
  const setTab = useCallback(
    (next: RunTab) =>
      setParams((current) => {
        const out = new URLSearchParams(current);
        for (const key of LIST_KEYS) out.delete(key);
        out.set('tab', next);
        return out;
      }),
    [setParams],
  );
  const setBill = useCallback(
    (next: string | null) =>
      setParams((current) => {
        const out = new URLSearchParams(current);
        if (next) out.set('bill', next);
        else out.delete('bill');
        return out;
      }),
    [setParams],
  );
  return { tab, billId, setTab, setBill };
};
