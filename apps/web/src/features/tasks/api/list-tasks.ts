import { type DashboardDuration, type Task, type TaskStatus, taskSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Spec §9: lists show 10 a page. */
export const TASKS_PAGE_SIZE = 10;

export type TaskListParams = {
  /** A household's tasks (GET /api/clients/:clientId/tasks); otherwise the firm's (GET /api/tasks). */
  clientId?: string | undefined;
  /** Only this user's tasks (the "Mine" filter). */
  assigneeId?: string | undefined;
  status: TaskStatus;
  /** Due in this period of the firm's calendar, plus the open ones already overdue (the dashboard). */
  duration?: DashboardDuration | undefined;
  page: number;
};

export type TaskPage = { items: Task[]; total: number };

export const listTasks = async (params: TaskListParams, signal?: AbortSignal): Promise<TaskPage> => {
  const { clientId, ...filters } = params;
  const response = await api.get(clientId ? `/clients/${clientId}/tasks` : '/tasks', {
    query: { ...filters, limit: TASKS_PAGE_SIZE, sortBy: 'createdAt', order: 'DESC' },
    schema: z.array(taskSchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

export const tasksQueryOptions = (params: TaskListParams) =>
  queryOptions({
    queryKey: queryKeys.tasks.list(params.clientId ?? 'all', params),
    queryFn: ({ signal }) => listTasks(params, signal),
    placeholderData: keepPreviousData,
  });

/** New tasks first, 10 a page. */
export const useTasks = (params: TaskListParams) => useQuery(tasksQueryOptions(params));
