import { type BillingSettings, billingSettingsViewSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { billingSettingsQueryOptions } from './get-billing-settings.ts';

/** PUT /api/billing/settings (billingInstances write): every setting, as saved; the server's sentence. */
export const updateBillingSettings = async (body: BillingSettings) => {
  const { result, message } = await api.put('/billing/settings', body, { schema: billingSettingsViewSchema });
  return { settings: result, message };
};

/** The saved settings are kept for the next opening. */
export const useUpdateBillingSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBillingSettings,
    onSuccess: ({ settings }) => queryClient.setQueryData(billingSettingsQueryOptions().queryKey, settings),
  });
};
