import { billRunSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { keepRun } from './cache.ts';

/** POST /api/bill-runs/:id/approve: approves a generated live run's bills together. */
export const approveBillRun = async (runId: string) => {
  const response = await api.post(`/bill-runs/${encodeURIComponent(runId)}/approve`, undefined, {
    schema: billRunSchema,
  });
  return { run: response.result, message: response.message };
};

export const useApproveBillRun = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveBillRun,
    onSuccess: ({ run }) => keepRun(queryClient, run),
  });
};
