import { type Holdings, holdingsSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/accounts/:accountId/holdings?date=: the positions of the latest snapshot on or before the date at
 * the prices of that date, and every snapshot date of the account (newest first).
 */
export const getHoldings = async (accountId: string, date: string, signal?: AbortSignal): Promise<Holdings> =>
  (
    await api.get(`/accounts/${accountId}/holdings`, {
      query: { date },
      schema: holdingsSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const holdingsQueryOptions = (clientId: string, accountId: string, date: string) =>
  queryOptions({
    queryKey: queryKeys.managedAccounts.holdingsOn(clientId, accountId, date),
    queryFn: ({ signal }) => getHoldings(accountId, date, signal),
    placeholderData: keepPreviousData,
  });

export const useHoldings = (clientId: string, accountId: string, date: string) =>
  useQuery(holdingsQueryOptions(clientId, accountId, date));
