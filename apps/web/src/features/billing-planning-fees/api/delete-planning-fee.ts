import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/billing/households/:clientId/planning-fees/:id (billingUnits delete). */
export const deletePlanningFee = async (clientId: string, id: string) => {
  const { message } = await api.delete(
    `/billing/households/${encodeURIComponent(clientId)}/planning-fees/${encodeURIComponent(id)}`,
  );
  return { message };
};

export const useDeletePlanningFee = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePlanningFee(clientId, id),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.billing.planningFees(clientId)]),
  });
};
