import { billDetailSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { keepBill } from './cache.ts';

/** POST /api/bills/:id/pull: the household is pulled out of the run, to be billed later (before lock). */
export const pullBill = async (billId: string) => {
  const response = await api.post(`/bills/${encodeURIComponent(billId)}/pull`, undefined, {
    schema: billDetailSchema,
  });
  return { bill: response.result, message: response.message };
};

export const usePullBill = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pullBill,
    onSuccess: ({ bill }) => keepBill(queryClient, bill),
  });
};
