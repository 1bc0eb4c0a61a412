import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** What the adjustment form shows of an account it may go to. */
const accountOptionSchema = z.object({
  accountId: z.string(),
  registrationName: z.string(),
  custodianNumber: z.string(),
});
export type AccountOption = z.infer<typeof accountOptionSchema>;

/** A household has far fewer open accounts than this; the list is one page. */
const ACCOUNT_OPTIONS_LIMIT = 100;

const query = (clientId: string) =>
  ({
    clientId,
    status: 'OPEN',
    page: 1,
    limit: ACCOUNT_OPTIONS_LIMIT,
    sortBy: 'registrationName',
    order: 'ASC',
  }) as const;

/**
 * GET /api/billing/accounts?clientId=…&status=OPEN&limit=100 (billingAccounts read): the unit's open accounts,
 * by name, that an adjustment may go to (a closed account has no next live bill).
 */
export const listAccountOptions = async (clientId: string, signal?: AbortSignal) =>
  (
    await api.get('/billing/accounts', {
      query: query(clientId),
      schema: z.array(accountOptionSchema),
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
