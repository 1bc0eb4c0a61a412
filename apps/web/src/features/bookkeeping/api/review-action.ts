import { type ReviewAction, reviewActionResultSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

export type ReviewActionVariables = {
  action: ReviewAction;
  accountIds: readonly string[];
  snoozeUntil?: string | undefined;
  note?: string | undefined;
};

/** POST /api/bookkeeping-review/actions: how many accounts moved, and how many were left as they were. */
export const runReviewAction = async ({ action, accountIds, snoozeUntil, note }: ReviewActionVariables) => {
  const response = await api.post(
    '/bookkeeping-review/actions',
    {
      action,
      accountIds,
      ...(snoozeUntil ? { snoozeUntil } : {}),
      ...(note ? { note } : {}),
    },
    { schema: reviewActionResultSchema },
  );
  return { ...response.result, message: response.message };
};

/**
 * The accounts move between the queue's statuses; a household's managed accounts tab shows their review and
 * its notes the system note the action posted.
 */
export const useReviewAction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runReviewAction,
    onSettled: () =>
      invalidateKeys(queryClient, [
        queryKeys.bookkeeping.reviews(),
        queryKeys.managedAccounts.all,
        queryKeys.notes.lists(),
      ]),
  });
};
