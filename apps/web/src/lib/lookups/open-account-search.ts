import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

/** What an open-account picker shows of an account. */
export const openAccountOptionSchema = z.object({
  accountId: z.string(),
  registrationName: z.string(),
  household: z.string(),
  custodianNumber: z.string(),
});
export type OpenAccountOption = z.infer<typeof openAccountOptionSchema> & { id: string };

/** At most this many accounts are offered at a time. */
export const OPEN_ACCOUNT_SEARCH_LIMIT = 20;

/**
 * GET /api/billing/accounts?status=OPEN&search=&limit=20 (billingAccounts read): open accounts of any
 * household by name, household or last 4 digits, by registration name.
 */
export const searchOpenAccounts = async (
  search: string,
  signal?: AbortSignal,
): Promise<OpenAccountOption[]> =>
  (
    await api.get('/billing/accounts', {
      query: {
        status: 'OPEN',
        limit: OPEN_ACCOUNT_SEARCH_LIMIT,
        page: 1,
        sortBy: 'registrationName',
        order: 'ASC',
        ...(search.trim() ? { search: search.trim() } : {}),
      },
      schema: z.array(openAccountOptionSchema),
      ...(signal ? { signal } : {}),
    })
  ).result.map((row) => ({ ...row, id: row.accountId }));

/** The caller debounces the text; an empty text lists the first accounts; `enabled` false while closed. */
export const useOpenAccountSearch = (search: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.billing.openAccountSearch(search.trim()),
    queryFn: ({ signal }) => searchOpenAccounts(search, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
