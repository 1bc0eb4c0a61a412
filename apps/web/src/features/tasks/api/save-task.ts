import {
  type CreateTaskBody,
  type Task,
  taskSchema,
  taskUpdateResultSchema,
  type UpdateTaskBody,
} from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateTasks } from './invalidate.ts';

/**
 * POST /api/tasks (a household's through clientId, or none), or PATCH /api/tasks/:id with the changed form:
 * `clientId` and `recurrence` null unlink and stop repeating.
 */
export type SaveTaskInput = { id: null; body: CreateTaskBody } | { id: string; body: UpdateTaskBody };

export const saveTask = async (input: SaveTaskInput): Promise<{ task: Task; message: string }> => {
  if (input.id === null) {
    const { result, message } = await api.post('/tasks', input.body, { schema: taskSchema });
    return { task: result, message };
  }
  const { result, message } = await api.patch(`/tasks/${input.id}`, input.body, {
    schema: taskUpdateResultSchema,
  });
  return { task: result, message };
};

export const useSaveTask = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTask, onSuccess: () => invalidateTasks(queryClient) });
};
