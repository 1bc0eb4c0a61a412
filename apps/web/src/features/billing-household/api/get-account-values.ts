import { managedAccountsSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/clients/:clientId/managed-accounts?date= (managedAccounts read): the household's accounts valued
 * on the date. Same call, key and schema as the Managed Accounts tab, whose writes refresh it.
 */
export const getAccountValues = async (clientId: string, date: string, signal?: AbortSignal) =>
  (
    await api.get(`/clients/${encodeURIComponent(clientId)}/managed-accounts`, {
      query: { date },
      schema: managedAccountsSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const accountValuesQueryOptions = (clientId: string, date: string) =>
  queryOptions({
    queryKey: queryKeys.managedAccounts.valuation(clientId, date),
    queryFn: ({ signal }) => getAccountValues(clientId, date, signal),
  });

/** Only asked when the user may read managed accounts (`enabled`). */
export const useAccountValues = (clientId: string, date: string, enabled: boolean) =>
  useQuery({ ...accountValuesQueryOptions(clientId, date), enabled });
