import { type DashboardDuration, specialDaysResultSchema, type SpecialDaysResult } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Spec §9: lists show 10 a page. */
export const SPECIAL_DAYS_PAGE_SIZE = 10;

export type SpecialDaysParams = { duration: DashboardDuration; page: number };

export type SpecialDaysPage = SpecialDaysResult & { total: number };

/** GET /api/special-days?duration=: the birthdays, anniversaries and special dates of the period, by day. */
export const listSpecialDays = async (
  params: SpecialDaysParams,
  signal?: AbortSignal,
): Promise<SpecialDaysPage> => {
  const response = await api.get('/special-days', {
    query: { ...params, limit: SPECIAL_DAYS_PAGE_SIZE },
    schema: specialDaysResultSchema,
    ...(signal ? { signal } : {}),
  });
  return { ...response.result, total: response.totalResults ?? response.result.items.length };
};

export const specialDaysQueryOptions = (params: SpecialDaysParams) =>
  queryOptions({
    queryKey: queryKeys.specialDays.list(params),
    queryFn: ({ signal }) => listSpecialDays(params, signal),
    placeholderData: keepPreviousData,
  });

export const useSpecialDays = (params: SpecialDaysParams) => useQuery(specialDaysQueryOptions(params));
