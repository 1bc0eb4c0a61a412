import { achAccountSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/billing/households/:clientId/ach-accounts: the unit's bank accounts, numbers masked ('****6789'). */
export const listAchAccounts = async (clientId: string, signal?: AbortSignal) =>
  (
    await api.get(`/billing/households/${encodeURIComponent(clientId)}/ach-accounts`, {
      schema: z.array(achAccountSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const achAccountsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.billing.achAccounts(clientId),
    queryFn: ({ signal }) => listAchAccounts(clientId, signal),
  });

export const useAchAccounts = (clientId: string) => useQuery(achAccountsQueryOptions(clientId));
