import { accountBillingSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** An account's fee setting as the accounts list answers it (without the accounts it pays for). */
export const unitAccountSchema = accountBillingSchema.omit({ paysFor: true });
export type UnitAccount = z.infer<typeof unitAccountSchema>;

/** A household has far fewer accounts than this; the list is one page. */
export const UNIT_ACCOUNTS_LIMIT = 100;

const query = (clientId: string) =>
  ({
    clientId,
    status: 'ALL',
    limit: UNIT_ACCOUNTS_LIMIT,
    sortBy: 'registrationName',
    order: 'ASC',
  }) as const;

/**
 * GET /api/billing/accounts?clientId=…&status=ALL&limit=100 (billingAccounts read): every account of the
 * household, open and closed, with its fee schedule, pay method, frequency, timing and fee-paying account.
 */
export const listUnitAccounts = async (clientId: string, signal?: AbortSignal) => {
  const { result, totalResults } = await api.get('/billing/accounts', {
    query: query(clientId),
    schema: z.array(unitAccountSchema),
    ...(signal ? { signal } : {}),
  });
  return { accounts: result, total: totalResults ?? result.length };
};

export const unitAccountsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.billing.accountList(query(clientId)),
    queryFn: ({ signal }) => listUnitAccounts(clientId, signal),
  });

export const useUnitAccounts = (clientId: string) => useQuery(unitAccountsQueryOptions(clientId));
