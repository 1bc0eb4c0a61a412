import { type AdjustmentAccount, adjustmentAccountSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type AccountOption = AdjustmentAccount;

/**
 * GET /api/billing/adjustments/accounts?clientId=… (billingInstances read, like the adjustments): the unit's
 * open accounts, by name, that an adjustment may go to (a closed account has no next live bill).
 */
export const listAccountOptions = async (clientId: string, signal?: AbortSignal) =>
  (
    await api.get('/billing/adjustments/accounts', {
      query: { clientId },
      schema: z.array(adjustmentAccountSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const accountOptionsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.billing.adjustmentAccounts(clientId),
    queryFn: ({ signal }) => listAccountOptions(clientId, signal),
  });

/** Asked for only while the form is open on a unit (`enabled`). */
export const useAccountOptions = (clientId: string | null) =>
  useQuery({
    ...accountOptionsQueryOptions(clientId ?? ''),
    enabled: clientId !== null,
  });
