import { firmHolidaySchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/firm-holidays: every holiday by date. */
export const listFirmHolidays = async (signal?: AbortSignal) =>
  (await api.get('/firm-holidays', { schema: z.array(firmHolidaySchema), ...(signal ? { signal } : {}) }))
    .result;

export const useFirmHolidays = () =>
  useQuery({ queryKey: queryKeys.firmHolidays, queryFn: ({ signal }) => listFirmHolidays(signal) });
