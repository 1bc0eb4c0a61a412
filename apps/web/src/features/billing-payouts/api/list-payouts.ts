import { type PayoutsQuery, payeePayoutSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/billing/payouts?from=…&to=…&basis=billed|collected (billingInstances read): per payee, what the
 * locked (and exported) live bills whose period ends in the range give them, billed and collected.
 */
export const listPayouts = async (query: PayoutsQuery, signal?: AbortSignal) =>
  (
    await api.get('/billing/payouts', {
      query,
      schema: z.array(payeePayoutSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const payoutsQueryOptions = (query: PayoutsQuery) =>
  queryOptions({
    queryKey: queryKeys.billing.payouts(query),
    queryFn: ({ signal }) => listPayouts(query, signal),
    placeholderData: keepPreviousData,
  });

/** Not asked for while the range is not a range (`enabled` false). */
export const usePayouts = (query: PayoutsQuery, enabled = true) =>
  useQuery({ ...payoutsQueryOptions(query), enabled });
