import { type ReviewQueueQuery, reviewQueueItemSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ReviewQueueRequest = Omit<ReviewQueueQuery, 'advisorId' | 'custodian' | 'search'> & {
  advisorId?: string | undefined;
  custodian?: string | undefined;
  search?: string | undefined;
};

const custodiansSchema = z.array(z.string());
const countsSchema = z.record(z.string(), z.number());

/**
 * GET /api/bookkeeping-review: one page of the accounts of a review status (Snoozed: needing review, hidden
 * until their date), the total, and every custodian (the filter's options, answered beside the result).
 */
export const getReviewQueue = async (query: ReviewQueueRequest, signal?: AbortSignal) => {
  const response = await api.get('/bookkeeping-review', {
    query,
    schema: z.array(reviewQueueItemSchema),
    ...(signal ? { signal } : {}),
  });
  const custodians = custodiansSchema.safeParse(response.extras?.custodians);
  const counts = countsSchema.safeParse(response.extras?.counts);
  return {
    items: response.result,
    total: response.totalResults ?? response.result.length,
    custodians: custodians.success ? custodians.data : [],
    /** Accounts per status under the same filters (none when the answer had no counts). */
    counts: counts.success ? counts.data : {},
  };
};

export const reviewQueueQueryOptions = (query: ReviewQueueRequest) =>
  queryOptions({
    queryKey: queryKeys.bookkeeping.review(query),
    queryFn: ({ signal }) => getReviewQueue(query, signal),
    placeholderData: keepPreviousData,
  });

export const useReviewQueue = (query: ReviewQueueRequest) => useQuery(reviewQueueQueryOptions(query));
