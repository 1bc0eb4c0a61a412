import { payoutBlockListSchema } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type PayoutBlocksLevel, payoutBlocksPath, useApplyPayoutList } from './payout-blocks-level.ts';

/** DELETE a payout block of the level (409 once it has paid out); the answer is the level's whole list. */
export const deletePayoutBlock = async (level: PayoutBlocksLevel, id: string) => {
  const response = await api.delete(`${payoutBlocksPath(level)}/${id}`, { schema: payoutBlockListSchema });
  return { list: response.result, message: response.message };
};

export const useDeletePayoutBlock = (level: PayoutBlocksLevel) => {
  const applyList = useApplyPayoutList(level);
  return useMutation({
    mutationFn: (id: string) => deletePayoutBlock(level, id),
    onSuccess: ({ list }) => {
      void applyList(list);
    },
  });
};
