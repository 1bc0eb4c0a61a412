import { type StrategyBody, strategySchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

export type SaveStrategyVariables = {
  /** Absent: a new strategy. */
  id?: string | undefined;
  body: StrategyBody;
};

/** POST /api/strategies (new) or PATCH /api/strategies/:id (the strategy and all its targets). */
export const saveStrategy = async ({ id, body }: SaveStrategyVariables) => {
  const response = id
    ? await api.patch(`/strategies/${id}`, body, { schema: strategySchema })
    : await api.post('/strategies', body, { schema: strategySchema });
  return { item: response.result, message: response.message };
};

/** The strategies' lists; households' drift is measured against the targets. */
export const useSaveStrategy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStrategy,
    onSettled: () =>
      invalidateKeys(queryClient, [queryKeys.bookkeeping.strategies(), queryKeys.managedAccounts.all]),
  });
};
