import {
  feeScheduleItemSchema,
  type GrowthSettingsValues,
  growthSettingsViewSchema,
} from '@centric/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/growth/settings (dashboard read): probabilities, default fee schedule, partnership criteria. */
export const getGrowthSettings = async (signal?: AbortSignal) =>
  (await api.get('/growth/settings', { schema: growthSettingsViewSchema, ...(signal ? { signal } : {}) }))
    .result;

export const useGrowthSettings = () =>
  useQuery({ queryKey: queryKeys.growth.settings(), queryFn: ({ signal }) => getGrowthSettings(signal) });

/** PUT /api/growth/settings (administrators); the pipeline and pathway tiles change with it. */
export const updateGrowthSettings = async (body: GrowthSettingsValues) => {
  const { result, message } = await api.put('/growth/settings', body, { schema: growthSettingsViewSchema });
  return { settings: result, message };
};

export const useUpdateGrowthSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGrowthSettings,
    onSuccess: async ({ settings }) => {
      queryClient.setQueryData(queryKeys.growth.settings(), settings);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.growth.partnership() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]);
    },
  });
};

/** The fee schedules an administrator may choose as the default (GET /api/fee-schedules, feeSchedules read). */
export const getFeeScheduleOptions = async (signal?: AbortSignal) =>
  (
    await api.get('/fee-schedules?limit=100&sortBy=name&order=ASC', {
      schema: z.array(feeScheduleItemSchema),
      ...(signal ? { signal } : {}),
    })
  ).result.map((s) => ({ value: s.id, label: s.name }));

export const useFeeScheduleOptions = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.growth.feeScheduleOptions(),
    queryFn: ({ signal }) => getFeeScheduleOptions(signal),
    enabled,
  });
