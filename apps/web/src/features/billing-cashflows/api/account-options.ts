import { accountBillingSchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** An account a manual flow can be entered on: its name and household. */
export type CashFlowAccountOption = { id: string; registrationName: string; household: string };

const optionRowSchema = accountBillingSchema.pick({
  accountId: true,
  registrationName: true,
  household: true,
});

/** At most this many accounts are offered at a time. */
const ACCOUNT_OPTIONS_LIMIT = 20;

/**
 * The open accounts matching a search (GET /api/billing/accounts?search=&status=OPEN&limit=20), asked for
 * only while the picker is open.
 */
export const useCashFlowAccountOptions = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.cashFlows.accountOptions(search),
    queryFn: async ({ signal }): Promise<CashFlowAccountOption[]> => {
      const response = await api.get('/billing/accounts', {
        query: {
          search: search || undefined,
          status: 'OPEN',
          page: 1,
          limit: ACCOUNT_OPTIONS_LIMIT,
          sortBy: 'registrationName',
          order: 'ASC',
        },
        schema: z.array(optionRowSchema),
        signal,
      });
      return response.result.map((row) => ({
        id: row.accountId,
        registrationName: row.registrationName,
        household: row.household,
      }));
    },
    enabled,
    staleTime: 30_000,
  });
