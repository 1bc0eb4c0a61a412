import type { HoldingsBody } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateHoldings } from './invalidate.ts';

export type SaveHoldingsInput = { asOf: string; body: HoldingsBody };

/** PUT /api/accounts/:accountId/holdings/:asOf: what the account held on that date, replacing any before. */
export const saveHoldings = async (accountId: string, { asOf, body }: SaveHoldingsInput) => ({
  message: (await api.put(`/accounts/${accountId}/holdings/${asOf}`, body)).message,
});

/** DELETE /api/accounts/:accountId/holdings/:asOf: the snapshot of that date. */
export const deleteHoldings = async (accountId: string, asOf: string) => ({
  message: (await api.delete(`/accounts/${accountId}/holdings/${asOf}`)).message,
});

export const useSaveHoldings = (clientId: string, accountId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveHoldingsInput) => saveHoldings(accountId, input),
    onSuccess: () => invalidateHoldings(queryClient, clientId, accountId),
  });
};

export const useDeleteHoldings = (clientId: string, accountId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (asOf: string) => deleteHoldings(accountId, asOf),
    onSuccess: () => invalidateHoldings(queryClient, clientId, accountId),
  });
};
