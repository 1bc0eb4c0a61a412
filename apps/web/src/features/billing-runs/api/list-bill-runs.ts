import { type BillRunsQuery, billRunSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The list's request: page, sort and each filter only when set. */
export type BillRunsRequest = Pick<BillRunsQuery, 'page' | 'limit' | 'sortBy' | 'order'> &
  Partial<{ [K in 'kind' | 'status']: BillRunsQuery[K] | undefined }>;

/** GET /api/bill-runs: one page of runs, newest first by default, with the total. */
export const listBillRuns = async (query: BillRunsRequest, signal?: AbortSignal) => {
  const response = await api.get('/bill-runs', {
    query,
    schema: z.array(billRunSchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

/** A run in progress on the page refreshes the list every few seconds until none is. */
export const useBillRuns = (query: BillRunsRequest) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.billRuns.list(query),
      queryFn: ({ signal }) => listBillRuns(query, signal),
      placeholderData: keepPreviousData,
      refetchInterval: (q) =>
        q.state.data?.items.some((run) => run.status === 'in_progress') ? 3000 : false,
    }),
  );
