import type { QueryClient } from '@tanstack/react-query';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** A task write changes the task lists and the dashboard's task figures. */
export const invalidateTasks = (queryClient: QueryClient) =>
  invalidateKeys(queryClient, [queryKeys.tasks.all, queryKeys.dashboard.all]);
