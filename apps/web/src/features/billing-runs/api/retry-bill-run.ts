import { billRunSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { keepRun } from './cache.ts';

/** POST /api/bill-runs/:id/retry: retries the households that failed. */
export const retryBillRun = async (runId: string) => {
  const response = await api.post(`/bill-runs/${encodeURIComponent(runId)}/retry`, undefined, {
    schema: billRunSchema,
  });
  return { run: response.result, message: response.message };
};

export const useRetryBillRun = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryBillRun,
    onSuccess: ({ run }) => keepRun(queryClient, run),
  });
};
