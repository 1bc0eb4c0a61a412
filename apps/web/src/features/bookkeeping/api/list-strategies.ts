import { type StrategyListQuery, strategySchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type StrategiesQuery = Omit<StrategyListQuery, 'search' | 'strategyTypeId'> & {
  search?: string | undefined;
};

/** GET /api/strategies: one page of strategies with their targets and how many accounts follow each. */
export const listStrategies = async (query: StrategiesQuery, signal?: AbortSignal) => {
  const response = await api.get('/strategies', {
    query,
    schema: z.array(strategySchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

export const strategiesQueryOptions = (query: StrategiesQuery) =>
  queryOptions({
    queryKey: queryKeys.bookkeeping.strategyList(query),
    queryFn: ({ signal }) => listStrategies(query, signal),
    placeholderData: keepPreviousData,
  });

export const useStrategies = (query: StrategiesQuery) => useQuery(strategiesQueryOptions(query));
