import { type DashboardDuration, dashboardStatsSchema } from '@centric/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/dashboard/stats: the tiles the user may read, over the period. */
export const getDashboardStats = async (duration: DashboardDuration) =>
  (await api.get(`/dashboard/stats?duration=${duration}`, { schema: dashboardStatsSchema })).result;

export const useDashboardStats = (duration: DashboardDuration) =>
  useQuery({
    queryKey: queryKeys.dashboard.stats(duration),
    queryFn: () => getDashboardStats(duration),
    placeholderData: keepPreviousData,
  });
