import {
  type NotificationFilter,
  type NotificationPreference,
  type NotificationPreferencesBody,
  notificationCountSchema,
  notificationPreferenceSchema,
  notificationSchema,
} from '@centric/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** The inbox shows 10 at a time, with Show more. */
export const NOTIFICATIONS_PAGE_SIZE = 10;
/** Spec-free polling of the bell: a minute, and again whenever the window comes back into focus. */
export const NOTIFICATION_POLL_MS = 60_000;

/** GET /api/notifications/count: the bell's unread count. */
export const useUnreadNotificationCount = () =>
  useQuery({
    queryKey: queryKeys.notifications.count(),
    queryFn: async ({ signal }) =>
      (await api.get('/notifications/count', { schema: notificationCountSchema, signal })).result.count,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: true,
  });

/** GET /api/notifications?filter&page&limit, newest first, page after page (Show more). */
export const useNotifications = (filter: NotificationFilter, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: queryKeys.notifications.list(filter),
    queryFn: async ({ pageParam, signal }) => {
      const response = await api.get('/notifications', {
        query: { filter, page: pageParam, limit: NOTIFICATIONS_PAGE_SIZE },
        schema: z.array(notificationSchema),
        signal,
      });
      return { items: response.result, total: response.totalResults ?? response.result.length };
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((sum, page) => sum + page.items.length, 0) < last.total ? pages.length + 1 : undefined,
    enabled,
  });

const useInboxWrite = <T>(mutationFn: (input: T) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      invalidateKeys(queryClient, [queryKeys.notifications.count(), queryKeys.notifications.lists()]),
  });
};

/** PUT /api/notifications/:id/read. */
export const useMarkNotificationRead = () =>
  useInboxWrite((id: string) => api.put(`/notifications/${id}/read`, {}, { schema: z.null() }));

/** PUT /api/notifications/read-all: answers the server's message. */
export const useMarkAllNotificationsRead = () =>
  useInboxWrite(async () => {
    const { message } = await api.put('/notifications/read-all', {}, { schema: notificationCountSchema });
    return message;
  });

/** GET /api/notifications/preferences: per kind, whether an email goes out too. */
export const useNotificationPreferences = () =>
  useQuery({
    queryKey: queryKeys.notifications.preferences(),
    queryFn: async ({ signal }) =>
      (await api.get('/notifications/preferences', { schema: z.array(notificationPreferenceSchema), signal }))
        .result,
  });

/** PUT /api/notifications/preferences {KIND: true|false, …}: answers the saved choices and the message. */
export const useSaveNotificationPreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NotificationPreferencesBody) => {
      const response = await api.put('/notifications/preferences', body, {
        schema: z.array(notificationPreferenceSchema),
      });
      return { preferences: response.result, message: response.message };
    },
    onSuccess: ({ preferences }) =>
      queryClient.setQueryData<NotificationPreference[]>(queryKeys.notifications.preferences(), preferences),
  });
};
