import {
  type BillDifferencesQuery,
  billDifferenceSchema,
  billDifferencesSummarySchema,
} from '@centric/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE, api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type BillDifferencesRequest = Pick<
  BillDifferencesQuery,
  'page' | 'limit' | 'sortBy' | 'order' | 'changedOnly'
>;

/**
 * GET /api/bill-runs/:id/differences: one page of the live run's households against the last forecast of
 * the same period, with the total and the summary (the forecast compared with, both totals, how many changed).
 */
export const listBillDifferences = async (
  runId: string,
  query: BillDifferencesRequest,
  signal?: AbortSignal,
) => {
  const response = await api.get(`/bill-runs/${encodeURIComponent(runId)}/differences`, {
    query,
    schema: z.array(billDifferenceSchema),
    ...(signal ? { signal } : {}),
  });
  const summary = billDifferencesSummarySchema.safeParse(response.extras?.summary);
  if (!summary.success) throw new ApiError(response.statusCode, UNEXPECTED_RESPONSE_MESSAGE);
  return {
    items: response.result,
    total: response.totalResults ?? response.result.length,
    summary: summary.data,
  };
};

export const useBillDifferences = (runId: string, query: BillDifferencesRequest) =>
  useQuery({
    queryKey: queryKeys.billRuns.differences(runId, query),
    queryFn: ({ signal }) => listBillDifferences(runId, query, signal),
    placeholderData: keepPreviousData,
  });
