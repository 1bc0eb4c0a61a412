import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/receivables/:id: the receivable with its splits and payments. */
export const deleteReceivable = async (id: string) => {
  const { message } = await api.delete(`/receivables/${encodeURIComponent(id)}`, { schema: z.null() });
  return { message };
};

export const useDeleteReceivable = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReceivable,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.receivables.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.receivables.all });
    },
  });
};
