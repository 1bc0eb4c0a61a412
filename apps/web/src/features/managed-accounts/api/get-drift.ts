import { type AccountDrift, accountDriftSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/clients/:clientId/drift?date=: each account that follows a strategy, its weight per target on the
 * date against the band [target − lower, target + upper], and how many rows are out of band.
 */
export const getDrift = async (
  clientId: string,
  date: string,
  signal?: AbortSignal,
): Promise<AccountDrift[]> =>
  (
    await api.get(`/clients/${clientId}/drift`, {
      query: { date },
      schema: z.array(accountDriftSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const driftQueryOptions = (clientId: string, date: string) =>
  queryOptions({
    queryKey: queryKeys.managedAccounts.drift(clientId, date),
    queryFn: ({ signal }) => getDrift(clientId, date, signal),
    // Another date keeps the last drift on screen until its own arrives.
    placeholderData: keepPreviousData,
  });

export const useDrift = (clientId: string, date: string) => useQuery(driftQueryOptions(clientId, date));
