import { type FirmHolidayBody, firmHolidaySchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/firm-holidays: a date the firm is closed. */
export const addFirmHoliday = async (body: FirmHolidayBody) => {
  const response = await api.post('/firm-holidays', body, { schema: firmHolidaySchema });
  return { item: response.result, message: response.message };
};

export const useAddFirmHoliday = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFirmHoliday,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.firmHolidays }),
  });
};
