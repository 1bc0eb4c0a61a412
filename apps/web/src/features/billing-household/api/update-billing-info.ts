import { type HouseholdBillingBody, householdBillingSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { invalidateBilling } from './invalidate.ts';

const updateResultSchema = z.object({ billing: householdBillingSchema, applied: z.number() });

export type UpdateBillingInfoInput = { clientId: string; body: HouseholdBillingBody };

/**
 * PUT /api/billing/households/:clientId/billing-info: the billing contact and the defaults; with
 * `applyToAccounts` the defaults are set on every open account too (`applied` says on how many).
 */
export const updateBillingInfo = async ({ clientId, body }: UpdateBillingInfoInput) => {
  const { result, message } = await api.put(
    `/billing/households/${encodeURIComponent(clientId)}/billing-info`,
    body,
    { schema: updateResultSchema },
  );
  return { ...result, message };
};

export const useUpdateBillingInfo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBillingInfo,
    onSuccess: (result, { clientId }) =>
      invalidateBilling(queryClient, result.applied > 0 ? clientId : undefined),
  });
};
