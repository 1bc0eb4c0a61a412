import { billRunSchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** How often a run in progress is asked for again (its progress and failures, live). */
export const BILL_RUN_POLL_MS = 1000;

/** GET /api/bill-runs/:id: the run's facts, status, stage, progress and figures. */
export const getBillRun = async (runId: string, signal?: AbortSignal) =>
  (
    await api.get(`/bill-runs/${encodeURIComponent(runId)}`, {
      schema: billRunSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

/** Polled every second while the run is in progress; still once it finished. */
export const useBillRun = (runId: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.billRuns.detail(runId),
    queryFn: ({ signal }) => getBillRun(runId, signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'in_progress' ? BILL_RUN_POLL_MS : false),
  });
