import { importJobSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { isRunning } from './get-import.ts';

export type ImportsQuery = { page: number; limit: number };

/** GET /api/positions-imports: one page of positions imports, newest first, and the total. */
export const listImports = async (query: ImportsQuery, signal?: AbortSignal) => {
  const response = await api.get('/positions-imports', {
    query,
    schema: z.array(importJobSchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

export const importsQueryOptions = (query: ImportsQuery) =>
  queryOptions({
    queryKey: queryKeys.bookkeeping.importList(query),
    queryFn: ({ signal }) => listImports(query, signal),
    placeholderData: keepPreviousData,
    // An import on its way moves on by itself: its row follows it.
    refetchInterval: (current) => (current.state.data?.items.some(isRunning) ? 3000 : false),
  });

export const useImports = (query: ImportsQuery) => useQuery(importsQueryOptions(query));
