import { type CashFlowThresholdBody, cashFlowThresholdSchema } from '@centric/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/billing/cashflows/threshold: the firm's threshold (null: every flow is prorated). */
export const useCashFlowThreshold = () =>
  useQuery({
    queryKey: queryKeys.cashFlows.threshold(),
    queryFn: async ({ signal }) =>
      (await api.get('/billing/cashflows/threshold', { schema: cashFlowThresholdSchema, signal })).result,
  });

/** PUT /api/billing/cashflows/threshold: every flow's treatment and the projected fees may change with it. */
export const useUpdateCashFlowThreshold = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CashFlowThresholdBody) => {
      const response = await api.put('/billing/cashflows/threshold', body, {
        schema: cashFlowThresholdSchema,
      });
      return { threshold: response.result.threshold, message: response.message };
    },
    onSettled: () => invalidateKeys(queryClient, [queryKeys.cashFlows.all, queryKeys.billing.all]),
  });
};
