import { type ReceivablesQuery, receivableRowSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The list's request: the child tab, view, page and sort, the search and group only when set. */
export type ReceivablesRequest = Pick<
  ReceivablesQuery,
  'childTab' | 'viewBy' | 'page' | 'limit' | 'sortBy' | 'order'
> &
  Partial<Record<'search' | 'groupId', string | undefined>>;

/** GET /api/receivables: one page of the child tab's rows under the view, with the total. */
export const listReceivables = async (query: ReceivablesRequest, signal?: AbortSignal) => {
  const response = await api.get('/receivables', {
    query,
    schema: z.array(receivableRowSchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

export const useReceivables = (query: ReceivablesRequest) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.receivables.list(query),
      queryFn: ({ signal }) => listReceivables(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
