import { useMutation } from '@tanstack/react-query';
import { apiFetchBlob } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-file.ts';

/** GET /api/bills/:id/invoice: the bill's invoice, a PDF saved as 'invoice-101.pdf'. */
export const downloadInvoice = async ({ billId, billNo }: { billId: string; billNo: number }) => {
  const blob = await apiFetchBlob(`/bills/${encodeURIComponent(billId)}/invoice`);
  saveBlob(blob, `invoice-${billNo}.pdf`);
};

/** GET /api/bill-runs/:id/invoices: every invoice of the run's active bills in one zip. */
export const downloadRunInvoices = async ({ runId, runNumber }: { runId: string; runNumber: number }) => {
  const blob = await apiFetchBlob(`/bill-runs/${encodeURIComponent(runId)}/invoices`);
  saveBlob(blob, `invoices-run-${runNumber}.zip`);
};

export const useDownloadInvoice = () => useMutation({ mutationFn: downloadInvoice });
export const useDownloadRunInvoices = () => useMutation({ mutationFn: downloadRunInvoices });
