import type { BillingHouseholdsExportQuery } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetchBlob, buildUrl } from '../../../lib/api-client.ts';
import type { BillingUnitsRequest } from './list-billing-units.ts';
import { saveBlob } from '../../../lib/save-file.ts';

export type BillingUnitsExportFormat = BillingHouseholdsExportQuery['format'];
export type BillingUnitsExportRequest = Omit<BillingUnitsRequest, 'page' | 'limit'> & {
  format: BillingUnitsExportFormat;
};

/**
 * GET /api/billing/households/export?format=csv|xlsx with the list's filters and order: every unit they
 * select, saved as a file.
 */
export const exportBillingUnits = async (request: BillingUnitsExportRequest) => {
  const blob = await apiFetchBlob(buildUrl('/billing/households/export', request));
  saveBlob(blob, `billing-units-${new Date().toISOString().slice(0, 10)}.${request.format}`);
};

export const useExportBillingUnits = () => useMutation({ mutationFn: exportBillingUnits });
