import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/prospects/:id: the prospect, its activities and notes; the lists and figures read again. */
export const useDeleteProspect = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.delete(`/prospects/${encodeURIComponent(id)}`, { schema: z.null() })).message,
    onSuccess: (_message, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.prospects.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.prospects.all });
    },
  });
};
