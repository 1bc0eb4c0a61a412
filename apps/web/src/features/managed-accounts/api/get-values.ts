import { type ValuePoint, valuePointSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ValueSeriesOwner = { clientId: string; accountId: string | null };

/**
 * The value at each month end of the last year (the server's default range, to today): the household's
 * (GET /api/clients/:clientId/managed-accounts/values) or one account's (GET /api/accounts/:accountId/values).
 */
export const getValues = async (
  { clientId, accountId }: ValueSeriesOwner,
  signal?: AbortSignal,
): Promise<ValuePoint[]> =>
  (
    await api.get(
      accountId ? `/accounts/${accountId}/values` : `/clients/${clientId}/managed-accounts/values`,
      {
        schema: z.array(valuePointSchema),
        ...(signal ? { signal } : {}),
      },
    )
  ).result;

export const valuesQueryOptions = (owner: ValueSeriesOwner) =>
  queryOptions({
    queryKey: queryKeys.managedAccounts.valueSeries(owner.clientId, owner.accountId),
    queryFn: ({ signal }) => getValues(owner, signal),
  });

export const useValues = (owner: ValueSeriesOwner) => useQuery(valuesQueryOptions(owner));
