import { type BillReasonBody, billDetailSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { keepBill } from './cache.ts';

/** POST /api/bills/:id/void with the reason: the bill is taken out of its run (before export). */
export const voidBill = async ({ billId, body }: { billId: string; body: BillReasonBody }) => {
  const response = await api.post(`/bills/${encodeURIComponent(billId)}/void`, body, {
    schema: billDetailSchema,
  });
  return { bill: response.result, message: response.message };
};

export const useVoidBill = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidBill,
    onSuccess: ({ bill }) => keepBill(queryClient, bill),
  });
};
