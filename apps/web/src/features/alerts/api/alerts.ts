import {
  type AlertListResult,
  type AlertTab,
  type AlertView,
  alertListResultSchema,
} from '@centric/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** Spec §9: lists show 10 a page. */
export const ALERTS_PAGE_SIZE = 10;

export type AlertListParams = { view: AlertView; tab: AlertTab; page: number };

export type AlertPage = AlertListResult & { total: number };

/** GET /api/alerts?view&tab&page&limit: the page's alerts, the count per tab, and the tab's total. */
export const listAlerts = async (params: AlertListParams, signal?: AbortSignal): Promise<AlertPage> => {
  const response = await api.get('/alerts', {
    query: { ...params, limit: ALERTS_PAGE_SIZE },
    schema: alertListResultSchema,
    ...(signal ? { signal } : {}),
  });
  return { ...response.result, total: response.totalResults ?? response.result.counts[params.tab] };
};

export const alertsQueryOptions = (params: AlertListParams) =>
  queryOptions({
    queryKey: queryKeys.alerts.list(params),
    queryFn: ({ signal }) => listAlerts(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAlerts = (params: AlertListParams) => useQuery(alertsQueryOptions(params));

export type AlertAction =
  | { kind: 'dismiss'; id: string }
  | { kind: 'activate'; id: string }
  | { kind: 'snooze'; id: string; until: string };

/** PUT /api/alerts/:id/dismiss | /activate | /snooze {until}; answers the server's message. */
export const changeAlert = async (action: AlertAction): Promise<string> => {
  const path = `/alerts/${action.id}/${action.kind}`;
  const { message } = await api.put(path, action.kind === 'snooze' ? { until: action.until } : {}, {
    schema: z.null(),
  });
  return message;
};

/**
 * A state change moves the alert between views and changes the counts: the lists are fetched again, and so
 * are the user details, whose alertCount is the sidebar badge.
 */
export const useChangeAlert = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAlert,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.alerts.all, queryKeys.profile.all]),
  });
};
