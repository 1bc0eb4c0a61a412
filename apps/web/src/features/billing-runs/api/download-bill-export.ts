import type { BillExport } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetchBlob } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-file.ts';

/** GET /api/bill-exports/:id/file: one exported file as it was written, saved under its name. */
export const downloadBillExport = async (file: Pick<BillExport, 'id' | 'fileName'>) => {
  const blob = await apiFetchBlob(`/bill-exports/${encodeURIComponent(file.id)}/file`);
  saveBlob(blob, file.fileName);
};

export const useDownloadBillExport = () => useMutation({ mutationFn: downloadBillExport });
