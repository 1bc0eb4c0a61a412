import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { BILLING_UNITS_DEFAULT_REQUEST, listBillingUnits } from './list-billing-units.ts';

/** The sidebar badge refreshes every minute (and whenever billing's queries are invalidated). */
export const BILLING_ATTENTION_POLL_MS = 60_000;

/**
 * The Units badge: how many ACTIVE units require attention, from the list's default call (spec §7: ACTIVE,
 * page 1, 10 records, unitId ASC). Under `billing.all`, so every billing change that invalidates it refetches.
 */
export const billingAttentionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billing.attention(),
    queryFn: async ({ signal }) =>
      (await listBillingUnits(BILLING_UNITS_DEFAULT_REQUEST, signal)).summary.requiresAttention,
    refetchInterval: BILLING_ATTENTION_POLL_MS,
  });

/** The count for the badge, fetched only when `enabled` (the user may read billingUnits); 0 until known. */
export const useBillingAttentionCount = (enabled: boolean) =>
  useQuery({ ...billingAttentionQueryOptions(), enabled }).data ?? 0;
