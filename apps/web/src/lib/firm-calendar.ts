import { DEFAULT_FIRM_TIME_ZONE, healthResultSchema, todayIn } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** GET /api/health carries the firm's time zone (FIRM_TIME_ZONE); it does not change while the app runs. */
export const firmTimeZoneQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'firmTimeZone'],
    queryFn: async () =>
      (await api.get('/health', { schema: healthResultSchema, onUnauthorized: 'error' })).result.firmTimeZone,
    staleTime: Infinity,
    retry: false,
  });

/** The firm's time zone (FIRM_TIME_ZONE); until the server has said it, the default zone stands in. */
export const useFirmTimeZone = (): string =>
  useQuery(firmTimeZoneQueryOptions()).data ?? DEFAULT_FIRM_TIME_ZONE;

/**
 * Today (yyyy-MM-dd) in the firm's time zone, as the server's date rules see it: a follow-up due today
 * is not overdue for a user in another zone.
 */
export const useFirmToday = (now: Date = new Date()): string => todayIn(useFirmTimeZone(), now);
