import { billCheckFindingSchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/bill-runs/:id/checks: the pre-export checks the run's bills fail, each with its override or none. */
export const listBillChecks = async (runId: string, signal?: AbortSignal) =>
  (
    await api.get(`/bill-runs/${encodeURIComponent(runId)}/checks`, {
      schema: z.array(billCheckFindingSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

/** A live run's findings (the Checks tab and its count); `enabled` once the run has finished. */
export const useBillChecks = (runId: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.billRuns.checks(runId),
    queryFn: ({ signal }) => listBillChecks(runId, signal),
    enabled,
  });
