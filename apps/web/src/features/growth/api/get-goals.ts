import { goalsListSchema } from '@centric/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/goals?year=: everyone's goals and progress for an administrator, one's own otherwise. */
export const getGoals = async (year: number, signal?: AbortSignal) =>
  (await api.get(`/goals?year=${year}`, { schema: goalsListSchema, ...(signal ? { signal } : {}) })).result;

export const useGoals = (year: number) =>
  useQuery({
    queryKey: queryKeys.growth.goals(year),
    queryFn: ({ signal }) => getGoals(year, signal),
    placeholderData: keepPreviousData,
  });
