import { type OTHER_PROFESSIONAL_SORT_KEYS, otherProfessionalItemSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type OtherProfessionalSortKey = (typeof OTHER_PROFESSIONAL_SORT_KEYS)[number];

export type OtherProfessionalsQuery = {
  page: number;
  limit: number;
  sortBy: OtherProfessionalSortKey;
  order: 'ASC' | 'DESC';
  search?: string | undefined;
  type?: string | undefined;
};

/** GET /api/other-professionals: one page of professionals with their linked households, and the total. */
export const listOtherProfessionals = async (query: OtherProfessionalsQuery, signal?: AbortSignal) => {
  const response = await api.get('/other-professionals', {
    query,
    schema: z.array(otherProfessionalItemSchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

export const otherProfessionalsQueryOptions = (query: OtherProfessionalsQuery) =>
  queryOptions({
    queryKey: queryKeys.otherProfessionals.list(query),
    queryFn: ({ signal }) => listOtherProfessionals(query, signal),
    placeholderData: keepPreviousData,
  });

export const useOtherProfessionals = (query: OtherProfessionalsQuery) =>
  useQuery(otherProfessionalsQueryOptions(query));
