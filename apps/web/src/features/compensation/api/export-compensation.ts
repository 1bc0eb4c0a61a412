import type { CompensationQuery } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, buildUrl } from '../../../lib/api-client.ts';

/** GET /api/compensation/export?from&to&basis&format: the period's payable summary as a file. */
export const exportCompensation = async (request: CompensationQuery & { format: 'csv' | 'xlsx' }) => {
  await apiDownload(buildUrl('/compensation/export', request), `compensation.${request.format}`);
};

export const useExportCompensation = () => useMutation({ mutationFn: exportCompensation });
