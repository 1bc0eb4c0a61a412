import { clientListItemSchema } from '@centric/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { otherProfessionalKeys } from './query-keys.ts';

export const HOUSEHOLD_SEARCH_LIMIT = 10;

export type HouseholdOption = { clientId: string; name: string };

/** GET /api/clients?search=…&limit=10 (clients:read): the best-matching households for the link picker. */
export const searchHouseholds = async (search: string, signal?: AbortSignal): Promise<HouseholdOption[]> => {
  const response = await api.get('/clients', {
    query: {
      search: search || undefined,
      limit: HOUSEHOLD_SEARCH_LIMIT,
      page: 1,
      sortBy: 'name',
      order: 'ASC',
    },
    schema: z.array(clientListItemSchema),
    ...(signal ? { signal } : {}),
  });
  return response.result.map((item) => ({ clientId: item.clientId, name: item.name }));
};

export const useHouseholdSearch = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: otherProfessionalKeys.householdSearch(search),
    queryFn: ({ signal }) => searchHouseholds(search, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
