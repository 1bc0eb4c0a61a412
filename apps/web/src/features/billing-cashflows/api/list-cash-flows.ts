import {
  type CashFlowsQuery,
  type CashFlowSummary,
  cashFlowRowSchema,
  cashFlowSummarySchema,
} from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The list's request: page, sort and the date range, each other filter only when set. */
export type CashFlowsRequest = Pick<CashFlowsQuery, 'page' | 'limit' | 'sortBy' | 'order'> & {
  from: string;
  to: string;
} & Partial<{
    [K in 'search' | 'direction' | 'source' | 'treatment' | 'accountId' | 'householdId']:
      CashFlowsQuery[K] | undefined;
  }>;

const EMPTY_SUMMARY: CashFlowSummary = { deposits: '0.00', withdrawals: '0.00', count: 0 };

/** GET /api/billing/cashflows: one page of flows with their treatment, the total and the figures. */
export const listCashFlows = async (query: CashFlowsRequest, signal?: AbortSignal) => {
  const response = await api.get('/billing/cashflows', {
    query,
    schema: z.array(cashFlowRowSchema),
    ...(signal ? { signal } : {}),
  });
  const summary = cashFlowSummarySchema.safeParse(response.extras?.summary);
  return {
    items: response.result,
    total: response.totalResults ?? response.result.length,
    summary: summary.success ? summary.data : EMPTY_SUMMARY,
  };
};

export const useCashFlows = (query: CashFlowsRequest) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.cashFlows.list(query),
      queryFn: ({ signal }) => listCashFlows(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
