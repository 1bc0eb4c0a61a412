import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateMeetings } from './invalidate.ts';

/** DELETE /api/meetings/:id. */
export const deleteMeeting = async (id: string) => ({
  message: (await api.delete(`/meetings/${id}`)).message,
});

export const useDeleteMeeting = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMeeting, onSuccess: () => invalidateMeetings(queryClient) });
};
