import { exclusionListSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const exclusionsPath = (clientId: string) => `/billing/households/${clientId}/exclusions`;

/** GET the unit's excluded assets, each valued today, with the household's accounts to pick from. */
export const getExclusions = async (clientId: string, signal?: AbortSignal) =>
  (
    await api.get(exclusionsPath(clientId), {
      schema: exclusionListSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const exclusionsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.billing.exclusions(clientId),
    queryFn: ({ signal }) => getExclusions(clientId, signal),
  });

export const useExclusions = (clientId: string) => useQuery(exclusionsQueryOptions(clientId));
