import { receivableSchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/receivables/:id: the receivable with its splits and its schedule, each payment split. */
export const getReceivable = async (id: string, signal?: AbortSignal) =>
  (
    await api.get(`/receivables/${encodeURIComponent(id)}`, {
      schema: receivableSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

/** Not asked for while no receivable is open (id ''). */
export const useReceivable = (id: string) =>
  useQuery({
    queryKey: queryKeys.receivables.detail(id),
    queryFn: ({ signal }) => getReceivable(id, signal),
    enabled: id !== '',
  });
