import { type PlanningFeeBody, planningFeeSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** POST a new fee (id null) or PATCH one, under /api/billing/households/:clientId/planning-fees. */
export type SavePlanningFeeInput = { id: string | null; body: PlanningFeeBody };

export const savePlanningFee = async (clientId: string, { id, body }: SavePlanningFeeInput) => {
  const base = `/billing/households/${encodeURIComponent(clientId)}/planning-fees`;
  const { result, message } =
    id === null
      ? await api.post(base, body, { schema: planningFeeSchema })
      : await api.patch(`${base}/${encodeURIComponent(id)}`, body, { schema: planningFeeSchema });
  return { fee: result, message };
};

export const useSavePlanningFee = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavePlanningFeeInput) => savePlanningFee(clientId, input),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.billing.planningFees(clientId)]),
  });
};
