import { type FeeScheduleSortKey, feeScheduleItemSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type FeeSchedulesQuery = {
  page: number;
  limit: number;
  sortBy: FeeScheduleSortKey;
  order: 'ASC' | 'DESC';
  search?: string | undefined;
  type?: 'PERCENTAGE' | 'FIXED' | undefined;
  structure?: 'TIERED' | 'LINEAR' | undefined;
};

/** GET /api/fee-schedules: one page of schedules (each with its live tiers, sorted by minimum) and the total. */
export const listFeeSchedules = async (query: FeeSchedulesQuery, signal?: AbortSignal) => {
  const response = await api.get('/fee-schedules', {
    query,
    schema: z.array(feeScheduleItemSchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

export const useFeeSchedules = (query: FeeSchedulesQuery) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.feeSchedules.list(query),
      queryFn: ({ signal }) => listFeeSchedules(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
