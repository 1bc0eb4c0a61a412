import { type TaskStatus, taskUpdateResultSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { invalidateTasks } from './invalidate.ts';
import type { TaskPage } from './list-tasks.ts';

export type SetTaskStatusInput = { id: string; status: TaskStatus };

/** PATCH /api/tasks/:id {status}: DONE completes (a repeating task's next occurrence appears), OPEN reopens. */
export const setTaskStatus = async ({ id, status }: SetTaskStatusInput) => {
  const { result, message } = await api.patch(`/tasks/${id}`, { status }, { schema: taskUpdateResultSchema });
  return { task: result, message };
};

/**
 * Completing or reopening from a list's checkbox: the rows on screen change at once (optimistic), go back
 * when the server refuses, and the lists are fetched again once it has answered either way.
 */
export const useSetTaskStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTaskStatus,
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.tasks.lists() });
      const previous = queryClient.getQueriesData<TaskPage>({ queryKey: queryKeys.tasks.lists() });
      queryClient.setQueriesData<TaskPage>({ queryKey: queryKeys.tasks.lists() }, (page) =>
        page
          ? { ...page, items: page.items.map((task) => (task.id === id ? { ...task, status } : task)) }
          : page,
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [key, page] of context?.previous ?? []) queryClient.setQueryData(key, page);
    },
    onSettled: () => invalidateTasks(queryClient),
  });
};
