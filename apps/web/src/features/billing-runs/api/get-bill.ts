import { billDetailSchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/bills/:id: a bill with its explanation, down to the tier line. */
export const getBill = async (billId: string, signal?: AbortSignal) =>
  (
    await api.get(`/bills/${encodeURIComponent(billId)}`, {
      schema: billDetailSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const useBill = (billId: string | null) =>
  useQuery({
    queryKey: queryKeys.billRuns.bill(billId ?? ''),
    queryFn: ({ signal }) => getBill(billId ?? '', signal),
    enabled: billId !== null,
  });
