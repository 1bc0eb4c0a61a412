import type { BillingHouseholdsExportQuery } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, buildUrl } from '../../../lib/api-client.ts';
import type { BillingUnitsRequest } from './list-billing-units.ts';

export type BillingUnitsExportFormat = BillingHouseholdsExportQuery['format'];
export type BillingUnitsExportRequest = Omit<BillingUnitsRequest, 'page' | 'limit'> & {
  format: BillingUnitsExportFormat;
};

/**
 * GET /api/billing/households/export?format=csv|xlsx with the list's filters and order: every unit they
 * select, saved as a file.
 */
export const exportBillingUnits = async (request: BillingUnitsExportRequest) => {
  await apiDownload(buildUrl('/billing/households/export', request), `billing-units.${request.format}`);
};

export const useExportBillingUnits = () => useMutation({ mutationFn: exportBillingUnits });
