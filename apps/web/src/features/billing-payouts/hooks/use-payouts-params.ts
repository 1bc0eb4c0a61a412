import { billingPeriodOf, parseIsoDate } from '@centric/contracts';
import { useMemo } from 'react';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { oneOf, useUrlListState } from '../../../lib/use-url-list-state.ts';

export const PAYOUT_BASES = ['billed', 'collected'] as const;
export type PayoutBasis = (typeof PAYOUT_BASES)[number];

export type PayoutsState = {
  /** The range the bills' periods end in (both days included); '' when the URL's is not a date. */
  from: string;
  to: string;
  basis: PayoutBasis;
};

const dateOf = (value: string | null) => {
  const text = (value ?? '').trim();
  return parseIsoDate(text) ? text : '';
};

/** Reads the screen's state from the query string; anything unknown falls back to its default. */
export const parsePayoutsParams = (params: URLSearchParams): PayoutsState => ({
  from: dateOf(params.get('from')),
  to: dateOf(params.get('to')),
  basis: oneOf(PAYOUT_BASES, params.get('basis'), 'billed'),
});

/** The last completed calendar quarter in the firm's calendar: the period payouts are usually paid for. */
export const useLastQuarter = () => {
  const today = useFirmToday();
  return useMemo(() => billingPeriodOf(today, 'QUARTERLY', -1), [today]);
};

/**
 * The screen's state in the URL (shareable, survives a reload): the last completed quarter, billed, until
 * changed.
 */
export const usePayoutsParams = () => {
  const quarter = useLastQuarter();
  const defaults = useMemo(() => ({ from: quarter.from, to: quarter.to, basis: 'billed' }), [quarter]);
  return { quarter, ...useUrlListState<PayoutsState, 'from' | 'to' | 'basis'>(defaults, parsePayoutsParams) };
};
