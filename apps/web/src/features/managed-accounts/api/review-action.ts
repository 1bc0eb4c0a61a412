import { type ReviewActionBody, reviewActionResultSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateReview } from './invalidate.ts';

export type ReviewActionInput = Pick<ReviewActionBody, 'action' | 'accountIds'> &
  Partial<Pick<ReviewActionBody, 'snoozeUntil' | 'note'>>;

/**
 * POST /api/bookkeeping-review/actions: review done, snooze until a date, send to advance review or mark
 * ready; on one account a status the action does not start from is a 409 naming it.
 */
export const reviewAction = async (body: ReviewActionInput) => {
  const { result, message } = await api.post('/bookkeeping-review/actions', body, {
    schema: reviewActionResultSchema,
  });
  return { ...result, message };
};

export const useReviewAction = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewAction,
    onSuccess: () => invalidateReview(queryClient, clientId),
  });
};
