import { type BillingAccountsQuery, accountBillingSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** One row of the accounts list: the account's fee setting, without the accounts it pays for. */
export const billingAccountRowSchema = accountBillingSchema.omit({ paysFor: true });
export type BillingAccountRow = z.infer<typeof billingAccountRowSchema>;

/** The list's request: the contract's query, each filter only when set. */
export type BillingAccountsRequest = Pick<BillingAccountsQuery, 'page' | 'limit' | 'sortBy' | 'order'> &
  Partial<{
    [K in Exclude<keyof BillingAccountsQuery, 'page' | 'limit' | 'sortBy' | 'order'>]:
      BillingAccountsQuery[K] | undefined;
  }>;

/** GET /api/billing/accounts: one page of accounts with their fee setting, and the total. */
export const listBillingAccounts = async (query: BillingAccountsRequest, signal?: AbortSignal) => {
  const response = await api.get('/billing/accounts', {
    query,
    schema: z.array(billingAccountRowSchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

export const billingAccountsQueryOptions = (query: BillingAccountsRequest) =>
  queryOptions({
    queryKey: queryKeys.billing.accountList(query),
    queryFn: ({ signal }) => listBillingAccounts(query, signal),
    placeholderData: keepPreviousData,
  });

export const useBillingAccounts = (query: BillingAccountsRequest) =>
  useQuery(billingAccountsQueryOptions(query));

/** At most this many accounts are offered at a time as fee-paying accounts. */
export const PAYER_SEARCH_LIMIT = 20;

/**
 * The open accounts a fee-paying account is picked from (GET /api/billing/accounts?search=&status=OPEN&limit=20),
 * asked for only while the picker is open.
 */
export const usePayerSearch = (search: string, enabled: boolean) =>
  useQuery({
    ...billingAccountsQueryOptions({
      search: search.trim() || undefined,
      status: 'OPEN',
      page: 1,
      limit: PAYER_SEARCH_LIMIT,
      sortBy: 'registrationName',
      order: 'ASC',
    }),
    enabled,
    staleTime: 30_000,
  });
