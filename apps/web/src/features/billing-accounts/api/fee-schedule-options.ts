import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** What a fee schedule picker needs of a schedule (the list answers more). */
const feeScheduleOptionSchema = z.object({ id: z.string(), name: z.string() });
export type FeeScheduleOption = { value: string; label: string };

const OPTIONS_QUERY = { page: 1, limit: 100, sortBy: 'name', order: 'ASC' } as const;

/** GET /api/fee-schedules?limit=100&sortBy=name&order=ASC: the schedules as picker options, by name. */
export const listFeeScheduleOptions = async (signal?: AbortSignal): Promise<FeeScheduleOption[]> => {
  const response = await api.get('/fee-schedules', {
    query: OPTIONS_QUERY,
    schema: z.array(feeScheduleOptionSchema),
    ...(signal ? { signal } : {}),
  });
  return response.result.map((schedule) => ({ value: schedule.id, label: schedule.name }));
};

/** Under the fee schedules' own key, so a schedule added or renamed there shows here too. */
export const useFeeScheduleOptions = () =>
  useQuery({
    queryKey: queryKeys.feeSchedules.list({ ...OPTIONS_QUERY, purpose: 'options' }),
    queryFn: ({ signal }) => listFeeScheduleOptions(signal),
    staleTime: 60_000,
  });
