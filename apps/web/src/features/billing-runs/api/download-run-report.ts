import type { BillRunReport } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, buildUrl } from '../../../lib/api-client.ts';

export type ReportFormat = 'csv' | 'xlsx';

export type RunReportRequest = {
  runId: string;
  runNumber: number;
  report: BillRunReport;
  format: ReportFormat;
};

/** GET /api/bill-runs/:id/reports/:report?format=csv|xlsx, saved as 'bill-run-12-payable-summary-<day>.csv'. */
export const downloadRunReport = async ({ runId, runNumber, report, format }: RunReportRequest) => {
  await apiDownload(
    buildUrl(`/bill-runs/${encodeURIComponent(runId)}/reports/${report}`, { format }),
    `bill-run-${runNumber}-${report}.${format}`,
  );
};

export const useDownloadRunReport = () => useMutation({ mutationFn: downloadRunReport });
