import { clientListItemSchema } from '@centric/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { clientKeys } from './query-keys.ts';

export const HOUSEHOLD_SEARCH_LIMIT = 10;

/** GET /api/clients?search=…&limit=10: households for a picker (name, status), best matches of the list. */
export const searchHouseholds = async (search: string, signal?: AbortSignal) =>
  (
    await api.get('/clients', {
      query: { search, limit: HOUSEHOLD_SEARCH_LIMIT, page: 1, sortBy: 'name', order: 'ASC' },
      schema: z.array(clientListItemSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const useSearchHouseholds = (search: string, enabled = true) =>
  useQuery({
    queryKey: [...clientKeys.all, 'household-search', search],
    queryFn: ({ signal }) => searchHouseholds(search, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
