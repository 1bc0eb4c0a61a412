import { type CollectionBody, collectionSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

export type RecordCollectionInput = { billId: string; runId: string; body: CollectionBody };

/** POST /api/bills/:id/collections: money collected on an exported bill, by hand; answers its collections. */
export const recordCollection = async ({ billId, body }: RecordCollectionInput) => {
  const response = await api.post(`/bills/${encodeURIComponent(billId)}/collections`, body, {
    schema: z.array(collectionSchema),
  });
  return { collections: response.result, message: response.message };
};

/** The collections are kept from the answer; the bill (its balance), its run's bills and the live bills refresh. */
export const useRecordCollection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordCollection,
    onSuccess: ({ collections }, { billId, runId }) => {
      queryClient.setQueryData(queryKeys.billRuns.collections(billId), collections);
      return Promise.all([
        // The bill alone (its balance): its collections, under it, are the answer's.
        queryClient.invalidateQueries({ queryKey: queryKeys.billRuns.bill(billId), exact: true }),
        invalidateKeys(queryClient, [
          queryKeys.billRuns.runBills(runId),
          queryKeys.billRuns.liveBills(),
          queryKeys.alerts.all,
        ]),
      ]);
    },
  });
};
