import { searchResultSchema } from '@centric/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

/** At most this many households are offered at a time. */
export const HOUSEHOLD_SEARCH_LIMIT = 10;

export type HouseholdOption = { clientId: string; name: string };

/**
 * Households for any household picker, from the search service (POST /api/globalSearch: member names and
 * nicknames with typos, household names, emails, phones; one row per household, best first). Nothing is
 * searched for an empty text.
 */
export const searchHouseholds = async (search: string, signal?: AbortSignal): Promise<HouseholdOption[]> => {
  const text = search.trim();
  if (text === '') return [];
  const { result } = await api.post(
    '/globalSearch',
    { searchText: text },
    { schema: z.array(searchResultSchema), ...(signal ? { signal } : {}) },
  );
  return result
    .flatMap((hit) =>
      hit.resultType === 'client' && hit.clientId ? [{ clientId: hit.clientId, name: hit.title }] : [],
    )
    .slice(0, HOUSEHOLD_SEARCH_LIMIT);
};

/** The caller debounces the text; `enabled` false while the picker is closed. */
export const useHouseholdSearch = (search: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.lookups.householdSearch(search.trim()),
    queryFn: ({ signal }) => searchHouseholds(search, signal),
    enabled: enabled && search.trim() !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
