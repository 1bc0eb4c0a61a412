import { type SearchResult, searchResultSchema } from '@centric/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/globalSearch {searchText}: households (with clients read), units and accounts matching the text. */
export const globalSearch = async (searchText: string, signal?: AbortSignal): Promise<SearchResult[]> =>
  (
    await api.post(
      '/globalSearch',
      { searchText },
      { schema: z.array(searchResultSchema), ...(signal ? { signal } : {}) },
    )
  ).result;

/** Runs from one character on; the caller debounces the text. */
export const useGlobalSearch = (searchText: string) =>
  useQuery({
    queryKey: queryKeys.globalSearch.text(searchText),
    queryFn: ({ signal }) => globalSearch(searchText, signal),
    enabled: searchText.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
