import {
  billingPeriodOf,
  COMPENSATION_BASES,
  type CompensationBasis,
  parseIsoDate,
} from '@centric/contracts';
import { useMemo } from 'react';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { oneOf, useUrlListState } from '../../../lib/use-url-list-state.ts';

export type CompensationState = { from: string; to: string; basis: CompensationBasis };

const dateOf = (value: string | null) => {
  const text = (value ?? '').trim();
  return parseIsoDate(text) ? text : '';
};

export const parseCompensationParams = (params: URLSearchParams): CompensationState => ({
  from: dateOf(params.get('from')),
  to: dateOf(params.get('to')),
  basis: oneOf(COMPENSATION_BASES, params.get('basis'), 'billed'),
});

/** The period and basis in the URL: this quarter of the firm's calendar, billed, until changed. */
export const useCompensationParams = () => {
  const today = useFirmToday();
  const quarter = useMemo(() => billingPeriodOf(today, 'QUARTERLY'), [today]);
  const defaults = useMemo(() => ({ from: quarter.from, to: quarter.to, basis: 'billed' }), [quarter]);
  const { state, update } = useUrlListState<CompensationState, 'from' | 'to' | 'basis'>(
    defaults,
    parseCompensationParams,
  );
  const query = { from: state.from || quarter.from, to: state.to || quarter.to, basis: state.basis };
  return { state, update, query, valid: query.from <= query.to };
};
