import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateProfessionals } from './invalidate.ts';

/** DELETE /api/other-professionals/:id (its household links go with it). */
export const deleteOtherProfessional = async (id: string) => {
  const response = await api.delete(`/other-professionals/${id}`);
  return { message: response.message };
};

export const useDeleteOtherProfessional = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOtherProfessional,
    onSuccess: () => invalidateProfessionals(queryClient),
  });
};
