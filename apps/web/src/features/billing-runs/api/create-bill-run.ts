import { type BillRunBody, billRunSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/bill-runs: the run, started as a job; the server's sentence for the toast. */
export const createBillRun = async (body: BillRunBody) => {
  const response = await api.post('/bill-runs', body, { schema: billRunSchema });
  return { run: response.result, message: response.message };
};

/** The new run is cached for its page; the runs list refreshes. */
export const useCreateBillRun = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBillRun,
    onSuccess: ({ run }) => queryClient.setQueryData(queryKeys.billRuns.detail(run.id), run),
    onSettled: () => invalidateKeys(queryClient, [queryKeys.billRuns.lists()]),
  });
};
