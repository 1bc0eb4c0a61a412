import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/billing/cashflows/:id: a manual flow (a transaction's flow is refused with the reason). */
export const deleteCashFlow = async (id: string) => {
  const response = await api.delete(`/billing/cashflows/${encodeURIComponent(id)}`);
  return { message: response.message };
};

export const useDeleteCashFlow = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCashFlow,
    onSettled: () => invalidateKeys(queryClient, [queryKeys.cashFlows.all, queryKeys.billing.all]),
  });
};
