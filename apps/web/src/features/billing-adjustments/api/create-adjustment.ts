import { type AdjustmentBody, adjustmentSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/billing/adjustments: the adjustment, waiting for the account's next live bill; the server's sentence. */
export const createAdjustment = async (body: AdjustmentBody) => {
  const { result, message } = await api.post('/billing/adjustments', body, { schema: adjustmentSchema });
  return { adjustment: result, message };
};

/** Every adjustments list refreshes: the unit's and the account's both show it. */
export const useCreateAdjustment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdjustment,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.billing.adjustmentLists()]),
  });
};
