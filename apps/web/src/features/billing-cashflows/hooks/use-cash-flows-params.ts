import {
  billingPeriodOf,
  CASH_FLOW_DIRECTIONS,
  CASH_FLOW_SORT_KEYS,
  CASH_FLOW_SOURCES,
  CASH_FLOW_TREATMENTS,
  type CashFlowDirection,
  type CashFlowSortKey,
  type CashFlowSource,
  type CashFlowTreatment,
  parseIsoDate,
} from '@centric/contracts';
import { useMemo } from 'react';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { oneOf, pagingOf, useUrlListState } from '../../../lib/use-url-list-state.ts';

export type CashFlowsListState = {
  page: number;
  limit: number;
  sortBy: CashFlowSortKey;
  order: 'ASC' | 'DESC';
  search: string;
  /** The period shown (both days included); the current quarter until changed. */
  from: string;
  to: string;
  direction: CashFlowDirection | '';
  source: CashFlowSource | '';
  treatment: CashFlowTreatment | '';
};

const dateOf = (value: string | null) => {
  const text = (value ?? '').trim();
  return parseIsoDate(text) ? text : '';
};

/** Reads the list state from the query string; anything unknown falls back to its default. */
export const parseCashFlowsParams = (params: URLSearchParams): CashFlowsListState => ({
  ...pagingOf(params),
  sortBy: oneOf(CASH_FLOW_SORT_KEYS, params.get('sortBy'), 'date'),
  order: oneOf(['ASC', 'DESC'] as const, params.get('order'), 'DESC'),
  search: (params.get('search') ?? '').trim().slice(0, 100),
  from: dateOf(params.get('from')),
  to: dateOf(params.get('to')),
  direction: oneOf(['', ...CASH_FLOW_DIRECTIONS] as const, params.get('direction'), ''),
  source: oneOf(['', ...CASH_FLOW_SOURCES] as const, params.get('source'), ''),
  treatment: oneOf(['', ...CASH_FLOW_TREATMENTS] as const, params.get('treatment'), ''),
});

/** The current quarter in the firm's calendar: the period a bill run would read the flows of. */
export const useCurrentQuarter = () => {
  const today = useFirmToday();
  return useMemo(() => billingPeriodOf(today, 'QUARTERLY'), [today]);
};

/**
 * The list's state in the URL (shareable, survives a reload): newest first, ten a page, the current
 * quarter's flows until another range is chosen.
 */
export const useCashFlowsParams = () => {
  const quarter = useCurrentQuarter();
  const defaults = useMemo(
    () => ({
      pageNo: '1',
      numberOfRecords: '10',
      sortBy: 'date',
      order: 'DESC',
      from: quarter.from,
      to: quarter.to,
    }),
    [quarter],
  );
  return {
    quarter,
    ...useUrlListState<
      CashFlowsListState,
      | 'pageNo'
      | 'numberOfRecords'
      | 'sortBy'
      | 'order'
      | 'search'
      | 'from'
      | 'to'
      | 'direction'
      | 'source'
      | 'treatment'
    >(defaults, parseCashFlowsParams),
  };
};
