import { collectionSchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/bills/:id/collections: what was collected on a bill, first to last. */
export const listBillCollections = async (billId: string, signal?: AbortSignal) =>
  (
    await api.get(`/bills/${encodeURIComponent(billId)}/collections`, {
      schema: z.array(collectionSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

/** Asked for only for an exported bill (`enabled`): nothing is collected before. */
export const useBillCollections = (billId: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.billRuns.collections(billId),
    queryFn: ({ signal }) => listBillCollections(billId, signal),
    enabled,
  });
