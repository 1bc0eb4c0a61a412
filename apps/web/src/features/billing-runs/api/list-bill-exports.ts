import { billExportSchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/bill-runs/:id/exports: the run's exported files, newest export first. */
export const listBillExports = async (runId: string, signal?: AbortSignal) =>
  (
    await api.get(`/bill-runs/${encodeURIComponent(runId)}/exports`, {
      schema: z.array(billExportSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const useBillExports = (runId: string) =>
  useQuery({
    queryKey: queryKeys.billRuns.exports(runId),
    queryFn: ({ signal }) => listBillExports(runId, signal),
  });
