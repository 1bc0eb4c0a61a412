import { householdBillingSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/billing/households/:clientId/billing-info: the billing contact and the accounts' defaults. */
export const getBillingInfo = async (clientId: string, signal?: AbortSignal) =>
  (
    await api.get(`/billing/households/${encodeURIComponent(clientId)}/billing-info`, {
      schema: householdBillingSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const billingInfoQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.billing.billingInfo(clientId),
    queryFn: ({ signal }) => getBillingInfo(clientId, signal),
  });

export const useBillingInfo = (clientId: string) => useQuery(billingInfoQueryOptions(clientId));
