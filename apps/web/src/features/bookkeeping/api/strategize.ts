import { strategizeResultSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

export type StrategizeVariables = { accountIds: readonly string[]; strategyId: string };

/** POST /api/bookkeeping-review/strategize: the accounts follow the strategy alone; how many changed. */
export const strategize = async ({ accountIds, strategyId }: StrategizeVariables) => {
  const response = await api.post(
    '/bookkeeping-review/strategize',
    { accountIds, strategyId },
    { schema: strategizeResultSchema },
  );
  return { ...response.result, message: response.message };
};

/** Assignments, drift (and its alerts) and the strategies' account counts change with it. */
export const useStrategize = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: strategize,
    onSettled: () =>
      invalidateKeys(queryClient, [
        queryKeys.bookkeeping.all,
        queryKeys.managedAccounts.all,
        queryKeys.alerts.all,
      ]),
  });
};
