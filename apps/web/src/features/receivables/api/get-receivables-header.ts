import { receivablesHeaderSchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/receivables/header: projected this month, quarter and year; past due; received year to date. */
export const getReceivablesHeader = async (signal?: AbortSignal) =>
  (await api.get('/receivables/header', { schema: receivablesHeaderSchema, ...(signal ? { signal } : {}) }))
    .result;

export const useReceivablesHeader = () =>
  useQuery({
    queryKey: queryKeys.receivables.header(),
    queryFn: ({ signal }) => getReceivablesHeader(signal),
  });
