import type { CompensationPaidBody } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/compensation/payments: a payee's payable of the period marked paid on a day. */
export const markCompensationPaid = async (body: CompensationPaidBody) => {
  const { message } = await api.post('/compensation/payments', body, {
    schema: z.object({ amount: z.string(), paidOn: z.string() }),
  });
  return { message };
};

export const useMarkCompensationPaid = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markCompensationPaid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.compensation.all }),
  });
};
