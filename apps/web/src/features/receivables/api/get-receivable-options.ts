import { receivableOptionsSchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/receivables/options: the active receivable products (with their product type) and providers. */
export const getReceivableOptions = async (signal?: AbortSignal) =>
  (await api.get('/receivables/options', { schema: receivableOptionsSchema, ...(signal ? { signal } : {}) }))
    .result;

export const useReceivableOptions = () =>
  useQuery({
    queryKey: queryKeys.receivables.options(),
    queryFn: ({ signal }) => getReceivableOptions(signal),
    staleTime: 5 * 60 * 1000,
  });
