import { type FeeScheduleBody, feeScheduleItemSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type SaveFeeScheduleVariables = {
  /** Absent: a new schedule. */
  id?: string | undefined;
  body: FeeScheduleBody;
};

/**
 * POST /api/fee-schedules (new) or PATCH /api/fee-schedules/:id. A PATCH sends the whole structure: tiers
 * with an id are kept, new ones have none, and the ones left out are deleted by the server.
 */
export const saveFeeSchedule = async ({ id, body }: SaveFeeScheduleVariables) => {
  const response = id
    ? await api.patch(`/fee-schedules/${id}`, body, { schema: feeScheduleItemSchema })
    : await api.post('/fee-schedules', body, { schema: feeScheduleItemSchema });
  return { item: response.result, message: response.message };
};

export const useSaveFeeSchedule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFeeSchedule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.feeSchedules.lists() }),
  });
};
