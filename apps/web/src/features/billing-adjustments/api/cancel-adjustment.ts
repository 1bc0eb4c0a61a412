import { adjustmentSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/**
 * POST /api/billing/adjustments/:id/cancel: the adjustment, cancelled; refused (409) once a live bill has
 * applied it.
 */
export const cancelAdjustment = async (id: string) => {
  const { result, message } = await api.post(
    `/billing/adjustments/${encodeURIComponent(id)}/cancel`,
    undefined,
    { schema: adjustmentSchema },
  );
  return { adjustment: result, message };
};

export const useCancelAdjustment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAdjustment,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.billing.adjustmentLists()]),
  });
};
