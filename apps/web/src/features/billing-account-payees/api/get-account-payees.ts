import { accountPayeeListSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/billing/accounts/:accountId/payees: the accounts that pay this account's fee, by percent. */
export const getAccountPayees = async (accountId: string, signal?: AbortSignal) =>
  (
    await api.get(`/billing/accounts/${encodeURIComponent(accountId)}/payees`, {
      schema: accountPayeeListSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const accountPayeesQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: queryKeys.billing.accountPayees(accountId),
    queryFn: ({ signal }) => getAccountPayees(accountId, signal),
  });

export const useAccountPayees = (accountId: string) => useQuery(accountPayeesQueryOptions(accountId));
