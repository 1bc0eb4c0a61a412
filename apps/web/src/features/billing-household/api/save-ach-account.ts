import { type AchAccountBody, achAccountSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateBilling } from './invalidate.ts';

/**
 * POST /api/billing/households/:clientId/ach-accounts (id null), or PATCH /api/billing/ach-accounts/:id,
 * where a null accountNumber or routingNumber keeps the stored one.
 */
export type SaveAchAccountInput = { clientId: string; id: string | null; body: AchAccountBody };

export const saveAchAccount = async ({ clientId, id, body }: SaveAchAccountInput) => {
  const { result, message } =
    id === null
      ? await api.post(`/billing/households/${encodeURIComponent(clientId)}/ach-accounts`, body, {
          schema: achAccountSchema,
        })
      : await api.patch(`/billing/ach-accounts/${encodeURIComponent(id)}`, body, {
          schema: achAccountSchema,
        });
  return { account: result, message };
};

export const useSaveAchAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAchAccount, onSuccess: () => invalidateBilling(queryClient) });
};
