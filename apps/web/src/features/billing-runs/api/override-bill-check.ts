import { type BillCheckOverrideBody, billCheckFindingSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type OverrideBillCheckInput = { runId: string; billId: string; body: BillCheckOverrideBody };

/** POST /api/bills/:id/overrides {code, reason}: lets a failing check through; answers the run's findings. */
export const overrideBillCheck = async ({ billId, body }: OverrideBillCheckInput) => {
  const response = await api.post(`/bills/${encodeURIComponent(billId)}/overrides`, body, {
    schema: z.array(billCheckFindingSchema),
  });
  return { findings: response.result, message: response.message };
};

/** The answer is the run's findings as they stand now: kept as the Checks tab's data. */
export const useOverrideBillCheck = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: overrideBillCheck,
    onSuccess: ({ findings }, { runId }) =>
      queryClient.setQueryData(queryKeys.billRuns.checks(runId), findings),
  });
};
