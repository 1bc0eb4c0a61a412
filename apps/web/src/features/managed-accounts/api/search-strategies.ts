import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** At most this many strategies are offered at a time. */
export const STRATEGY_OPTIONS_LIMIT = 20;

/** What the picker needs of a strategy (GET /api/strategies answers its targets too). */
export const strategyOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  riskNumber: z.number(),
});
export type StrategyOption = z.infer<typeof strategyOptionSchema>;

/** GET /api/strategies?search=&limit=20: strategies by name or description, by name. */
export const searchStrategies = async (search: string, signal?: AbortSignal): Promise<StrategyOption[]> =>
  (
    await api.get('/strategies', {
      query: { search: search.trim(), limit: STRATEGY_OPTIONS_LIMIT },
      schema: z.array(strategyOptionSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

/** The caller debounces the text; an empty text lists the first strategies; `enabled` false while closed. */
export const useStrategyOptions = (search: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.managedAccounts.strategyOptions(search.trim()),
    queryFn: ({ signal }) => searchStrategies(search, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
