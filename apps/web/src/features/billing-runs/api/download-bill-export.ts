import type { BillExport } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';

/** GET /api/bill-exports/:id/file: one exported file as it was written, saved under its name. */
export const downloadBillExport = async (file: Pick<BillExport, 'id' | 'fileName'>) => {
  await apiDownload(`/bill-exports/${encodeURIComponent(file.id)}/file`, file.fileName);
};

export const useDownloadBillExport = () => useMutation({ mutationFn: downloadBillExport });
