import { type BillsQuery, billRowSchema } from '@centric/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type BillRunBillsRequest = Pick<BillsQuery, 'page' | 'limit' | 'sortBy' | 'order'> & {
  search?: string | undefined;
};

/** GET /api/bill-runs/:id/bills: one page of the run's bills. */
export const listBillRunBills = async (runId: string, query: BillRunBillsRequest, signal?: AbortSignal) => {
  const response = await api.get(`/bill-runs/${encodeURIComponent(runId)}/bills`, {
    query,
    schema: z.array(billRowSchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

/** `running`: the run is in progress, so the page is asked for again every few seconds. */
export const useBillRunBills = (runId: string, query: BillRunBillsRequest, running: boolean) =>
  useQuery({
    queryKey: queryKeys.billRuns.runBills(runId, query),
    queryFn: ({ signal }) => listBillRunBills(runId, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: running ? 3000 : false,
  });
