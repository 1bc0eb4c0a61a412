import { type BillExportBody, billExportSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { refreshRun } from './cache.ts';

export type ExportBillRunInput = { runId: string; body: BillExportBody };

/**
 * POST /api/bill-runs/:id/exports: the custodian fee files or the NACHA file of a locked run (201, the files
 * written). A kind exported before answers 409 until sent again with confirmAgain.
 */
export const exportBillRun = async ({ runId, body }: ExportBillRunInput) => {
  const response = await api.post(`/bill-runs/${encodeURIComponent(runId)}/exports`, body, {
    schema: z.array(billExportSchema),
  });
  return { files: response.result, message: response.message };
};

/** The run becomes EXPORTED with its bills: the run, its bills and its exports are asked for again. */
export const useExportBillRun = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportBillRun,
    onSuccess: (_answer, { runId }) => refreshRun(queryClient, runId),
  });
};
