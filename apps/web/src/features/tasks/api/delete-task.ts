import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateTasks } from './invalidate.ts';

/** DELETE /api/tasks/:id. */
export const deleteTask = async (id: string) => ({ message: (await api.delete(`/tasks/${id}`)).message });

export const useDeleteTask = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTask, onSuccess: () => invalidateTasks(queryClient) });
};
