import { type PayoutBlockBody, payoutBlockListSchema } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type PayoutBlocksLevel, payoutBlocksPath, useApplyPayoutList } from './payout-blocks-level.ts';

export type SavePayoutBlockVariables = {
  /** Absent: a new block. */
  id?: string | undefined;
  body: PayoutBlockBody;
};

/**
 * POST (new) or PATCH (change) a payout block of the level; the answer is the level's whole list. A set of
 * blocks active together above 100 % is refused with 409 on payoutPercentage.
 */
export const savePayoutBlock = async (level: PayoutBlocksLevel, { id, body }: SavePayoutBlockVariables) => {
  const path = payoutBlocksPath(level);
  const response = id
    ? await api.patch(`${path}/${id}`, body, { schema: payoutBlockListSchema })
    : await api.post(path, body, { schema: payoutBlockListSchema });
  return { list: response.result, message: response.message };
};

export const useSavePayoutBlock = (level: PayoutBlocksLevel) => {
  const applyList = useApplyPayoutList(level);
  return useMutation({
    mutationFn: (variables: SavePayoutBlockVariables) => savePayoutBlock(level, variables),
    onSuccess: ({ list }) => {
      void applyList(list);
    },
  });
};
