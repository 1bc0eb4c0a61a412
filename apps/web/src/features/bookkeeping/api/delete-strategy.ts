import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/strategies/:id (409 while an assignment uses it). */
export const deleteStrategy = async (id: string) => {
  const response = await api.delete(`/strategies/${id}`);
  return { message: response.message };
};

export const useDeleteStrategy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStrategy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookkeeping.strategies() }),
  });
};
