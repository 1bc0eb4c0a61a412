import { billRunSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { keepRun } from './cache.ts';

/** POST /api/bills/:id/regenerate: the household is billed again in its run (before lock); answers the run. */
export const regenerateBill = async (billId: string) => {
  const response = await api.post(`/bills/${encodeURIComponent(billId)}/regenerate`, undefined, {
    schema: billRunSchema,
  });
  return { run: response.result, message: response.message };
};

export const useRegenerateBill = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateBill,
    onSuccess: ({ run }) => keepRun(queryClient, run),
  });
};
