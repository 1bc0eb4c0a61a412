import { type BillReasonBody, billRunSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { keepRun } from './cache.ts';

/** POST /api/bill-runs/:id/unlock with the reason (administrators only; others get 403). */
export const unlockBillRun = async ({ runId, body }: { runId: string; body: BillReasonBody }) => {
  const response = await api.post(`/bill-runs/${encodeURIComponent(runId)}/unlock`, body, {
    schema: billRunSchema,
  });
  return { run: response.result, message: response.message };
};

export const useUnlockBillRun = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockBillRun,
    onSuccess: ({ run }) => keepRun(queryClient, run),
  });
};
