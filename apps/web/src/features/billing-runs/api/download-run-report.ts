import type { BillRunReport } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetchBlob, buildUrl } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-file.ts';

export type ReportFormat = 'csv' | 'xlsx';

export type RunReportRequest = {
  runId: string;
  runNumber: number;
  report: BillRunReport;
  format: ReportFormat;
};

/** GET /api/bill-runs/:id/reports/:report?format=csv|xlsx, saved as 'bill-run-12-payable-summary-<day>.csv'. */
export const downloadRunReport = async ({ runId, runNumber, report, format }: RunReportRequest) => {
  const blob = await apiFetchBlob(
    buildUrl(`/bill-runs/${encodeURIComponent(runId)}/reports/${report}`, { format }),
  );
  saveBlob(blob, `bill-run-${runNumber}-${report}-${new Date().toISOString().slice(0, 10)}.${format}`);
};

export const useDownloadRunReport = () => useMutation({ mutationFn: downloadRunReport });
