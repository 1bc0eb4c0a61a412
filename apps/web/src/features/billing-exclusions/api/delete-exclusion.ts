import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { exclusionsPath } from './get-exclusions.ts';

/** DELETE an excluded asset of the unit. */
export const deleteExclusion = async (clientId: string, id: string) => {
  const response = await api.delete(`${exclusionsPath(clientId)}/${id}`, { schema: z.null() });
  return { message: response.message };
};

export const useDeleteExclusion = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteExclusion(clientId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.billing.all }),
  });
};
