import { billingSettingsViewSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/billing/settings (billingInstances read): proration, firm name, collection window, ACH originator. */
export const getBillingSettings = async (signal?: AbortSignal) =>
  (
    await api.get('/billing/settings', {
      schema: billingSettingsViewSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const billingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billing.settings(),
    queryFn: ({ signal }) => getBillingSettings(signal),
  });

/** Asked for only while the settings modal is open (`enabled`). */
export const useBillingSettings = (enabled = true) => useQuery({ ...billingSettingsQueryOptions(), enabled });
