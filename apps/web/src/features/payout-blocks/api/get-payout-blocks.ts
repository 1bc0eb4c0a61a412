import { payoutBlockListSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type PayoutBlocksLevel, payoutBlocksKey, payoutBlocksPath } from './payout-blocks-level.ts';

/** GET the level's payout blocks with the totals of those active in the current period. */
export const getPayoutBlocks = async (level: PayoutBlocksLevel, signal?: AbortSignal) =>
  (
    await api.get(payoutBlocksPath(level), {
      schema: payoutBlockListSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const payoutBlocksQueryOptions = (level: PayoutBlocksLevel) =>
  queryOptions({
    queryKey: payoutBlocksKey(level),
    queryFn: ({ signal }) => getPayoutBlocks(level, signal),
  });

export const usePayoutBlocks = (level: PayoutBlocksLevel) => useQuery(payoutBlocksQueryOptions(level));
