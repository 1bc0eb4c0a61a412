import type { BillingAccountsExportQuery } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, buildUrl } from '../../../lib/api-client.ts';
import type { BillingAccountsRequest } from './list-billing-accounts.ts';

export type BillingAccountsExportRequest = Omit<BillingAccountsRequest, 'page' | 'limit'> & {
  format: BillingAccountsExportQuery['format'];
};

/** GET /api/billing/accounts/export?format=csv|xlsx with the list's filters and order: every match, as a file. */
export const exportBillingAccounts = async (request: BillingAccountsExportRequest) => {
  await apiDownload(buildUrl('/billing/accounts/export', request), `billing-accounts.${request.format}`);
};

export const useExportBillingAccounts = () => useMutation({ mutationFn: exportBillingAccounts });
