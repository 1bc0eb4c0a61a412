import type { ReceivablesExportQuery } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, buildUrl } from '../../../lib/api-client.ts';
import type { ReceivablesRequest } from './list-receivables.ts';

export type ReceivablesExportRequest = Omit<ReceivablesRequest, 'page' | 'limit'> & {
  format: ReceivablesExportQuery['format'];
};

/** GET /api/receivables/export?format=csv|xlsx with the list's tab, view, filters and order: every row. */
export const exportReceivables = async (request: ReceivablesExportRequest) => {
  await apiDownload(
    buildUrl('/receivables/export', request),
    `receivables-${request.childTab}.${request.format}`,
  );
};

export const useExportReceivables = () => useMutation({ mutationFn: exportReceivables });
