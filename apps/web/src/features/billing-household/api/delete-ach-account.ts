import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateBilling } from './invalidate.ts';

/** DELETE /api/billing/ach-accounts/:id (billingUnits delete). */
export const deleteAchAccount = async (id: string) => {
  const { message } = await api.delete(`/billing/ach-accounts/${encodeURIComponent(id)}`);
  return { message };
};

export const useDeleteAchAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAchAccount, onSuccess: () => invalidateBilling(queryClient) });
};
