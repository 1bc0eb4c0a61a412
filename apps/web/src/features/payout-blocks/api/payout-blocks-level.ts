import type { PayoutBlockList } from '@centric/contracts';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Where payout blocks sit: the unit (the household) or one account, whose own blocks replace the unit's. */
export type PayoutBlocksLevel = { kind: 'unit'; clientId: string } | { kind: 'account'; accountId: string };

/** The level's list path under /api: /billing/households/:clientId/payout-blocks or /billing/accounts/:accountId/…. */
export const payoutBlocksPath = (level: PayoutBlocksLevel) =>
  level.kind === 'unit'
    ? `/billing/households/${level.clientId}/payout-blocks`
    : `/billing/accounts/${level.accountId}/payout-blocks`;

export const payoutBlocksKey = (level: PayoutBlocksLevel) =>
  queryKeys.billing.payoutBlocks(
    level.kind === 'unit' ? { clientId: level.clientId } : { accountId: level.accountId },
  );

/**
 * After a write: the answer (the level's whole list with its totals) becomes the list, and the rest of
 * billing (the units' readiness, their badges, the other levels' pages) is read again.
 */
export const useApplyPayoutList = (level: PayoutBlocksLevel) => {
  const queryClient = useQueryClient();
  return (list: PayoutBlockList) => {
    const key = payoutBlocksKey(level);
    queryClient.setQueryData(key, list);
    const written = hashKey(key);
    return queryClient.invalidateQueries({
      queryKey: queryKeys.billing.all,
      predicate: (query) => query.queryHash !== written,
    });
  };
};
