import type { ManualCashFlowBody } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/billing/cashflows: a manual flow with its reason; the server's sentence for the toast. */
export const createCashFlow = async (body: ManualCashFlowBody) => {
  const response = await api.post('/billing/cashflows', body, { schema: z.object({ id: z.string() }) });
  return { id: response.result.id, message: response.message };
};

/** The list and its figures refresh, and the billing views whose projected fee reads the flows. */
export const useCreateCashFlow = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCashFlow,
    onSettled: () => invalidateKeys(queryClient, [queryKeys.cashFlows.all, queryKeys.billing.all]),
  });
};
