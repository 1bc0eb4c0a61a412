import type { BillingAccountsExportQuery } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetchBlob, buildUrl } from '../../../lib/api-client.ts';
import type { BillingAccountsRequest } from './list-billing-accounts.ts';
import { saveBlob } from '../../../lib/save-file.ts';

export type BillingAccountsExportRequest = Omit<BillingAccountsRequest, 'page' | 'limit'> & {
  format: BillingAccountsExportQuery['format'];
};

/** GET /api/billing/accounts/export?format=csv|xlsx with the list's filters and order: every match, as a file. */
export const exportBillingAccounts = async (request: BillingAccountsExportRequest) => {
  const blob = await apiFetchBlob(buildUrl('/billing/accounts/export', request));
  saveBlob(blob, `billing-accounts-${new Date().toISOString().slice(0, 10)}.${request.format}`);
};

export const useExportBillingAccounts = () => useMutation({ mutationFn: exportBillingAccounts });
