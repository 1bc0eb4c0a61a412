import { type Account, type AccountBody, accountSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateHousehold } from './invalidate.ts';

/** POST /api/clients/:clientId/accounts (id null) or PATCH /api/accounts/:id with the whole form. */
export type SaveAccountInput = { id: string | null; body: AccountBody };

export const saveAccount = async (
  clientId: string,
  { id, body }: SaveAccountInput,
): Promise<{ account: Account; message: string }> => {
  const { result, message } =
    id === null
      ? await api.post(`/clients/${clientId}/accounts`, body, { schema: accountSchema })
      : await api.patch(`/accounts/${id}`, body, { schema: accountSchema });
  return { account: result, message };
};

export const useSaveAccount = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveAccountInput) => saveAccount(clientId, input),
    onSuccess: () => invalidateHousehold(queryClient, clientId),
  });
};
