import { type ManagedAccounts, managedAccountsSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/clients/:clientId/managed-accounts?date=: the household's accounts valued on the date (each from
 * its latest holdings on or before it, at the latest prices on or before it), the total and the allocation.
 */
export const getManagedAccounts = async (
  clientId: string,
  date: string,
  signal?: AbortSignal,
): Promise<ManagedAccounts> =>
  (
    await api.get(`/clients/${clientId}/managed-accounts`, {
      query: { date },
      schema: managedAccountsSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const managedAccountsQueryOptions = (clientId: string, date: string) =>
  queryOptions({
    queryKey: queryKeys.managedAccounts.valuation(clientId, date),
    queryFn: ({ signal }) => getManagedAccounts(clientId, date, signal),
    // Another date keeps the figures of the last one on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

export const useManagedAccounts = (clientId: string, date: string) =>
  useQuery(managedAccountsQueryOptions(clientId, date));
