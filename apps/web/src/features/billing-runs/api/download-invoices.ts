import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';

/** GET /api/bills/:id/invoice: the bill's invoice, a PDF saved as 'invoice-101.pdf'. */
export const downloadInvoice = async ({ billId, billNo }: { billId: string; billNo: number }) => {
  await apiDownload(`/bills/${encodeURIComponent(billId)}/invoice`, `invoice-${billNo}.pdf`);
};

/** GET /api/bill-runs/:id/invoices: every invoice of the run's active bills in one zip. */
export const downloadRunInvoices = async ({ runId, runNumber }: { runId: string; runNumber: number }) => {
  await apiDownload(`/bill-runs/${encodeURIComponent(runId)}/invoices`, `invoices-run-${runNumber}.zip`);
};

export const useDownloadInvoice = () => useMutation({ mutationFn: downloadInvoice });
export const useDownloadRunInvoices = () => useMutation({ mutationFn: downloadRunInvoices });
