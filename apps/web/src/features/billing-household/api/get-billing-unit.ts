import { householdBillingSchema, unitReadinessSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/billing/households/:clientId answers the unit's General tab (billing-setup.routes.ts). */
export const billingUnitSchema = z.object({
  billing: householdBillingSchema,
  readiness: unitReadinessSchema,
  accounts: z.number(),
  openAccounts: z.number(),
});
export type BillingUnit = z.infer<typeof billingUnitSchema>;

/** The unit: its billing information, its readiness for the current period and how many accounts it has. */
export const getBillingUnit = async (clientId: string, signal?: AbortSignal) =>
  (
    await api.get(`/billing/households/${encodeURIComponent(clientId)}`, {
      schema: billingUnitSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const billingUnitQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.billing.unit(clientId),
    queryFn: ({ signal }) => getBillingUnit(clientId, signal),
  });

export const useBillingUnit = (clientId: string, enabled = true) =>
  useQuery({ ...billingUnitQueryOptions(clientId), enabled });
