import { type Transaction, type TransactionType, transactionSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Spec §9: tables show 10 a page. */
export const TRANSACTIONS_PAGE_SIZE = 10;

export type TransactionListParams = {
  clientId: string;
  /** One account's transactions; all of the household's otherwise. */
  accountId?: string | undefined;
  /** Trade dates from and to (yyyy-MM-dd), either open. */
  from?: string | undefined;
  to?: string | undefined;
  type?: TransactionType | undefined;
  page: number;
};

export type TransactionPage = { items: Transaction[]; total: number };

/** GET /api/clients/:clientId/transactions (accountId narrows to one account): newest first, 10 a page. */
export const listTransactions = async (
  { clientId, ...query }: TransactionListParams,
  signal?: AbortSignal,
): Promise<TransactionPage> => {
  const response = await api.get(`/clients/${clientId}/transactions`, {
    query: { ...query, limit: TRANSACTIONS_PAGE_SIZE },
    schema: z.array(transactionSchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

export const transactionsQueryOptions = (params: TransactionListParams) =>
  queryOptions({
    queryKey: queryKeys.managedAccounts.transactionList(params.clientId, params),
    queryFn: ({ signal }) => listTransactions(params, signal),
    placeholderData: keepPreviousData,
  });

export const useTransactions = (params: TransactionListParams) => useQuery(transactionsQueryOptions(params));
