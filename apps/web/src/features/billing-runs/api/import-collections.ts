import { collectionImportSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

export type ConfirmationSource = 'CUSTODIAN' | 'BANK';
export type ImportCollectionsInput = { runId: string; source: ConfirmationSource; content: string };

/**
 * POST /api/bill-runs/:id/collections/import {source, content}: a custodian's or bank's confirmation file
 * (CSV: reference, amount, date) collected on the run's bills; answers what matched and what did not.
 */
export const importCollections = async ({ runId, source, content }: ImportCollectionsInput) => {
  const response = await api.post(
    `/bill-runs/${encodeURIComponent(runId)}/collections/import`,
    { source, content },
    { schema: collectionImportSchema },
  );
  return { outcome: response.result, message: response.message };
};

/** The bills' balances and collections changed: the run's bills and every bill are asked for again. */
export const useImportCollections = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCollections,
    onSuccess: (_answer, { runId }) =>
      invalidateKeys(queryClient, [
        queryKeys.billRuns.runBills(runId),
        queryKeys.billRuns.bills(),
        queryKeys.billRuns.liveBills(),
        queryKeys.alerts.all,
      ]),
  });
};
