import {
  type BillingHouseholdsQuery,
  type BillingSummary,
  billingHouseholdRowSchema,
  billingSummarySchema,
} from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The list's request: its paging, sort and household status, and each filter only when set. */
export type BillingUnitsRequest = Pick<
  BillingHouseholdsQuery,
  'householdStatus' | 'page' | 'limit' | 'sortBy' | 'order'
> &
  Partial<
    Pick<
      BillingHouseholdsQuery,
      'billingStatus' | 'missingFeeSchedule' | 'missingPayoutBlocks' | 'subType' | 'search'
    >
  >;

/**
 * The list's first page as it opens (ACTIVE, page 1, 10 rows, unitId ASC): spec §7 calls it this way for
 * the sidebar's badge count too.
 */
export const BILLING_UNITS_DEFAULT_REQUEST: BillingUnitsRequest = {
  householdStatus: 'ACTIVE',
  page: 1,
  limit: 10,
  sortBy: 'unitId',
  order: 'ASC',
};

const EMPTY_SUMMARY: BillingSummary = {
  totalHouseholds: 0,
  readyToBill: 0,
  requiresAttention: 0,
  missingFeeSchedule: 0,
  missingPayoutBlocks: 0,
};

/**
 * GET /api/billing/households: one page of billing units (households with accounts) with their readiness,
 * the total, and the header figures (`summary`, answered beside the result, counted under the household
 * status and search only).
 */
export const listBillingUnits = async (query: BillingUnitsRequest, signal?: AbortSignal) => {
  const response = await api.get('/billing/households', {
    query,
    schema: z.array(billingHouseholdRowSchema),
    ...(signal ? { signal } : {}),
  });
  const summary = billingSummarySchema.safeParse(response.extras?.summary);
  return {
    items: response.result,
    total: response.totalResults ?? response.result.length,
    summary: summary.success ? summary.data : EMPTY_SUMMARY,
  };
};

export const billingUnitsQueryOptions = (query: BillingUnitsRequest) =>
  queryOptions({
    queryKey: queryKeys.billing.unitList(query),
    queryFn: ({ signal }) => listBillingUnits(query, signal),
    placeholderData: keepPreviousData,
  });

/**
 * The list's page. An answer for ACTIVE units without a search carries the sidebar badge's figure (the
 * summary ignores the other filters, the page and the sort), so it refreshes the badge as well.
 */
export const useBillingUnits = (query: BillingUnitsRequest) => {
  const queryClient = useQueryClient();
  const units = useQuery(billingUnitsQueryOptions(query));
  const attention =
    units.data && !units.isPlaceholderData && query.householdStatus === 'ACTIVE' && !query.search
      ? units.data.summary.requiresAttention
      : undefined;
  useEffect(() => {
    if (attention !== undefined) queryClient.setQueryData(queryKeys.billing.attention(), attention);
  }, [attention, units.dataUpdatedAt, queryClient]);
  return units;
};
