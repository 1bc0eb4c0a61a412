import { billRunSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { keepRun } from './cache.ts';

/** POST /api/bill-runs/:id/lock: locks an approved live run: nothing changes its bills after. */
export const lockBillRun = async (runId: string) => {
  const response = await api.post(`/bill-runs/${encodeURIComponent(runId)}/lock`, undefined, {
    schema: billRunSchema,
  });
  return { run: response.result, message: response.message };
};

export const useLockBillRun = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lockBillRun,
    onSuccess: ({ run }) => keepRun(queryClient, run),
  });
};
