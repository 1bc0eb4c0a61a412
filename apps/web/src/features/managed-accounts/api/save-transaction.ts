import { type Transaction, type TransactionBody, transactionSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateTransactions } from './invalidate.ts';

export type AddTransactionInput = { accountId: string; body: TransactionBody };

/** POST /api/accounts/:accountId/transactions. */
export const addTransaction = async ({
  accountId,
  body,
}: AddTransactionInput): Promise<{ transaction: Transaction; message: string }> => {
  const { result, message } = await api.post(`/accounts/${accountId}/transactions`, body, {
    schema: transactionSchema,
  });
  return { transaction: result, message };
};

/** DELETE /api/accounts/:accountId/transactions/:transactionId. */
export const deleteTransaction = async ({ accountId, id }: Pick<Transaction, 'accountId' | 'id'>) => ({
  message: (await api.delete(`/accounts/${accountId}/transactions/${id}`)).message,
});

export const useAddTransaction = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTransaction,
    onSuccess: () => invalidateTransactions(queryClient, clientId),
  });
};

export const useDeleteTransaction = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransaction,
    onSuccess: () => invalidateTransactions(queryClient, clientId),
  });
};
