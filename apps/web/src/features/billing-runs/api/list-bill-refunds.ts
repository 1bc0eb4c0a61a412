import { billRefundSchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/bill-runs/:id/refunds: the credits no fee file carries, refunded by the firm. */
export const listBillRefunds = async (runId: string, signal?: AbortSignal) =>
  (
    await api.get(`/bill-runs/${encodeURIComponent(runId)}/refunds`, {
      schema: z.array(billRefundSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const useBillRefunds = (runId: string) =>
  useQuery({
    queryKey: queryKeys.billRuns.refunds(runId),
    queryFn: ({ signal }) => listBillRefunds(runId, signal),
  });
