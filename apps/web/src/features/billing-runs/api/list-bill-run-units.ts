import { type BillRunUnitsQuery, billRunUnitSchema } from '@centric/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type BillRunUnitsRequest = Pick<BillRunUnitsQuery, 'page' | 'limit'> & {
  outcome?: BillRunUnitsQuery['outcome'] | undefined;
};

/** GET /api/bill-runs/:id/units: what the run did with each unit of its scope, and why. */
export const listBillRunUnits = async (runId: string, query: BillRunUnitsRequest, signal?: AbortSignal) => {
  const response = await api.get(`/bill-runs/${encodeURIComponent(runId)}/units`, {
    query,
    schema: z.array(billRunUnitSchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

/** `running`: the run is in progress, so the page is asked for again every few seconds. */
export const useBillRunUnits = (runId: string, query: BillRunUnitsRequest, running: boolean) =>
  useQuery({
    queryKey: queryKeys.billRuns.runUnits(runId, query),
    queryFn: ({ signal }) => listBillRunUnits(runId, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: running ? 3000 : false,
  });
