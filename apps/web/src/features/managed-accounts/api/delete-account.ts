import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateHousehold } from './invalidate.ts';

/** DELETE /api/accounts/:id: 409 when it has holdings or transactions (close it instead). */
export const deleteAccount = async (id: string) => ({
  message: (await api.delete(`/accounts/${id}`)).message,
});

export const useDeleteAccount = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => invalidateHousehold(queryClient, clientId),
  });
};
