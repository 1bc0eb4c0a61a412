import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/firm-holidays/:date. */
export const deleteFirmHoliday = async (date: string) => {
  const response = await api.delete(`/firm-holidays/${date}`, { schema: z.null() });
  return { message: response.message };
};

export const useDeleteFirmHoliday = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFirmHoliday,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.firmHolidays }),
  });
};
