import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/fee-schedules/:id; a schedule in use answers 409 saying where it is used. */
export const deleteFeeSchedule = async (id: string) => {
  const response = await api.delete(`/fee-schedules/${id}`);
  return { message: response.message };
};

export const useDeleteFeeSchedule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeeSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.feeSchedules.lists() }),
  });
};
