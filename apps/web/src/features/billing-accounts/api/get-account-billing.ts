import { accountBillingSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/billing/accounts/:accountId: the account's fee setting and the accounts it pays for. */
export const getAccountBilling = async (accountId: string, signal?: AbortSignal) => {
  const response = await api.get(`/billing/accounts/${encodeURIComponent(accountId)}`, {
    schema: accountBillingSchema,
    ...(signal ? { signal } : {}),
  });
  return response.result;
};

export const accountBillingQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: queryKeys.billing.account(accountId),
    queryFn: ({ signal }) => getAccountBilling(accountId, signal),
  });

export const useAccountBilling = (accountId: string) => useQuery(accountBillingQueryOptions(accountId));
