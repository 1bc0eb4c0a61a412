import type { CashFlowsExportQuery } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, buildUrl } from '../../../lib/api-client.ts';
import type { CashFlowsRequest } from './list-cash-flows.ts';

export type CashFlowsExportFormat = CashFlowsExportQuery['format'];
export type CashFlowsExportRequest = Omit<CashFlowsRequest, 'page' | 'limit'> & {
  format: CashFlowsExportFormat;
};

/** GET /api/billing/cashflows/export?format=csv|xlsx with the list's filters and order: every match, as a file. */
export const exportCashFlows = async (request: CashFlowsExportRequest) => {
  await apiDownload(buildUrl('/billing/cashflows/export', request), `cash-flows.${request.format}`);
};

export const useExportCashFlows = () => useMutation({ mutationFn: exportCashFlows });
